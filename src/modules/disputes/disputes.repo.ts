import { and, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  disputeDocuments,
  disputes,
  transactions,
  type DisputeDocumentRow,
  type DisputeRow,
  type NewDisputeRow,
  type TransactionRow,
} from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { OPEN_DISPUTE_STATUSES } from '../../domain/open-disputes.js';
import { ownedRowsInReach } from '../../kernel/tenancy.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import { must } from '../../kernel/must.js';

/** SQL of disputes only; every tenant read goes through the caller's reach. */

/**
 * The disputed transaction's row, locked for the dispute's money moves (the same lock payments' moves take, so a
 * refund and a dispute of one transaction queue). Read here rather than through payments: payments reads
 * disputes (what refunds may return), so disputes does not import payments.
 */
export async function lockTransactionRow(ex: Executor, id: string): Promise<TransactionRow | undefined> {
  const [row] = await ex.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row;
}

export async function insertDispute(ex: Executor, row: NewDisputeRow): Promise<DisputeRow> {
  return must((await ex.insert(disputes).values(row).returning())[0], 'an insert returns the row it wrote');
}

export async function findDispute(ex: Executor, id: string, lock = false): Promise<DisputeRow | undefined> {
  const q = ex.select().from(disputes).where(eq(disputes.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findDisputeInReach(
  ex: Executor,
  principal: CompanyPrincipal,
  id: string,
): Promise<DisputeRow | undefined> {
  const [row] = await ex
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, id), ownedRowsInReach(principal, disputes)));
  return row;
}

export async function updateDispute(ex: Executor, id: string, set: Partial<NewDisputeRow>): Promise<DisputeRow> {
  return must(
    (await ex.update(disputes).set(set).where(eq(disputes.id, id)).returning())[0],
    'an update by id finds the row its caller read',
  );
}

export interface DisputeListQuery extends CommonListFilters {
  company_id?: string;
  transaction_id?: string;
}

export function listDisputesInReach(ex: Executor, principal: CompanyPrincipal, q: DisputeListQuery) {
  const scope = and(
    ownedRowsInReach(principal, disputes),
    q.company_id ? eq(disputes.companyId, q.company_id) : undefined,
    q.transaction_id ? eq(disputes.transactionId, q.transaction_id) : undefined,
  );
  return selectPage(ex, disputes, scope, q, {
    id: disputes.id,
    createdAt: disputes.createdAt,
    status: disputes.status,
    amount: disputes.amount,
  });
}

/** The sum of a transaction's disputes that took the money for good (LOST or ACCEPTED). */
export async function lostAmountOf(ex: Executor, transactionId: string): Promise<number> {
  const [row] = await ex
    .select({ total: sum(disputes.amount) })
    .from(disputes)
    .where(and(eq(disputes.transactionId, transactionId), inArray(disputes.status, ['LOST', 'ACCEPTED'])));
  return Number(row?.total ?? 0);
}

/**
 * What a transaction's disputes claim (in progress, lost or accepted; not WON): refunds may not return it a
 * second time (docs/decisions/disputes.md). Exported for the refunds of the transactions area.
 */
export async function disputedAmountOf(ex: Executor, transactionId: string): Promise<number> {
  const [row] = await ex
    .select({ total: sum(disputes.amount) })
    .from(disputes)
    .where(
      and(
        eq(disputes.transactionId, transactionId),
        inArray(disputes.status, ['OPEN', 'UNDER_REVIEW', 'LOST', 'ACCEPTED']),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * money.md M4: anticipation needs "a transaction with no open dispute". Open = OPEN or UNDER_REVIEW (the money
 * is still held and the outcome unknown; src/domain/open-disputes.ts).
 */
export async function hasOpenDispute(ex: Executor, transactionId: string): Promise<boolean> {
  const [row] = await ex
    .select({ one: sql<number>`1` })
    .from(disputes)
    .where(and(eq(disputes.transactionId, transactionId), inArray(disputes.status, [...OPEN_DISPUTE_STATUSES])))
    .limit(1);
  return row !== undefined;
}

/** The transaction's latest dispute (a provider's dispute event acts on it), locked for the move. */
export async function latestDisputeOf(ex: Executor, transactionId: string): Promise<DisputeRow | undefined> {
  const [row] = await ex
    .select()
    .from(disputes)
    .where(eq(disputes.transactionId, transactionId))
    .orderBy(desc(disputes.openedAt), desc(disputes.id))
    .limit(1)
    .for('update');
  return row;
}

export async function insertDisputeDocument(ex: Executor, row: DisputeDocumentRow): Promise<DisputeDocumentRow> {
  return must((await ex.insert(disputeDocuments).values(row).returning())[0], 'an insert returns the row it wrote');
}

export async function findDisputeDocument(ex: Executor, id: string): Promise<DisputeDocumentRow | undefined> {
  const [row] = await ex.select().from(disputeDocuments).where(eq(disputeDocuments.id, id));
  return row;
}

/** Which of `ids` are documents of this dispute. */
export async function documentIdsOfDispute(
  ex: Executor,
  disputeId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ex
    .select({ id: disputeDocuments.id })
    .from(disputeDocuments)
    .where(and(eq(disputeDocuments.disputeId, disputeId), inArray(disputeDocuments.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}
