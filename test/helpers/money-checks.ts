import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { affiliations } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';
import { expectLedgerInvariants } from './ledger-invariants.js';

/**
 * money.md M3's invariants as a client and an operator see them, for tests that move money in many steps
 * (the property test of issue 14): the ledger tables (expectLedgerInvariants), the staff integrity endpoint,
 * the account's balance endpoint against its PENDING receivables, and "no cent created or lost" for one
 * merchant: its net position equals what its resources say came in and went out.
 */

export interface MoneyMerchant {
  orgId: string;
  orgKey: string;
  merchantId: string;
  merchantKey: string;
  accountId: string;
  cashoutPrice: number;
}

type Json = Record<string, any>;

/**
 * A merchant that can take card and PIX payments, anticipate and cash out: its own organization (so its own
 * sandbox clock), a fee policy (percentage fee, anticipation rates, a cashout price) attached to it, ACTIVE with
 * an ACTIVE PROVIDER_A affiliation (made so directly, as the onboarding tests cover how), its PROVIDER_A
 * account and its CPF as settlement key.
 */
export async function moneyMerchant(
  t: TestApp,
  o: {
    feePercentage: number;
    cashoutPrice: number;
    clockTo?: string;
    org?: { id: string; apiKey: string };
    price?: Record<string, number>;
  },
): Promise<MoneyMerchant> {
  const org = o.org ?? (await t.createOrganization());
  if (o.clockTo)
    await ok(t, 'POST', `/v1/platform/sandbox/organizations/${org.id}/clock/advance`, t.platformKey, { to: o.clockTo });
  const policy = await ok(
    t,
    'POST',
    '/v1/pricing/fee-policies',
    org.apiKey,
    {
      name: `money-${randomUUID().slice(0, 8)}`,
      cashout_price: o.cashoutPrice,
      automatic_anticipation_percentage: 1.5,
      spot_anticipation_percentage: 2.99,
      rules: [{ conditions: [], price: o.price ?? { percentage: o.feePercentage } }],
    },
    201,
  );
  const m = await t.createMerchant(org.apiKey, { fee_policy_id: policy.id });
  await ok(t, 'POST', `/v1/merchants/${m.id}/affiliations`, org.apiKey, { provider: 'INTERNAL' }, 201);
  const aff = await ok(t, 'POST', `/v1/merchants/${m.id}/affiliations`, org.apiKey, { provider: 'PROVIDER_A' }, 201);
  await t.db.db
    .update(affiliations)
    .set({ status: 'ACTIVE', onboardingUrl: null, providerStatusMessage: null })
    .where(eq(affiliations.id, aff.id));
  const account = await ok(
    t,
    'POST',
    '/v1/banking/bank-accounts',
    org.apiKey,
    { provider: 'PROVIDER_A', company_id: m.id },
    201,
  );
  await ok(t, 'PUT', `/v1/merchants/${m.id}/affiliations/${aff.id}/settlement-account`, org.apiKey, {
    pix_key_type: 'CPF',
    pix_key: m.body.document_number,
  });
  return {
    orgId: org.id,
    orgKey: org.apiKey,
    merchantId: m.id,
    merchantKey: m.apiKey,
    accountId: account.id,
    cashoutPrice: o.cashoutPrice,
  };
}

/** A request that must answer `status` (200 by default); its JSON. */
export async function ok(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  key: string,
  payload?: object,
  status = 200,
): Promise<Json> {
  const res = await t.request({ method, url: `/core${url}`, key, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
}

/** The staff integrity endpoint: every provider's difference is 0 and no account disagrees with its entries. */
export async function expectIntegrity(t: TestApp): Promise<void> {
  const report = await ok(t, 'GET', '/v1/platform/ledger/integrity', t.platformKey);
  expect(report.mismatches, 'integrity: no mismatch').toEqual([]);
  for (const p of report.providers)
    expect({ provider: p.provider, difference: p.difference }).toEqual({ provider: p.provider, difference: 0 });
}

/** Every PENDING receivable of the account through GET /v1/receivables (all pages). */
export async function pendingReceivablesNet(t: TestApp, key: string, accountId: string): Promise<number> {
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await ok(
      t,
      'GET',
      `/v1/receivables?bank_account_id=${accountId}&status=PENDING&role=MERCHANT&limit=100&page=${page}`,
      key,
    );
    total += res.data.reduce((s: number, r: Json) => s + r.net_amount, 0);
    if (page * 100 >= res.pagination.total) return total;
  }
}

/** The account's balances through the API: nothing negative, available > 0 implies debt = 0, pending = PENDING receivables. */
export async function expectAccountBalance(t: TestApp, m: MoneyMerchant): Promise<Json> {
  const b = await ok(t, 'GET', `/v1/banking/bank-accounts/${m.accountId}/balance`, m.merchantKey);
  for (const k of ['pending', 'available', 'held', 'debt', 'anticipatable'] as const)
    expect(b[k], `${k} is never negative`).toBeGreaterThanOrEqual(0);
  if (b.available > 0) expect(b.debt, 'available > 0 implies debt = 0').toBe(0);
  expect(b.pending, 'pending = net of the PENDING receivables').toBe(
    await pendingReceivablesNet(t, m.merchantKey, m.accountId),
  );
  return b;
}

/**
 * No cent created or lost for one merchant: pending + available + held - debt equals what its records say
 * came in (captured less the fee, deposits) and went out (refunds succeeded, anticipation fees, cashouts paid with their
 * price less their returns, disputes lost or accepted). Read from the tables in one snapshot.
 */
export async function expectMerchantConservation(t: TestApp, m: MoneyMerchant, balance: Json): Promise<void> {
  const one = async (q: ReturnType<typeof sql>) =>
    Number(((await t.db.db.execute<{ v: unknown }>(q)) as { rows: { v: unknown }[] }).rows[0]?.v ?? 0);
  const c = m.merchantId;
  const captured = await one(
    sql`select coalesce(sum(captured_amount - coalesce((fee->>'amount')::bigint, 0)), 0) as v from transactions where company_id = ${c} and captured_amount > 0`,
  );
  const refunded = await one(
    sql`select coalesce(sum(amount), 0) as v from refunds where company_id = ${c} and status = 'SUCCEEDED'`,
  );
  const anticipationFees = await one(
    sql`select coalesce(sum(fee_amount), 0) as v from anticipations where company_id = ${c} and status = 'COMPLETED'`,
  );
  const cashedOut = await one(
    sql`select coalesce(sum(amount + price - returned_amount), 0) as v from cashouts where company_id = ${c} and status in ('COMPLETED', 'PARTIALLY_RETURNED', 'RETURNED')`,
  );
  const disputed = await one(
    sql`select coalesce(sum(amount), 0) as v from disputes where company_id = ${c} and status in ('LOST', 'ACCEPTED')`,
  );
  // Sandbox deposits (and staff adjustments) come from outside any payment: their entries on the account, as
  // they move the net position (pending + available + held - debt): a deposit that repays debt lowers DEBT,
  // which raises the net, so a DEBT entry counts with its sign reversed.
  const deposited = await one(
    sql`select coalesce(sum(case when balance_type = 'DEBT' then -delta else delta end), 0) as v from ledger_postings where account_type = 'BANK_ACCOUNT' and account_id = ${m.accountId} and code in ('DEPOSIT', 'ADJUSTMENT')`,
  );
  const expected = captured + deposited - refunded - anticipationFees - cashedOut - disputed;
  const net = balance.pending + balance.available + balance.held - balance.debt;
  expect({ net, captured, deposited, refunded, anticipationFees, cashedOut, disputed }).toEqual({
    net: expected,
    captured,
    deposited,
    refunded,
    anticipationFees,
    cashedOut,
    disputed,
  });
}

const lastSequence = async (t: TestApp, accountId: string) =>
  Number(
    (
      (await t.db.db.execute<{ v: unknown }>(
        sql`select last_sequence as v from ledger_accounts where id = ${accountId}`,
      )) as { rows: { v: unknown }[] }
    ).rows[0]?.v ?? 0,
  );

/**
 * Everything above, after one step of a scenario. The API reads are several requests: a job the background
 * runner takes meanwhile (an anticipation completing at once) would mix two states, so they are taken again
 * until the account's ledger sequence did not move while they ran.
 */
export async function expectMoneyInvariants(t: TestApp, m: MoneyMerchant): Promise<void> {
  await expectLedgerInvariants(t.db.db);
  await expectIntegrity(t);
  for (let attempt = 1; ; attempt++) {
    const before = await lastSequence(t, m.accountId);
    try {
      const b = await expectAccountBalance(t, m);
      await expectMerchantConservation(t, m, b);
      return;
    } catch (err) {
      if (attempt >= 5 || (await lastSequence(t, m.accountId)) === before) throw err;
    }
  }
}

/** Prints a merchant's receivables, refunds and ledger postings (MONEY_DUMP=1 in the property test). */
export async function dumpMoney(t: TestApp, m: MoneyMerchant): Promise<void> {
  const q = async (x: ReturnType<typeof sql>) =>
    ((await t.db.db.execute<Record<string, unknown>>(x)) as { rows: unknown[] }).rows;
  console.log(
    'RECV',
    JSON.stringify(
      await q(
        sql`select substr(id::text,1,6) id, role, status, installment, payment_date, gross_amount g, fee_amount f, net_amount n, anticipation_fee_amount af, consumed_amount c, substr(refund_id::text,1,6) rf, substr(dispute_id::text,1,6) dp, substr(anticipation_id::text,1,6) an, substr(settlement_id::text,1,6) st, cancel_reason, created_at from receivables where company_id = ${m.merchantId} and role = 'MERCHANT' order by created_at, installment`,
      ),
      null,
      0,
    ),
  );
  console.log(
    'REFUNDS',
    JSON.stringify(
      await q(
        sql`select substr(id::text,1,6) id, status, amount, reserved_pending, reserved_available, reserved_debt, created_at, settled_at from refunds where company_id = ${m.merchantId}`,
      ),
    ),
  );
  console.log(
    'POSTINGS',
    JSON.stringify(
      await q(
        sql`select p.sequence, p.balance_type, p.delta, p.resulting_balance, p.code, p.source_type, substr(p.source_id,1,6) src from ledger_postings p where p.account_id = ${m.accountId} order by p.sequence`,
      ),
    ),
  );
}
