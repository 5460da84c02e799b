import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { jobs, providerOperations } from '../../src/db/schema/index.js';
import { RECOVER_OPERATION_JOB, recoverProviderOperations } from '../../src/kernel/provider-operation.js';
import {
  operationRuntime,
  transactionOperationHandlers,
} from '../../src/modules/payments/capture-cancel/operations.handlers.js';
import { operationDeps } from '../../src/modules/payments/capture-cancel/operations.context.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardPayment, createTx, makePaying, payingMerchant } from '../helpers/transactions.js';
import { balancesOf } from '../../src/ledger/ledger.js';
import { findTransactionRow } from '../../src/modules/payments/shared/transactions.repo.js';
import { eventsAbout } from '../helpers/seed-transactions.js';

let t: TestApp;
let sandbox: SandboxProvider;
let merchant: { id: string; apiKey: string };
let org: { id: string; apiKey: string };
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
  ({ org, merchant } = await payingMerchant(t));
});
afterAll(async () => t?.close());
afterEach(async () => {
  sandbox.faults.clear();
  await expectLedgerInvariants(t.db.db);
});

const authorized = async (amount = 10_000) => {
  const res = await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { capture: false, amount }));
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().status).toBe('AUTHORIZED');
  return res.json<{ id: string; amount: number }>();
};
const capture = (id: string, payload?: unknown, key = merchant.apiKey) =>
  t.request({
    method: 'POST',
    url: `/core/v1/transactions/${id}/capture`,
    key,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const cancel = (id: string, payload?: unknown, key = merchant.apiKey) =>
  t.request({
    method: 'POST',
    url: `/core/v1/transactions/${id}/cancel`,
    key,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const moves = async (id: string) =>
  (await eventsAbout(t, id, ['transaction.status-changed']))
    .map((e) => e.payload)
    .filter((p) => p.transaction_id === id);

describe('POST /v1/transactions/{id}/capture', () => {
  it('captures everything by default (no body): APPROVED, booked once, one event', async () => {
    const tr = await authorized();
    const res = await capture(tr.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: tr.id,
      status: 'APPROVED',
      amount: 10_000,
      captured_amount: 10_000,
      refundable_amount: 10_000,
      captured_at: expect.any(String),
      authorized_at: expect.any(String),
    });
    expect(await moves(tr.id)).toEqual([
      {
        transaction_id: tr.id,
        old_status: 'AUTHORIZED',
        new_status: 'APPROVED',
        refund_id: null,
        reason: null,
        bank_account_id: expect.any(String),
        sequence: expect.any(Number),
      },
    ]);
    const again = await capture(tr.id, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual({ field: 'status', value: 'APPROVED' });
  });

  it('a partial capture sets captured_amount (amount unchanged) and books only what was captured', async () => {
    const tr = await authorized();
    const res = await capture(tr.id, { amount: 4_000 });
    expect(res.json()).toMatchObject({
      status: 'APPROVED',
      amount: 10_000,
      captured_amount: 4_000,
      refundable_amount: 4_000,
    });
    const refund = await t.request({
      method: 'POST',
      url: `/core/v1/transactions/${tr.id}/refunds`,
      key: merchant.apiKey,
      payload: { amount: 4_001 },
    });
    expect(refund.json().error.details).toEqual({ field: 'amount', value: 4_001, refundable_amount: 4_000 });
  });

  it('a partial capture books the fee of the stored policy evaluated again on the captured amount', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/core/v1/pricing/fee-policies',
      key: org.apiKey,
      payload: {
        name: `ten-${Date.now()}`,
        cashout_price: 0,
        automatic_anticipation_percentage: 0,
        spot_anticipation_percentage: 0,
        rules: [{ conditions: [], price: { percentage: 10 }, priority: 0 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pol = created.json();
    const m = await t.createMerchant(org.apiKey, { fee_policy_id: pol.id });
    await makePaying(t, m.id);
    const tr = (
      await createTx(t, m.apiKey, await cardPayment(t, '4111111111111111', { capture: false, amount: 10_000 }))
    ).json();
    expect(tr.fee).toMatchObject({ fee_policy_id: pol.id, amount: 1_000 });
    const captured = await capture(tr.id, { amount: 4_000 }, m.apiKey);
    expect(captured.json()).toMatchObject({ status: 'APPROVED', captured_amount: 4_000 });
    const row = await findTransactionRow(t.db.db, tr.id);
    const bank = (await balancesOf(t.db.db, [row!.bankAccountId!])).get(row!.bankAccountId!)!;
    expect(bank.pending).toBe(3_600);
  });

  it('above the authorized amount: 409 on amount; from any other status: 409 on status; bad bodies 400; other tenants 404', async () => {
    const tr = await authorized(500);
    const over = await capture(tr.id, { amount: 501 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.details).toEqual({ field: 'amount', value: 501 });
    expect((await capture(tr.id, { amount: 0 })).statusCode).toBe(400);
    expect((await capture(tr.id, { amount: 10, other: 1 })).statusCode).toBe(400);
    const approved = (await createTx(t, merchant.apiKey, await cardPayment(t))).json();
    expect((await capture(approved.id)).json().error.details).toEqual({ field: 'status', value: 'APPROVED' });
    const other = await t.createOrganization();
    expect((await capture(tr.id, undefined, other.apiKey)).statusCode).toBe(404);
    expect((await capture(tr.id, undefined, org.apiKey)).statusCode).toBe(200);
  });

  it('concurrent captures and cancels: one winner, the others 409', async () => {
    const tr = await authorized();
    const results = await Promise.all([
      capture(tr.id),
      cancel(tr.id),
      capture(tr.id, { amount: 100 }),
      cancel(tr.id),
      capture(tr.id),
    ]);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
    expect((await moves(tr.id)).length).toBe(1);
  });

  it('a provider timeout keeps the transaction AUTHORIZED (502); the recovery job finishes the capture; others meanwhile 409', async () => {
    const tr = await authorized();
    sandbox.faults.inject('card.capture', { kind: 'unknown_outcome' });
    const res = await capture(tr.id, { amount: 3_000 });
    expect(res.statusCode).toBe(502);
    const view = (
      await t.request({ method: 'GET', url: `/core/v1/transactions/${tr.id}`, key: merchant.apiKey })
    ).json();
    expect(view.status).toBe('AUTHORIZED');
    expect((await cancel(tr.id)).statusCode).toBe(409);
    // The operation was claimed with its recovery job (provider-operations.test.ts drives it on the clock).
    const [op] = await t.db.db
      .select()
      .from(providerOperations)
      .where(and(eq(providerOperations.resourceId, tr.id), eq(providerOperations.status, 'PENDING')));
    const [job] = await t.db.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RECOVER_OPERATION_JOB), eq(jobs.dedupeKey, `${RECOVER_OPERATION_JOB}:${op!.id}`)));
    expect(job).toBeDefined();
    const opDeps = operationDeps(t.deps);
    await recoverProviderOperations(
      operationRuntime(opDeps),
      transactionOperationHandlers(opDeps),
    )({ payload: { operationId: op!.id } });
    const after = (
      await t.request({ method: 'GET', url: `/core/v1/transactions/${tr.id}`, key: merchant.apiKey })
    ).json();
    expect(after).toMatchObject({ status: 'APPROVED', captured_amount: 3_000 });
  });

  it('a provider refusal is a 502 and releases the claim: a later capture may succeed', async () => {
    const tr = await authorized();
    sandbox.faults.inject('card.capture', { kind: 'refused', code: 'INVALID_STATE' });
    expect((await capture(tr.id)).statusCode).toBe(502);
    expect((await capture(tr.id)).statusCode).toBe(200);
  });
});

describe('POST /v1/transactions/{id}/cancel', () => {
  it('AUTHORIZED -> CANCELED (REQUESTED), voided; terminal afterwards', async () => {
    const tr = await authorized();
    const res = await cancel(tr.id, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'CANCELED',
      cancel_reason: 'REQUESTED',
      canceled_at: expect.any(String),
      captured_amount: 0,
    });
    expect(await moves(tr.id)).toEqual([
      {
        transaction_id: tr.id,
        old_status: 'AUTHORIZED',
        new_status: 'CANCELED',
        refund_id: null,
        reason: 'REQUESTED',
        bank_account_id: expect.any(String),
        sequence: null,
      },
    ]);
    // The void went under its own operation's key, not the transaction id (issue 24).
    expect(sandbox.faults.calls('card.void', tr.id)).toBe(0);
    expect((await cancel(tr.id)).json().error.details).toEqual({ field: 'status', value: 'CANCELED' });
    expect((await capture(tr.id)).json().error.details).toEqual({ field: 'status', value: 'CANCELED' });
    expect((await cancel(tr.id, { reason: 'x' })).statusCode).toBe(400);
  });

  it('a PIX WAITING_PAYMENT -> CANCELED (PIX_CANCELED); an approved payment is refunded, not cancelled', async () => {
    const pix = await createTx(t, merchant.apiKey, { payment_method: 'PIX', amount: 1_000 });
    expect(pix.statusCode, pix.body).toBe(201);
    const res = await cancel(pix.json().id);
    expect(res.json()).toMatchObject({ status: 'CANCELED', cancel_reason: 'PIX_CANCELED' });
    const approved = (await createTx(t, merchant.apiKey, await cardPayment(t))).json();
    const refused = await cancel(approved.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toEqual({ field: 'status', value: 'APPROVED' });
  });
});
