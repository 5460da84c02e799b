import type { JobRow } from '../../db/schema/index.js';
import { JOB_PRIORITY, type JobRegistrations, type JobResult } from '../../jobs/registry.js';
import { DomainError } from '../../kernel/errors.js';
import { ProviderError } from '../../providers/errors.js';
import { backoff } from '../banking/banking.jobs.js';
import { AUTOMATIC_CASHOUT_JOB, runSlot } from './automatic-cashouts.js';
import { applyCashoutReport, applyReturn, CASHOUT_SANDBOX_RETURN_JOB } from './cashout-status.js';
import { attemptSubmit, CASHOUT_AUTOPILOT_JOB, CASHOUT_SUBMIT_JOB, CASHOUT_SYNC_JOB, recordAccepted, settleSubmit } from './cashout-submission.js';
import { byId, findCashout } from './cashouts.repo.js';
import { sandboxScript } from './cashouts.rules.js';
import type { CashoutDeps } from './cashouts.service.js';
import { textOf } from '../../kernel/text.js';

/** A report the cashout no longer accepts (the sandbox control moved it first) is dropped. */
const dropConflict = (err: unknown) => {
  if (err instanceof DomainError && err.code === 'CONFLICT_ERROR') return undefined;
  throw err;
};

async function pendingCashout(deps: CashoutDeps, job: JobRow) {
  const id = textOf(job.payload.cashoutId ?? '');
  const row = id ? await findCashout(deps.db, byId(id)) : undefined;
  return row?.status === 'PENDING' ? row : undefined;
}

/**
 * The cashout area's job kinds:
 * - `cashout.submit` {cashoutId}: the recovery point of every cashout (its request died before the provider had it).
 * - `cashout.sync` {cashoutId}: after an unknown outcome; asks the provider (psync) under our id: nothing there ->
 *   resubmit; found -> record its answer. Reschedules with backoff while the provider cannot say; the cashout
 *   stays PENDING with its hold. Only a refusal fails it.
 * - `cashout.autopilot` {cashoutId} (SANDBOX_AUTOPILOT): completes it about 2 s after creation, or fails a 91.
 * - `cashout.sandbox-return` {cashoutId, amount}: the return of a 92/93 an hour after completion.
 * - `cashout.automatic-slot` {companyId, slot}: one merchant's automatic cashouts of one slot (money.md M5).
 */
export function cashoutJobs(deps: CashoutDeps): JobRegistrations {
  const correlation = (job: JobRow) => `job-${job.id}`;
  const retryLater = (job: JobRow): JobResult => ({ rescheduleAt: backoff(job, deps.clock.now()) });
  return {
    [CASHOUT_SUBMIT_JOB]: async (job) => {
      const row = await pendingCashout(deps, job);
      if (!row || row.providerCashoutId) return;
      const settled = await settleSubmit(deps, correlation(job), row, await attemptSubmit(deps, row)).catch(dropConflict);
      if (settled === 'retry') return retryLater(job);
    },
    [CASHOUT_SYNC_JOB]: async (job) => {
      const row = await pendingCashout(deps, job);
      if (!row) return;
      let found;
      try {
        found = await deps.providers.require(row.provider, 'cashout.sync')({ idempotencyKey: row.id });
      } catch (err) {
        if (err instanceof ProviderError && err.kind !== 'refused') return retryLater(job);
        throw err;
      }
      if (!found.found) {
        const settled = await settleSubmit(deps, correlation(job), row, await attemptSubmit(deps, row)).catch(dropConflict);
        return settled === 'retry' ? retryLater(job) : undefined;
      }
      await recordAccepted(deps, correlation(job), row, found).catch(dropConflict);
    },
    [CASHOUT_AUTOPILOT_JOB]: async (job) => {
      const row = await pendingCashout(deps, job);
      if (!row) return;
      // Not yet accepted by its provider (the creating request, or recovery, hands it over): look again later.
      if (!row.providerCashoutId) return { rescheduleAt: new Date(deps.clock.now(row.organizationId).getTime() + deps.autopilotDelayMs) };
      const script = sandboxScript(row.amount);
      const report = script.outcome === 'FAILED'
        ? { status: 'FAILED' as const, errorCode: script.errorCode, errorMessage: 'The destination account is closed' }
        : { status: 'COMPLETED' as const };
      await applyCashoutReport({ ...deps, autopilot: true }, correlation(job), row.id, report).catch(dropConflict);
    },
    [CASHOUT_SANDBOX_RETURN_JOB]: async (job) => {
      const id = textOf(job.payload.cashoutId ?? '');
      const amount = Number(job.payload.amount ?? 0);
      if (!id || amount < 1) return;
      await applyReturn(deps, correlation(job), id, { amount, reason: 'RETURNED_BY_RECEIVER' }).catch(dropConflict);
    },
    [AUTOMATIC_CASHOUT_JOB]: {
      options: { priority: JOB_PRIORITY.automaticCashout },
      handler: async (job) => {
        await runSlot(deps, textOf(job.payload.companyId ?? ''), textOf(job.payload.slot ?? ''));
      },
    },
  };
}
