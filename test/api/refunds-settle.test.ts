import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { jobs, refunds } from '../../src/db/schema/index.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  eventsAbout,
  merchantWithAccount,
  seedTransaction,
  transactionView,
  type Merchant,
} from '../helpers/seed-transactions.js';
import { parseEventPayload } from '../../src/modules/event-payloads.js';
import { syncRefund } from '../../src/modules/payments/refunds/refunds.provider.js';
import { operationDeps } from '../../src/modules/payments/capture-cancel/operations.context.js';

let t: TestApp;
let m: Merchant & { orgKey: string };
let sandbox: SandboxProvider;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  m = await merchantWithAccount(t);
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
});
afterAll(async () => t?.close());
afterEach(async () => {
  sandbox.faults.clear();
  await expectLedgerInvariants(t.db.db);
});

const refund = async (id: string, amount: number) => {
  const res = await t.request({
    method: 'POST',
    url: `/core/v1/transactions/${id}/refunds`,
    key: m.apiKey,
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; status: string }>();
};
const settle = (id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/core/v1/platform/sandbox/refunds/${id}/settle`, key: t.platformKey, payload });
const moves = async (transactionId: string) =>
  (await eventsAbout(t, transactionId, ['transaction.status-changed']))
    .map((e) => e.payload)
    .filter((p) => p.transaction_id === transactionId && p.refund_id !== null);

describe("refund outcomes follow P4's rule, the seed's rows included", () => {
  it('created while PENDING_REFUND emits only refund.created; failing while others pend stays PENDING_REFUND with an event; then the rule', async () => {
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 1_000 });
    const r1 = await refund(tr.id, 500);
    const r2 = await refund(tr.id, 200);
    expect(await moves(tr.id)).toEqual([
      {
        transaction_id: tr.id,
        old_status: 'APPROVED',
        new_status: 'PENDING_REFUND',
        refund_id: r1.id,
        reason: null,
        bank_account_id: expect.any(String),
        sequence: expect.any(Number),
      },
    ]);
    expect((await eventsAbout(t, r2.id, ['refund.created'])).length).toBe(1);

    const failed = await settle(r1.id, { status: 'FAILED' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({
      id: r1.id,
      status: 'FAILED',
      failure: { code: 'PROVIDER_DECLINED', message: expect.any(String) },
      settled_at: expect.any(String),
    });
    expect(await transactionView(t, tr.id)).toMatchObject({
      status: 'PENDING_REFUND',
      refunded_amount: 0,
      pending_refund_amount: 200,
      refundable_amount: 800,
    });
    expect((await moves(tr.id)).at(-1)).toEqual({
      transaction_id: tr.id,
      old_status: 'PENDING_REFUND',
      new_status: 'PENDING_REFUND',
      refund_id: r1.id,
      reason: null,
      bank_account_id: expect.any(String),
      sequence: expect.any(Number),
    });

    expect((await settle(r2.id, { status: 'SUCCEEDED' })).statusCode).toBe(200);
    expect(await transactionView(t, tr.id)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refunded_amount: 200,
      pending_refund_amount: 0,
      refundable_amount: 800,
    });
    expect((await moves(tr.id)).at(-1)).toEqual({
      transaction_id: tr.id,
      old_status: 'PENDING_REFUND',
      new_status: 'PARTIALLY_REFUNDED',
      refund_id: r2.id,
      reason: null,
      bank_account_id: expect.any(String),
      sequence: expect.any(Number),
    });

    const r3 = await refund(tr.id, 800);
    expect((await settle(r3.id, { status: 'SUCCEEDED' })).statusCode).toBe(200);
    expect(await transactionView(t, tr.id)).toMatchObject({
      status: 'REFUNDED',
      refunded_amount: 1_000,
      refundable_amount: 0,
    });
    const after = await t.request({
      method: 'POST',
      url: `/core/v1/transactions/${tr.id}/refunds`,
      key: m.apiKey,
      payload: {},
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().error.details).toEqual({ field: 'status', value: 'REFUNDED' });

    const statusChanges = (await eventsAbout(t, r1.id, ['refund.status-changed'])).map((e) => e.payload);
    expect(statusChanges).toEqual([
      {
        refund_id: r1.id,
        transaction_id: tr.id,
        old_status: 'PENDING',
        new_status: 'FAILED',
        failure: { code: 'PROVIDER_DECLINED', message: expect.any(String) },
        bank_account_id: m.bankAccountId,
        sequence: expect.any(Number),
      },
    ]);
    for (const e of await eventsAbout(t, tr.id, [
      'refund.created',
      'refund.status-changed',
      'transaction.status-changed',
    ]))
      expect(parseEventPayload(e.type, e.payload).success, e.type).toBe(true);
  });

  it('a refund failing with no other pending returns the transaction to APPROVED', async () => {
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 300 });
    const r = await refund(tr.id, 300);
    expect(
      (await settle(r.id, { status: 'FAILED', failure_code: 'EXPIRED_OR_CANCELED_CARD' })).json().failure.code,
    ).toBe('EXPIRED_OR_CANCELED_CARD');
    expect(await transactionView(t, tr.id)).toMatchObject({
      status: 'APPROVED',
      refunded_amount: 0,
      pending_refund_amount: 0,
      refundable_amount: 300,
    });
    expect((await moves(tr.id)).at(-1)).toMatchObject({
      old_status: 'PENDING_REFUND',
      new_status: 'APPROVED',
      refund_id: r.id,
    });
  });

  it('the settle control: a settled refund is 409 on status; failure_code only with FAILED; unknown ids 404', async () => {
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 300 });
    const r = await refund(tr.id, 100);
    const bad = await settle(r.id, { status: 'SUCCEEDED', failure_code: 'TIMEOUT' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toMatchObject({ invalidField: 'failure_code' });
    expect((await settle(r.id, { status: 'SUCCEEDED' })).statusCode).toBe(200);
    const twice = await settle(r.id, { status: 'FAILED' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.details).toEqual({ field: 'status', value: 'SUCCEEDED' });
    expect((await settle('00000000-0000-4000-8000-000000000000', { status: 'SUCCEEDED' })).statusCode).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/core/v1/platform/sandbox/refunds/${r.id}/settle`,
          key: m.apiKey,
          payload: { status: 'SUCCEEDED' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('without autopilot nothing settles by itself', async () => {
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 300 });
    const r = await refund(tr.id, 100);
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/organizations/${m.organizationId}/clock/advance`,
      key: t.platformKey,
      payload: { seconds: 60 },
    });
    expect((await t.request({ method: 'GET', url: `/core/v1/refunds/${r.id}`, key: m.apiKey })).json().status).toBe(
      'PENDING',
    );
  });

  it('a provider timeout leaves the refund PENDING with its reservation and schedules a sync that finds it', async () => {
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 300 });
    sandbox.faults.inject('card.refund', { kind: 'unknown_outcome' });
    const r = await refund(tr.id, 100);
    expect(r).toMatchObject({ status: 'PENDING', provider_refund_id: null });
    const [job] = await t.db.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'refund.sync'), eq(jobs.dedupeKey, `refund.sync:${r.id}:after-failure`)));
    expect(job).toBeDefined();
    await syncRefund(operationDeps(t.deps), job);
    const [row] = await t.db.db.select().from(refunds).where(eq(refunds.id, r.id));
    expect(row).toMatchObject({ status: 'PENDING', providerRefundId: expect.any(String) });
  });

  it('a provider refusal fails the refund (PROVIDER_DECLINED) and undoes the reservation', async () => {
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 300 });
    sandbox.faults.inject('card.refund', { kind: 'refused', code: 'NOPE' });
    const res = await t.request({
      method: 'POST',
      url: `/core/v1/transactions/${tr.id}/refunds`,
      key: m.apiKey,
      payload: { amount: 100 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'FAILED', failure: { code: 'PROVIDER_DECLINED' } });
    expect(await transactionView(t, tr.id)).toMatchObject({ status: 'APPROVED', refundable_amount: 300 });
  });
});
