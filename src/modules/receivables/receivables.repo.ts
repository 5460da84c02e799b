import { and, asc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  bankAccounts,
  organizationRevenue,
  receivables,
  settlements,
  type NewReceivableRow,
  type OrganizationRevenueRow,
  type ReceivableRow,
  type SettlementRow,
} from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { ownedRowsInReach } from '../../kernel/tenancy.js';

// SQL only (docs/conventions.md): receivables and settlements.

export async function insertReceivables(ex: Executor, rows: NewReceivableRow[]): Promise<ReceivableRow[]> {
  if (rows.length === 0) return [];
  return ex.insert(receivables).values(rows).returning();
}

/** The organization's own bank account at a provider (where its fee share is scheduled), if it has one. */
export async function organizationAccountAt(
  ex: Executor,
  organizationId: string,
  provider: string,
): Promise<string | null> {
  const [row] = await ex
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.companyId, organizationId),
        eq(bankAccounts.provider, provider),
        eq(bankAccounts.status, 'ACTIVE'),
      ),
    )
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
    .where(
      and(
        eq(receivables.transactionId, transactionId),
        eq(receivables.role, 'MERCHANT'),
        eq(receivables.status, 'PENDING'),
      ),
    )
    .orderBy(asc(receivables.id))
    .for('update');
  return rows.sort(
    (a, b) =>
      b.installment - a.installment ||
      b.paymentDate.localeCompare(a.paymentDate) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a.id.localeCompare(b.id),
  );
}

/**
 * The receivables a refund canceled. A rest the refund created keeps its `refund_id` when a chargeback later
 * consumes it (CANCELED `CHARGEBACK`): that one is the dispute's, not the refund's to give back. Locked.
 */
export function receivablesCanceledBy(ex: Executor, refundId: string): Promise<ReceivableRow[]> {
  return ex
    .select()
    .from(receivables)
    .where(
      and(
        eq(receivables.refundId, refundId),
        eq(receivables.status, 'CANCELED'),
        eq(receivables.cancelReason, 'REFUND'),
      ),
    )
    .orderBy(asc(receivables.id))
    .for('update');
}

export async function cancelReceivables(
  ex: Executor,
  changes: { id: string; consumed: number; refundId: string }[],
  now: Date,
): Promise<void> {
  for (const c of changes) {
    await ex
      .update(receivables)
      .set({
        status: 'CANCELED',
        canceledAt: now,
        cancelReason: 'REFUND',
        refundId: c.refundId,
        consumedAmount: c.consumed,
        updatedAt: now,
      })
      .where(and(eq(receivables.id, c.id), eq(receivables.status, 'PENDING')));
  }
}

/** A chargeback cancels the receivables it consumed (CHARGEBACK), marking the dispute and how much of each. */
export async function cancelForChargeback(
  ex: Executor,
  changes: { id: string; consumed: number }[],
  disputeId: string,
  now: Date,
): Promise<void> {
  for (const c of changes) {
    await ex
      .update(receivables)
      .set({
        status: 'CANCELED',
        canceledAt: now,
        cancelReason: 'CHARGEBACK',
        disputeId,
        consumedAmount: c.consumed,
        updatedAt: now,
      })
      .where(and(eq(receivables.id, c.id), eq(receivables.status, 'PENDING')));
  }
}

/** An account's PENDING receivables due on or before `date`, locked for the settlement run. */
export function lockDueReceivables(ex: Executor, bankAccountId: string, date: string): Promise<ReceivableRow[]> {
  return ex
    .select()
    .from(receivables)
    .where(
      and(
        eq(receivables.bankAccountId, bankAccountId),
        eq(receivables.status, 'PENDING'),
        lte(receivables.paymentDate, date),
      ),
    )
    .orderBy(asc(receivables.id))
    .for('update');
}

/** Ids per statement: PostgreSQL binds at most 65,535 parameters, and an organization's day may hold more rows. */
const ID_CHUNK = 10_000;

export async function markPaid(ex: Executor, ids: string[], settlementId: string, paidAt: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    await ex
      .update(receivables)
      .set({ status: 'PAID', paidAt, settlementId, updatedAt: paidAt })
      .where(and(inArray(receivables.id, ids.slice(i, i + ID_CHUNK)), eq(receivables.status, 'PENDING')));
  }
}

export async function insertSettlement(ex: Executor, row: SettlementRow): Promise<SettlementRow | undefined> {
  const [inserted] = await ex.insert(settlements).values(row).onConflictDoNothing().returning();
  return inserted;
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
export async function settleDueReceivables(
  ex: Executor,
  input: SettleDueInput,
): Promise<{ merchantNet: number } | null> {
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
export async function settlementExists(
  ex: Executor,
  bankAccountId: string,
  paymentDate: string,
  runKey: string,
): Promise<boolean> {
  const [row] = await ex
    .select({ id: settlements.id })
    .from(settlements)
    .where(
      and(
        eq(settlements.bankAccountId, bankAccountId),
        eq(settlements.paymentDate, paymentDate),
        eq(settlements.runKey, runKey),
      ),
    )
    .limit(1);
  return !!row;
}

export async function findSettlement(ex: Executor, id: string): Promise<SettlementRow | undefined> {
  const [row] = await ex.select().from(settlements).where(eq(settlements.id, id)).limit(1);
  return row;
}

export async function findReceivableInReach(
  ex: Executor,
  principal: CompanyPrincipal,
  id: string,
): Promise<ReceivableRow | undefined> {
  const [row] = await ex
    .select()
    .from(receivables)
    .where(and(eq(receivables.id, id), ownedRowsInReach(principal, receivables)))
    .limit(1);
  return row;
}

export async function findSettlementInReach(
  ex: Executor,
  principal: CompanyPrincipal,
  id: string,
): Promise<SettlementRow | undefined> {
  const [row] = await ex
    .select()
    .from(settlements)
    .where(and(eq(settlements.id, id), ownedRowsInReach(principal, settlements)))
    .limit(1);
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
export async function agenda(
  ex: Executor,
  principal: CompanyPrincipal,
  bankAccountId: string,
  from?: string,
  to?: string,
): Promise<AgendaRow[]> {
  const where: SQL[] = [
    eq(receivables.bankAccountId, bankAccountId),
    eq(receivables.status, 'PENDING'),
    ownedRowsInReach(principal, receivables),
  ];
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

// The organization's sweep (docs/decisions/receivables.md): fee shares PAID at once (PIX) and revenue items.

/** An organization account's PIX fee shares (PAID, not yet swept) due on or before `date`, locked. */
export function lockUnsweptFeeShares(ex: Executor, bankAccountId: string, date: string): Promise<ReceivableRow[]> {
  return ex
    .select()
    .from(receivables)
    .where(
      and(
        eq(receivables.bankAccountId, bankAccountId),
        eq(receivables.role, 'ORGANIZATION'),
        eq(receivables.status, 'PAID'),
        isNull(receivables.settlementId),
        lte(receivables.paymentDate, date),
      ),
    )
    .orderBy(asc(receivables.id))
    .for('update');
}

/** Fee shares swept by a run: they keep their status and paid_at, and get the settlement that moved their money. */
export async function markSwept(ex: Executor, ids: string[], settlementId: string, now: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    await ex
      .update(receivables)
      .set({ settlementId, updatedAt: now })
      .where(and(inArray(receivables.id, ids.slice(i, i + ID_CHUNK)), isNull(receivables.settlementId)));
  }
}

/** An organization account's cashout prices and anticipation fees not yet swept, due on or before `date`, locked. */
export function lockDueRevenue(ex: Executor, bankAccountId: string, date: string): Promise<OrganizationRevenueRow[]> {
  return ex
    .select()
    .from(organizationRevenue)
    .where(
      and(
        eq(organizationRevenue.bankAccountId, bankAccountId),
        isNull(organizationRevenue.settlementId),
        lte(organizationRevenue.dueDate, date),
      ),
    )
    .orderBy(asc(organizationRevenue.id))
    .for('update');
}

export async function markRevenueSwept(ex: Executor, ids: string[], settlementId: string): Promise<void> {
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    await ex
      .update(organizationRevenue)
      .set({ settlementId })
      .where(
        and(inArray(organizationRevenue.id, ids.slice(i, i + ID_CHUNK)), isNull(organizationRevenue.settlementId)),
      );
  }
}

export async function insertRevenue(ex: Executor, row: OrganizationRevenueRow): Promise<void> {
  await ex.insert(organizationRevenue).values(row).onConflictDoNothing();
}

/**
 * Attaches an organization's fee shares and revenue items recorded while it had no account at the provider to
 * `bankAccountId`; returns the dates their runs need (PENDING fee shares: their payment dates; the rest: due
 * whenever their date says, already past for most).
 */
export async function attachStrays(
  ex: Executor,
  organizationId: string,
  provider: string,
  bankAccountId: string,
  now: Date,
): Promise<string[]> {
  const shares = await ex
    .update(receivables)
    .set({ bankAccountId, updatedAt: now })
    .where(
      and(
        eq(receivables.organizationId, organizationId),
        eq(receivables.provider, provider),
        eq(receivables.role, 'ORGANIZATION'),
        isNull(receivables.bankAccountId),
      ),
    )
    .returning({ date: receivables.paymentDate, status: receivables.status, settlementId: receivables.settlementId });
  const items = await ex
    .update(organizationRevenue)
    .set({ bankAccountId })
    .where(
      and(
        eq(organizationRevenue.organizationId, organizationId),
        eq(organizationRevenue.provider, provider),
        isNull(organizationRevenue.bankAccountId),
      ),
    )
    .returning({ date: organizationRevenue.dueDate });
  const dates = [
    ...shares
      .filter((s) => s.status === 'PENDING' || (s.status === 'PAID' && s.settlementId === null))
      .map((s) => s.date),
    ...items.map((i) => i.date),
  ];
  return [...new Set(dates)].sort();
}
