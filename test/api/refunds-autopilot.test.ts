import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  eventsAbout,
  merchantWithAccount,
  seedTransaction,
  transactionView,
  type Merchant,
} from '../helpers/seed-transactions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: true });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const refund = async (m: Merchant, id: string, amount: number) => {
  const res = await t.request({
    method: 'POST',
    url: `/core/v1/transactions/${id}/refunds`,
    key: m.apiKey,
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().status).toBe('PENDING');
  return res.json<{ id: string }>();
};
const getRefund = async (m: Merchant, id: string) =>
  (await t.request({ method: 'GET', url: `/core/v1/refunds/${id}`, key: m.apiKey })).json();
const advance = async (m: Merchant, seconds: number) => {
  const res = await t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/organizations/${m.organizationId}/clock/advance`,
    key: t.platformKey,
    payload: { seconds },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('SANDBOX_AUTOPILOT: refunds settle about 2 s after creation (a job on the organization clock)', () => {
  it('an ordinary card: SUCCEEDED, with its events', async () => {
    const m = await merchantWithAccount(t);
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 1_000 });
    const r = await refund(m, tr.id, 400);
    await advance(m, 1);
    expect((await getRefund(m, r.id)).status).toBe('PENDING');
    await advance(m, 2);
    expect(await getRefund(m, r.id)).toMatchObject({
      status: 'SUCCEEDED',
      failure: null,
      settled_at: expect.any(String),
    });
    expect(await transactionView(t, tr.id)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded_amount: 400 });
    expect((await eventsAbout(t, r.id, ['refund.status-changed'])).map((e) => e.payload.new_status)).toEqual([
      'SUCCEEDED',
    ]);
  });

  it('4000000000005126: FAILED EXPIRED_OR_CANCELED_CARD, the transaction back to APPROVED', async () => {
    const m = await merchantWithAccount(t);
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 1_000, cardNumber: '4000000000005126' });
    const r = await refund(m, tr.id, 1_000);
    await advance(m, 3);
    expect(await getRefund(m, r.id)).toMatchObject({ status: 'FAILED', failure: { code: 'EXPIRED_OR_CANCELED_CARD' } });
    expect(await transactionView(t, tr.id)).toMatchObject({ status: 'APPROVED', pending_refund_amount: 0 });
  });

  it('4000000000007726: stays PENDING until the settle control', async () => {
    const m = await merchantWithAccount(t);
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 1_000, cardNumber: '4000000000007726' });
    const r = await refund(m, tr.id, 1_000);
    await advance(m, 60);
    expect((await getRefund(m, r.id)).status).toBe('PENDING');
    const res = await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/refunds/${r.id}/settle`,
      key: t.platformKey,
      payload: { status: 'SUCCEEDED' },
    });
    expect(res.json().status).toBe('SUCCEEDED');
    expect(await transactionView(t, tr.id)).toMatchObject({ status: 'REFUNDED' });
  });

  it('a PIX refund succeeds and carries the return id', async () => {
    const m = await merchantWithAccount(t);
    const tr = await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 60_000 });
    const r = await refund(m, tr.id, 60_000);
    expect((await getRefund(m, r.id)).pix_return_id).toMatch(/^D/);
    await advance(m, 3);
    expect((await getRefund(m, r.id)).status).toBe('SUCCEEDED');
    expect(await transactionView(t, tr.id)).toMatchObject({ status: 'REFUNDED' });
  });
});
