import type { JobRow } from '../../db/schema/index.js';
import { JOB_PRIORITY, type JobRegistrations } from '../../jobs/registry.js';
import { DomainError } from '../../kernel/errors.js';
import { AUTOMATIC_CASHOUT_JOB, runSlot } from './automatic-cashouts.js';
import { applyCashoutReport, applyReturn, CASHOUT_SANDBOX_RETURN_JOB } from './cashout-status.js';
import {
  adoptLegacyCashout,
  CASHOUT_AUTOPILOT_JOB,
  LEGACY_CASHOUT_SUBMIT_JOB,
  LEGACY_CASHOUT_SYNC_JOB,
} from './cashout-submission.js';
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
 * The cashout area's job kinds (its submission is a provider operation, recovered by `provider-operation.recover`
 * with `cashoutOperationHandlers`, cashout-submission.ts):
 * - `cashout.submit`, `cashout.sync` {cashoutId}: queued before the primitive; they hand their cashout to it.
 * - `cashout.autopilot` {cashoutId} (SANDBOX_AUTOPILOT): completes it about 2 s after creation, or fails a 91.
 * - `cashout.sandbox-return` {cashoutId, amount}: the return of a 92/93 an hour after completion.
 * - `cashout.automatic-slot` {companyId, slot}: one merchant's automatic cashouts of one slot (money.md M5).
 */
export function cashoutJobs(deps: CashoutDeps): JobRegistrations {
  const correlation = (job: JobRow) => `job-${job.id}`;
  return {
    // Jobs queued before the provider-operation primitive: their cashout gets its operation and recovery job.
    [LEGACY_CASHOUT_SUBMIT_JOB]: (job) =>
      adoptLegacyCashout(deps, textOf(job.payload.cashoutId ?? ''), deps.clock.now()),
    [LEGACY_CASHOUT_SYNC_JOB]: (job) => adoptLegacyCashout(deps, textOf(job.payload.cashoutId ?? ''), deps.clock.now()),
    [CASHOUT_AUTOPILOT_JOB]: async (job) => {
      const row = await pendingCashout(deps, job);
      if (!row) return;
      // Not yet accepted by its provider (the creating request, or recovery, hands it over): look again later.
      if (!row.providerCashoutId)
        return { rescheduleAt: new Date(deps.clock.now(row.organizationId).getTime() + deps.autopilotDelayMs) };
      const script = sandboxScript(row.amount);
      const report =
        script.outcome === 'FAILED'
          ? {
              status: 'FAILED' as const,
              errorCode: script.errorCode,
              errorMessage: 'The destination account is closed',
            }
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
