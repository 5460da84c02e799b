import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { events } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { pruneOutcomes, recordOutcome } from '../../src/modules/routing/routing-outcomes.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const put = (key: string, payload: unknown, url = '/core/v1/routing') =>
  t.request({ method: 'PUT', url, key, payload: payload as Record<string, unknown> });
const get = (key: string, url = '/core/v1/routing') => t.request({ method: 'GET', url, key });
const issuesOf = (res: { json(): any }) =>
  res.json().error.details.issues as { field: string; type: string; constraints?: unknown }[];

const configuration = {
  rules: [
    {
      name: 'big cards to B',
      priority: 1,
      conditions: [
        { field: 'transaction.payment_method', operator: 'in', value: ['CREDIT_CARD', 'debit_card'] },
        { field: 'transaction.amount', operator: 'GREATER_THAN_OR_EQUAL', value: 100_000 },
        { field: 'transaction.card_data.bin', operator: 'STARTS_WITH', value: ['4111', '5'] },
      ],
      strategy: { type: 'PRIORITY', providers: ['provider_b', 'PROVIDER_A'] },
    },
    {
      name: 'split',
      priority: 5,
      strategy: {
        type: 'VOLUME',
        splits: [
          { provider: 'PROVIDER_A', percentage: 70 },
          { provider: 'PROVIDER_B', percentage: 30 },
        ],
      },
    },
    {
      name: 'best',
      priority: 9,
      enabled: false,
      strategy: { type: 'SUCCESS_RATE', providers: ['PROVIDER_A', 'PROVIDER_B'] },
    },
  ],
  default_providers: ['PROVIDER_A'],
};

describe('routing configuration (R6.1-R6.2)', () => {
  it('is version 0 until saved, then each PUT makes a new version with new rule ids and an event', async () => {
    const org = await t.createOrganization();
    const empty = await get(org.apiKey);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      organization_id: org.id,
      version: 0,
      seed: org.id,
      rules: [],
      default_providers: [],
      failover: { enabled: true, max_attempts: 3, on_generic_decline: false },
      created_at: null,
      updated_at: null,
    });

    const first = await put(org.apiKey, { ...configuration, version: 0 });
    expect(first.statusCode).toBe(200);
    const saved = first.json();
    expect(saved).toMatchObject({ version: 1, seed: org.id, default_providers: ['PROVIDER_A'] });
    expect(saved.rules[0]).toMatchObject({
      name: 'big cards to B',
      enabled: true,
      strategy: { type: 'PRIORITY', providers: ['PROVIDER_B', 'PROVIDER_A'] },
    });
    expect(saved.rules[0].conditions[0]).toEqual({
      field: 'transaction.payment_method',
      operator: 'IN',
      value: ['CREDIT_CARD', 'debit_card'],
    });
    expect(saved.rules[2].strategy).toEqual({
      type: 'SUCCESS_RATE',
      providers: ['PROVIDER_A', 'PROVIDER_B'],
      window_size: 100,
      min_samples: 20,
      exploration_percent: 10,
      latency_threshold_ms: null,
    });
    expect(saved.created_at).toBe(saved.updated_at);
    expect((await get(org.apiKey)).json()).toEqual(saved);

    const second = (
      await put(org.apiKey, { seed: 'my-seed', rules: configuration.rules.slice(0, 1), failover: { max_attempts: 2 } })
    ).json();
    expect(second).toMatchObject({
      version: 2,
      seed: 'my-seed',
      default_providers: [],
      failover: { enabled: true, max_attempts: 2, on_generic_decline: false },
    });
    expect(second.rules[0].id).not.toBe(saved.rules[0].id);
    expect(second.created_at).toBe(saved.created_at);

    const recorded = await t.db.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'routing-configuration.updated'), eq(events.companyId, org.id)))
      .orderBy(asc(events.createdAt));
    expect(recorded.map((e) => (e.payload as { version: number }).version)).toEqual([1, 2]);
    expect(recorded[1]?.payload).toEqual(second);
  });

  it('refuses a stale version with VERSION_MISMATCH', async () => {
    const org = await t.createOrganization();
    await put(org.apiKey, configuration);
    const stale = await put(org.apiKey, { ...configuration, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details).toMatchObject({ field: 'version', value: 0, reason: 'VERSION_MISMATCH' });
    expect((await get(org.apiKey)).json().version).toBe(1);
  });

  it('two concurrent writes of the same version: one wins, the other answers VERSION_MISMATCH', async () => {
    const org = await t.createOrganization();
    const answers = await Promise.all([
      put(org.apiKey, { ...configuration, version: 0 }),
      put(org.apiKey, { ...configuration, version: 0 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await get(org.apiKey)).json().version).toBe(1);
  });

  it.each([
    [
      {
        rules: [
          {
            name: 'x',
            priority: 0,
            strategy: {
              type: 'VOLUME',
              splits: [
                { provider: 'PROVIDER_A', percentage: 60 },
                { provider: 'PROVIDER_B', percentage: 30 },
              ],
            },
          },
        ],
      },
      'rules.0.strategy.splits',
      'INVALID_FORMAT',
    ],
    [
      {
        rules: [
          {
            name: 'x',
            priority: 0,
            conditions: [{ field: 'transaction.amount', operator: 'STARTS_WITH', value: '1' }],
            strategy: { type: 'PRIORITY', providers: ['PROVIDER_A'] },
          },
        ],
      },
      'rules.0.conditions.0.operator',
      'INVALID_ENUM',
    ],
    [
      {
        rules: [
          {
            name: 'x',
            priority: 0,
            conditions: [{ field: 'transaction.card_data.bin', operator: 'STARTS_WITH', value: '41a' }],
            strategy: { type: 'PRIORITY', providers: ['PROVIDER_A'] },
          },
        ],
      },
      'rules.0.conditions.0.value',
      'INVALID_FORMAT',
    ],
    [
      {
        rules: [
          {
            name: 'x',
            priority: 0,
            conditions: [{ field: 'transaction.card_data.brand', operator: 'IN', value: ['VISA', 'NOPE'] }],
            strategy: { type: 'PRIORITY', providers: ['PROVIDER_A'] },
          },
        ],
      },
      'rules.0.conditions.0.value.1',
      'INVALID_ENUM',
    ],
    [
      { rules: [{ name: 'x', priority: 0, strategy: { type: 'PRIORITY', providers: ['PROVIDER_A', 'provider_a'] } }] },
      'rules.0.strategy.providers.1',
      'INVALID_FORMAT',
    ],
    [
      {
        rules: [
          {
            name: 'x',
            priority: 0,
            strategy: { type: 'SUCCESS_RATE', providers: ['PROVIDER_A'], window_size: 10, min_samples: 11 },
          },
        ],
      },
      'rules.0.strategy.min_samples',
      'TOO_LARGE',
    ],
    [{ default_providers: ['PROVIDER_Z'] }, 'default_providers.0', 'INVALID_ENUM'],
    [
      { rules: [{ name: 'x', priority: 0, strategy: { type: 'PRIORITY', providers: ['ACQUIRER_X'] } }] },
      'rules.0.strategy.providers.0',
      'INVALID_ENUM',
    ],
    [{ failover: { max_attempts: 6 } }, 'failover.max_attempts', 'TOO_LARGE'],
    [{ surprise: true }, 'surprise', 'UNKNOWN_FIELD'],
  ])('refuses %j on %s (%s)', async (body, field, type) => {
    const org = await t.createOrganization();
    const res = await put(org.apiKey, body);
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res)).toContainEqual(expect.objectContaining({ field, type }));
  });

  it('merchant keys may not read or write it; staff may, for an existing organization only', async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    expect((await get(merchant.apiKey)).statusCode).toBe(403);
    expect((await put(merchant.apiKey, configuration)).statusCode).toBe(403);
    const staffUrl = `/core/v1/platform/organizations/${org.id}/routing`;
    const staffPut = await put(t.platformKey, configuration, staffUrl);
    expect(staffPut.statusCode).toBe(200);
    expect((await get(org.apiKey)).json().version).toBe(1);
    expect((await get(t.platformKey, staffUrl)).json().version).toBe(1);
    expect((await get(t.platformKey, `/core/v1/platform/organizations/${merchant.id}/routing`)).statusCode).toBe(404);
    expect((await get(org.apiKey, staffUrl)).statusCode).toBe(403);
  });

  it('publishes the failover table to organization and merchant keys', async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    for (const key of [org.apiKey, merchant.apiKey]) {
      const res = await get(key, '/core/v1/routing/failover-table');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toContainEqual({
        outcome: 'REFUSED',
        code: 'CARD_DECLINED',
        failover: 'ON_GENERIC_DECLINE',
        counts_for_circuit: 'SUCCESS',
        counts_as_success: false,
      });
    }
  });

  it('stats show each window over its last N outcomes; staff empty them in the sandbox', async () => {
    const org = await t.createOrganization();
    const at = new Date('2026-11-27T12:00:00Z');
    const record = (provider: string, success: boolean, latencyMs: number, paymentMethod = 'CREDIT_CARD') =>
      recordOutcome(t.db.db, {
        organizationId: org.id,
        provider,
        providerAccountId: null,
        paymentMethod,
        success,
        latencyMs,
        recordedAt: at,
      });
    for (let i = 0; i < 12; i++) await record('PROVIDER_A', i >= 2, 100 + i);
    for (let i = 0; i < 3; i++) await record('PROVIDER_B', i === 0, 50, 'PIX');
    const stats = await t.request({ method: 'GET', url: '/core/v1/routing/stats?window=10', key: org.apiKey });
    expect(stats.statusCode).toBe(200);
    expect(stats.json().data).toEqual([
      {
        provider: 'PROVIDER_A',
        provider_account_id: null,
        payment_method: 'CREDIT_CARD',
        samples: 10,
        successes: 10,
        success_rate: 1,
        latency_ms_p50: 106,
        latency_ms_p95: 111,
      },
      {
        provider: 'PROVIDER_B',
        provider_account_id: null,
        payment_method: 'PIX',
        samples: 3,
        successes: 1,
        success_rate: 0.3333,
        latency_ms_p50: 50,
        latency_ms_p95: 50,
      },
    ]);
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/routing/stats?window=9', key: org.apiKey })).statusCode,
    ).toBe(400);
    const merchant = await t.createMerchant(org.apiKey);
    expect((await t.request({ method: 'GET', url: '/core/v1/routing/stats', key: merchant.apiKey })).statusCode).toBe(
      403,
    );
    await pruneOutcomes(t.db.db, org.id);
    const cleared = await t.request({
      method: 'DELETE',
      url: `/core/v1/platform/sandbox/organizations/${org.id}/routing-stats`,
      key: t.platformKey,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ deleted: 15 });
    expect((await t.request({ method: 'GET', url: '/core/v1/routing/stats', key: org.apiKey })).json().data).toEqual(
      [],
    );
  });
});

describe('routing names the accounts the organization may use', () => {
  it('accepts a staff-created account open to the organization, refuses one it may not use', async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const create = (provider: string, organizationIds: string[]) =>
      t.request({
        method: 'POST',
        url: '/core/v1/platform/provider-accounts',
        key: t.platformKey,
        payload: {
          provider,
          display_name: provider,
          connector: 'SANDBOX',
          environment: 'TEST',
          organization_access: 'SELECTED',
          organization_ids: organizationIds,
        },
      });
    const suffix = org.id
      .slice(0, 6)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, 'X');
    expect((await create(`MINE_${suffix}`, [org.id])).statusCode).toBe(201);
    expect((await create(`THEIRS_${suffix}`, [other.id])).statusCode).toBe(201);
    const ok = await put(org.apiKey, { default_providers: [`mine_${suffix.toLowerCase()}`, 'PROVIDER_A'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().default_providers).toEqual([`MINE_${suffix}`, 'PROVIDER_A']);
    const refused = await put(org.apiKey, { default_providers: [`THEIRS_${suffix}`] });
    expect(refused.statusCode).toBe(400);
    expect(issuesOf(refused)[0]).toMatchObject({ field: 'default_providers.0', type: 'INVALID_ENUM' });
    expect((issuesOf(refused)[0]?.constraints as { allowed: string[] }).allowed).toContain(`MINE_${suffix}`);
  });
});
