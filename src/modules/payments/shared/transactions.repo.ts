import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { transactions, type NewTransactionRow, type TransactionRow } from '../../../db/schema/index.js';
import type { CompanyPrincipal } from '../../../kernel/context.js';
import { ownedRowsInReach } from '../../../kernel/tenancy.js';
import { selectPage, type CommonListFilters } from '../../../http/pagination.js';

// SQL only (docs/conventions.md). Reads of resources skip rows not yet announced: a row recorded before its
// provider call is not a transaction until the call's outcome is recorded (or is deleted when nothing was
// submitted), so an `unavailable` provider leaves nothing observable.

export async function findTransactionRow(ex: Executor, id: string): Promise<TransactionRow | undefined> {
  const [row] = await ex.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return row;
}

/** The row locked for a read-modify-write (capture, cancel, refunds, sync serialize on it). */
export async function lockTransactionRow(ex: Executor, id: string): Promise<TransactionRow | undefined> {
  const [row] = await ex.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row;
}

export async function findTransactionInReach(
  ex: Executor,
  principal: CompanyPrincipal,
  id: string,
): Promise<TransactionRow | undefined> {
  const [row] = await ex
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.announced, true), ownedRowsInReach(principal, transactions)))
    .limit(1);
  return row;
}

export async function updateTransactionRow(
  ex: Executor,
  id: string,
  set: Partial<NewTransactionRow>,
): Promise<TransactionRow | undefined> {
  const [row] = await ex.update(transactions).set(set).where(eq(transactions.id, id)).returning();
  return row;
}

/** Only an unannounced row (its provider call never reached the provider) is ever deleted. */
export async function deleteUnannounced(ex: Executor, id: string): Promise<void> {
  await ex.delete(transactions).where(and(eq(transactions.id, id), eq(transactions.announced, false)));
}

export interface TransactionListQuery extends CommonListFilters {
  payment_method?: string[];
  provider?: string[];
  merchant_id?: string;
}

const listColumns = {
  id: transactions.id,
  createdAt: transactions.createdAt,
  status: transactions.status,
  amount: transactions.amount,
};

function methodAndProvider(q: TransactionListQuery): SQL[] {
  const where: SQL[] = [eq(transactions.announced, true)];
  if (q.payment_method?.length)
    where.push(inArray(transactions.paymentMethod, q.payment_method as TransactionRow['paymentMethod'][]));
  if (q.provider?.length) where.push(inArray(transactions.provider, q.provider));
  return where;
}

/** GET /v1/transactions: the caller's own company's transactions. */
export function listOwnTransactions(ex: Executor, companyId: string, q: TransactionListQuery) {
  return selectPage(
    ex,
    transactions,
    and(eq(transactions.companyId, companyId), ...methodAndProvider(q)),
    q,
    listColumns,
  );
}

/** GET /v1/merchants/transactions: an organization's merchants' transactions (not its own). */
export function listMerchantTransactions(ex: Executor, organizationId: string, q: TransactionListQuery) {
  return selectPage(
    ex,
    transactions,
    and(
      eq(transactions.organizationId, organizationId),
      ne(transactions.companyId, organizationId),
      q.merchant_id ? eq(transactions.companyId, q.merchant_id) : undefined,
      ...methodAndProvider(q),
    ),
    q,
    listColumns,
  );
}
