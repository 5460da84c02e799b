import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from './app.js';
import { cardData } from './transactions.js';
import { moneyMerchant, ok, type MoneyMerchant } from './money-checks.js';

/** Scenario steps shared by the money concurrency and crash tests (issue 14), all through the API. */

type Json = Record<string, any>;

export const payCard = async (t: TestApp, m: MoneyMerchant, amount: number, installments: number): Promise<Json> => {
  const tr = await ok(
    t,
    'POST',
    '/v1/transactions',
    m.merchantKey,
    {
      payment_method: 'CREDIT_CARD',
      amount,
      installments,
      card_data: await cardData(t, '4111111111111111', { expiry_year: '2045' }),
    },
    201,
  );
  expect(tr.status).toBe('APPROVED');
  return tr;
};

export const deposit = (t: TestApp, m: MoneyMerchant, amount: number) =>
  ok(t, 'POST', `/v1/platform/sandbox/bank-accounts/${m.accountId}/deposits`, t.platformKey, { amount });

export const advanceTo = (t: TestApp, m: MoneyMerchant, to: string) =>
  ok(t, 'POST', `/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, t.platformKey, { to });

/** The transaction's merchant receivables by installment (their first rows: installment order). */
export const receivablesOf = async (t: TestApp, m: MoneyMerchant, transactionId: string): Promise<Json[]> =>
  (
    await ok(
      t,
      'GET',
      `/v1/receivables?transaction_id=${transactionId}&role=MERCHANT&sort=payment_date&limit=100`,
      m.merchantKey,
    )
  ).data;

/**
 * A merchant whose organization has money jobs of every kind due over the next 40 days (clock at Monday
 * 2031-03-03 15:00 UTC): a 3-installment card payment (settlements), a paid PIX (available to cash out), a daily
 * automatic cashout at 12:00 UTC, a SPOT anticipation of installment 2 dated tomorrow (its completion job) and
 * an open dispute on the card payment (its evidence deadline). The advance that runs them is the caller's.
 */
export async function merchantWithDueJobs(t: TestApp): Promise<{ m: MoneyMerchant; card: Json }> {
  const m = await moneyMerchant(t, { feePercentage: 4, cashoutPrice: 150, clockTo: '2031-03-03T15:00:00Z' });
  const card = await payCard(t, m, 30_000, 3);
  const pix = await ok(t, 'POST', '/v1/transactions', m.merchantKey, { payment_method: 'PIX', amount: 8_000 }, 201);
  await ok(t, 'POST', `/v1/platform/sandbox/transactions/${pix.id}/pix-payment`, t.platformKey, {});
  await ok(t, 'PATCH', `/v1/merchants/${m.merchantId}`, m.orgKey, {
    transfer_configurations: {
      automatic_transfer_enabled: true,
      transfer_frequency: 'DAILY',
      rail: 'PIX',
      utc_hour_of_day: 12,
      day_of_week: null,
      day_of_month: null,
      min_balance: 1_000,
    },
  });
  const [, second] = await receivablesOf(t, m, card.id);
  const quote = await ok(
    t,
    'POST',
    '/v1/anticipations/quotes',
    m.merchantKey,
    { bank_account_id: m.accountId, payment_date: '2031-03-04', receivable_ids: [second!.id] },
    201,
  );
  await ok(t, 'POST', '/v1/anticipations', m.merchantKey, { request_id: randomUUID(), quote_id: quote.id }, 201);
  await ok(
    t,
    'POST',
    `/v1/platform/sandbox/transactions/${card.id}/disputes`,
    t.platformKey,
    { amount: 1_000, reason: 'FRAUD' },
    201,
  );
  return { m, card };
}

const rowsOf = async (t: TestApp, q: ReturnType<typeof sql>) =>
  ((await t.db.db.execute<Record<string, unknown>>(q)) as { rows: Record<string, unknown>[] }).rows;

/** One business event posts exactly once (M3): no source has a code of a one-shot step twice. */
export async function expectEachStepPostedOnce(t: TestApp, companyId: string): Promise<void> {
  const twice = await rowsOf(
    t,
    sql`
    select t.source_type, t.source_id, t.code, count(distinct t.id) as n
    from ledger_transactions t join ledger_postings p on p.transaction_id = t.id
    where p.company_id = ${companyId} and t.code in ('TRANSACTION_APPROVED', 'RECEIVABLE_SETTLED', 'ANTICIPATION_COMPLETED', 'CASHOUT_HOLD',
      'CASHOUT_COMPLETED', 'CASHOUT_RELEASED', 'DISPUTE_OPENED', 'DISPUTE_WON', 'DISPUTE_LOST')
    group by t.source_type, t.source_id, t.code having count(distinct t.id) > 1`,
  );
  expect(twice, 'each step posted once').toEqual([]);
  const slots = await rowsOf(
    t,
    sql`select bank_account_id, schedule_slot, count(*) as n from cashouts where company_id = ${companyId} and schedule_slot is not null group by 1, 2 having count(*) > 1`,
  );
  expect(slots, 'one automatic cashout per account and slot').toEqual([]);
  const settlements = await rowsOf(
    t,
    sql`select bank_account_id, payment_date, run_key, count(*) as n from settlements where company_id = ${companyId} group by 1, 2, 3 having count(*) > 1`,
  );
  expect(settlements, 'one settlement per account, date and run').toEqual([]);
  const both = await rowsOf(
    t,
    sql`
    select r.id from receivables r join anticipations a on a.id = r.anticipation_id
    where r.company_id = ${companyId} and r.settlement_id is not null and a.status = 'COMPLETED'`,
  );
  expect(both, 'a receivable is paid by its settlement or by an anticipation, never both').toEqual([]);
}

/** What a merchant's money looks like, to compare before and after a re-run. */
export async function moneySnapshot(t: TestApp, companyId: string) {
  const [row] = await rowsOf(
    t,
    sql`select
    (select count(distinct transaction_id) from ledger_postings where company_id = ${companyId}) as ledger_transactions,
    (select count(*) from settlements where company_id = ${companyId}) as settlements,
    (select count(*) from anticipations where company_id = ${companyId}) as anticipations,
    (select count(*) from cashouts where company_id = ${companyId}) as cashouts,
    (select string_agg(status, ',' order by id) from disputes where company_id = ${companyId}) as disputes,
    (select string_agg(status, ',' order by id) from receivables where company_id = ${companyId}) as receivables`,
  );
  return row;
}
