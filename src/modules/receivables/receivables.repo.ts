import { and, asc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { bankAccounts, organizationRevenue, receivables, settlements, type NewReceivableRow, type OrganizationRevenueRow, type ReceivableRow, type SettlementRow } from '../../db/schema/index.js';
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

/** A chargeback cancels the receivables it consumed (CHARGEBACK), marking the dispute and how much of each. */
export async function cancelForChargeback(ex: Executor, changes: { id: string; consumed: number }[], disputeId: string, now: Date): Promise<void> {
  for (const c of changes) {
    await ex
      .update(receivables)
      .set({ status: 'CANCELED', canceledAt: now, cancelReason: 'CHARGEBACK', disputeId, consumedAmount: c.consumed, updatedAt: now })
      .where(and(eq(receivables.id, c.id), eq(receivables.status, 'PENDING')));
  }
}

/** An account's PENDING receivables due on or before `date`, locked for the settlement run. */
export function lockDueReceivables(ex: Executor, bankAccountId: string, date: string): Promise<ReceivableRow[]> {
  return ex
    .select()
    .from(receivables)
    .where(and(eq(receivables.bankAccountId, bankAccountId), eq(receivables.status, 'PENDING'), lte(receivables.paymentDate, date)))
    .orderBy(asc(receivables.id))
    .for('update');
}

export async function markPaid(ex: Executor, ids: string[], settlementId: string, paidAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await ex
    .update(receivables)
    .set({ status: 'PAID', paidAt, settlementId, updatedAt: paidAt })
    .where(and(inArray(receivables.id, ids), eq(receivables.status, 'PENDING')));
}

export async function insertSettlement(ex: Executor, row: SettlementRow): Promise<SettlementRow | undefined> {
  const [inserted] = await ex.insert(settlements).values(row).onConflictDoNothing().returning();
  return inserted;
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

// The organization's sweep (docs/decisions/receivables.md): fee shares PAID at once (PIX) and revenue items.

/** An organization account's PIX fee shares (PAID, not yet swept) due on or before `date`, locked. */
export function lockUnsweptFeeShares(ex: Executor, bankAccountId: string, date: string): Promise<ReceivableRow[]> {
  return ex
    .select()
    .from(receivables)
    .where(and(eq(receivables.bankAccountId, bankAccountId), eq(receivables.role, 'ORGANIZATION'), eq(receivables.status, 'PAID'), isNull(receivables.settlementId), lte(receivables.paymentDate, date)))
    .orderBy(asc(receivables.id))
    .for('update');
}

/** Fee shares swept by a run: they keep their status and paid_at, and get the settlement that moved their money. */
export async function markSwept(ex: Executor, ids: string[], settlementId: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await ex.update(receivables).set({ settlementId, updatedAt: now }).where(and(inArray(receivables.id, ids), isNull(receivables.settlementId)));
}

/** An organization account's cashout prices and anticipation fees not yet swept, due on or before `date`, locked. */
export function lockDueRevenue(ex: Executor, bankAccountId: string, date: string): Promise<OrganizationRevenueRow[]> {
  return ex
    .select()
    .from(organizationRevenue)
    .where(and(eq(organizationRevenue.bankAccountId, bankAccountId), isNull(organizationRevenue.settlementId), lte(organizationRevenue.dueDate, date)))
    .orderBy(asc(organizationRevenue.id))
    .for('update');
}

export async function markRevenueSwept(ex: Executor, ids: string[], settlementId: string): Promise<void> {
  if (ids.length === 0) return;
  await ex.update(organizationRevenue).set({ settlementId }).where(and(inArray(organizationRevenue.id, ids), isNull(organizationRevenue.settlementId)));
}

export async function insertRevenue(ex: Executor, row: OrganizationRevenueRow): Promise<void> {
  await ex.insert(organizationRevenue).values(row).onConflictDoNothing();
}

/**
 * Attaches an organization's fee shares and revenue items recorded while it had no account at the provider to
 * `bankAccountId`; returns the dates their runs need (PENDING fee shares: their payment dates; the rest: due
 * whenever their date says, already past for most).
 */
export async function attachStrays(ex: Executor, organizationId: string, provider: string, bankAccountId: string, now: Date): Promise<string[]> {
  const shares = await ex
    .update(receivables)
    .set({ bankAccountId, updatedAt: now })
    .where(and(eq(receivables.organizationId, organizationId), eq(receivables.provider, provider), eq(receivables.role, 'ORGANIZATION'), isNull(receivables.bankAccountId)))
    .returning({ date: receivables.paymentDate, status: receivables.status, settlementId: receivables.settlementId });
  const items = await ex
    .update(organizationRevenue)
    .set({ bankAccountId })
    .where(and(eq(organizationRevenue.organizationId, organizationId), eq(organizationRevenue.provider, provider), isNull(organizationRevenue.bankAccountId)))
    .returning({ date: organizationRevenue.dueDate });
  const dates = [...shares.filter((s) => s.status === 'PENDING' || (s.status === 'PAID' && s.settlementId === null)).map((s) => s.date), ...items.map((i) => i.date)];
  return [...new Set(dates)].sort();
}
