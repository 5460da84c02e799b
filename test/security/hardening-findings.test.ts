import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { apiKeys, pixKeys } from '../../src/db/schema/index.js';
import { recentlyChangedKeyIds } from '../../src/modules/api-keys/api-keys.repo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * Issue 24's §14 findings, each tried from outside as it was reported: metadata values on internal transfers,
 * the login limiter's 429 headers (directly and behind TRUST_PROXY), BLOCKED companies whose keys were cached,
 * card numbers echoed by a PIX key error or a percent-encoded path, and a card-shaped e-mail PIX key.
 */
let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  proxied = await createTestApp({ trustProxy: true });
}, 120_000);
afterAll(async () => {
  await proxied?.close();
  await t?.close();
});

const PAN = '4111111111111111';

describe('metadata on internal transfers', () => {
  const transfer = (key: string, metadata: unknown) =>
    t.request({
      method: 'POST',
      url: '/core/v1/banking/internal-transfers',
      key,
      payload: {
        request_id: crypto.randomUUID(),
        origin_bank_account_id: crypto.randomUUID(),
        destination_bank_account_id: crypto.randomUUID(),
        amount: 10,
        metadata,
      },
    });

  it('refuses what the shared metadata schema refuses (objects, arrays, long strings, card numbers), on the value path', async () => {
    const org = await t.createOrganization();
    for (const [metadata, field] of [
      [{ a: { b: 1 } }, 'metadata.a'],
      [{ a: [1] }, 'metadata.a'],
      [{ a: 'x'.repeat(501) }, 'metadata.a'],
      [{ a: `card ${PAN}` }, 'metadata.a'],
      [null, 'metadata'],
      ['x', 'metadata'],
    ] as const) {
      const res = await transfer(org.apiKey, metadata);
      expect(res.statusCode, JSON.stringify(metadata)).toBe(400);
      expect(res.json().error.details.issues.map((i: { field: string }) => i.field)).toContain(field);
      expect(res.body).not.toContain(PAN);
    }
  });

  it('takes strings, numbers, booleans and null as values (product.md §14), so validation passes to the accounts', async () => {
    const org = await t.createOrganization();
    const res = await transfer(org.apiKey, { s: 'x', n: 1.5, b: true, z: null });
    expect(res.statusCode, res.body).toBe(404);
  });
});

describe("the login limiter's 429", () => {
  const attempt = (app: TestApp, identifier: string, headers: Record<string, string> = {}) =>
    app.request({
      method: 'POST',
      url: '/core/v1/auth/login',
      payload: { identifier, password: 'wrong password!' },
      headers,
    });

  for (const [name, app, headers] of [
    ['directly', () => t, {}],
    ['behind TRUST_PROXY', () => proxied, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' }],
  ] as const) {
    it(`carries x-ratelimited and the x-ratelimit-* headers like every other 429 (${name})`, async () => {
      const identifier = `u${crypto.randomUUID()}@example.com`;
      for (let i = 0; i < 5; i++) expect((await attempt(app(), identifier, headers)).statusCode).toBe(401);
      const locked = await attempt(app(), identifier, headers);
      expect(locked.statusCode).toBe(429);
      expect(locked.headers).toMatchObject({
        'x-ratelimited': 'true',
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': '0',
      });
      expect(Number(locked.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
      expect(locked.headers['x-request-id']).toBeTruthy();
    });
  }
});

describe('BLOCKED companies whose keys were already in use', () => {
  const block = (id: string, status: string) =>
    t.request({ method: 'PATCH', url: `/core/v1/platform/companies/${id}`, key: t.platformKey, payload: { status } });

  it("an organization's key stops listing its merchants at once; only GET /v1/companies/me answers; unblocking restores it", async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    // Both keys are used first, so the resolver has them cached.
    expect((await t.request({ method: 'GET', url: '/core/v1/merchants', key: org.apiKey })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: m.apiKey })).statusCode).toBe(200);
    expect((await block(org.id, 'BLOCKED')).statusCode).toBe(200);
    // Instances without Redis poll changed keys: the organization's and its merchants' are among them.
    const keyIds = (
      await t.db.db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(inArray(apiKeys.companyId, [org.id, m.id]))
    ).map((k) => k.id);
    expect(keyIds.length).toBeGreaterThanOrEqual(2);
    expect(await recentlyChangedKeyIds(t.db.db)).toEqual(expect.arrayContaining(keyIds));
    for (const [key, url] of [
      [org.apiKey, '/core/v1/merchants'],
      [org.apiKey, `/core/v1/merchants/${m.id}`],
      [m.apiKey, `/core/v1/merchants/${m.id}`],
      [m.apiKey, '/core/v1/banking/bank-accounts'],
    ]) {
      const res = await t.request({ method: 'GET', url, key });
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'AUTHORIZATION_ERROR', message: 'The company is blocked' });
    }
    expect((await t.request({ method: 'GET', url: '/core/v1/companies/me', key: org.apiKey })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/core/v1/companies/me', key: m.apiKey })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/core/v1/no-such-route', key: org.apiKey })).statusCode).toBe(404);
    expect((await block(org.id, 'ACTIVE')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/core/v1/merchants', key: org.apiKey })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: m.apiKey })).statusCode).toBe(200);
  });

  it("a BLOCKED merchant's key stops working on its own routes at once; its organization still reaches it", async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    expect((await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: m.apiKey })).statusCode).toBe(200);
    expect((await block(m.id, 'BLOCKED')).statusCode).toBe(200);
    for (const url of [
      `/core/v1/merchants/${m.id}`,
      `/core/v1/merchants/${m.id}/pix-keys`,
      '/core/v1/banking/bank-accounts',
    ]) {
      const res = await t.request({ method: 'GET', url, key: m.apiKey });
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/core/v1/companies/me', key: m.apiKey })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: org.apiKey })).statusCode).toBe(
      200,
    );
  });
});

describe('card numbers in error echoes', () => {
  async function merchantWithAccount() {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const account = (
      await t.request({
        method: 'POST',
        url: '/core/v1/banking/bank-accounts',
        key: org.apiKey,
        payload: { provider: 'PROVIDER_A', company_id: m.id },
      })
    ).json();
    return { org, m, account };
  }
  const register = (key: string, merchantId: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: `/core/v1/merchants/${merchantId}/pix-keys`, key, payload });

  it('a PIX key validation error never echoes a card number in details.value', async () => {
    const { m, account } = await merchantWithAccount();
    for (const [key_type, key] of [
      ['PHONE', PAN],
      ['PHONE', '4111 1111 1111 1111'],
      ['CPF', PAN],
      ['CNPJ', '4111-1111-1111-1111'],
      ['EMAIL', `${PAN}`],
    ]) {
      const res = await register(m.apiKey, m.id, { key_type, key, bank_account_id: account.id });
      expect(res.statusCode, `${key_type} ${res.body}`).toBe(400);
      expect(res.body, key_type).not.toMatch(/4111.?1111.?1111.?1111/);
    }
  });

  it('a card-shaped e-mail PIX key is refused (VALIDATION_ERROR on key, not echoed) and nothing is stored', async () => {
    const { m, account } = await merchantWithAccount();
    for (const key of [`${PAN}@example.com`, `4111-1111-1111-1111@example.com`, `pay.${PAN}@example.com`]) {
      const res = await register(m.apiKey, m.id, { key_type: 'EMAIL', key, bank_account_id: account.id });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.details.issues[0]).toMatchObject({ field: 'key', type: 'INVALID_FORMAT' });
      expect(res.body).not.toMatch(/4111.?1111.?1111.?1111/);
    }
    expect(await t.db.db.select().from(pixKeys).where(eq(pixKeys.companyId, m.id))).toEqual([]);
    // A digit-bearing e-mail that is no card number still registers.
    const ok = await register(m.apiKey, m.id, {
      key_type: 'EMAIL',
      key: `ana.1234567@example.com`,
      bank_account_id: account.id,
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('a card number percent-encoded in the path is redacted in error.path', async () => {
    for (const path of ['4111%201111%201111%201111', '4111%2D1111%2D1111%2D1111', '%34111111111111111', PAN]) {
      const res = await t.request({ method: 'GET', url: `/core/v1/zipcodes/${path}` });
      expect(res.statusCode).toBe(401);
      const echoed = res.json().error.path as string;
      expect(decodeURIComponent(echoed.replace(/\[REDACTED\]/g, ''))).not.toMatch(/\d{4}.?\d{4}.?\d{4}/);
      expect(echoed).toMatch(/^\/core\/v1\/zipcodes\//);
    }
  });
});
