import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  refunds,
  transactionOperations,
  type NewRefundRow,
  type RefundRow,
  type TransactionOperationRow,
} from '../../../db/schema/index.js';
import type { CompanyPrincipal } from '../../../kernel/context.js';
import { ownedRowsInReach } from '../../../kernel/tenancy.js';

// SQL only (docs/conventions.md): refunds and the capture/cancel claims.

export async function insertRefund(ex: Executor, row: NewRefundRow): Promise<RefundRow> {
  const [inserted] = await ex.insert(refunds).values(row).returning();
  return inserted;
}

export async function findRefund(ex: Executor, id: string, lock = false): Promise<RefundRow | undefined> {
  const q = ex.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findRefundInReach(
  ex: Executor,
  principal: CompanyPrincipal,
  id: string,
): Promise<RefundRow | undefined> {
  const [row] = await ex
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, id), ownedRowsInReach(principal, refunds)))
    .limit(1);
  return row;
}

/** P5: a transaction's refunds, oldest first, ties by id. */
export function refundsOfTransaction(ex: Executor, transactionId: string): Promise<RefundRow[]> {
  return ex
    .select()
    .from(refunds)
    .where(eq(refunds.transactionId, transactionId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function updateRefund(ex: Executor, id: string, set: Partial<NewRefundRow>): Promise<RefundRow> {
  const [row] = await ex.update(refunds).set(set).where(eq(refunds.id, id)).returning();
  return row;
}

/** Claims the transaction's one provider exit (capture or cancel); false when another claim exists. */
export async function claimOperation(ex: Executor, row: Omit<TransactionOperationRow, 'status'>): Promise<boolean> {
  const inserted = await ex
    .insert(transactionOperations)
    .values({ ...row, status: 'IN_FLIGHT' })
    .onConflictDoNothing()
    .returning({ id: transactionOperations.transactionId });
  return inserted.length > 0;
}

export async function findOperation(ex: Executor, transactionId: string): Promise<TransactionOperationRow | undefined> {
  const [row] = await ex
    .select()
    .from(transactionOperations)
    .where(eq(transactionOperations.transactionId, transactionId))
    .limit(1);
  return row;
}

export async function finishOperation(ex: Executor, transactionId: string, now: Date): Promise<void> {
  await ex
    .update(transactionOperations)
    .set({ status: 'DONE', updatedAt: now })
    .where(eq(transactionOperations.transactionId, transactionId));
}

/** The provider refused the operation (nothing happened): the claim goes, so a later capture or cancel may try. */
export async function releaseOperation(ex: Executor, transactionId: string): Promise<void> {
  await ex
    .delete(transactionOperations)
    .where(and(eq(transactionOperations.transactionId, transactionId), eq(transactionOperations.status, 'IN_FLIGHT')));
}
