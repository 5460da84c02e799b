import { eq } from 'drizzle-orm';
import { internalTransfers, type InternalTransferRow, type JobRow } from '../../db/schema/index.js';
import { DomainError } from '../../kernel/errors.js';
import type { Clock } from '../../jobs/clock.js';
import type { JobRegistrations, JobResult } from '../../jobs/registry.js';
import type { JobLogger } from '../../jobs/runner.js';
import { ProviderError } from '../../providers/errors.js';
import { findTransfer } from './banking.repo.js';
import { accountsOf, attemptSubmit, recordAccepted, TRANSFER_SUBMIT_JOB, TRANSFER_SYNC_JOB, type SubmitOutcome } from './transfer-submission.js';
import { recoverStrandedTransfers, STRANDED_AFTER_MS } from './transfer-recovery.js';
import { applyStatusReport, type TransferDeps } from './transfers.service.js';
import { accountOpeningJobs } from './account-opening.js';
import { textOf } from '../../kernel/text.js';

/** SANDBOX_AUTOPILOT: plays the provider for one transfer (PENDING -> PROCESSING -> COMPLETED). */
export const TRANSFER_AUTOPILOT_JOB = 'internal-transfer.autopilot';
/** Periodic, platform-wide (real time): transfers a crashed process left behind are moved on. */
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
 * The banking area's job kinds, registered by the composition root:
 * - `internal-transfer.submit` {transferId}: the recovery point scheduled with every transfer. A no-op when
 *   the transfer already reached its provider or is no longer PENDING; otherwise it submits under the same
 *   idempotency key (the provider dedupes a submission that did land before a crash).
 * - `internal-transfer.sync` {transferId}: after a lost answer. Asks the provider (psync) what it has under
 *   the key: nothing -> resubmit; the transfer -> record its ids and any status it reports. While the
 *   provider cannot answer, it reschedules itself with backoff; the transfer stays PENDING with its hold.
 *   Only a refusal fails a transfer. Both are idempotent: running one twice (an expired lease) is harmless.
 * - `internal-transfer.autopilot` and `internal-transfer.recover`: the sandbox autopilot and the sweep.
 */
export function bankingJobs(deps: TransferDeps & { logger?: JobLogger }): JobRegistrations {
  const clock = deps.clock;
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
        await applyStatusReport(deps, `autopilot-${row.id}`, { transferId: row.id, status: 'PROCESSING' }).catch(dropIllegalMove);
        return later();
      }
      if (row.status === 'PROCESSING') await applyStatusReport(deps, `autopilot-${row.id}`, { transferId: row.id, status: 'COMPLETED' }).catch(dropIllegalMove);
    },
    [TRANSFER_RECOVERY_JOB]: {
      // It runs forever: a failure is logged and the next round comes anyway.
      options: { maxAttempts: Number.MAX_SAFE_INTEGER },
      handler: async () => {
        try {
          await recoverStrandedTransfers(deps);
        } catch (err) {
          deps.logger?.warn({ error: (err as Error).message }, 'transfer recovery failed');
        }
        return { rescheduleAt: new Date(deps.clock.now().getTime() + STRANDED_AFTER_MS) };
      },
    },
    [TRANSFER_SUBMIT_JOB]: async (job) => {
      const row = await pendingTransfer(deps, job);
      if (!row || row.providerTransferId) return;
      return settleOutcome(deps, job, row, await submitNow(deps, row), clock);
    },
    [TRANSFER_SYNC_JOB]: async (job) => {
      const row = await pendingTransfer(deps, job);
      if (!row) return;
      let found;
      try {
        found = await deps.providers.require(row.provider, 'internal-transfer.sync')({ idempotencyKey: row.id });
      } catch (err) {
        // A provider that cannot say yet: ask again later. Anything else is a bug: the runner retries it.
        if (err instanceof ProviderError && err.kind !== 'refused') return { rescheduleAt: backoff(job, clock.now()) };
        throw err;
      }
      if (!found.found) return settleOutcome(deps, job, row, await submitNow(deps, row), clock);
      const updated = await recordAccepted(deps, `job-${job.id}`, row, { providerTransferId: found.providerTransferId, externalRequestId: found.externalRequestId, status: found.status === 'FAILED' ? 'PENDING' : found.status });
      if (found.status === 'FAILED' && updated.status !== 'FAILED') {
        await applyStatusReport(deps, `job-${job.id}`, { transferId: row.id, status: 'FAILED', errorMessage: found.failure?.message ?? 'The provider failed the transfer' });
      }
    },
  };
}

async function pendingTransfer(deps: TransferDeps, job: JobRow): Promise<InternalTransferRow | undefined> {
  const transferId = textOf(job.payload.transferId ?? '');
  if (!transferId) return undefined;
  const row = await findTransfer(deps.db, eq(internalTransfers.id, transferId));
  return row && (row.status === 'PENDING' || row.status === 'PROCESSING') ? row : undefined;
}

async function submitNow(deps: TransferDeps, row: InternalTransferRow): Promise<SubmitOutcome> {
  const accounts = await accountsOf(deps, row);
  if (!accounts) throw new Error(`transfer ${row.id} lost its accounts`);
  return attemptSubmit(deps, row, accounts);
}

async function settleOutcome(deps: TransferDeps, job: JobRow, row: InternalTransferRow, outcome: SubmitOutcome, clock: Clock): Promise<JobResult> {
  const correlationId = `job-${job.id}`;
  if (outcome.kind === 'accepted') {
    await recordAccepted(deps, correlationId, row, outcome.result);
    return;
  }
  if (outcome.kind === 'refused') {
    await applyStatusReport(deps, correlationId, { transferId: row.id, status: 'FAILED', errorMessage: outcome.message });
    return;
  }
  return { rescheduleAt: backoff(job, clock.now()) };
}
