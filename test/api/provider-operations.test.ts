import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentKeyOf } from '../../src/modules/payments/create/attempts.rules.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { transactions } from '../../src/db/schema/index.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import type { Clock } from '../../src/kernel/clock.js';
import { balancesOf } from '../../src/ledger/ledger.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';
import { eventsAbout, transactionRow } from '../helpers/seed-transactions.js';
import { eventually } from '../helpers/poll.js';

/**
 * Issue 24: a capture, cancel or authorization expiry that the provider applied but the platform never
 * recorded is recovered by its provider operation's recovery job; an unknown outcome answers R8.1's reasons.
 * "Real time" is the app's clock shifted by hand, so the recovery job's grace passes without waiting.
 */
let t: TestApp;
let sandbox: SandboxProvider;
let merchant: { id: string; apiKey: string };
let org: { id: string; apiKey: string };
const skew = { ms: 0 };
const clock: Clock = { now: () => new Date(Date.now() + skew.ms) };

beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false }, {}, {}, { clock });
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
  return res.json<{ id: string; amount: number; attempts: { id: string }[] }>();
};
const capture = (id: string, payload?: object) =>
  t.request({
    method: 'POST',
    url: `/core/v1/transactions/${id}/capture`,
    key: merchant.apiKey,
    ...(payload ? { payload } : {}),
  });
const cancel = (id: string) =>
  t.request({ method: 'POST', url: `/core/v1/transactions/${id}/cancel`, key: merchant.apiKey });
const view = async (id: string) =>
  (await t.request({ method: 'GET', url: `/core/v1/transactions/${id}`, key: merchant.apiKey })).json();
const moves = async (id: string) =>
  (await eventsAbout(t, id, ['transaction.status-changed']))
    .map((e) => e.payload)
    .filter((p) => p.transaction_id === id);
const advanceOrg = (seconds: number) =>
  t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/organizations/${org.id}/clock/advance`,
    key: t.platformKey,
    payload: { seconds },
  });

/** Real time moves on; every job then due runs (the recovery jobs among them). */
async function later(ms: number) {
  skew.ms += ms;
  await t.built.runner.drain();
}
/** The view once it reaches `status` (the app's own runner may hold the due job a moment longer than drain). */
const viewOnce = (id: string, status: string) =>
  eventually(
    async () => {
      await t.built.runner.drain();
      return view(id);
    },
    (v) => v.status === status,
    `${id} ${status}`,
  );

/**
 * The step that records a move of `transactionId` fails (a trigger raises), as when the process dies or the
 * database drops the connection right after the provider applied the call. Returns the undo.
 */
async function failRecordOf(transactionId: string): Promise<() => Promise<void>> {
  const name = `fail_record_${randomBytes(4).toString('hex')}`;
  await t.db.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin
    if new.id = '${transactionId}' and new.status is distinct from old.status then raise exception 'simulated crash while recording'; end if;
    return new; end $$`),
  );
  await t.db.db.execute(
    sql.raw(`create trigger ${name} before update on transactions for each row execute function ${name}()`),
  );
  return async () => {
    await t.db.db.execute(sql.raw(`drop trigger ${name} on transactions`));
    await t.db.db.execute(sql.raw(`drop function ${name}()`));
  };
}

describe('a provider call applied but never recorded is recovered', () => {
  it('capture: the recovery job completes it, the merchant is credited, and an expiry later changes nothing', async () => {
    const tr = await authorized(10_000);
    const account = (await transactionRow(t, tr.id)).bankAccountId!;
    const total = async () => {
      const b = (await balancesOf(t.db.db, [account])).get(account)!;
      return b.pending + b.available;
    };
    const before = await total();
    const undo = await failRecordOf(tr.id);
    const res = await capture(tr.id, { amount: 10_000 });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    await undo();
    expect((await view(tr.id)).status).toBe('AUTHORIZED');
    await later(31_000);
    await viewOnce(tr.id, 'APPROVED');
    await advanceOrg(8 * 86_400);
    const after = await view(tr.id);
    expect(after).toMatchObject({ status: 'APPROVED', captured_amount: 10_000 });
    expect((await moves(tr.id)).map((m) => m.new_status)).toEqual(['APPROVED']);
    // The merchant is credited the capture net of its fee, once.
    expect((await total()) - before).toBe(10_000 - (after.fee?.amount ?? 0));
  });

  it('cancel: the recovery job completes the void; the transaction is CANCELED (REQUESTED)', async () => {
    const tr = await authorized(7_000);
    const undo = await failRecordOf(tr.id);
    expect((await cancel(tr.id)).statusCode).toBeGreaterThanOrEqual(500);
    await undo();
    await later(31_000);
    expect(await viewOnce(tr.id, 'CANCELED')).toMatchObject({
      status: 'CANCELED',
      cancel_reason: 'REQUESTED',
      captured_amount: 0,
    });
    expect((await moves(tr.id)).map((m) => m.new_status)).toEqual(['CANCELED']);
  });

  it('authorization expiry: voided at the provider but not recorded -> recovered as CANCELED AUTHORIZATION_EXPIRED', async () => {
    const tr = await authorized(5_000);
    const undo = await failRecordOf(tr.id);
    await advanceOrg(7 * 86_400 + 60);
    await undo();
    expect((await view(tr.id)).status).toBe('AUTHORIZED');
    await later(31_000);
    expect(await viewOnce(tr.id, 'CANCELED')).toMatchObject({
      status: 'CANCELED',
      cancel_reason: 'AUTHORIZATION_EXPIRED',
    });
    // The payment is voided at the provider: a capture now is refused by the platform's own rule (409 status).
    expect((await capture(tr.id)).json().error.details).toEqual({ field: 'status', value: 'CANCELED' });
  });
});

describe('providers.md R8.1: an unknown outcome of a capture or cancel', () => {
  it('capture: 502 PROVIDER_OUTCOME_UNKNOWN, then 409 OPERATION_IN_PROGRESS until the sync resolves it, announced by the events', async () => {
    const tr = await authorized(9_000);
    sandbox.faults.inject('card.capture', { kind: 'unknown_outcome' });
    const res = await capture(tr.id, { amount: 4_000 });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'INTEGRATION_ERROR',
      details: { reason: 'PROVIDER_OUTCOME_UNKNOWN' },
    });
    for (const retry of [await capture(tr.id, { amount: 4_000 }), await cancel(tr.id)]) {
      expect(retry.statusCode).toBe(409);
      expect(retry.json().error).toMatchObject({
        code: 'CONFLICT_ERROR',
        details: { field: 'status', value: 'AUTHORIZED', reason: 'OPERATION_IN_PROGRESS' },
      });
    }
    expect(await moves(tr.id)).toEqual([]);
    const refund = await t.request({
      method: 'POST',
      url: `/core/v1/transactions/${tr.id}/refunds`,
      key: merchant.apiKey,
      payload: { amount: 100 },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error.details).toEqual({
      field: 'status',
      value: 'AUTHORIZED',
      reason: 'OPERATION_IN_PROGRESS',
    });
    await later(11_000);
    expect(await viewOnce(tr.id, 'APPROVED')).toMatchObject({ status: 'APPROVED', captured_amount: 4_000 });
    expect((await moves(tr.id)).map((m) => [m.old_status, m.new_status])).toEqual([['AUTHORIZED', 'APPROVED']]);
    expect((await capture(tr.id)).json().error.details).toEqual({ field: 'status', value: 'APPROVED' });
  });

  it('cancel: 502 PROVIDER_OUTCOME_UNKNOWN, 409 OPERATION_IN_PROGRESS, then CANCELED by the sync', async () => {
    const tr = await authorized(3_000);
    sandbox.faults.inject('card.void', { kind: 'unknown_outcome' });
    expect((await cancel(tr.id)).json().error.details).toEqual({ reason: 'PROVIDER_OUTCOME_UNKNOWN' });
    expect((await capture(tr.id)).json().error.details).toEqual({
      field: 'status',
      value: 'AUTHORIZED',
      reason: 'OPERATION_IN_PROGRESS',
    });
    await later(11_000);
    expect(await viewOnce(tr.id, 'CANCELED')).toMatchObject({ status: 'CANCELED', cancel_reason: 'REQUESTED' });
  });

  it('a refusal is 502 PROVIDER_REFUSED with provider_code and leaves the transaction as it was', async () => {
    const tr = await authorized(2_000);
    sandbox.faults.inject('card.capture', { kind: 'refused', code: 'INVALID_STATE' });
    const res = await capture(tr.id);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.details).toEqual({ reason: 'PROVIDER_REFUSED', provider_code: 'INVALID_STATE' });
    expect((await view(tr.id)).status).toBe('AUTHORIZED');
    expect((await capture(tr.id)).statusCode).toBe(200);
  });
});

describe('each provider operation has its own idempotency key', () => {
  it('authorize, capture and void of one payment go under different keys; the capture is not sent under the transaction id', async () => {
    const tr = await authorized(1_500);
    // The authorization's key is its attempt's id (providers.md R6.8), the capture's its operation's.
    expect(sandbox.faults.calls('card.authorize', tr.attempts[0].id)).toBe(1);
    expect((await capture(tr.id)).statusCode).toBe(200);
    expect(sandbox.faults.calls('card.capture', tr.id)).toBe(0);
    expect(sandbox.faults.calls('card.capture', tr.attempts[0].id)).toBe(0);
    const ops = await t.db.db.execute(
      // (Besides the create's own attempt operation, `transaction.authorize`: docs/decisions/routing.md.)
      sql`select id, kind, status from provider_operations where resource_id = ${tr.id} and kind <> 'transaction.authorize'`,
    );
    const rows = ((ops as { rows?: unknown[] }).rows ?? ops) as Array<{ id: string; kind: string; status: string }>;
    expect(rows).toEqual([{ id: expect.any(String), kind: 'transaction.capture', status: 'SUCCEEDED' }]);
    expect(rows[0]!.id).not.toBe(tr.id);
    expect(sandbox.faults.calls('card.capture', rows[0]!.id)).toBe(1);
    const other = await authorized(1_600);
    expect((await cancel(other.id)).statusCode).toBe(200);
    expect(sandbox.faults.calls('card.void', other.id)).toBe(0);
    expect(sandbox.faults.calls('card.void', other.attempts[0].id)).toBe(0);
  });
});

describe('a PIX charge whose answer was lost and whose read failed (providers.md R3.8)', () => {
  const pixCreate = (requestId: string) =>
    createTx(t, merchant.apiKey, { payment_method: 'PIX', amount: 1_234, request_id: requestId });
  const rowOf = async (requestId: string) =>
    (await t.db.db.select().from(transactions).where(eq(transactions.requestId, requestId)))[0];
  const chargeAt = (id: string) => sandbox['pix.sync']({ idempotencyKey: id });

  it('answers 502 PROVIDER_OUTCOME_UNKNOWN and shows nothing, but is not deleted as never submitted: the recovery job cancels the charge first', async () => {
    const requestId = randomUUID();
    sandbox.faults.inject('pix.charge', { kind: 'unknown_outcome' });
    sandbox.faults.inject('pix.sync', { kind: 'unavailable' });
    const res = await pixCreate(requestId);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'INTEGRATION_ERROR',
      details: { reason: 'PROVIDER_OUTCOME_UNKNOWN' },
    });
    const row = await rowOf(requestId);
    expect(row, 'the row of a charge that may exist is kept for its recovery').toBeDefined();
    expect(row!.announced).toBe(false);
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/transactions/${row!.id}`, key: merchant.apiKey })).statusCode,
    ).toBe(404);
    expect(await chargeAt(paymentKeyOf(row!))).toMatchObject({ found: true, status: 'WAITING_PAYMENT' });
    await later(61_000);
    await eventually(
      () => chargeAt(paymentKeyOf(row!)),
      (c) => c.found && c.status === 'CANCELED',
      'the stranded charge canceled',
    );
    await eventually(
      () => rowOf(requestId),
      (r) => r === undefined,
      'the row removed once the charge is canceled',
    );
  });

  it('a retry under the same request_id gets the charge that exists (same key), announced once', async () => {
    const requestId = randomUUID();
    sandbox.faults.inject('pix.charge', { kind: 'unknown_outcome' });
    sandbox.faults.inject('pix.sync', { kind: 'unavailable' });
    expect((await pixCreate(requestId)).statusCode).toBe(502);
    const stranded = (await rowOf(requestId))!;
    const id = stranded.id;
    const retry = await pixCreate(requestId);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toMatchObject({ id, status: 'WAITING_PAYMENT' });
    await later(61_000);
    expect(await chargeAt(paymentKeyOf(stranded))).toMatchObject({ found: true, status: 'WAITING_PAYMENT' });
    expect((await view(id)).status).toBe('WAITING_PAYMENT');
  });
});

describe('refunds on the provider-operation primitive', () => {
  it('the refund id is its operation id and key; a refund the provider took but the platform did not record is acknowledged by the recovery job', async () => {
    const paid = await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { amount: 6_000 }));
    expect(paid.json().status).toBe('APPROVED');
    const id = paid.json().id as string;
    const name = `fail_refund_${randomBytes(4).toString('hex')}`;
    await t.db.db.execute(
      sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin
      if new.transaction_id = '${id}' and new.submitted_at is not null and old.submitted_at is null then raise exception 'simulated crash while recording'; end if;
      return new; end $$`),
    );
    await t.db.db.execute(
      sql.raw(`create trigger ${name} before update on refunds for each row execute function ${name}()`),
    );
    const res = await t.request({
      method: 'POST',
      url: `/core/v1/transactions/${id}/refunds`,
      key: merchant.apiKey,
      payload: { amount: 2_500 },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    await t.db.db.execute(sql.raw(`drop trigger ${name} on refunds`));
    await t.db.db.execute(sql.raw(`drop function ${name}()`));
    const refundId = (
      (await t.db.db.execute<{ id: string }>(sql`select id from refunds where transaction_id = ${id}`)) as {
        rows: { id: string }[];
      }
    ).rows[0]!.id;
    expect(sandbox.faults.calls('card.refund', refundId)).toBe(1);
    await later(31_000);
    const opOf = async () =>
      (
        (await t.db.db.execute<{ status: string }>(
          sql`select id, kind, status from provider_operations where resource_id = ${refundId}`,
        )) as { rows: { status: string }[] }
      ).rows;
    const op = await eventually(
      async () => {
        await t.built.runner.drain();
        return opOf();
      },
      (rows) => rows[0]?.status === 'SUCCEEDED',
      'the refund operation finished',
    );
    expect(op).toEqual([{ id: refundId, kind: 'refund.submit', status: 'SUCCEEDED' }]);
    const acknowledged = (
      await t.request({ method: 'GET', url: `/core/v1/refunds/${refundId}`, key: merchant.apiKey })
    ).json();
    expect(acknowledged).toMatchObject({
      id: refundId,
      status: 'PENDING',
      amount: 2_500,
      provider_refund_id: expect.any(String),
    });
    // Every call under the one key: the refund's id.
    expect(sandbox.faults.calls('card.refund', refundId)).toBeGreaterThanOrEqual(2);
  });
});
