import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { receivables, refunds } from '../../src/db/schema/index.js';
import { hold, post, systemBalance } from '../../src/ledger/ledger.js';
import { runSettlement } from '../../src/modules/receivables/settlements.service.js';
import { parseEventPayload } from '../../src/events/payloads.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventsAbout, merchantWithAccount, seedTransaction, type Merchant } from '../helpers/seed-transactions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

type M = Merchant & { orgKey: string; orgAccountId: string };
/** A merchant with its account and its organization's own account at PROVIDER_A (where the fee share goes). */
async function setup(): Promise<M> {
  const m = await merchantWithAccount(t);
  const res = await t.request({ method: 'POST', url: '/core/v1/banking/bank-accounts', key: m.orgKey, payload: { provider: 'PROVIDER_A' } });
  expect(res.statusCode, res.body).toBe(201);
  return { ...m, orgAccountId: res.json().id };
}
const get = async (url: string, key: string, status = 200) => {
  const res = await t.request({ method: 'GET', url: `/core${url}`, key });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
const rowsOf = (transactionId: string) => t.db.db.select().from(receivables).where(eq(receivables.transactionId, transactionId)).orderBy(asc(receivables.role), asc(receivables.installment), asc(receivables.createdAt));
const balance = async (m: M, accountId = m.bankAccountId) => get(`/v1/banking/bank-accounts/${accountId}/balance`, m.orgKey);
const advanceTo = async (m: M, to: string) => {
  const res = await t.request({ method: 'POST', url: `/core/v1/platform/sandbox/organizations/${m.organizationId}/clock/advance`, key: t.platformKey, payload: { to } });
  expect(res.statusCode, res.body).toBe(200);
};
const refund = async (m: M, id: string, amount: number) => {
  const res = await t.request({ method: 'POST', url: `/core/v1/transactions/${id}/refunds`, key: m.apiKey, payload: { amount } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};
const settleRefund = async (id: string, status: 'SUCCEEDED' | 'FAILED') => {
  const res = await t.request({ method: 'POST', url: `/core/v1/platform/sandbox/refunds/${id}/settle`, key: t.platformKey, payload: { status } });
  expect(res.statusCode, res.body).toBe(200);
};

describe('receivables created with the approval (M2)', () => {
  it('one installment: the merchant gross - fee, the organization the fee share on its own account', async () => {
    const m = await setup();
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 10_000, fee: 100 });
    const list = await get(`/v1/receivables?transaction_id=${tr.id}&sort=created_at`, m.orgKey);
    expect(list.pagination.total).toBe(2);
    const merchant = list.data.find((r: { role: string }) => r.role === 'MERCHANT');
    const org = list.data.find((r: { role: string }) => r.role === 'ORGANIZATION');
    expect(merchant).toMatchObject({ company_id: m.id, bank_account_id: m.bankAccountId, provider: 'PROVIDER_A', installment: 1, installments: 1, gross_amount: 10_000, fee_amount: 100, anticipation_fee_amount: 0, net_amount: 9_900, status: 'PENDING', payment_method: 'CREDIT_CARD', card_brand: 'VISA', paid_at: null, settlement_id: null, cancel_reason: null });
    expect(merchant.payment_date).toBe(merchant.original_payment_date);
    expect(org).toMatchObject({ company_id: m.organizationId, bank_account_id: m.orgAccountId, gross_amount: 100, fee_amount: 0, net_amount: 100, status: 'PENDING' });
    expect((await balance(m)).pending).toBe(9_900);
    // the organization's fee share is its REVENUE (no balance row): its account's pending does not move per payment
    expect((await balance(m, m.orgAccountId)).pending).toBe(0);
    // a merchant sees only its own
    const own = await get(`/v1/receivables?transaction_id=${tr.id}`, m.apiKey);
    expect(own.data.map((r: { role: string }) => r.role)).toEqual(['MERCHANT']);
    expect(await get(`/v1/receivables/${merchant.id}`, m.apiKey)).toEqual(merchant);
    await get(`/v1/receivables/${org.id}`, m.apiKey, 404);
  });

  it('twelve installments: floor splits with the remainders on installment 1', async () => {
    const m = await setup();
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 10_007, fee: 125, installments: 12 });
    const rows = await rowsOf(tr.id);
    const merchant = rows.filter((r) => r.role === 'MERCHANT');
    const org = rows.filter((r) => r.role === 'ORGANIZATION');
    expect(merchant.map((r) => r.grossAmount)).toEqual([844, ...Array(11).fill(833)]);
    expect(merchant.map((r) => r.feeAmount)).toEqual([15, ...Array(11).fill(10)]);
    expect(merchant.reduce((s, r) => s + r.netAmount, 0)).toBe(10_007 - 125);
    expect(org.map((r) => r.netAmount)).toEqual([15, ...Array(11).fill(10)]);
    const dates = merchant.map((r) => r.paymentDate);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(12);
  });

  it('a partial capture schedules on the captured amount', async () => {
    const m = await setup();
    const tr = await seedTransaction(t, m, { status: 'AUTHORIZED', amount: 10_000 });
    const res = await t.request({ method: 'POST', url: `/core/v1/transactions/${tr.id}/capture`, key: m.apiKey, payload: { amount: 6_001 } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf(tr.id);
    expect(rows.map((r) => [r.role, r.grossAmount, r.netAmount])).toEqual([['MERCHANT', 6_001, 6_001]]);
    expect((await balance(m)).pending).toBe(6_001);
  });

  it('PIX: PAID at once with no settlement, the net in available', async () => {
    const m = await setup();
    const tr = await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 1_000, fee: 50 });
    const rows = await rowsOf(tr.id);
    expect(rows.map((r) => [r.role, r.status, r.netAmount, r.settlementId])).toEqual([['MERCHANT', 'PAID', 950, null], ['ORGANIZATION', 'PAID', 50, null]]);
    expect(rows[0].paidAt).not.toBeNull();
    expect(await balance(m)).toMatchObject({ pending: 0, available: 950 });
  });
});

describe('GET /v1/receivables filters and sorts (M2)', () => {
  it('by status, role, method, dates, net amount; sorted by amount or payment date; bad input 400', async () => {
    const m = await setup();
    await advanceTo(m, '2027-10-04T15:00:00Z'); // Monday
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 9_002, fee: 90, installments: 3 });
    await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 700 });
    const ids = async (qs: string) => (await get(`/v1/receivables?${qs}`, m.orgKey)).data.map((r: { installment: number; role: string; payment_method: string }) => `${r.role[0]}${r.payment_method[0]}${r.installment}`);
    expect(await ids(`transaction_id=${tr.id}&role=MERCHANT&sort=-payment_date`)).toEqual(['MC3', 'MC2', 'MC1']);
    expect(await ids(`company_id=${m.id}&status=PAID`)).toEqual(['MP1']);
    expect(await ids(`company_id=${m.id}&payment_method=CREDIT_CARD&amount_from=2970&amount_to=2970&sort=payment_date`)).toEqual(['MC2', 'MC3']);
    expect(await ids(`bank_account_id=${m.bankAccountId}&sort=-amount,payment_date`)).toEqual(['MC1', 'MC2', 'MC3', 'MP1']);
    expect(await ids(`company_id=${m.id}&payment_date_from=2027-11-03&payment_date_to=2027-12-02&role=MERCHANT`)).toEqual(['MC1']);
    expect(await ids(`role=ORGANIZATION&transaction_id=${tr.id}&sort=payment_date`)).toEqual(['OC1', 'OC2', 'OC3']);
    for (const bad of ['payment_date_from=2027-02-30', 'amount_to=-1', 'role=OTHER', 'sort=fee', 'status=DONE', 'payment_date_to=99999-01-01', 'amount_from=1e300']) {
      const res = await t.request({ method: 'GET', url: `/core/v1/receivables?${bad}`, key: m.orgKey });
      expect(res.statusCode, bad).toBe(400);
    }
    await get(`/v1/receivables/schedule`, m.orgKey, 400);
  });
});

describe('settlement on the organization clock (M2, M7)', () => {
  it('over Carnival: nothing before the rolled date, then one settlement per account at 03:00 UTC; the agenda sums', async () => {
    const m = await setup();
    await advanceTo(m, '2027-01-07T15:00:00Z'); // Thursday; +30 = Saturday Feb 6, Carnival Feb 8-9 -> Feb 10
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 30_001, fee: 301, installments: 3 });
    const dates = (await rowsOf(tr.id)).filter((r) => r.role === 'MERCHANT').map((r) => r.paymentDate);
    expect(dates).toEqual(['2027-02-10', '2027-03-08', '2027-04-07']);

    const agenda = await get(`/v1/receivables/schedule?bank_account_id=${m.bankAccountId}`, m.apiKey);
    expect(agenda.data).toEqual([
      { payment_date: '2027-02-10', count: 1, gross_amount: 10_001, fee_amount: 101, anticipation_fee_amount: 0, net_amount: 9_900 },
      { payment_date: '2027-03-08', count: 1, gross_amount: 10_000, fee_amount: 100, anticipation_fee_amount: 0, net_amount: 9_900 },
      { payment_date: '2027-04-07', count: 1, gross_amount: 10_000, fee_amount: 100, anticipation_fee_amount: 0, net_amount: 9_900 },
    ]);
    expect((await get(`/v1/receivables/schedule?bank_account_id=${m.bankAccountId}&payment_date_from=2027-03-01&payment_date_to=2027-03-31`, m.apiKey)).data.map((d: { payment_date: string }) => d.payment_date)).toEqual(['2027-03-08']);

    await advanceTo(m, '2027-02-10T02:59:00Z');
    expect((await get('/v1/settlements', m.orgKey)).data).toEqual([]);
    await advanceTo(m, '2027-02-10T03:00:00Z');
    const settled = await get('/v1/settlements?sort=created_at', m.orgKey);
    expect(settled.data.map((s: { bank_account_id: string; net_amount: number }) => [s.bank_account_id, s.net_amount]).sort()).toEqual(
      [[m.bankAccountId, 9_900], [m.orgAccountId, 101]].sort(),
    );
    const mine = settled.data.find((s: { bank_account_id: string }) => s.bank_account_id === m.bankAccountId);
    expect(mine).toMatchObject({ company_id: m.id, provider: 'PROVIDER_A', payment_date: '2027-02-10', receivable_count: 1, gross_amount: 10_001, fee_amount: 101, anticipation_fee_amount: 0, net_amount: 9_900 });
    const paid = await get(`/v1/settlements/${mine.id}/receivables`, m.apiKey);
    expect(paid.data).toMatchObject([{ installment: 1, status: 'PAID', paid_at: '2027-02-10T03:00:00.000Z', settlement_id: mine.id }]);
    expect(await balance(m)).toMatchObject({ pending: 19_800, available: 9_900 });
    const events = await eventsAbout(t, mine.id, ['settlement.completed']);
    expect(events).toHaveLength(1);
    expect(parseEventPayload('settlement.completed', events[0].payload).success).toBe(true);
    expect(events[0].payload).toMatchObject({ ...mine, sequence: expect.any(Number) });
    // merchant reach; another tenant's settlement is 404
    expect((await get('/v1/settlements', m.apiKey)).data.map((s: { id: string }) => s.id)).toEqual([mine.id]);
    const other = await setup();
    await get(`/v1/settlements/${mine.id}`, other.orgKey, 404);
    await get(`/v1/receivables/schedule?bank_account_id=${m.bankAccountId}`, other.orgKey, 404);

    await advanceTo(m, '2027-04-08T00:00:00Z');
    const all = await get(`/v1/settlements?bank_account_id=${m.bankAccountId}&sort=payment_date`, m.apiKey);
    expect(all.data.map((s: { payment_date: string }) => s.payment_date)).toEqual(['2027-02-10', '2027-03-08', '2027-04-07']);
    expect(await balance(m)).toMatchObject({ pending: 0, available: 29_700 });
    expect((await get(`/v1/receivables/schedule?bank_account_id=${m.bankAccountId}`, m.apiKey)).data).toEqual([]);
  });

  it('a settlement over Good Friday repays debt first', async () => {
    const m = await setup();
    await advanceTo(m, '2027-02-24T15:00:00Z'); // +30 = Friday March 26, Good Friday 2027 -> Monday March 29
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 5_000 });
    expect((await rowsOf(tr.id)).map((r) => r.paymentDate)).toEqual(['2027-03-29']);
    // a PIX's money moved out (an open transfer hold), then the PIX refunded: available short -> debt
    const pix = await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 1_000 });
    const now = t.deps.clock.now(m.organizationId);
    await t.db.db.transaction((tx) => hold(tx, { code: 'INTERNAL_TRANSFER_HOLD', source: { type: 'INTERNAL_TRANSFER', id: randomUUID() }, account: { id: m.bankAccountId }, amount: 1_000, now }));
    await refund(m, pix.id, 1_000);
    expect(await balance(m)).toMatchObject({ pending: 5_000, available: 0, debt: 1_000 });
    await advanceTo(m, '2027-03-29T03:00:00Z');
    expect(await balance(m)).toMatchObject({ pending: 0, available: 4_000, debt: 0 });
    const changes = await eventsAbout(t, m.bankAccountId, ['balance.debt-changed']);
    expect(changes.at(-1)?.payload).toMatchObject({ old_debt: 1_000, new_debt: 0 });
  });
});

describe("the organization's sweep: its fee shares reach its available (M2, M3)", () => {
  const revenue = (m: M) => systemBalance(t.db.db, { type: 'REVENUE', organizationId: m.organizationId, provider: 'PROVIDER_A' });
  const orgSettlements = async (m: M) => (await get(`/v1/settlements?bank_account_id=${m.orgAccountId}&sort=payment_date`, m.orgKey)).data as { id: string; payment_date: string; receivable_count: number; net_amount: number }[];

  it('card shares by the run of their date, PIX shares by the run of the next date; one post per account and date; debt first', async () => {
    const m = await setup();
    await advanceTo(m, '2027-10-04T15:00:00Z'); // Monday; +30 = Wednesday November 3
    await seedTransaction(t, m, { status: 'APPROVED', amount: 10_000, fee: 300 });
    await seedTransaction(t, m, { status: 'APPROVED', amount: 5_000, fee: 200 });
    const pix = await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 1_000, fee: 50 });
    await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 400, fee: 20 });
    expect(await revenue(m)).toBe(570);
    expect(await balance(m, m.orgAccountId)).toMatchObject({ pending: 0, available: 0 });
    // the organization owes 30 (as a debit found its available short would leave it): the sweep repays it first
    await t.db.db.transaction((tx) => post(tx, {
      code: 'ADJUSTMENT', source: { type: 'ADJUSTMENT', id: randomUUID() }, now: t.deps.clock.now(m.organizationId),
      postings: [{ account: { type: 'BANK_ACCOUNT', id: m.orgAccountId, balance: 'DEBT' }, direction: 'DEBIT', amount: 30 }, { account: { type: 'CLEARING', provider: 'PROVIDER_A' }, direction: 'CREDIT', amount: 30 }],
    }));

    await advanceTo(m, '2027-10-05T02:59:59Z');
    expect(await balance(m, m.orgAccountId)).toMatchObject({ available: 0, debt: 30 });
    await advanceTo(m, '2027-10-05T03:00:00Z');
    expect(await balance(m, m.orgAccountId)).toMatchObject({ pending: 0, available: 40, debt: 0 });
    expect(await revenue(m)).toBe(500);
    const [first] = await orgSettlements(m);
    expect(first).toMatchObject({ payment_date: '2027-10-05', receivable_count: 2, net_amount: 70, company_id: m.organizationId });
    const pixRows = await rowsOf(pix.id);
    expect(pixRows.map((r) => [r.role, r.status, r.settlementId])).toEqual([['MERCHANT', 'PAID', null], ['ORGANIZATION', 'PAID', first.id]]);
    // one ledger transaction for the account and date: REVENUE -70, debt -30, available +40
    const entries = (await get(`/v1/ledger/entries?bank_account_id=${m.orgAccountId}&code=RECEIVABLE_SETTLED`, m.orgKey)).data;
    expect(new Set(entries.map((e: { ledger_transaction_id: string }) => e.ledger_transaction_id)).size).toBe(1);
    const ledgerTx = await get(`/v1/ledger/transactions/${entries[0].ledger_transaction_id}`, m.orgKey);
    expect(ledgerTx.source).toEqual({ type: 'SETTLEMENT', id: first.id });
    expect(ledgerTx.postings.map((p: { account: { type: string; balance_type: string | null }; direction: string; amount: number }) => [p.account.type, p.account.balance_type, p.direction, p.amount]).sort()).toEqual(
      [['REVENUE', null, 'DEBIT', 70], ['BANK_ACCOUNT', 'DEBT', 'CREDIT', 30], ['BANK_ACCOUNT', 'AVAILABLE', 'CREDIT', 40]].sort(),
    );
    const debt = await eventsAbout(t, m.orgAccountId, ['balance.debt-changed']);
    expect(debt.at(-1)?.payload).toMatchObject({ bank_account_id: m.orgAccountId, old_debt: 30, new_debt: 0 });
    const completed = await eventsAbout(t, first.id, ['settlement.completed']);
    expect(completed[0].payload).toMatchObject({ bank_account_id: m.orgAccountId, net_amount: 70, sequence: expect.any(Number) });

    await advanceTo(m, '2027-11-03T03:00:00Z');
    expect(await balance(m, m.orgAccountId)).toMatchObject({ pending: 0, available: 540, debt: 0 });
    expect(await revenue(m)).toBe(0);
    expect((await orgSettlements(m)).map((s) => [s.payment_date, s.receivable_count, s.net_amount])).toEqual([['2027-10-05', 2, 70], ['2027-11-03', 2, 500]]);
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
    const runs = await Promise.all([runSettlement(deps, payload, 'a'), runSettlement(deps, payload, 'b'), runSettlement(deps, payload, 'c')]);
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
    const orgRows = async () => (await Promise.all([rowsOf(card.id), rowsOf(pix.id)])).flat().filter((r) => r.role === 'ORGANIZATION');
    expect((await orgRows()).map((r) => r.bankAccountId)).toEqual([null, null]);
    await advanceTo(m as M, '2027-10-06T15:00:00Z');
    const res = await t.request({ method: 'POST', url: '/core/v1/banking/bank-accounts', key: m.orgKey, payload: { provider: 'PROVIDER_A' } });
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
    expect(canceled.map((x) => [x.installment, x.netAmount, x.cancelReason])).toEqual([[2, 10_000, 'REFUND'], [3, 10_000, 'REFUND']]);
    expect(pending.map((x) => [x.installment, x.grossAmount, x.feeAmount, x.netAmount])).toEqual([[1, 10_000, 0, 10_000], [2, 5_000, 0, 5_000]]);
    const rest = pending.find((x) => x.installment === 2)!;
    expect(rest.paymentDate).toBe(canceled[0].paymentDate);
    const [refundRow] = await t.db.db.select().from(refunds).where(eq(refunds.id, r.id));
    expect([refundRow.reservedPending, refundRow.reservedAvailable, refundRow.reservedDebt]).toEqual([15_000, 0, 0]);
    expect(await balance(m)).toMatchObject({ pending: 15_000, held: 15_000 });
    await expectLedgerInvariants(t.db.db);

    await settleRefund(r.id, 'FAILED');
    const after = (await rowsOf(tr.id)).filter((x) => x.status === 'PENDING');
    expect(after.map((x) => [x.installment, x.netAmount]).sort()).toEqual([[1, 10_000], [2, 5_000], [2, 5_000], [3, 10_000]]);
    expect(await balance(m)).toMatchObject({ pending: 30_000, held: 0 });
  });

  it("only the refunded transaction's receivables count as its pending part", async () => {
    const m = await setup();
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 2_000, installments: 2 });
    const other = await seedTransaction(t, m, { status: 'APPROVED', amount: 700 });
    await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 500 });
    const r1 = await refund(m, tr.id, 1_500);
    expect((await rowsOf(tr.id)).filter((x) => x.status === 'PENDING').map((x) => [x.installment, x.netAmount])).toEqual([[1, 500]]);
    const r2 = await refund(m, tr.id, 500);
    const reserved = async (id: string) => {
      const [row] = await t.db.db.select().from(refunds).where(eq(refunds.id, id));
      return [row.reservedPending, row.reservedAvailable, row.reservedDebt];
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
    const dates = (await get(`/v1/settlements?bank_account_id=${m.bankAccountId}&sort=created_at`, m.apiKey)).data.map((s: { payment_date: string; net_amount: number }) => [s.payment_date, s.net_amount]);
    expect(dates).toEqual([['2027-06-02', 3_000], ['2027-06-02', 1_000]]);
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
      t.request({ method: 'POST', url: `/core/v1/transactions/${tr.id}/refunds`, key: m.apiKey, payload: { amount: 6_000 } }),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const runs = [a, b].filter(Boolean);
    expect(runs.length).toBeLessThanOrEqual(1);
    const [row] = await t.db.db.select().from(refunds).where(eq(refunds.id, res.json().id));
    const settledNet = runs[0]?.netAmount ?? 0;
    // whatever the order: the settled part came back through available, the rest from the receivables
    expect(row.reservedPending + row.reservedAvailable + row.reservedDebt).toBe(6_000);
    expect(row.reservedPending).toBe(6_000 - settledNet);
    expect(await balance(m)).toMatchObject({ pending: 0, available: 0, held: 6_000, debt: 0 });
  });
});
