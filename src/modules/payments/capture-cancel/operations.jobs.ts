import { DomainError } from '../../../kernel/errors.js';
import { JOB_PRIORITY, type JobRegistrations } from '../../../jobs/registry.js';
import { authorizationExpiresAt } from '../refunds/refunds.rules.js';
import { syncRefund } from '../refunds/refunds.provider.js';
import { REFUND_SYNC_JOB, type RefundDeps } from '../refunds/refunds.service.js';
import { expireAuthorization, expirePix, OPERATION_SYNC_JOB, syncOperation } from './operations.service.js';
import { findTransactionRow } from '../shared/transactions.repo.js';
import { AUTHORIZATION_EXPIRY_JOB, PIX_EXPIRY_JOB } from '../shared/expiry-jobs.js';

/** How long an expiry waits for a capture or cancel still in progress before it looks again. */
const EXPIRY_RETRY_MS = 60_000;

/** A move the transaction no longer accepts (captured, cancelled, paid meanwhile) is simply dropped. */
const dropConflict = (err: unknown) => {
  if (err instanceof DomainError && err.code === 'CONFLICT_ERROR') return undefined;
  throw err;
};

/**
 * The job kinds of what happens after a transaction exists: refund syncs (and the sandbox autopilot, an early
 * sync), capture/cancel syncs after a lost answer, and the two expiries (on the organization's clock, so the
 * sandbox test clock's advance runs them, with the expirations' priority of money.md M7).
 */
export function transactionOperationJobs(deps: RefundDeps): JobRegistrations {
  // The generic recovery of provider operations is registered by the composition root with every area's handlers.
  return {
    [REFUND_SYNC_JOB]: (job) => syncRefund(deps, job),
    [OPERATION_SYNC_JOB]: () => syncOperation(),
    [AUTHORIZATION_EXPIRY_JOB]: {
      options: { priority: JOB_PRIORITY.expiration },
      handler: async (job) => {
        const row = await findTransactionRow(deps.db, String(job.payload.transactionId));
        if (!row || row.status !== 'AUTHORIZED' || !row.authorizedAt) return;
        const due = authorizationExpiresAt(row.authorizedAt);
        if (deps.clock.now(row.organizationId) < due) return { rescheduleAt: due };
        try {
          await expireAuthorization(deps, row.id);
        } catch (err) {
          const reason = err instanceof DomainError ? err.details?.reason : undefined;
          // A capture or cancel still open: ask again once it has resolved (it may have captured).
          if (reason === 'OPERATION_IN_PROGRESS')
            return { rescheduleAt: new Date(deps.clock.now(row.organizationId).getTime() + EXPIRY_RETRY_MS) };
          // The void's outcome is unknown: its own operation (and recovery job) finishes it.
          if (reason === 'PROVIDER_OUTCOME_UNKNOWN') return;
          return dropConflict(err);
        }
      },
    },
    [PIX_EXPIRY_JOB]: {
      options: { priority: JOB_PRIORITY.expiration },
      handler: async (job) => {
        const row = await findTransactionRow(deps.db, String(job.payload.transactionId));
        if (!row || row.status !== 'WAITING_PAYMENT' || !row.pix) return;
        const due = new Date(row.pix.expires_at);
        if (deps.clock.now(row.organizationId) < due) return { rescheduleAt: due };
        await expirePix(deps, row.id).catch(dropConflict);
      },
    },
  };
}
