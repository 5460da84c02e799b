import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transactions, type TransactionRow } from '../../src/db/schema/index.js';
import { outcomesHandler } from '../../src/modules/transactions/transactions.batch.js';
import { announce } from '../../src/modules/transactions/transactions.outcome.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardData } from '../helpers/transactions.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { expectMerchantConservation, expectMoneyInvariants, moneyMerchant, ok } from '../helpers/money-checks.js';

/**
 * Issue 24's money defects, each reproduced from outside (the API) as it was found: every test failed on the
 * code before its fix. Money tests end on the ledger invariants.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const card = async (key: string, body: Record<string, unknown>) => ok(t, 'POST', '/v1/transactions', key, { payment_method: 'CREDIT_CARD', card_data: await cardData(t), ...body }, 201);

describe('installments under a fee close to the amount (issue 24)', () => {
  it('100 in 12 installments with a minimum price of 90 is APPROVED; no receivable nets below 0', async () => {
    const m = await moneyMerchant(t, { feePercentage: 0, cashoutPrice: 0, price: { minimum_price: 90 } });
    const tr = await card(m.merchantKey, { amount: 100, installments: 12 });
    expect(tr).toMatchObject({ status: 'APPROVED', fee: { amount: 90 } });
    const recv = await ok(t, 'GET', `/v1/receivables?transaction_id=${tr.id}&role=MERCHANT&sort=payment_date&limit=100`, m.orgKey);
    expect(recv.data.map((r: { fee_amount: number }) => r.fee_amount)).toEqual([12, 8, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]);
    for (const r of recv.data) expect(r.net_amount).toBeGreaterThanOrEqual(0);
    await expectMoneyInvariants(t, m);
  });
});

describe('the transaction fee after a partial capture (issue 24)', () => {
  it('5,000 captured of 8,000 at 2.99% shows fee 150, as the receivables and the ledger charge', async () => {
    const m = await moneyMerchant(t, { feePercentage: 2.99, cashoutPrice: 0 });
    const tr = await card(m.merchantKey, { amount: 8_000, capture: false });
    expect(tr).toMatchObject({ status: 'AUTHORIZED', fee: { amount: 239 } });
    const captured = await ok(t, 'POST', `/v1/transactions/${tr.id}/capture`, m.merchantKey, { amount: 5_000 });
    expect(captured).toMatchObject({ status: 'APPROVED', captured_amount: 5_000, fee: { amount: 150 } });
    expect((await ok(t, 'GET', `/v1/transactions/${tr.id}`, m.merchantKey)).fee.amount).toBe(150);
    const recv = await ok(t, 'GET', `/v1/receivables?transaction_id=${tr.id}&role=MERCHANT`, m.orgKey);
    expect(recv.data.reduce((s: number, r: { fee_amount: number }) => s + r.fee_amount, 0)).toBe(150);
    const balance = await ok(t, 'GET', `/v1/banking/bank-accounts/${m.accountId}/balance`, m.merchantKey);
    expect(balance.pending).toBe(4_850);
    await expectMoneyInvariants(t, m);
  });
});

describe('money checks: a deposit that repays debt (issue 24)', () => {
  it('counts the deposit whole: debt repaid and available credited', async () => {
    const m = await moneyMerchant(t, { feePercentage: 2.5, cashoutPrice: 0 });
    const tr = await card(m.merchantKey, { amount: 10_000 });
    const refund = await ok(t, 'POST', `/v1/transactions/${tr.id}/refunds`, m.merchantKey, { amount: 10_000 }, 201);
    await ok(t, 'POST', `/v1/platform/sandbox/refunds/${refund.id}/settle`, t.platformKey, { status: 'SUCCEEDED' });
    let balance = await ok(t, 'GET', `/v1/banking/bank-accounts/${m.accountId}/balance`, m.merchantKey);
    expect(balance).toMatchObject({ pending: 0, available: 0, debt: 250 });
    await ok(t, 'POST', `/v1/platform/sandbox/bank-accounts/${m.accountId}/deposits`, t.platformKey, { amount: 1_000 });
    balance = await ok(t, 'GET', `/v1/banking/bank-accounts/${m.accountId}/balance`, m.merchantKey);
    expect(balance).toMatchObject({ pending: 0, available: 750, debt: 0 });
    await expectMerchantConservation(t, m, balance);
    await expectLedgerInvariants(t.db.db);
  });
});

describe('creates while the organization test clock moves (issue 24)', () => {
  it.each(['CREDIT_CARD', 'PIX'] as const)('%s: concurrent creates and clock advances never answer 500 nor lose a row', async (method) => {
    const m = await moneyMerchant(t, { feePercentage: 2.5, cashoutPrice: 0 });
    const body = method === 'PIX' ? { payment_method: 'PIX', amount: 1_000 } : { payment_method: 'CREDIT_CARD', amount: 1_000, card_data: await cardData(t) };
    const statuses: number[] = [];
    const ids: string[] = [];
    for (let round = 0; round < 5; round++) {
      const creates = Array.from({ length: 8 }, () => t.request({ method: 'POST', url: '/core/v1/transactions', key: m.merchantKey, payload: body }));
      const advance = t.request({ method: 'POST', url: `/core/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, key: t.platformKey, payload: { seconds: 3_600 } });
      const [answers, moved] = await Promise.all([Promise.all(creates), advance]);
      expect(moved.statusCode, moved.body).toBe(200);
      for (const res of answers) {
        statuses.push(res.statusCode);
        if (res.statusCode === 201) ids.push(res.json().id);
      }
    }
    expect(statuses.filter((s) => s !== 201), 'every create answers 201').toEqual([]);
    for (const id of ids) expect((await ok(t, 'GET', `/v1/transactions/${id}`, m.merchantKey)).id).toBe(id);
    await expectMoneyInvariants(t, m);
  });
});

describe('a create whose row a recovery removed meanwhile (issue 24)', () => {
  /** A create's row as recorded before its call (a copy of a real one under a new id), then removed by a recovery. */
  async function removedRow(): Promise<{ m: Awaited<ReturnType<typeof moneyMerchant>>; row: TransactionRow }> {
    const m = await moneyMerchant(t, { feePercentage: 2.5, cashoutPrice: 0 });
    const tr = await card(m.merchantKey, { amount: 1_000 });
    const [model] = await t.db.db.select().from(transactions).where(eq(transactions.id, tr.id));
    const row: TransactionRow = { ...model, id: randomUUID(), requestId: null, status: 'PROCESSING', announced: false, capturedAmount: 0, capturedAt: null, authorizedAt: null, authorizationCode: null, providerPaymentId: null, providerReference: null };
    await t.db.db.insert(transactions).values(row);
    await t.db.db.delete(transactions).where(eq(transactions.id, row.id));
    return { m, row };
  }
  const captured = (row: TransactionRow) => ({ kind: 'card' as const, result: { providerPaymentId: `p-${row.id}`, status: 'CAPTURED' as const, authorizedAmount: row.amount, capturedAmount: row.amount, authorizationCode: '123456', refusal: null } });

  it('the grouped outcome records the row again with the answer the create holds', async () => {
    const { m, row } = await removedRow();
    const [answer] = await t.db.db.transaction((tx) => outcomesHandler(t.deps.clock)(tx, [{ row, outcome: captured(row), correlationId: row.id, autopilot: false }]));
    expect(answer).toMatchObject({ ok: true, value: { id: row.id, status: 'APPROVED', announced: true } });
    expect((await ok(t, 'GET', `/v1/transactions/${row.id}`, m.merchantKey)).status).toBe('APPROVED');
    await expectMoneyInvariants(t, m);
  });

  it('the single outcome path (announce) too', async () => {
    const { m, row } = await removedRow();
    const now = t.deps.clock.now(row.organizationId);
    const value = await t.db.db.transaction((tx) => announce(tx, row, { status: 'REFUSED', refusal: { code: 'CARD_DECLINED', message: 'declined', provider_code: null, retryable: false } }, { now, correlationId: row.id, autopilot: false }));
    expect(value).toMatchObject({ id: row.id, status: 'REFUSED', announced: true });
    expect((await ok(t, 'GET', `/v1/transactions/${row.id}`, m.merchantKey)).status).toBe('REFUSED');
    await expectMoneyInvariants(t, m);
  });
});
