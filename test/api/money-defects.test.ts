import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transactions, type TransactionRow } from '../../src/db/schema/index.js';
import { outcomesHandler } from '../../src/modules/payments/create/transactions.batch.js';
import { announce } from '../../src/modules/payments/create/transactions.outcome.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardData } from '../helpers/transactions.js';
import { requirements, upload } from '../helpers/onboarding.js';
import { eventually } from '../helpers/poll.js';
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

const card = async (key: string, body: Record<string, unknown>) =>
  ok(t, 'POST', '/v1/transactions', key, { payment_method: 'CREDIT_CARD', card_data: await cardData(t), ...body }, 201);

describe('installments under a fee close to the amount (issue 24)', () => {
  it('100 in 12 installments with a minimum price of 90 is APPROVED; no receivable nets below 0', async () => {
    const m = await moneyMerchant(t, { feePercentage: 0, cashoutPrice: 0, price: { minimum_price: 90 } });
    const tr = await card(m.merchantKey, { amount: 100, installments: 12 });
    expect(tr).toMatchObject({ status: 'APPROVED', fee: { amount: 90 } });
    const recv = await ok(
      t,
      'GET',
      `/v1/receivables?transaction_id=${tr.id}&role=MERCHANT&sort=payment_date&limit=100`,
      m.orgKey,
    );
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
  it.each(['CREDIT_CARD', 'PIX'] as const)(
    '%s: concurrent creates and clock advances never answer 500 nor lose a row',
    async (method) => {
      const m = await moneyMerchant(t, { feePercentage: 2.5, cashoutPrice: 0 });
      const body =
        method === 'PIX'
          ? { payment_method: 'PIX', amount: 1_000 }
          : { payment_method: 'CREDIT_CARD', amount: 1_000, card_data: await cardData(t) };
      const statuses: number[] = [];
      const ids: string[] = [];
      for (let round = 0; round < 5; round++) {
        const creates = Array.from({ length: 8 }, () =>
          t.request({ method: 'POST', url: '/core/v1/transactions', key: m.merchantKey, payload: body }),
        );
        const advance = t.request({
          method: 'POST',
          url: `/core/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`,
          key: t.platformKey,
          payload: { seconds: 3_600 },
        });
        const [answers, moved] = await Promise.all([Promise.all(creates), advance]);
        expect(moved.statusCode, moved.body).toBe(200);
        for (const res of answers) {
          statuses.push(res.statusCode);
          if (res.statusCode === 201) ids.push(res.json().id);
        }
      }
      expect(
        statuses.filter((s) => s !== 201),
        'every create answers 201',
      ).toEqual([]);
      for (const id of ids) expect((await ok(t, 'GET', `/v1/transactions/${id}`, m.merchantKey)).id).toBe(id);
      await expectMoneyInvariants(t, m);
    },
  );
});

describe('a create whose row a recovery removed meanwhile (issue 24)', () => {
  /** A create's row as recorded before its call (a copy of a real one under a new id), then removed by a recovery. */
  async function removedRow(): Promise<{ m: Awaited<ReturnType<typeof moneyMerchant>>; row: TransactionRow }> {
    const m = await moneyMerchant(t, { feePercentage: 2.5, cashoutPrice: 0 });
    const tr = await card(m.merchantKey, { amount: 1_000 });
    const [model] = await t.db.db.select().from(transactions).where(eq(transactions.id, tr.id));
    const row: TransactionRow = {
      ...model!,
      id: randomUUID(),
      requestId: null,
      status: 'PROCESSING',
      announced: false,
      capturedAmount: 0,
      capturedAt: null,
      authorizedAt: null,
      authorizationCode: null,
      providerPaymentId: null,
      providerReference: null,
    };
    await t.db.db.insert(transactions).values(row);
    await t.db.db.delete(transactions).where(eq(transactions.id, row.id));
    return { m, row };
  }
  const captured = (row: TransactionRow) => ({
    kind: 'card' as const,
    result: {
      providerPaymentId: `p-${row.id}`,
      status: 'CAPTURED' as const,
      authorizedAmount: row.amount,
      capturedAmount: row.amount,
      authorizationCode: '123456',
      refusal: null,
    },
  });

  it('the grouped outcome records the row again with the answer the create holds', async () => {
    const { m, row } = await removedRow();
    const [answer] = await t.db.db.transaction((tx) =>
      outcomesHandler(t.deps.clock)(tx, [{ row, outcome: captured(row), correlationId: row.id, autopilot: false }]),
    );
    expect(answer).toMatchObject({ ok: true, value: { id: row.id, status: 'APPROVED', announced: true } });
    expect((await ok(t, 'GET', `/v1/transactions/${row.id}`, m.merchantKey)).status).toBe('APPROVED');
    await expectMoneyInvariants(t, m);
  });

  it('the single outcome path (announce) too', async () => {
    const { m, row } = await removedRow();
    const now = t.deps.clock.now(row.organizationId);
    const value = await t.db.db.transaction((tx) =>
      announce(
        tx,
        row,
        {
          status: 'REFUSED',
          refusal: { code: 'CARD_DECLINED', message: 'declined', provider_code: null, retryable: false },
        },
        { now, correlationId: row.id, autopilot: false },
      ),
    );
    expect(value).toMatchObject({ id: row.id, status: 'REFUSED', announced: true });
    expect((await ok(t, 'GET', `/v1/transactions/${row.id}`, m.merchantKey)).status).toBe('REFUSED');
    await expectMoneyInvariants(t, m);
  });
});

describe('the bank account opens with the ACTIVE affiliation (issue 24, money.md M2)', () => {
  it('after a PROVIDER_B affiliation turns ACTIVE, the merchant and its organization have their PROVIDER_B accounts', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const cpf = m.body.document_number;
    const aff = await ok(t, 'POST', `/v1/merchants/${m.id}/affiliations`, org.apiKey, { provider: 'PROVIDER_B' }, 201);
    if (aff.status === 'WAITING_DOCUMENTS') {
      await upload(t, org.apiKey, m.id, 'CNH_DIGITAL', cpf);
      await upload(t, org.apiKey, m.id, 'PROOF_OF_ADDRESS', cpf);
      const bio = await ok(
        t,
        'POST',
        `/v1/merchants/${m.id}/biometric-verifications`,
        org.apiKey,
        { subject_document_number: cpf },
        201,
      );
      await ok(t, 'POST', `/v1/platform/sandbox/biometric-verifications/${bio.id}/review`, t.platformKey, {
        decision: 'APPROVED',
      });
    }
    const now = await ok(t, 'GET', `/v1/merchants/${m.id}/affiliations/${aff.id}`, org.apiKey);
    expect(now.status, JSON.stringify(await requirements(t, org.apiKey, m.id))).toBe('ACTIVE');
    const accounts = await eventually(
      () => ok(t, 'GET', '/v1/banking/bank-accounts?provider=PROVIDER_B', org.apiKey),
      (list) => list.data.length >= 2,
      'the accounts opened at activation',
      10_000,
      100,
    );
    expect(accounts.data.map((a: { company_id: string }) => a.company_id).sort()).toEqual([m.id, org.id].sort());
    expect((await ok(t, 'GET', '/v1/banking/bank-accounts', m.apiKey)).data).toMatchObject([
      { company_id: m.id, provider: 'PROVIDER_B', status: 'ACTIVE' },
    ]);
    await expectLedgerInvariants(t.db.db);
  });
});

interface Entry {
  sequence: number;
  balance_type: string;
  amount: number;
  resulting_balance: number;
  code: string;
  company_id: string;
  created_at: string;
  source: { id: string };
}
const brief = (e: Entry) => [e.sequence, e.balance_type, e.amount, e.resulting_balance, e.code, e.source.id];
/** The balances the entries reach (their sums per balance type), as a client replaying a statement would. */
const replay = (list: Entry[]) => {
  const out: Record<string, number> = {};
  for (const e of list) out[e.balance_type] = (out[e.balance_type] ?? 0) + e.amount;
  return out;
};

describe("the organization's pending is its fee shares (issue 24, money.md M3)", () => {
  it('a 10,000 payment at 2.5% shows pending 250 on the organization account, now and at ?at=, until its sweep', async () => {
    const m = await moneyMerchant(t, { feePercentage: 2.5, cashoutPrice: 0 });
    const orgAccount = await ok(t, 'POST', '/v1/banking/bank-accounts', m.orgKey, { provider: 'PROVIDER_A' }, 201);
    const before = (await ok(t, 'GET', `/v1/platform/sandbox/organizations/${m.orgId}/clock`, t.platformKey)).now;
    const tr = await card(m.merchantKey, { amount: 10_000 });
    const shares = await ok(
      t,
      'GET',
      `/v1/receivables?transaction_id=${tr.id}&role=ORGANIZATION&status=PENDING`,
      m.orgKey,
    );
    expect(
      shares.data.map((r: { net_amount: number; bank_account_id: string }) => [r.net_amount, r.bank_account_id]),
    ).toEqual([[250, orgAccount.id]]);
    const balance = await ok(t, 'GET', `/v1/banking/bank-accounts/${orgAccount.id}/balance`, m.orgKey);
    expect(balance).toMatchObject({ pending: 250, available: 0, held: 0, debt: 0 });
    expect((await ok(t, 'GET', `/v1/banking/bank-accounts/${orgAccount.id}`, m.orgKey)).balance).toMatchObject({
      pending: 250,
      available: 0,
    });
    expect((await ok(t, 'GET', `/v1/merchants/${m.orgId}/balances`, m.orgKey)).totals).toMatchObject({
      pending: 250,
      available: 0,
    });
    const at = (await ok(t, 'GET', `/v1/platform/sandbox/organizations/${m.orgId}/clock`, t.platformKey)).now;
    expect(
      await ok(t, 'GET', `/v1/banking/bank-accounts/${orgAccount.id}/balance?at=${encodeURIComponent(at)}`, m.orgKey),
    ).toMatchObject({ pending: 250 });
    expect(
      await ok(
        t,
        'GET',
        `/v1/banking/bank-accounts/${orgAccount.id}/balance?at=${encodeURIComponent(before)}`,
        m.orgKey,
      ),
    ).toMatchObject({ pending: 0 });
    // The entries' view agrees: the fee share is a PENDING entry of the organization's account (sequence 1).
    const entries = async (query = '') =>
      (
        await ok(
          t,
          'GET',
          `/v1/ledger/entries?bank_account_id=${orgAccount.id}&sort=sequence&limit=100${query}`,
          m.orgKey,
        )
      ).data as Entry[];
    expect((await entries()).map(brief)).toEqual([[1, 'PENDING', 250, 250, 'TRANSACTION_APPROVED', tr.id]]);
    expect(replay(await entries(`&created_at_to=${encodeURIComponent(at)}`))).toMatchObject({ PENDING: 250 });
    expect(replay(await entries(`&created_at_to=${encodeURIComponent(before)}`))).toEqual({});
    expect((await ok(t, 'GET', `/v1/ledger/entries?balance_type=PENDING&limit=100`, m.orgKey)).data).toContainEqual(
      expect.objectContaining({ bank_account_id: orgAccount.id, company_id: m.orgId, amount: 250 }),
    );
    // The sweep of the share's date: pending to available, on the organization's account as on a merchant's.
    await ok(t, 'POST', `/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, t.platformKey, {
      seconds: 40 * 86_400,
    });
    expect(await ok(t, 'GET', `/v1/banking/bank-accounts/${orgAccount.id}/balance`, m.orgKey)).toMatchObject({
      pending: 0,
      available: 250,
    });
    const settled = await entries();
    expect(settled.map(brief)).toEqual([
      [1, 'PENDING', 250, 250, 'TRANSACTION_APPROVED', tr.id],
      [2, 'PENDING', -250, 0, 'RECEIVABLE_SETTLED', expect.any(String)],
      [3, 'AVAILABLE', 250, 250, 'RECEIVABLE_SETTLED', expect.any(String)],
    ]);
    expect(replay(settled)).toEqual({ PENDING: 0, AVAILABLE: 250 });
    // The merchant's own statement is unchanged: its net as PENDING, then settled.
    const own = (await ok(t, 'GET', `/v1/ledger/entries?sort=sequence&limit=100`, m.merchantKey)).data as Entry[];
    expect(own.every((e) => e.company_id === m.merchantId)).toBe(true);
    expect(replay(own)).toMatchObject({ PENDING: 0, AVAILABLE: 9_750 });
    await expectMoneyInvariants(t, m);
  });
});

/**
 * The account's statement (GET /v1/ledger/entries) agrees with its balance: sequences 1..n without gaps, each
 * entry's resulting balance the running sum of its balance type, the last one the balance, and (with `at`) the
 * entries up to `at` replay the `?at=` balances.
 */
async function expectStatementAgrees(key: string, accountId: string, at?: string): Promise<Entry[]> {
  const list: Entry[] = [];
  for (let page = 1; ; page++) {
    const res = await ok(
      t,
      'GET',
      `/v1/ledger/entries?bank_account_id=${accountId}&sort=sequence&limit=100&page=${page}`,
      key,
    );
    list.push(...(res.data as Entry[]));
    if (list.length >= res.pagination.total) break;
  }
  expect(list.map((e) => e.sequence)).toEqual(list.map((_, i) => i + 1));
  const running: Record<string, number> = {};
  for (const e of list) {
    running[e.balance_type] = (running[e.balance_type] ?? 0) + e.amount;
    expect(e.resulting_balance, JSON.stringify(e)).toBe(running[e.balance_type]);
  }
  const balance = await ok(t, 'GET', `/v1/banking/bank-accounts/${accountId}/balance`, key);
  const four = (b: Record<string, number | undefined>) => ({
    pending: b.PENDING ?? b.pending ?? 0,
    available: b.AVAILABLE ?? b.available ?? 0,
    held: b.HELD ?? b.held ?? 0,
    debt: b.DEBT ?? b.debt ?? 0,
  });
  expect(four(running)).toEqual(four(balance));
  if (at) {
    const then = await ok(t, 'GET', `/v1/banking/bank-accounts/${accountId}/balance?at=${encodeURIComponent(at)}`, key);
    expect(four(replay(list.filter((e) => Date.parse(e.created_at) <= Date.parse(at))))).toEqual(four(then));
  }
  return list;
}

describe("the organization's statement agrees with its balance (issue 24, money.md M3)", () => {
  it('fee shares of two merchants, a later payment and the sweep: sequences, running balances and ?at= agree', async () => {
    const m1 = await moneyMerchant(t, { feePercentage: 2.5, cashoutPrice: 0 });
    const m2 = await moneyMerchant(t, {
      feePercentage: 2.5,
      cashoutPrice: 0,
      org: { id: m1.orgId, apiKey: m1.orgKey },
    });
    const orgAccount = await ok(t, 'POST', '/v1/banking/bank-accounts', m1.orgKey, { provider: 'PROVIDER_A' }, 201);
    const clock = async () =>
      (await ok(t, 'GET', `/v1/platform/sandbox/organizations/${m1.orgId}/clock`, t.platformKey)).now as string;
    const advance = (seconds: number) =>
      ok(t, 'POST', `/v1/platform/sandbox/organizations/${m1.orgId}/clock/advance`, t.platformKey, { seconds });
    await card(m1.merchantKey, { amount: 10_000 });
    await card(m2.merchantKey, { amount: 4_000 });
    const middle = await clock();
    let list = await expectStatementAgrees(m1.orgKey, orgAccount.id, middle);
    expect(list.map((e) => [e.balance_type, e.amount, e.resulting_balance])).toEqual([
      ['PENDING', 250, 250],
      ['PENDING', 100, 350],
    ]);
    await advance(86_400);
    await card(m1.merchantKey, { amount: 2_000 });
    list = await expectStatementAgrees(m1.orgKey, orgAccount.id, middle);
    expect(list.at(-1)).toMatchObject({ balance_type: 'PENDING', amount: 50, resulting_balance: 400 });
    // A merchant's key never sees the organization's account, nor its shares.
    const seen = (await ok(t, 'GET', `/v1/ledger/entries?limit=100`, m2.merchantKey)).data as Entry[];
    expect(seen.every((e) => e.company_id === m2.merchantId)).toBe(true);
    await advance(40 * 86_400);
    list = await expectStatementAgrees(m1.orgKey, orgAccount.id, middle);
    expect(replay(list)).toEqual({ PENDING: 0, AVAILABLE: 400 });
    // The organization-wide list (no account filter) shows the same entries for that account.
    const all = (await ok(t, 'GET', `/v1/ledger/entries?company_id=${m1.orgId}&sort=sequence&limit=100`, m1.orgKey))
      .data as Entry[];
    expect(all.map(brief)).toEqual(list.map(brief));
    await expectMoneyInvariants(t, m1);
    await expectMoneyInvariants(t, m2);
  });
});
