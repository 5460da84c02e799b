import type { Executor } from '../../../db/client.js';
import type { TransactionRow } from '../../../db/schema/index.js';
import type { CompanyPrincipal } from '../../../kernel/context.js';
import { notFound } from '../../../kernel/errors.js';
import { paginate } from '../../../http/pagination.js';
import {
  findTransactionInReach,
  listMerchantTransactions,
  listOwnTransactions,
  type TransactionListQuery,
} from './transactions.repo.js';
import { toTransactionView } from './transactions.view.js';

/** Reads of transactions (payments.md P1): within reach, another tenant's id answers 404. */
export async function getTransaction(db: Executor, principal: CompanyPrincipal, id: string): Promise<TransactionRow> {
  const row = await findTransactionInReach(db, principal, id);
  if (!row) throw notFound('Transaction');
  return row;
}

/** GET /v1/transactions: the caller's own company's payments (an organization's merchants' are the next list). */
export async function listOwn(db: Executor, principal: CompanyPrincipal, q: TransactionListQuery) {
  const { rows, total } = await listOwnTransactions(db, principal.companyId, q);
  return { data: rows.map((row) => toTransactionView(row)), pagination: paginate(q.page, q.limit, total) };
}

/** GET /v1/merchants/transactions: an organization's merchants' payments (the route is organization-only). */
export async function listOfMerchants(db: Executor, principal: CompanyPrincipal, q: TransactionListQuery) {
  const { rows, total } = await listMerchantTransactions(db, principal.organizationId, q);
  return { data: rows.map((row) => toTransactionView(row)), pagination: paginate(q.page, q.limit, total) };
}
