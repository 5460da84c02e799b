import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { transactions, type NewTransactionRow, type TransactionRow } from '../../../db/schema/index.js';
import { recordEvents } from '../../../events/outbox.js';
import { enqueueJob } from '../../../jobs/queue.js';
import { invalidState } from '../../../kernel/errors.js';
import { lastSequenceOf } from '../../../ledger/sequence.js';
import { postApproval } from './transactions.ledger.js';
import { closeAttemptOperations, recordResolvedAttempt } from '../../routing/index.js';
import { expiryJobsOf } from './expiry-jobs.js';
import { forgetKeptAuthorizations, mayHaveKeptAuthorization } from './kept-authorizations.repo.js';
import { assertMove, statusChangedEvents, type StatusCause, type TransactionStatus } from './transactions.states.js';

/** Fields a move may set besides the status (the timestamps below get defaults). */
export type MoveChanges = Partial<
  Omit<NewTransactionRow, 'id' | 'companyId' | 'organizationId' | 'status' | 'createdAt' | 'updatedAt'>
>;

// A move to APPROVED from one of these is a payment (the ledger books it); from a refund stage it is a
// refund failing back, which books nothing here.
const PAYMENT_STAGES: readonly TransactionStatus[] = [
  'PROCESSING',
  'AUTHORIZED',
  'WAITING_PAYMENT',
  'EXPIRED',
  'CANCELED',
];

/** The timestamps and amounts a move implies, unless the caller sets them. */
function impliedChanges(row: TransactionRow, to: TransactionStatus, now: Date): MoveChanges {
  const from = row.status;
  if (to === 'APPROVED' && PAYMENT_STAGES.includes(from)) {
    return {
      capturedAmount: row.amount,
      capturedAt: now,
      ...(row.paymentMethod !== 'PIX' && !row.authorizedAt ? { authorizedAt: now } : {}),
    };
  }
  if (to === 'AUTHORIZED') return { authorizedAt: row.authorizedAt ?? now };
  if (to === 'CANCELED') return { canceledAt: now };
  if (to === 'EXPIRED') return { expiredAt: now };
  return {};
}

/**
 * Applies one status move of a transaction inside the caller's database transaction (payments.md P4):
 * checks it against the transition table (`409 { field: "status", value: <current> }` otherwise), updates
 * the row only if it still has the status it was read with (a concurrent move makes this one a 409 instead of
 * a lost update), records `transaction.status-changed` in the same transaction (per the event rules of
 * `statusChangedEvents`), and when the move makes a payment APPROVED posts it to the ledger (once).
 * `changes` sets other fields of the move (refusal, authorization code, captured amount, pix...); captured
 * amount/at, authorized/canceled/expired at default from the move. Returns the updated row.
 * money.md M9: the event carries the transaction's `bank_account_id` and `sequence`, that account's last ledger
 * sequence after the change: the approval's (this move posts it), or `moved.sequence` from a caller whose
 * change moved money before the move (a refund's steps); null when the change moves no money.
 */
export async function moveTransaction(
  tx: Executor,
  row: TransactionRow,
  to: TransactionStatus,
  cause: StatusCause,
  now: Date,
  changes: MoveChanges = {},
  moved: { sequence: number | null } = { sequence: null },
): Promise<TransactionRow> {
  assertMove(row.paymentMethod, row.status, to);
  const [updated] = await tx
    .update(transactions)
    .set({ ...impliedChanges(row, to, now), ...changes, status: to, updatedAt: now })
    .where(and(eq(transactions.id, row.id), eq(transactions.status, row.status)))
    .returning();
  if (!updated) {
    const [current] = await tx
      .select({ status: transactions.status })
      .from(transactions)
      .where(eq(transactions.id, row.id));
    throw invalidState(`A transaction in status ${current?.status ?? row.status} cannot move to ${to}`, {
      field: 'status',
      value: current?.status ?? row.status,
    });
  }
  // R6.10: an attempt whose outcome was unknown is counted in its window now that it is known, and its provider
  // operation ends with it (R6.8).
  if (row.status === 'PROCESSING' && to !== 'PROCESSING') {
    await recordResolvedAttempt(tx, updated, to, now);
    await closeAttemptOperations(tx, row.id, to === 'REFUSED' ? 'FAILED' : 'SUCCEEDED', `resolved: ${to}`, now);
    // R5.1: a request kept for the sync's replay goes with the PROCESSING it served.
    if (mayHaveKeptAuthorization(row)) await forgetKeptAuthorizations(tx, row.id);
  }
  let sequence = moved.sequence;
  if (to === 'APPROVED' && PAYMENT_STAGES.includes(row.status)) {
    const posted = await postApproval(tx, updated, now);
    // A replay (a partial capture posted first, in this same change) or no merchant credit: read it.
    sequence = posted.sequence ?? (await lastSequenceOf(tx, updated.bankAccountId!));
  }
  const payloads = statusChangedEvents(row.id, row.status, to, cause);
  await recordEvents(
    tx,
    payloads.map((payload) => ({
      type: 'transaction.status-changed' as const,
      companyId: row.companyId,
      organizationId: row.organizationId,
      payload: { ...payload, bank_account_id: updated.bankAccountId, sequence },
      correlationId: row.requestId ?? row.id,
    })),
    now,
  );
  // payments.md P4: a card that becomes AUTHORIZED (a PROCESSING card's sync, the settle control) expires in 7 days.
  if (to === 'AUTHORIZED') for (const job of expiryJobsOf(updated)) await enqueueJob(tx, job, now);
  return updated;
}
