import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardPayment, createTx, makePaying } from '../helpers/transactions.js';

/** payments.md P1: the two lists with their filters, sorts and reach; the creates count in the high pool. */
let t: TestApp;
let org: { id: string; apiKey: string };
let m1: { id: string; apiKey: string };
let m2: { id: string; apiKey: string };
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { standardRps: 5000, highRps: 3000 } });
  org = await t.createOrganization();
  m1 = await t.createMerchant(org.apiKey);
  m2 = await t.createMerchant(org.apiKey);
  await makePaying(t, org.id);
  await makePaying(t, m1.id, ['PROVIDER_A', 'PROVIDER_B']);
  await makePaying(t, m2.id);
  const made = async (name: string, key: string, body: unknown, merchantId?: string) => {
    const res = await createTx(t, key, body, merchantId);
    if (res.statusCode !== 201) throw new Error(res.body);
    ids[name] = res.json().id;
  };
  await made('own', org.apiKey, await cardPayment(t, '4111111111111111', { amount: 500 }));
  await made('m1card', org.apiKey, await cardPayment(t, '4111111111111111', { amount: 1000 }), m1.id);
  await made('m1refused', m1.apiKey, await cardPayment(t, '4000000000000002', { amount: 2000 }));
  await made('m1pix', m1.apiKey, { payment_method: 'PIX', amount: 3000, provider: 'PROVIDER_B' });
  await made('m2card', m2.apiKey, await cardPayment(t, '4111111111111111', { amount: 4000 }));
});
afterAll(async () => t?.close());

const list = (key: string, url: string) =>
  t.request({ method: 'GET', url, key }).then((r) => ({ status: r.statusCode, body: r.json(), headers: r.headers }));
const idsOf = (body: any) => body.data.map((d: any) => d.id);

describe('transaction lists', () => {
  it("GET /v1/transactions: the caller's own company only, newest first", async () => {
    expect(idsOf((await list(org.apiKey, '/core/v1/transactions')).body)).toEqual([ids.own]);
    const mine = (await list(m1.apiKey, '/core/v1/transactions')).body;
    expect(idsOf(mine)).toEqual([ids.m1pix, ids.m1refused, ids.m1card]);
    expect(mine.pagination).toMatchObject({ page: 1, limit: 20, total: 3 });
  });

  it("GET /v1/merchants/transactions: the organization's merchants, filter merchant_id; a merchant key is 403", async () => {
    const all = (await list(org.apiKey, '/core/v1/merchants/transactions')).body;
    expect(idsOf(all).sort()).toEqual([ids.m1card, ids.m1refused, ids.m1pix, ids.m2card].sort());
    expect(idsOf((await list(org.apiKey, `/core/v1/merchants/transactions?merchant_id=${m2.id}`)).body)).toEqual([
      ids.m2card,
    ]);
    expect((await list(m1.apiKey, '/core/v1/merchants/transactions')).status).toBe(403);
    const stranger = await t.createOrganization();
    expect((await list(stranger.apiKey, `/core/v1/merchants/transactions?merchant_id=${m1.id}`)).body.data).toEqual([]);
    expect((await list(stranger.apiKey, `/core/v1/transactions/${ids.m1card}`)).status).toBe(404);
  });

  it('filters by status, payment_method, provider, amount and creation time; sorts by amount', async () => {
    const q = (s: string) => list(org.apiKey, `/core/v1/merchants/transactions?${s}`).then((r) => idsOf(r.body));
    expect(await q('status=REFUSED')).toEqual([ids.m1refused]);
    expect(await q('status=APPROVED,WAITING_PAYMENT&sort=amount')).toEqual([ids.m1card, ids.m1pix, ids.m2card]);
    expect(await q('payment_method=PIX')).toEqual([ids.m1pix]);
    expect(await q('provider=PROVIDER_B')).toEqual([ids.m1pix]);
    expect(await q('amount_from=2000&amount_to=3000&sort=-amount')).toEqual([ids.m1pix, ids.m1refused]);
    expect(await q(`created_at_from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    const bad = await list(org.apiKey, '/core/v1/merchants/transactions?payment_method=BOLETO');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues[0]).toMatchObject({ field: 'payment_method', type: 'INVALID_ENUM' });
  });

  it('counts creates in the high pool and reads in the standard pool', async () => {
    const create = await createTx(t, m2.apiKey, { payment_method: 'PIX', amount: 0 });
    expect(create.statusCode).toBe(400);
    expect(create.headers['x-ratelimit-limit']).toBe('3000');
    const merchantCreate = await createTx(t, org.apiKey, { payment_method: 'PIX', amount: 0 }, m2.id);
    expect(merchantCreate.headers['x-ratelimit-limit']).toBe('3000');
    expect((await list(m2.apiKey, '/core/v1/transactions')).headers['x-ratelimit-limit']).toBe('5000');
  });
});
