import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refunds } from '../../src/db/schema/index.js';
import { post, systemBalance } from '../../src/ledger/ledger.js';
import { runSettlement } from '../../src/modules/receivables/settlements.service.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventsAbout, merchantWithAccount, seedTransaction } from '../helpers/seed-transactions.js';
import { receivablesKit, type M } from '../helpers/receivables.js';

/** Receivables (money.md M2, M3): the organization's sweep, refunds consuming receivables, settlement racing a refund. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));
const { setup, get, rowsOf, balance, advanceTo, refund, settleRefund } = receivablesKit(() => t);

describe("the organization's sweep: its fee shares reach its available (M2, M3)", () => {
  const revenue = (m: M) =>
    systemBalance(t.db.db, { type: 'REVENUE', organizationId: m.organizationId, provider: 'PROVIDER_A' });
  const orgSettlements = async (m: M) =>
    (await get(`/v1/settlements?bank_account_id=${m.orgAccountId}&sort=payment_date`, m.orgKey)).data as {
      id: string;
      payment_date: string;
      receivable_count: number;
      net_amount: number;
    }[];

  it('card shares by the run of their date, PIX shares by the run of the next date; one post per account and date; debt first', async () => {
    const m = await setup();
    await advanceTo(m, '2027-10-04T15:00:00Z'); // Monday; +30 = Wednesday November 3
    await seedTransaction(t, m, { status: 'APPROVED', amount: 10_000, fee: 300 });
    await seedTransaction(t, m, { status: 'APPROVED', amount: 5_000, fee: 200 });
    const pix = await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 1_000, fee: 50 });
    await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 400, fee: 20 });
    expect(await revenue(m)).toBe(570);
    // REVENUE is the organization account's pending (issue 24, M3), derived at read time
    expect(await balance(m, m.orgAccountId)).toMatchObject({ pending: 570, available: 0 });
    // the organization owes 30 (as a debit found its available short would leave it): the sweep repays it first
    await t.db.db.transaction((tx) =>
      post(tx, {
        code: 'ADJUSTMENT',
        source: { type: 'ADJUSTMENT', id: randomUUID() },
        now: t.deps.clock.now(m.organizationId),
        postings: [
          { account: { type: 'BANK_ACCOUNT', id: m.orgAccountId, balance: 'DEBT' }, direction: 'DEBIT', amount: 30 },
          { account: { type: 'CLEARING', provider: 'PROVIDER_A' }, direction: 'CREDIT', amount: 30 },
        ],
      }),
    );

    await advanceTo(m, '2027-10-05T02:59:59Z');
    expect(await balance(m, m.orgAccountId)).toMatchObject({ available: 0, debt: 30 });
    await advanceTo(m, '2027-10-05T03:00:00Z');
    expect(await balance(m, m.orgAccountId)).toMatchObject({ pending: 500, available: 40, debt: 0 });
    expect(await revenue(m)).toBe(500);
    const [first] = await orgSettlements(m);
    expect(first).toMatchObject({
      payment_date: '2027-10-05',
      receivable_count: 2,
      net_amount: 70,
      company_id: m.organizationId,
    });
    const pixRows = await rowsOf(pix.id);
    expect(pixRows.map((r) => [r.role, r.status, r.settlementId])).toEqual([
      ['MERCHANT', 'PAID', null],
      ['ORGANIZATION', 'PAID', first!.id],
    ]);
    // one ledger transaction for the account and date: REVENUE -70, debt -30, available +40
    const entries = (
      await get(`/v1/ledger/entries?bank_account_id=${m.orgAccountId}&code=RECEIVABLE_SETTLED`, m.orgKey)
    ).data;
    expect(new Set(entries.map((e: { ledger_transaction_id: string }) => e.ledger_transaction_id)).size).toBe(1);
    const ledgerTx = await get(`/v1/ledger/transactions/${entries[0].ledger_transaction_id}`, m.orgKey);
    expect(ledgerTx.source).toEqual({ type: 'SETTLEMENT', id: first!.id });
    expect(
      ledgerTx.postings
        .map((p: { account: { type: string; balance_type: string | null }; direction: string; amount: number }) => [
          p.account.type,
          p.account.balance_type,
          p.direction,
          p.amount,
        ])
        .sort(),
    ).toEqual(
      [
        ['REVENUE', null, 'DEBIT', 70],
        ['BANK_ACCOUNT', 'DEBT', 'CREDIT', 30],
        ['BANK_ACCOUNT', 'AVAILABLE', 'CREDIT', 40],
      ].sort(),
    );
    const debt = await eventsAbout(t, m.orgAccountId, ['balance.debt-changed']);
    expect(debt.at(-1)?.payload).toMatchObject({ bank_account_id: m.orgAccountId, old_debt: 30, new_debt: 0 });
    const completed = await eventsAbout(t, first!.id, ['settlement.completed']);
    expect(completed[0]!.payload).toMatchObject({
      bank_account_id: m.orgAccountId,
      net_amount: 70,
      sequence: expect.any(Number),
    });

    await advanceTo(m, '2027-11-03T03:00:00Z');
    expect(await balance(m, m.orgAccountId)).toMatchObject({ pending: 0, available: 540, debt: 0 });
    expect(await revenue(m)).toBe(0);
    expect((await orgSettlements(m)).map((s) => [s.payment_date, s.receivable_count, s.net_amount])).toEqual([
      ['2027-10-05', 2, 70],
      ['2027-11-03', 2, 500],
    ]);
  });

  it('exactly once: concurrent and retried runs of the organization account and date post once', async () => {
    const m = await setup();
    await advanceTo(m, '2027-10-04T15:00:00Z');
    await seedTransaction(t, m, { status: 'APPROVED', amount: 10_000, fee: 300 });
    await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 1_000, fee: 50 });
    await advanceTo(m, '2027-11-03T02:59:59Z'); // the PIX share is swept by the run of October 5 on the way
    expect(await balance(m, m.orgAccountId)).toMatchObject({ available: 50 });
    const payload = { bankAccountId: m.orgAccountId, paymentDate: '2027-11-03', runKey: 'date' };
    const deps = { db: t.db.db, clock: t.deps.clock };
    const runs = await Promise.all([
      runSettlement(deps, payload, 'a'),
      runSettlement(deps, payload, 'b'),
      runSettlement(deps, payload, 'c'),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await runSettlement(deps, payload, 'retry')).toBeNull();
    await advanceTo(m, '2027-11-04T00:00:00Z'); // the job itself runs too, and finds nothing
    expect(await balance(m, m.orgAccountId)).toMatchObject({ available: 350 });
    expect(await revenue(m)).toBe(0);
  });

  it('shares recorded while the organization had no account are attached when it opens one, then swept', async () => {
    const m = await merchantWithAccount(t);
    await advanceTo(m as M, '2027-10-04T15:00:00Z');
    const card = await seedTransaction(t, m, { status: 'APPROVED', amount: 10_000, fee: 300 });
    const pix = await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 1_000, fee: 50 });
    const orgRows = async () =>
      (await Promise.all([rowsOf(card.id), rowsOf(pix.id)])).flat().filter((r) => r.role === 'ORGANIZATION');
    expect((await orgRows()).map((r) => r.bankAccountId)).toEqual([null, null]);
    await advanceTo(m as M, '2027-10-06T15:00:00Z');
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/banking/bank-accounts',
      key: m.orgKey,
      payload: { provider: 'PROVIDER_A' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const o: M = { ...m, orgAccountId: res.json().id };
    expect((await orgRows()).map((r) => r.bankAccountId)).toEqual([o.orgAccountId, o.orgAccountId]);
    await advanceTo(o, '2027-10-06T15:00:01Z'); // the PIX share was due already: the run of the opening day, at once
    expect(await balance(o, o.orgAccountId)).toMatchObject({ available: 50 });
    await advanceTo(o, '2027-11-03T03:00:00Z');
    expect(await balance(o, o.orgAccountId)).toMatchObject({ available: 350 });
    expect(await revenue(o)).toBe(0);
  });
});

describe('refunds consume receivables (M2)', () => {
  it('from the last installment backwards, the partly consumed one carried by a new receivable; FAILED restores', async () => {
    const m = await setup();
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 30_000, installments: 3 });
    const r = await refund(m, tr.id, 15_000);
    const rows = await rowsOf(tr.id);
    const pending = rows.filter((x) => x.status === 'PENDING');
    const canceled = rows.filter((x) => x.status === 'CANCELED');
    expect(canceled.map((x) => [x.installment, x.netAmount, x.cancelReason])).toEqual([
      [2, 10_000, 'REFUND'],
      [3, 10_000, 'REFUND'],
    ]);
    expect(pending.map((x) => [x.installment, x.grossAmount, x.feeAmount, x.netAmount])).toEqual([
      [1, 10_000, 0, 10_000],
      [2, 5_000, 0, 5_000],
    ]);
    const rest = pending.find((x) => x.installment === 2)!;
    expect(rest.paymentDate).toBe(canceled[0]!.paymentDate);
    const [refundRow] = await t.db.db.select().from(refunds).where(eq(refunds.id, r.id));
    expect([refundRow!.reservedPending, refundRow!.reservedAvailable, refundRow!.reservedDebt]).toEqual([15_000, 0, 0]);
    expect(await balance(m)).toMatchObject({ pending: 15_000, held: 15_000 });
    await expectLedgerInvariants(t.db.db);

    await settleRefund(r.id, 'FAILED');
    const after = (await rowsOf(tr.id)).filter((x) => x.status === 'PENDING');
    expect(after.map((x) => [x.installment, x.netAmount]).sort()).toEqual([
      [1, 10_000],
      [2, 5_000],
      [2, 5_000],
      [3, 10_000],
    ]);
    expect(await balance(m)).toMatchObject({ pending: 30_000, held: 0 });
  });

  it("only the refunded transaction's receivables count as its pending part", async () => {
    const m = await setup();
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 2_000, installments: 2 });
    const other = await seedTransaction(t, m, { status: 'APPROVED', amount: 700 });
    await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 500 });
    const r1 = await refund(m, tr.id, 1_500);
    expect(
      (await rowsOf(tr.id)).filter((x) => x.status === 'PENDING').map((x) => [x.installment, x.netAmount]),
    ).toEqual([[1, 500]]);
    const r2 = await refund(m, tr.id, 500);
    const reserved = async (id: string) => {
      const [row] = await t.db.db.select().from(refunds).where(eq(refunds.id, id));
      return [row!.reservedPending, row!.reservedAvailable, row!.reservedDebt];
    };
    expect(await reserved(r1.id)).toEqual([1_500, 0, 0]);
    expect(await reserved(r2.id)).toEqual([500, 0, 0]);
    expect((await rowsOf(other.id)).map((x) => x.status)).toEqual(['PENDING']);
    expect(await balance(m)).toMatchObject({ pending: 700, available: 500, held: 2_000 });
    // the other transaction: 700 of its receivables (the PIX's available stays)
    const r3 = await refund(m, other.id, 700);
    expect(await reserved(r3.id)).toEqual([700, 0, 0]);
    expect(await balance(m)).toMatchObject({ pending: 0, available: 500 });
  });

  it("a refund failing after its receivables' date has run: the restored ones settle at once in a run of their own", async () => {
    const m = await setup();
    await advanceTo(m, '2027-05-03T15:00:00Z'); // Monday; +30 = Wednesday June 2 (Corpus Christi 2027 is May 27)
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 4_000 });
    const r = await refund(m, tr.id, 1_000);
    await advanceTo(m, '2027-06-02T04:00:00Z');
    expect(await balance(m)).toMatchObject({ pending: 0, available: 3_000, held: 1_000 });
    await settleRefund(r.id, 'FAILED');
    await advanceTo(m, '2027-06-02T04:00:05Z'); // the restore's run, due at once
    expect(await balance(m)).toMatchObject({ pending: 0, available: 4_000, held: 0 });
    const dates = (await get(`/v1/settlements?bank_account_id=${m.bankAccountId}&sort=created_at`, m.apiKey)).data.map(
      (s: { payment_date: string; net_amount: number }) => [s.payment_date, s.net_amount],
    );
    expect(dates).toEqual([
      ['2027-06-02', 3_000],
      ['2027-06-02', 1_000],
    ]);
    expect((await rowsOf(tr.id)).map((x) => x.status).sort()).toEqual(['CANCELED', 'PAID', 'PAID']);
  });
});

describe('concurrency (issue 14: settlement and a refund of the same receivables at once; two runners)', () => {
  it('one settlement per account and date, no cent created or lost, the refund judged against what the run left', async () => {
    const m = await setup();
    await advanceTo(m, '2027-08-02T15:00:00Z'); // Monday; +30 = Wednesday September 1
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 6_000, installments: 2 });
    await advanceTo(m, '2027-09-01T02:59:59Z');
    const payload = { bankAccountId: m.bankAccountId, paymentDate: '2027-09-01', runKey: 'date' };
    const deps = { db: t.db.db, clock: t.deps.clock };
    const [a, b, res] = await Promise.all([
      runSettlement(deps, payload, 'test-a'),
      runSettlement(deps, payload, 'test-b'),
      t.request({
        method: 'POST',
        url: `/core/v1/transactions/${tr.id}/refunds`,
        key: m.apiKey,
        payload: { amount: 6_000 },
      }),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const runs = [a, b].filter(Boolean);
    expect(runs.length).toBeLessThanOrEqual(1);
    const [row] = await t.db.db.select().from(refunds).where(eq(refunds.id, res.json().id));
    const settledNet = runs[0]?.netAmount ?? 0;
    // whatever the order: the settled part came back through available, the rest from the receivables
    expect(row!.reservedPending + row!.reservedAvailable + row!.reservedDebt).toBe(6_000);
    expect(row!.reservedPending).toBe(6_000 - settledNet);
    expect(await balance(m)).toMatchObject({ pending: 0, available: 0, held: 6_000, debt: 0 });
  });
});
