import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  bankAccounts,
  receivables,
  settlements,
  type ReceivableRow,
  type SettlementRow,
} from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { ownedRowsInReach } from '../../kernel/tenancy.js';
import { paginate, selectPage, type CommonListFilters, type Pagination } from '../../http/pagination.js';
import { agenda, findReceivableInReach, findSettlementInReach, type AgendaRow } from './receivables.repo.js';
import type { ReceivablesQuery, SettlementsQuery } from './receivables.schemas.js';

type Page<T> = { rows: T[]; pagination: Pagination };

const receivableColumns = {
  id: receivables.id,
  createdAt: receivables.createdAt,
  status: receivables.status,
  amount: receivables.netAmount,
  sortable: { payment_date: receivables.paymentDate },
};

/** M2: GET /v1/receivables within reach (organization: its companies; merchant: its own), filters inclusive. */
export async function listReceivables(
  db: Database,
  principal: CompanyPrincipal,
  q: ReceivablesQuery,
): Promise<Page<ReceivableRow>> {
  const where: SQL[] = [ownedRowsInReach(principal, receivables)];
  if (q.company_id) where.push(eq(receivables.companyId, q.company_id));
  if (q.bank_account_id) where.push(eq(receivables.bankAccountId, q.bank_account_id));
  if (q.provider) where.push(eq(receivables.provider, q.provider.toUpperCase()));
  if (q.role) where.push(eq(receivables.role, q.role));
  if (q.transaction_id) where.push(eq(receivables.transactionId, q.transaction_id));
  if (q.payment_method) where.push(eq(receivables.paymentMethod, q.payment_method));
  if (q.anticipation_id) where.push(eq(receivables.anticipationId, q.anticipation_id));
  if (q.payment_date_from) where.push(gte(receivables.paymentDate, q.payment_date_from));
  if (q.payment_date_to) where.push(lte(receivables.paymentDate, q.payment_date_to));
  const { rows, total } = await selectPage(db, receivables, and(...where), q, receivableColumns);
  return { rows, pagination: paginate(q.page, q.limit, total) };
}

export async function getReceivable(db: Database, principal: CompanyPrincipal, id: string): Promise<ReceivableRow> {
  const row = await findReceivableInReach(db, principal, id);
  if (!row) throw notFound('Receivable');
  return row;
}

/** M2's agenda of one bank account in reach (404 otherwise): PENDING receivables per date, ascending. */
export async function receivableSchedule(
  db: Database,
  principal: CompanyPrincipal,
  q: { bank_account_id: string; payment_date_from?: string; payment_date_to?: string },
): Promise<AgendaRow[]> {
  const [account] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, q.bank_account_id), ownedRowsInReach(principal, bankAccounts)))
    .limit(1);
  if (!account) throw notFound('Bank account');
  return agenda(db, principal, account.id, q.payment_date_from, q.payment_date_to);
}

const settlementColumns = {
  id: settlements.id,
  createdAt: settlements.createdAt,
  sortable: { payment_date: settlements.paymentDate },
};

export async function listSettlements(
  db: Database,
  principal: CompanyPrincipal,
  q: SettlementsQuery,
): Promise<Page<SettlementRow>> {
  const where: SQL[] = [ownedRowsInReach(principal, settlements)];
  if (q.bank_account_id) where.push(eq(settlements.bankAccountId, q.bank_account_id));
  if (q.payment_date_from) where.push(gte(settlements.paymentDate, q.payment_date_from));
  if (q.payment_date_to) where.push(lte(settlements.paymentDate, q.payment_date_to));
  const { rows, total } = await selectPage(db, settlements, and(...where), q, settlementColumns);
  return { rows, pagination: paginate(q.page, q.limit, total) };
}

export async function getSettlement(db: Database, principal: CompanyPrincipal, id: string): Promise<SettlementRow> {
  const row = await findSettlementInReach(db, principal, id);
  if (!row) throw notFound('Settlement');
  return row;
}

export async function settlementReceivables(
  db: Database,
  principal: CompanyPrincipal,
  id: string,
  q: CommonListFilters,
): Promise<Page<ReceivableRow>> {
  const settlement = await getSettlement(db, principal, id);
  const { rows, total } = await selectPage(
    db,
    receivables,
    and(eq(receivables.settlementId, settlement.id), ownedRowsInReach(principal, receivables)),
    q,
    receivableColumns,
  );
  return { rows, pagination: paginate(q.page, q.limit, total) };
}
