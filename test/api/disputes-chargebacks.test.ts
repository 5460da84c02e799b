import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ledgerPostings, ledgerTransactions } from '../../src/db/schema/index.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { disputeKit } from '../helpers/disputes.js';
import { eventsAbout, merchantWithAccount, seedTransaction, type Merchant } from '../helpers/seed-transactions.js';

/** Disputes that close owing money (chargebacks against receivables), and disputes beside refunds (money.md M6). */
let t: TestApp;
let m: Merchant & { orgKey: string };
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  m = await merchantWithAccount(t);
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

type Json = Record<string, any>;
const { opened, outcome, putEvidence, submit, accept, deposit, receivablesOf, balances, expectCode, freshCase } =
  disputeKit(
    () => t,
    () => m,
  );

describe('chargebacks: a dispute closing with debt takes it from the receivables', () => {
  it("LOST with debt still owed: the transaction's PENDING receivables pay it, last installment first (CHARGEBACK), in the dispute's ledger transaction", async () => {
    const merchant = await merchantWithAccount(t, { id: m.organizationId, apiKey: m.orgKey });
    const tr = await seedTransaction(t, merchant, { status: 'APPROVED', amount: 30_000, installments: 3 });
    await deposit(merchant.bankAccountId, 4_000);
    const d = await opened(tr.id, { amount: 15_000, reason: 'FRAUD' });
    expect(d).toMatchObject({ held_amount: 15_000, debt_amount: 11_000 });
    const res = await accept(d.id, merchant.apiKey);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balances(merchant.bankAccountId)).toMatchObject({ pending: 19_000, available: 0, held: 0, debt: 0 });
    const rows = await receivablesOf(tr.id);
    expect(rows.map((r) => [r.installment, r.status, r.cancelReason, r.netAmount, r.consumedAmount])).toEqual([
      [1, 'PENDING', null, 10_000, null],
      [2, 'CANCELED', 'CHARGEBACK', 10_000, 1_000],
      [2, 'PENDING', null, 9_000, null],
      [3, 'CANCELED', 'CHARGEBACK', 10_000, 10_000],
    ]);
    const rest = rows.find((r) => r.installment === 2 && r.status === 'PENDING')!;
    expect([rest.paymentDate, rest.grossAmount, rest.feeAmount]).toEqual([rows[1]!.paymentDate, 9_000, 0]);
    // one ledger transaction: held -15,000, clearing -15,000, pending -11,000, debt -11,000
    const [lost] = await t.db.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.sourceId, d.id), eq(ledgerTransactions.code, 'DISPUTE_LOST')));
    const postings = await t.db.db.select().from(ledgerPostings).where(eq(ledgerPostings.transactionId, lost!.id));
    expect(postings.map((p) => [p.balanceType, p.direction, p.amount]).sort()).toEqual(
      [
        ['HELD', 'DEBIT', 15_000],
        ['CLEARING', 'CREDIT', 15_000],
        ['PENDING', 'DEBIT', 11_000],
        ['DEBT', 'CREDIT', 11_000],
      ].sort(),
    );
    const debtEvents = (await eventsAbout(t, merchant.bankAccountId, ['balance.debt-changed'])).map(
      (e) => e.payload as Json,
    );
    expect(debtEvents.map((p) => [p.old_debt, p.new_debt])).toEqual([
      [0, 11_000],
      [11_000, 0],
    ]);
    const closed = (await eventsAbout(t, d.id, ['dispute.status-changed'])).map((e) => e.payload as Json).at(-1)!;
    expect(closed.sequence).toBe(debtEvents.at(-1)!.sequence);
    // what is left settles as usual
    await expectLedgerInvariants(t.db.db);
    const advance = await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/organizations/${m.organizationId}/clock/advance`,
      key: t.platformKey,
      payload: { seconds: 100 * 86_400 },
    });
    expect(advance.statusCode, advance.body).toBe(200);
    expect(await balances(merchant.bankAccountId)).toMatchObject({ pending: 0, available: 19_000, debt: 0 });
  });

  it("a chargeback that consumed a refund's rest: the refund failing gives back only what it consumed itself", async () => {
    const merchant = await merchantWithAccount(t, { id: m.organizationId, apiKey: m.orgKey });
    const tr = await seedTransaction(t, merchant, { status: 'APPROVED', amount: 30_000, installments: 3 });
    const refund = await t.request({
      method: 'POST',
      url: `/core/v1/transactions/${tr.id}/refunds`,
      key: merchant.apiKey,
      payload: { amount: 15_000 },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    // installment 3 whole, 5,000 of installment 2 (its rest of 5,000 a new PENDING receivable marked with the refund)
    const d = await opened(tr.id, { amount: 12_000, reason: 'FRAUD' });
    expect((await accept(d.id, merchant.apiKey)).statusCode).toBe(200);
    // the chargeback took the rest (5,000) and 7,000 of installment 1
    const failed = await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/refunds/${refund.json().id}/settle`,
      key: t.platformKey,
      payload: { status: 'FAILED' },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    const pending = (await receivablesOf(tr.id)).filter((r) => r.status === 'PENDING');
    expect(pending.map((r) => [r.installment, r.netAmount]).sort()).toEqual([
      [1, 3_000],
      [2, 5_000],
      [3, 10_000],
    ]);
    expect(await balances(merchant.bankAccountId)).toMatchObject({ pending: 18_000, held: 0, debt: 0 });
  });

  it('a debt repaid before the dispute closes leaves the receivables alone', async () => {
    const { merchant, tr } = await freshCase();
    const d = await opened(tr.id, { amount: 3_000, reason: 'FRAUD' });
    expect(d.debt_amount).toBe(3_000);
    await deposit(merchant.bankAccountId, 2_000); // repays 2,000 of it
    expect((await accept(d.id, merchant.apiKey)).statusCode).toBe(200);
    expect(await balances(merchant.bankAccountId)).toMatchObject({ pending: 9_000, available: 0, debt: 0 });
    expect((await receivablesOf(tr.id)).map((r) => [r.status, r.cancelReason, r.netAmount])).toEqual([
      ['CANCELED', 'CHARGEBACK', 10_000],
      ['PENDING', null, 9_000],
    ]);
    const { merchant: m2, tr: tr2 } = await freshCase();
    const d2 = await opened(tr2.id, { amount: 3_000, reason: 'FRAUD' });
    await deposit(m2.bankAccountId, 3_000);
    expect((await accept(d2.id, m2.apiKey)).statusCode).toBe(200);
    expect(await balances(m2.bankAccountId)).toMatchObject({ pending: 10_000, available: 0, debt: 0 });
    expect((await receivablesOf(tr2.id)).map((r) => r.status)).toEqual(['PENDING']);
  });
});

describe('refunds and disputes share the captured amount', () => {
  it('a refund cannot return what a dispute claims (open, lost or accepted); a won dispute frees it', async () => {
    const { merchant, tr } = await freshCase();
    const d = await opened(tr.id, { amount: 4_000, reason: 'FRAUD' });
    const refund = (amount: number) =>
      t.request({
        method: 'POST',
        url: `/core/v1/transactions/${tr.id}/refunds`,
        key: merchant.apiKey,
        payload: { amount },
      });
    expect(expectCode(await refund(6_001), 409, 'CONFLICT_ERROR').details).toEqual({
      field: 'amount',
      value: 6_001,
      refundable_amount: 6_000,
    });
    expect((await refund(1_000)).statusCode).toBe(201);
    expect((await putEvidence(d.id, { text: 'x' }, merchant.apiKey)).statusCode).toBe(200);
    expect((await submit(d.id, merchant.apiKey)).statusCode).toBe(200);
    expect((await outcome(d.id, 'WON')).statusCode).toBe(200);
    expect((await refund(9_000)).statusCode).toBe(201);
  });
});
