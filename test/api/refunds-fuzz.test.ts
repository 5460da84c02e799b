import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';

/**
 * The OpenAPI fuzz (test/security/fuzz.test.ts) only knows company ids, so these routes answer it 404. Here they
 * get real transaction and refund ids in every state, with arbitrary bodies: never a 500, always the envelope.
 */
let t: TestApp;
let key: string;
let ids: string[];
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  const { merchant } = await payingMerchant(t);
  key = merchant.apiKey;
  const approved = (await createTx(t, key, await cardPayment(t))).json();
  const authorized = (await createTx(t, key, await cardPayment(t, '4111111111111111', { capture: false }))).json();
  const processing = (await createTx(t, key, await cardPayment(t, '4000000000000036'))).json();
  const pix = (await createTx(t, key, { payment_method: 'PIX', amount: 5_000 })).json();
  const refund = (
    await t.request({
      method: 'POST',
      url: `/core/v1/transactions/${approved.id}/refunds`,
      key,
      payload: { amount: 10 },
    })
  ).json();
  ids = [approved.id, authorized.id, processing.id, pix.id, refund.id];
});
afterAll(async () => t?.close());

const routes = [
  (id: string) => ({ url: `/core/v1/transactions/${id}/capture`, staff: false }),
  (id: string) => ({ url: `/core/v1/transactions/${id}/cancel`, staff: false }),
  (id: string) => ({ url: `/core/v1/transactions/${id}/refunds`, staff: false }),
  (id: string) => ({ url: `/core/v1/platform/sandbox/transactions/${id}/pix-payment`, staff: true }),
  (id: string) => ({ url: `/core/v1/platform/sandbox/transactions/${id}/expire`, staff: true }),
  (id: string) => ({ url: `/core/v1/platform/sandbox/transactions/${id}/settle`, staff: true }),
  (id: string) => ({ url: `/core/v1/platform/sandbox/transactions/${id}/med`, staff: true }),
  (id: string) => ({ url: `/core/v1/platform/sandbox/refunds/${id}/settle`, staff: true }),
];

const value = fc.oneof(
  fc.integer({ min: -10, max: 20_000 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, 1e300, 0.5, -0),
  fc.string({ maxLength: 8 }),
  fc.constantFrom(
    'SUCCEEDED',
    'FAILED',
    'APPROVED',
    'AUTHORIZED',
    'REFUSED',
    'MED_FRAUDE',
    'CARD_DECLINED',
    'TIMEOUT',
    'DUPLICATE',
  ),
  fc.constant(null),
  fc.boolean(),
);
const body = fc.option(
  fc.dictionary(
    fc.constantFrom(
      'amount',
      'status',
      'failure_code',
      'refusal_code',
      'nature',
      'reason',
      'description',
      'request_id',
      'payer',
      'x',
    ),
    value,
    { maxKeys: 3 },
  ),
  { nil: undefined },
);

describe('capture, cancel, refunds and the controls under arbitrary bodies', () => {
  it('never answer 500 and always answer the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(routes.length - 1), fc.nat(ids.length - 1), body, async (r, i, payload) => {
        const route = routes[r]!(ids[i]!);
        const res = await t.request({
          method: 'POST',
          url: route.url,
          key: route.staff ? t.platformKey : key,
          ...(payload === undefined ? {} : { payload }),
        });
        expect(res.statusCode, `${route.url} ${JSON.stringify(payload)} -> ${res.body}`).toBeLessThan(
          500 + (res.statusCode === 502 ? 3 : 0),
        );
        if (res.statusCode >= 400) expect(res.json().error?.code, res.body).toEqual(expect.any(String));
      }),
      { numRuns: 300 },
    );
    await expectLedgerInvariants(t.db.db);
  }, 240_000);
});
