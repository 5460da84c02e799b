import { eq } from 'drizzle-orm';
import { internalTransfers, type JobRow } from '../../db/schema/index.js';
import { DomainError } from '../../kernel/errors.js';
import type { JobRegistrations } from '../../jobs/registry.js';
import type { JobLogger } from '../../jobs/runner.js';
import { findTransfer } from './banking.repo.js';
import { adoptLegacyTransfer, TRANSFER_SUBMIT_JOB, TRANSFER_SYNC_JOB } from './transfer-submission.js';
import { applyStatusReport } from './transfer-status.js';
import type { TransferDeps } from './transfers.service.js';
import { accountOpeningJobs } from './account-opening.js';
import { textOf } from '../../kernel/text.js';

/** SANDBOX_AUTOPILOT: plays the provider for one transfer (PENDING -> PROCESSING -> COMPLETED). */
export const TRANSFER_AUTOPILOT_JOB = 'internal-transfer.autopilot';
/** The periodic sweep of the hand-written path (before provider operations): registered so queued ones end. */
export const TRANSFER_RECOVERY_JOB = 'internal-transfer.recover';
export { TRANSFER_SUBMIT_JOB, TRANSFER_SYNC_JOB };

export interface TransferAutopilotPayload {
  transferId: string;
  /** Delay between the two status reports (SANDBOX_AUTOPILOT_DELAY_MS at scheduling time). */
  delayMs: number;
}

/** A report the transfer no longer accepts (moved by the sandbox control meanwhile) is simply dropped. */
const dropIllegalMove = (err: unknown) => {
  if (err instanceof DomainError && err.code === 'CONFLICT_ERROR') return undefined;
  throw err;
};

const MIN_BACKOFF_MS = 2_000;
const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Next try of a job whose provider answer is still unknown: as long again as the job has waited so far
 * (so the delays roughly double), between 2 s and 5 min. Needs no counter beyond the job's own age.
 */
export function backoff(job: Pick<JobRow, 'createdAt'>, now: Date): Date {
  const waited = now.getTime() - job.createdAt.getTime();
  return new Date(now.getTime() + Math.min(MAX_BACKOFF_MS, Math.max(MIN_BACKOFF_MS, waited)));
}

/**
 * The banking area's job kinds, registered by the composition root (a transfer's submission is a provider
 * operation, recovered by `provider-operation.recover` with `transferOperationHandlers`, transfer-submission.ts):
 * - `internal-transfer.autopilot`: the sandbox autopilot;
 * - `internal-transfer.submit`, `.sync` {transferId}, `internal-transfer.recover`: queued by the hand-written
 *   path before the primitive; the first two hand their transfer to it, the sweep ends.
 */
export function bankingJobs(deps: TransferDeps & { logger?: JobLogger }): JobRegistrations {
  return {
    ...accountOpeningJobs(deps),
    [TRANSFER_AUTOPILOT_JOB]: async (job) => {
      const { transferId, delayMs } = job.payload as unknown as TransferAutopilotPayload;
      const row = await findTransfer(deps.db, eq(internalTransfers.id, transferId));
      if (!row) return;
      const later = () => ({ rescheduleAt: new Date(deps.clock.now(row.organizationId).getTime() + delayMs) });
      if (row.status === 'PENDING') {
        // Not yet accepted by its provider (the creating request, or recovery, hands it over): look again later.
        if (!row.providerTransferId) return later();
        await applyStatusReport(deps, `autopilot-${row.id}`, { transferId: row.id, status: 'PROCESSING' }).catch(
          dropIllegalMove,
        );
        return later();
      }
      if (row.status === 'PROCESSING')
        await applyStatusReport(deps, `autopilot-${row.id}`, { transferId: row.id, status: 'COMPLETED' }).catch(
          dropIllegalMove,
        );
    },
    // The periodic sweep of the hand-written path, scheduled by earlier versions: every transfer now has its
    // operation's recovery job, so it ends (no reschedule).
    [TRANSFER_RECOVERY_JOB]: async () => undefined,
    // Jobs queued before the provider-operation primitive: their transfer gets its operation and recovery job.
    [TRANSFER_SUBMIT_JOB]: (job) => adoptLegacyTransfer(deps, textOf(job.payload.transferId ?? '')),
    [TRANSFER_SYNC_JOB]: (job) => adoptLegacyTransfer(deps, textOf(job.payload.transferId ?? '')),
  };
}
