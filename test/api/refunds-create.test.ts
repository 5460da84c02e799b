import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf } from '../../src/ledger/ledger.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  eventsAbout,
  merchantWithAccount,
  seedTransaction,
  transactionRow,
  transactionView,
  type Merchant,
} from '../helpers/seed-transactions.js';

let t: TestApp;
let m: Merchant & { orgKey: string };
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  m = await merchantWithAccount(t);
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const refund = (id: string, payload: Record<string, unknown> = {}, key = m.apiKey) =>
  t.request({ method: 'POST', url: `/core/v1/transactions/${id}/refunds`, key, payload });
const settle = (id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/core/v1/platform/sandbox/refunds/${id}/settle`, key: t.platformKey, payload });

describe('POST /v1/transactions/{id}/refunds', () => {
  it('creates a PENDING refund of the refundable amount by default, moves the transaction to PENDING_REFUND and reserves the money', async () => {
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 10_000, fee: 300 });
    const res = await refund(tr.id, { reason: 'DUPLICATE', description: 'twice' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      transaction_id: tr.id,
      company_id: m.id,
      request_id: null,
      amount: 10_000,
      status: 'PENDING',
      reason: 'DUPLICATE',
      description: 'twice',
      origin: 'MERCHANT',
      failure: null,
      pix_return_id: null,
      settled_at: null,
    });
    expect(body.provider_refund_id).toEqual(expect.any(String));
    expect(Object.keys(body).sort()).toEqual([
      'amount',
      'company_id',
      'created_at',
      'description',
      'failure',
      'id',
      'origin',
      'pix_return_id',
      'provider_refund_id',
      'reason',
      'request_id',
      'settled_at',
      'status',
      'transaction_id',
      'updated_at',
    ]);
    const row = await transactionRow(t, tr.id);
    expect(row).toMatchObject({ status: 'PENDING_REFUND', refundedAmount: 0, pendingRefundAmount: 10_000 });
    const evs = await eventsAbout(t, body.id, ['refund.created', 'transaction.status-changed']);
    expect(evs.map((e) => e.type).sort()).toEqual(['refund.created', 'transaction.status-changed']);
    expect(evs.find((e) => e.type === 'transaction.status-changed')!.payload).toEqual({
      transaction_id: tr.id,
      old_status: 'APPROVED',
      new_status: 'PENDING_REFUND',
      refund_id: body.id,
      reason: null,
      bank_account_id: expect.any(String),
      sequence: expect.any(Number),
    });
    expect(evs.find((e) => e.type === 'refund.created')!.payload).toMatchObject({
      id: body.id,
      status: 'PENDING',
      bank_account_id: m.bankAccountId,
      sequence: expect.any(Number),
    });
  });

  it('the default amount is what is left; with nothing left it is refused on amount (value 0)', async () => {
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 5_000 });
    expect((await refund(tr.id, { amount: 2_000 })).statusCode).toBe(201);
    const rest = await refund(tr.id);
    expect(rest.statusCode).toBe(201);
    expect(rest.json().amount).toBe(3_000);
    const none = await refund(tr.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.details).toEqual({ field: 'amount', value: 0, refundable_amount: 0 });
  });

  it('answers the guards in P5 order with their exact details', async () => {
    const authorized = await seedTransaction(t, m, { status: 'AUTHORIZED' });
    const s = await refund(authorized.id);
    expect(s.statusCode).toBe(409);
    expect(s.json().error.details).toEqual({ field: 'status', value: 'AUTHORIZED' });

    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 100 });
    const over = await refund(tr.id, { amount: 101 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.details).toEqual({ field: 'amount', value: 101, refundable_amount: 100 });

    // Ten refunds of any status, then the count guard (before the amount guard).
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await refund(tr.id, { amount: 1 });
      expect(r.statusCode).toBe(201);
      ids.push(r.json().id);
    }
    for (const id of ids.slice(0, 5)) expect((await settle(id, { status: 'FAILED' })).statusCode).toBe(200);
    const eleventh = await refund(tr.id, { amount: 1 });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error.details).toEqual({ field: 'refunds', value: 10 });
    const ahead = await refund(tr.id, { amount: 10_000 });
    expect(ahead.json().error.details).toEqual({ field: 'refunds', value: 10 });
  });

  it('closes the window 365 days after capture (the organization clock), before the amount guard', async () => {
    const mm = await merchantWithAccount(t);
    const tr = await seedTransaction(t, mm, { status: 'APPROVED', amount: 100 });
    const adv = await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/organizations/${mm.organizationId}/clock/advance`,
      key: t.platformKey,
      payload: { seconds: 365 * 86_400 + 1 },
    });
    expect(adv.statusCode, adv.body).toBe(200);
    const res = await refund(tr.id, { amount: 1_000 }, mm.apiKey);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details).toEqual({ field: 'transaction_id', value: 'REFUND_WINDOW_CLOSED' });
  });

  it('validates the body (strict, amount >= 1, reason enum, description <= 140) and the id', async () => {
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 100 });
    expect((await refund(tr.id, { amount: 0 })).json().error.details.issues[0]).toMatchObject({
      field: 'amount',
      type: 'TOO_SMALL',
    });
    expect((await refund(tr.id, { amount: 1.5 })).json().error.details.issues[0]).toMatchObject({
      field: 'amount',
      type: 'INVALID_TYPE',
    });
    expect((await refund(tr.id, { reason: 'NOPE' })).json().error.details.issues[0]).toMatchObject({
      field: 'reason',
      type: 'INVALID_ENUM',
    });
    expect((await refund(tr.id, { description: 'x'.repeat(141) })).json().error.details.issues[0]).toMatchObject({
      field: 'description',
      type: 'TOO_LARGE',
    });
    expect((await refund(tr.id, { extra: 1 })).json().error.details.issues[0]).toMatchObject({ type: 'UNKNOWN_FIELD' });
    expect((await refund('not-a-uuid')).statusCode).toBe(400);
    expect((await refund('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('replays a request_id (200, the same refund) and refuses another body under it', async () => {
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 1_000 });
    const first = await refund(tr.id, { amount: 100, request_id: 'r-1' });
    expect(first.statusCode).toBe(201);
    const again = await refund(tr.id, { amount: 100, request_id: 'r-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().request_id).toBe('r-1');
    const other = await refund(tr.id, { amount: 200, request_id: 'r-1' });
    expect(other.statusCode).toBe(409);
    expect((await transactionRow(t, tr.id))!.pendingRefundAmount).toBe(100);
  });

  it("reaches: the organization sees its merchant's refunds; another tenant gets 404; list oldest first", async () => {
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 1_000 });
    const a = (await refund(tr.id, { amount: 100 })).json();
    const b = (await refund(tr.id, { amount: 200 }, m.orgKey)).json();
    const list = await t.request({ method: 'GET', url: `/core/v1/transactions/${tr.id}/refunds`, key: m.apiKey });
    expect(list.statusCode).toBe(200);
    expect(Object.keys(list.json())).toEqual(['data']);
    expect(list.json().data.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
    expect((await t.request({ method: 'GET', url: `/core/v1/refunds/${a.id}`, key: m.orgKey })).json().id).toBe(a.id);
    const other = await t.createOrganization();
    expect((await t.request({ method: 'GET', url: `/core/v1/refunds/${a.id}`, key: other.apiKey })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/transactions/${tr.id}/refunds`, key: other.apiKey })).statusCode,
    ).toBe(404);
    expect((await refund(tr.id, { amount: 1 }, other.apiKey)).statusCode).toBe(404);
  });

  it('an INACTIVE company may still refund', async () => {
    const mm = await merchantWithAccount(t);
    const tr = await seedTransaction(t, mm, { status: 'APPROVED', amount: 1_000 });
    const off = await t.request({
      method: 'PATCH',
      url: `/core/v1/platform/companies/${mm.id}`,
      key: t.platformKey,
      payload: { status: 'INACTIVE' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await refund(tr.id, { amount: 10 }, mm.apiKey)).statusCode).toBe(201);
  });

  it('reserves from pending, then available, the shortfall as debt; success pays out, failure undoes it', async () => {
    const mm = await merchantWithAccount(t);
    const tr = await seedTransaction(t, mm, { status: 'APPROVED', amount: 1_000, fee: 100 });
    const bal = async () => (await balancesOf(t.db.db, [mm.bankAccountId])).get(mm.bankAccountId)!;
    expect(await bal()).toMatchObject({ pending: 900, available: 0, held: 0 });
    const r1 = (await refund(tr.id, { amount: 1_000 }, mm.apiKey)).json();
    expect(await bal()).toMatchObject({ pending: 0, available: 0, held: 1_000, debt: 100 });
    expect((await settle(r1.id, { status: 'FAILED', failure_code: 'INSUFFICIENT_BALANCE' })).json()).toMatchObject({
      status: 'FAILED',
      failure: { code: 'INSUFFICIENT_BALANCE' },
    });
    expect(await bal()).toMatchObject({ pending: 900, available: 0, held: 0, debt: 0 });
    const r2 = (await refund(tr.id, { amount: 400 }, mm.apiKey)).json();
    expect(await bal()).toMatchObject({ pending: 500, held: 400 });
    expect((await settle(r2.id, { status: 'SUCCEEDED' })).json()).toMatchObject({
      status: 'SUCCEEDED',
      failure: null,
      settled_at: expect.any(String),
    });
    expect(await bal()).toMatchObject({ pending: 500, held: 0, debt: 0 });
    expect(await transactionView(t, tr.id)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refunded_amount: 400,
      pending_refund_amount: 0,
      refundable_amount: 600,
    });
  });
});
