import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { payingMerchant } from '../helpers/transactions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const decide = (key: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/core/v1/routing/decide', key, payload });
const put = (key: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/core/v1/routing', key, payload });
/** R6.4's published draw, computed here independently of the platform's code. */
const u = (seed: string, key: string) =>
  Number(createHash('sha256').update(`${seed}:${key}`).digest().readBigUInt64BE(0)) / 2 ** 64;

describe('POST /v1/routing/decide (R6.9)', () => {
  it('without a configuration: the merchant ACTIVE affiliations, oldest first', async () => {
    const { org, merchant } = await payingMerchant(t, ['PROVIDER_B', 'PROVIDER_A']);
    const res = await decide(org.apiKey, {
      company_id: merchant.id,
      payment_method: 'CREDIT_CARD',
      amount: 1000,
      card_data: { brand: 'visa' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      organization_id: org.id,
      company_id: merchant.id,
      configuration_version: 0,
      rule_id: null,
      strategy: 'AFFILIATION_ORDER',
      draw: null,
      selected: 'PROVIDER_B',
      attempt_order: ['PROVIDER_B', 'PROVIDER_A'],
    });
    expect(res.json().candidates[0]).toMatchObject({
      provider: 'PROVIDER_B',
      source: 'AFFILIATION_ORDER',
      eligible: true,
      reasons: [],
      percentage: null,
      score: null,
    });
  });

  it('VOLUME: the choice follows the published draw of the request_id', async () => {
    const { org, merchant } = await payingMerchant(t, ['PROVIDER_A', 'PROVIDER_B']);
    const saved = await put(org.apiKey, {
      seed: 'decide-seed',
      rules: [
        {
          name: 'split',
          priority: 0,
          strategy: {
            type: 'VOLUME',
            splits: [
              { provider: 'PROVIDER_A', percentage: 30 },
              { provider: 'PROVIDER_B', percentage: 70 },
            ],
          },
        },
      ],
    });
    expect(saved.statusCode).toBe(200);
    for (const requestId of ['r-1', 'r-2', 'r-3', 'r-4', 'r-5']) {
      const res = await decide(merchant.apiKey, { payment_method: 'PIX', amount: 500, request_id: requestId });
      expect(res.statusCode).toBe(200);
      const draw = u('decide-seed', requestId);
      expect(res.json()).toMatchObject({
        strategy: 'VOLUME',
        configuration_version: 1,
        rule_id: saved.json().rules[0].id,
        selected: draw * 100 < 30 ? 'PROVIDER_A' : 'PROVIDER_B',
      });
      expect(res.json().draw).toBeCloseTo(draw, 15);
    }
  });

  it('reports every reason: INTERNAL takes no payments, no affiliation, a disabled account', async () => {
    const { org, merchant } = await payingMerchant(t, ['PROVIDER_A']);
    await put(org.apiKey, {
      rules: [
        {
          name: 'all',
          priority: 0,
          strategy: { type: 'PRIORITY', providers: ['INTERNAL', 'PROVIDER_B', 'PROVIDER_A'] },
        },
      ],
    });
    const res = await decide(org.apiKey, { company_id: merchant.id, payment_method: 'CREDIT_CARD', amount: 1000 });
    const byName = Object.fromEntries(
      res.json().candidates.map((c: { provider: string; reasons: string[] }) => [c.provider, c.reasons]),
    );
    expect(byName).toEqual({
      INTERNAL: ['CAPABILITY_MISMATCH', 'NO_ACTIVE_AFFILIATION'],
      PROVIDER_B: ['NO_ACTIVE_AFFILIATION'],
      PROVIDER_A: [],
    });
    expect(res.json().selected).toBe('PROVIDER_A');
    const explicit = await decide(org.apiKey, {
      company_id: merchant.id,
      payment_method: 'PIX',
      amount: 1000,
      provider: 'provider_b',
    });
    expect(explicit.json()).toMatchObject({
      strategy: 'EXPLICIT',
      selected: null,
      candidates: [{ provider: 'PROVIDER_B', source: 'EXPLICIT', eligible: false, reasons: ['NO_ACTIVE_AFFILIATION'] }],
    });
  });

  it('refuses what it cannot decide: another tenant, an unusable provider, bad input', async () => {
    const { org, merchant } = await payingMerchant(t);
    const other = await t.createOrganization();
    expect((await decide(other.apiKey, { company_id: merchant.id, payment_method: 'PIX', amount: 1 })).statusCode).toBe(
      404,
    );
    const sibling = await t.createMerchant(org.apiKey);
    expect(
      (await decide(merchant.apiKey, { company_id: sibling.id, payment_method: 'PIX', amount: 1 })).statusCode,
    ).toBe(404);
    const unknown = await decide(org.apiKey, { payment_method: 'PIX', amount: 1, provider: 'NOT_AN_ACCOUNT' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.issues[0]).toMatchObject({ field: 'provider', type: 'INVALID_ENUM' });
    const bad = await decide(org.apiKey, { payment_method: 'BOLETO', amount: 0, extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.issues.map((i: { field: string }) => i.field)
        .sort(),
    ).toEqual(['amount', 'extra', 'payment_method']);
  });
});

/** Decides a PIX payment for `key`: its configuration version and selection. */
async function decidedBy(app: TestApp, key: string) {
  const res = await app.request({
    method: 'POST',
    url: '/core/v1/routing/decide',
    key,
    payload: { payment_method: 'PIX', amount: 500 },
  });
  expect(res.statusCode).toBe(200);
  return { version: res.json().configuration_version, selected: res.json().selected };
}

const priority = (providers: string[]) => ({
  rules: [{ name: 'p', priority: 0, strategy: { type: 'PRIORITY', providers } }],
});

describe('the configuration cached by version (routing-snapshot.ts)', () => {
  it('a PUT is followed by the very next decision, however often the earlier version was read', async () => {
    const { org, merchant } = await payingMerchant(t, ['PROVIDER_A', 'PROVIDER_B']);
    expect((await put(org.apiKey, priority(['PROVIDER_A', 'PROVIDER_B']))).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect(await decidedBy(t, merchant.apiKey)).toEqual({ version: 1, selected: 'PROVIDER_A' });
    expect((await put(org.apiKey, priority(['PROVIDER_B', 'PROVIDER_A']))).statusCode).toBe(200);
    expect(await decidedBy(t, merchant.apiKey)).toEqual({ version: 2, selected: 'PROVIDER_B' });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'another instance on the same PostgreSQL follows a PUT at its next decision (no signal needed)',
    async () => {
      const second = await createTestApp({ sandboxAutopilot: false }, {}, {}, { redis: false });
      try {
        const { org, merchant } = await payingMerchant(t, ['PROVIDER_A', 'PROVIDER_B']);
        expect((await put(org.apiKey, priority(['PROVIDER_A', 'PROVIDER_B']))).statusCode).toBe(200);
        expect(await decidedBy(second, merchant.apiKey)).toEqual({ version: 1, selected: 'PROVIDER_A' });
        expect((await put(org.apiKey, priority(['PROVIDER_B', 'PROVIDER_A']))).statusCode).toBe(200);
        expect(await decidedBy(second, merchant.apiKey)).toEqual({ version: 2, selected: 'PROVIDER_B' });
      } finally {
        await second.close();
      }
    },
    60_000,
  );
});
