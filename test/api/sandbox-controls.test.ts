import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';
import { eventsAbout } from '../helpers/seed-transactions.js';

let t: TestApp;
let merchant: { id: string; apiKey: string };
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  ({ merchant } = await payingMerchant(t));
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const control = (path: string, payload?: unknown, key = t.platformKey) =>
  t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/${path}`,
    key,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = async (id: string) =>
  (await t.request({ method: 'GET', url: `/core/v1/transactions/${id}`, key: merchant.apiKey })).json();
const pix = async (amount = 1_000) => {
  const res = await createTx(t, merchant.apiKey, { payment_method: 'PIX', amount });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
};

describe('P9 staff controls', () => {
  it('pix-payment: WAITING_PAYMENT -> APPROVED on time, with the masked payer; answers the transaction as GET does', async () => {
    const tr = await pix();
    const res = await control(`transactions/${tr.id}/pix-payment`, {
      payer: { name: 'Ana', document_number: '52998224725' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(await get(tr.id));
    expect(res.json()).toMatchObject({
      status: 'APPROVED',
      captured_amount: 1_000,
      pix: {
        late_payment: false,
        paid_at: expect.any(String),
        end_to_end_id: expect.stringMatching(/^E[a-zA-Z0-9]{31}$/),
        payer: { name: 'Ana', document_number: '***.982.247-**' },
      },
    });
    const again = await control(`transactions/${tr.id}/pix-payment`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual({ field: 'status', value: 'APPROVED' });
  });

  it('expire then pix-payment: EXPIRED -> APPROVED late; a cancelled PIX paid is late too', async () => {
    const tr = await pix();
    const expired = await control(`transactions/${tr.id}/expire`);
    expect(expired.json()).toMatchObject({ status: 'EXPIRED', expired_at: expect.any(String) });
    expect((await control(`transactions/${tr.id}/pix-payment`, {})).json()).toMatchObject({
      status: 'APPROVED',
      pix: { late_payment: true },
    });
    const other = await pix();
    await t.request({ method: 'POST', url: `/core/v1/transactions/${other.id}/cancel`, key: merchant.apiKey });
    expect((await control(`transactions/${other.id}/pix-payment`)).json()).toMatchObject({
      status: 'APPROVED',
      cancel_reason: 'PIX_CANCELED',
      pix: { late_payment: true },
    });
    const moves = (await eventsAbout(t, other.id, ['transaction.status-changed'])).map((e) => e.payload);
    expect(moves.map((p) => `${String(p.old_status)}->${String(p.new_status)}`)).toEqual([
      'WAITING_PAYMENT->CANCELED',
      'CANCELED->APPROVED',
    ]);
  });

  it('expire: AUTHORIZED -> CANCELED (AUTHORIZATION_EXPIRED); anything else 409', async () => {
    const tr = (
      await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { capture: false }))
    ).json();
    const res = await control(`transactions/${tr.id}/expire`);
    expect(res.json()).toMatchObject({ status: 'CANCELED', cancel_reason: 'AUTHORIZATION_EXPIRED' });
    expect((await control(`transactions/${tr.id}/expire`)).json().error.details).toEqual({
      field: 'status',
      value: 'CANCELED',
    });
    expect((await control(`transactions/${tr.id}/pix-payment`)).statusCode).toBe(409);
  });

  it('settle: PROCESSING -> APPROVED, AUTHORIZED or REFUSED with its code; refusal_code only with REFUSED', async () => {
    const a = (await createTx(t, merchant.apiKey, await cardPayment(t, '4000000000000036'))).json();
    expect(a.status).toBe('PROCESSING');
    expect(
      (await control(`transactions/${a.id}/settle`, { status: 'APPROVED', refusal_code: 'CARD_DECLINED' })).statusCode,
    ).toBe(400);
    expect((await control(`transactions/${a.id}/settle`, { status: 'APPROVED' })).json()).toMatchObject({
      status: 'APPROVED',
      captured_amount: 10_000,
    });
    expect((await control(`transactions/${a.id}/settle`, { status: 'REFUSED' })).json().error.details).toEqual({
      field: 'status',
      value: 'APPROVED',
    });
    const b = (await createTx(t, merchant.apiKey, await cardPayment(t, '4000000000000044'))).json();
    expect(
      (await control(`transactions/${b.id}/settle`, { status: 'REFUSED', refusal_code: 'INSUFFICIENT_FUNDS' })).json(),
    ).toMatchObject({ status: 'REFUSED', refusal: { code: 'INSUFFICIENT_FUNDS', retryable: false } });
    const c = (await createTx(t, merchant.apiKey, await cardPayment(t, '4000000000000036', { capture: false }))).json();
    expect((await control(`transactions/${c.id}/settle`, { status: 'AUTHORIZED' })).json()).toMatchObject({
      status: 'AUTHORIZED',
      authorized_at: expect.any(String),
    });
    expect((await control(`transactions/${c.id}/settle`, { status: 'NOPE' })).statusCode).toBe(400);
  });

  it('med: 201 a PENDING PIX refund with origin MED; cards 409', async () => {
    const tr = await pix(5_000);
    await control(`transactions/${tr.id}/pix-payment`);
    const res = await control(`transactions/${tr.id}/med`, { amount: 2_000, nature: 'MED_FRAUDE' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      transaction_id: tr.id,
      amount: 2_000,
      status: 'PENDING',
      origin: 'MED',
      pix_return_id: expect.any(String),
    });
    expect(await get(tr.id)).toMatchObject({ status: 'PENDING_REFUND', pending_refund_amount: 2_000 });
    expect(
      (await control(`transactions/${tr.id}/med`, { amount: 3_001, nature: 'MED_OPERACIONAL' })).json().error.details,
    ).toEqual({ field: 'amount', value: 3_001, refundable_amount: 3_000 });
    const card = (await createTx(t, merchant.apiKey, await cardPayment(t))).json();
    expect((await control(`transactions/${card.id}/med`, { amount: 1, nature: 'MED_FRAUDE' })).statusCode).toBe(409);
  });

  it('staff key only; unknown ids 404', async () => {
    const tr = await pix();
    expect((await control(`transactions/${tr.id}/pix-payment`, undefined, merchant.apiKey)).statusCode).toBe(403);
    expect((await control('transactions/00000000-0000-4000-8000-000000000000/expire')).statusCode).toBe(404);
    expect(
      (await control('refunds/00000000-0000-4000-8000-000000000000/settle', { status: 'FAILED' })).statusCode,
    ).toBe(404);
  });
});

describe('expiry jobs (the organization clock)', () => {
  it('an authorization expires 7 days after authorized_at: CANCELED AUTHORIZATION_EXPIRED, voided at the provider', async () => {
    const { org, merchant: m } = await payingMerchant(t);
    const tr = (await createTx(t, m.apiKey, await cardPayment(t, '4111111111111111', { capture: false }))).json();
    const advance = (seconds: number) =>
      t.request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/organizations/${org.id}/clock/advance`,
        key: t.platformKey,
        payload: { seconds },
      });
    expect((await advance(7 * 86_400 - 60)).statusCode).toBe(200);
    const view = async () =>
      (await t.request({ method: 'GET', url: `/core/v1/transactions/${tr.id}`, key: m.apiKey })).json();
    expect((await view()).status).toBe('AUTHORIZED');
    await advance(61);
    expect(await view()).toMatchObject({ status: 'CANCELED', cancel_reason: 'AUTHORIZATION_EXPIRED' });
    const moves = (await eventsAbout(t, tr.id, ['transaction.status-changed'])).map((e) => e.payload);
    expect(moves).toEqual([
      {
        transaction_id: tr.id,
        old_status: 'AUTHORIZED',
        new_status: 'CANCELED',
        refund_id: null,
        reason: 'AUTHORIZATION_EXPIRED',
        bank_account_id: expect.any(String),
        sequence: null,
      },
    ]);
  });

  it('a PIX expires at expires_at and is still paid late', async () => {
    const { org, merchant: m } = await payingMerchant(t);
    const tr = (await createTx(t, m.apiKey, { payment_method: 'PIX', amount: 900, pix: { expires_in: 120 } })).json();
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/organizations/${org.id}/clock/advance`,
      key: t.platformKey,
      payload: { seconds: 121 },
    });
    const view = (await t.request({ method: 'GET', url: `/core/v1/transactions/${tr.id}`, key: m.apiKey })).json();
    expect(view).toMatchObject({ status: 'EXPIRED', expired_at: expect.any(String) });
    expect((await control(`transactions/${tr.id}/pix-payment`)).json()).toMatchObject({
      status: 'APPROVED',
      pix: { late_payment: true },
    });
  });

  it('a PROCESSING card settled AUTHORIZED gets its expiry from then', async () => {
    const { org, merchant: m } = await payingMerchant(t);
    const tr = (await createTx(t, m.apiKey, await cardPayment(t, '4000000000000036', { capture: false }))).json();
    await control(`transactions/${tr.id}/settle`, { status: 'AUTHORIZED' });
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/organizations/${org.id}/clock/advance`,
      key: t.platformKey,
      payload: { seconds: 7 * 86_400 + 1 },
    });
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/transactions/${tr.id}`, key: m.apiKey })).json(),
    ).toMatchObject({ status: 'CANCELED', cancel_reason: 'AUTHORIZATION_EXPIRED' });
  });
});
