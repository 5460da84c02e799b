import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { bankAccounts, receivables, settlements, type NewReceivableRow, type ReceivableRow, type SettlementRow } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { ownedRowsInReach } from '../../kernel/tenancy.js';

// SQL only (docs/conventions.md): receivables and settlements.

export async function insertReceivables(ex: Executor, rows: NewReceivableRow[]): Promise<ReceivableRow[]> {
  if (rows.length === 0) return [];
  return ex.insert(receivables).values(rows).returning();
}

/** The organization's own bank account at a provider (where its fee share is scheduled), if it has one. */
export async function organizationAccountAt(ex: Executor, organizationId: string, provider: string): Promise<string | null> {
  const [row] = await ex
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, organizationId), eq(bankAccounts.provider, provider), eq(bankAccounts.status, 'ACTIVE')))
    .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A transaction's PENDING merchant receivables, locked in id order (the order the settlement run locks in, so
 * the two never deadlock), returned last installment first (the order a refund consumes them in).
 */
export async function lockPendingMerchantReceivables(ex: Executor, transactionId: string): Promise<ReceivableRow[]> {
  const rows = await ex
    .select()
    .from(receivables)
    .where(and(eq(receivables.transactionId, transactionId), eq(receivables.role, 'MERCHANT'), eq(receivables.status, 'PENDING')))
    .orderBy(asc(receivables.id))
    .for('update');
  return rows.sort((a, b) => b.installment - a.installment || b.paymentDate.localeCompare(a.paymentDate) || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** The receivables a refund canceled (consumed), locked. */
export function receivablesCanceledBy(ex: Executor, refundId: string): Promise<ReceivableRow[]> {
  return ex
    .select()
    .from(receivables)
    .where(and(eq(receivables.refundId, refundId), eq(receivables.status, 'CANCELED')))
    .orderBy(asc(receivables.id))
    .for('update');
}

export async function cancelReceivables(ex: Executor, changes: { id: string; consumed: number; refundId: string }[], now: Date): Promise<void> {
  for (const c of changes) {
    await ex
      .update(receivables)
      .set({ status: 'CANCELED', canceledAt: now, cancelReason: 'REFUND', refundId: c.refundId, consumedAmount: c.consumed, updatedAt: now })
      .where(and(eq(receivables.id, c.id), eq(receivables.status, 'PENDING')));
  }
}

export interface SettleDueInput {
  settlementId: string;
  account: { id: string; companyId: string; organizationId: string; provider: string };
  paymentDate: string;
  runKey: string;
  paidAt: Date;
  now: Date;
}

/**
 * The settlement run's one statement (money.md M2): locks the account's PENDING receivables due on or before
 * the date in id order (the order a refund locks a transaction's receivables in, so the two never deadlock),
 * marks them PAID, and inserts the settlement row with their sums, all set-based: nothing per row comes back
 * to the process, so one account with 100,000 receivables costs what ten do in memory (docs/performance.md).
 * Answers the merchant share of the net to post; null when nothing was due. A settlement of the same account,
 * date and run key committed meanwhile makes the insert fail on `settlements_once` (the caller's transaction
 * rolls back). The settlement's FK from the receivables is checked at the end of the statement, after the insert.
 */
export async function settleDueReceivables(ex: Executor, input: SettleDueInput): Promise<{ merchantNet: number } | null> {
  const { settlementId: id, account: a, paymentDate: date } = input;
  const paidAt = input.paidAt.toISOString();
  const result = await ex.execute(sql`
    with locked as (
      select id from receivables
      where bank_account_id = ${a.id}::uuid and status = 'PENDING' and payment_date <= ${date}::date
      order by id for update
    ), paid as (
      update receivables r set status = 'PAID', paid_at = ${paidAt}::timestamptz, settlement_id = ${id}::uuid, updated_at = ${paidAt}::timestamptz
      from locked where r.id = locked.id and r.status = 'PENDING'
      returning r.role, r.gross_amount, r.fee_amount, r.anticipation_fee_amount, r.net_amount
    ), totals as (
      select count(*) as n, coalesce(sum(gross_amount), 0) as gross, coalesce(sum(fee_amount), 0) as fee,
        coalesce(sum(anticipation_fee_amount), 0) as anticipation_fee, coalesce(sum(net_amount), 0) as net,
        coalesce(sum(net_amount) filter (where role = 'MERCHANT'), 0) as merchant_net
      from paid
    ), s as (
      insert into settlements (id, bank_account_id, company_id, organization_id, provider, payment_date, run_key,
        receivable_count, gross_amount, fee_amount, anticipation_fee_amount, net_amount, created_at)
      select ${id}::uuid, ${a.id}::uuid, ${a.companyId}::uuid, ${a.organizationId}::uuid, ${a.provider}::text, ${date}::date,
        ${input.runKey}::text, n, gross, fee, anticipation_fee, net, ${input.now.toISOString()}::timestamptz
      from totals where n > 0
      returning id
    )
    select (select count(*) from s)::int as inserted, merchant_net::text as merchant_net from totals`);
  const [row] = rowsOf(result);
  if (!row || Number(row.inserted) === 0) return null;
  return { merchantNet: Number(row.merchant_net) };
}

/**
 * A settlement run is a job, not a request: its one statement over an account's whole day (100,000 receivables
 * take seconds, tens of seconds on a loaded machine) gets 10 minutes instead of the pool's 30 s request bound.
 */
export async function allowLongSettlement(ex: Executor): Promise<void> {
  await ex.execute(sql`set local statement_timeout = '600s'`);
}

/** Whether this run of the account and date already happened (a retried job's first question). */
export async function settlementExists(ex: Executor, bankAccountId: string, paymentDate: string, runKey: string): Promise<boolean> {
  const [row] = await ex
    .select({ id: settlements.id })
    .from(settlements)
    .where(and(eq(settlements.bankAccountId, bankAccountId), eq(settlements.paymentDate, paymentDate), eq(settlements.runKey, runKey)))
    .limit(1);
  return !!row;
}

export async function findSettlement(ex: Executor, id: string): Promise<SettlementRow | undefined> {
  const [row] = await ex.select().from(settlements).where(eq(settlements.id, id)).limit(1);
  return row;
}

export async function findReceivableInReach(ex: Executor, principal: CompanyPrincipal, id: string): Promise<ReceivableRow | undefined> {
  const [row] = await ex.select().from(receivables).where(and(eq(receivables.id, id), ownedRowsInReach(principal, receivables))).limit(1);
  return row;
}

export async function findSettlementInReach(ex: Executor, principal: CompanyPrincipal, id: string): Promise<SettlementRow | undefined> {
  const [row] = await ex.select().from(settlements).where(and(eq(settlements.id, id), ownedRowsInReach(principal, settlements))).limit(1);
  return row;
}

export interface AgendaRow {
  payment_date: string;
  count: number;
  gross_amount: number;
  fee_amount: number;
  anticipation_fee_amount: number;
  net_amount: number;
}

/** M2's agenda: an account's PENDING receivables summed per date, ascending (dates with nothing left out). */
export async function agenda(ex: Executor, principal: CompanyPrincipal, bankAccountId: string, from?: string, to?: string): Promise<AgendaRow[]> {
  const where: SQL[] = [eq(receivables.bankAccountId, bankAccountId), eq(receivables.status, 'PENDING'), ownedRowsInReach(principal, receivables)];
  if (from) where.push(gte(receivables.paymentDate, from));
  if (to) where.push(lte(receivables.paymentDate, to));
  const rows = await ex
    .select({
      payment_date: receivables.paymentDate,
      count: sql<string>`count(*)`,
      gross_amount: sql<string>`sum(${receivables.grossAmount})`,
      fee_amount: sql<string>`sum(${receivables.feeAmount})`,
      anticipation_fee_amount: sql<string>`sum(${receivables.anticipationFeeAmount})`,
      net_amount: sql<string>`sum(${receivables.netAmount})`,
    })
    .from(receivables)
    .where(and(...where))
    .groupBy(receivables.paymentDate)
    .orderBy(asc(receivables.paymentDate));
  return rows.map((r) => ({
    payment_date: r.payment_date,
    count: Number(r.count),
    gross_amount: Number(r.gross_amount),
    fee_amount: Number(r.fee_amount),
    anticipation_fee_amount: Number(r.anticipation_fee_amount),
    net_amount: Number(r.net_amount),
  }));
}
