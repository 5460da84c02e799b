import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, buildPciApp } from '../../src/app.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ratePoolOf } from '../helpers/rate-pools.js';
import { makePaymentReady } from '../helpers/three-ds.js';
import { cardData, FUTURE_YEAR } from '../helpers/transactions.js';

/**
 * P10: a route joins the high pool by declaring `config: { permission, ratePool: 'high' }`. The transaction and
 * 3DS creates are the real routes (test/api/three-ds-use.test.ts and transactions-lists.test.ts check them too),
 * on a core built from the test app's dependencies.
 */
let t: TestApp;
let core: FastifyInstance;
let pci: FastifyInstance;
let org: { id: string; apiKey: string };

const HIGH_CREATES = [
  ['/core/v1/transactions', 'transaction.create'],
  ['/core/v1/merchants/:merchantId/transactions', 'merchant.transaction.create'],
] as const;

beforeAll(async () => {
  t = await createTestApp();
  core = await buildApp(t.deps);
  await core.ready();
  pci = await buildPciApp(t.deps, {}, { core });
  await pci.ready();
  org = await t.createOrganization();
  await makePaymentReady(t, org.id);
});
/** An approved card payment, its number encrypted as the browser library would. */
const payment = async () => ({ payment_method: 'CREDIT_CARD', amount: 100, card_data: await cardData(t) });
afterAll(async () => {
  await pci?.close();
  await core?.close();
  await t?.close();
});

const send = (
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  key: string | undefined = org.apiKey,
) =>
  app.inject({
    method,
    url,
    headers: key ? { 'x-api-key': key } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('rate pools', () => {
  it.each(HIGH_CREATES)('%s declared high counts in the high pool, refused by validation or not', async (url) => {
    const path = url.replace(':merchantId', org.id);
    const created = await send(core, 'POST', path, await payment());
    expect(created.statusCode, created.body).toBe(201);
    expect(ratePoolOf(created)).toBe('high');
    const refused = await send(core, 'POST', path, { amount: 0 });
    expect(refused.statusCode).toBe(400);
    expect(ratePoolOf(refused)).toBe('high');
  });

  it.each(['/core/v1/3ds-sessions', '/core/v1/merchants/:merchantId/3ds-sessions'])(
    'the real %s counts in the high pool, refused or not',
    async (url) => {
      const path = url.replace(':merchantId', org.id);
      const refused = await send(core, 'POST', path, { amount: 0 });
      expect([refused.statusCode, ratePoolOf(refused)]).toEqual([400, 'high']);
      const pci3ds = await send(pci, 'POST', path, { amount: 0 });
      expect([pci3ds.statusCode, ratePoolOf(pci3ds)]).toEqual([400, 'high']);
    },
  );

  it('the PCI host relays the creates into the high pool too', async () => {
    const res = await send(pci, 'POST', '/core/v1/transactions', {
      payment_method: 'CREDIT_CARD',
      amount: 100,
      card_data: {
        number: '4111111111111111',
        cvv: '123',
        expiry_month: '12',
        expiry_year: FUTURE_YEAR,
        holder_name: 'ANA LIMA',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(ratePoolOf(res)).toBe('high');
    expect(ratePoolOf(await send(pci, 'GET', '/core/v1/companies/me'))).toBe('standard'); // a 404 there
  });

  it('/v1/auth POSTs are high without declaring it; everything else is standard', async () => {
    const login = await send(
      core,
      'POST',
      '/core/v1/auth/login',
      { identifier: 'nobody@example.com', password: 'wrong password!' },
      undefined,
    );
    expect(login.statusCode).toBe(401);
    expect(ratePoolOf(login)).toBe('high');
    const m = await t.createMerchant(org.apiKey);
    for (const res of [
      await send(core, 'GET', '/core/v1/companies/me'),
      await send(core, 'POST', '/core/v1/merchants', {}),
      await send(core, 'POST', `/core/v1/merchants/${m.id}/fee-quote`, {
        transaction: { amount: 1, payment_method: 'PIX' },
      }),
      await send(core, 'GET', '/core/v1/no-such-route'),
    ]) {
      expect(ratePoolOf(res)).toBe('standard');
    }
  });

  it('refuses to start a route that declares the high pool on anything but POST', async () => {
    const app = await buildApp(t.deps);
    expect(() =>
      app.get(
        '/core/v1/transactions-by-mistake',
        { config: { permission: 'transaction.list', ratePool: 'high' } },
        async () => ({}),
      ),
    ).toThrow(/high rate pool/);
    await app.close();
  });
});
