import type { TransactionRow } from '../../../db/schema/index.js';
import type { NewJob } from '../../../jobs/queue.js';
import { authorizationExpiresAt } from '../refunds/refunds.rules.js';

/** P4: an authorization not captured within 7 days is CANCELED (AUTHORIZATION_EXPIRED) and voided. */
export const AUTHORIZATION_EXPIRY_JOB = 'transaction.authorization-expiry';
/** P4: a PIX still WAITING_PAYMENT at `expires_at` is EXPIRED. */
export const PIX_EXPIRY_JOB = 'transaction.pix-expiry';

/**
 * The expiries a transaction's new status calls for (payments.md P4), enqueued by the use case that moves it
 * there, in its own transaction: the create's follow-ups (create/transactions.outcome.ts `followUpJobs`, single
 * and batched) and a move to AUTHORIZED (shared/transactions.moves.ts: a PROCESSING card's sync or the settle
 * control). The handlers are capture-cancel/operations.jobs.ts. Due on the organization's clock; one per
 * transaction and kind (dedupe key).
 */
export function expiryJobsOf(row: TransactionRow): NewJob[] {
  const expiry = (kind: string, runAt: Date): NewJob => ({
    kind,
    runAt,
    payload: { transactionId: row.id },
    dedupeKey: `${kind}:${row.id}`,
    organizationId: row.organizationId,
  });
  if (row.status === 'AUTHORIZED' && row.authorizedAt)
    return [expiry(AUTHORIZATION_EXPIRY_JOB, authorizationExpiresAt(row.authorizedAt))];
  if (row.status === 'WAITING_PAYMENT' && row.pix?.expires_at)
    return [expiry(PIX_EXPIRY_JOB, new Date(row.pix.expires_at))];
  return [];
}
