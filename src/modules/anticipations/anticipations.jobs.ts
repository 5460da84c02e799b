import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.js';
import type { JobRow } from '../../db/schema/index.js';
import { DomainError } from '../../kernel/errors.js';
import { JOB_PRIORITY, type JobRegistrations } from '../../jobs/registry.js';
import type { Clock } from '../../kernel/clock.js';
import { anticipationAccount, eligibleFor, toCandidate } from './anticipations.eligibility.js';
import { moveAnticipation } from './anticipations.moves.js';
import { automaticAccounts } from './anticipations.repo.js';
import { addDays, approvedOnOrBefore, selectForQuote, type CivilDate } from './anticipations.rules.js';
import { ANTICIPATION_COMPLETE_JOB, recordAnticipation } from './anticipations.service.js';
import { AUTOMATIC_ANTICIPATION_JOB, scheduleAutomaticAnticipation } from '../companies/configuration-schedules.js';

// The job kind and its scheduling live with the company settings that start it (configuration-schedules.ts).
export { AUTOMATIC_ANTICIPATION_JOB, scheduleAutomaticAnticipation };

/**
 * One account's AUTOMATIC anticipation of `date` (M4), in its own transaction: every eligible receivable of a
 * transaction approved at least `delay_days` São Paulo days before, at the policy's automatic rate, request_id
 * `auto-anticipation:{bank_account_id}:{date}`; the unique (account, date) index keeps it to one whatever the
 * number of instances. An account that cannot anticipate (no policy, not active) is skipped.
 */
export async function anticipateAutomatically(
  db: Database,
  clock: Clock,
  accountId: string,
  delayDays: number,
  date: CivilDate,
  correlationId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    let account;
    try {
      account = await anticipationAccount(tx, null, accountId);
    } catch (err) {
      if (err instanceof DomainError) return;
      throw err;
    }
    const now = clock.now(account.organizationId);
    const eligible = await eligibleFor(tx, account.id, date, {
      lock: true,
      approvedOnOrBefore: approvedOnOrBefore(date, delayDays),
    });
    const out = selectForQuote(eligible.map(toCandidate), date, account.automaticRate, 'START', { kind: 'all' });
    if (!out.ok) return;
    await recordAnticipation(
      tx,
      {
        id: randomUUID(),
        requestId: `auto-anticipation:${account.id}:${date}`,
        account,
        type: 'AUTOMATIC',
        quoteId: null,
        rateText: account.automaticRateText,
        date,
        items: out.items,
      },
      correlationId,
      now,
    );
  });
}

export function anticipationJobs(deps: { db: Database; clock: Clock }): JobRegistrations {
  return {
    [ANTICIPATION_COMPLETE_JOB]: {
      options: { priority: JOB_PRIORITY.anticipation },
      handler: async (job: JobRow) => {
        const { anticipationId, correlationId } = job.payload as { anticipationId: string; correlationId?: string };
        await moveAnticipation(
          deps.db,
          deps.clock,
          anticipationId,
          { to: 'COMPLETED' },
          correlationId ?? `job:${job.id}`,
          false,
        );
      },
    },
    [AUTOMATIC_ANTICIPATION_JOB]: {
      // After the day's completions (same priority class, later instant: 03:05).
      options: { priority: JOB_PRIORITY.anticipation },
      handler: async (job: JobRow) => {
        const { organizationId, date } = job.payload as { organizationId: string; date: CivilDate };
        const accounts = await automaticAccounts(deps.db, organizationId);
        for (const a of accounts) {
          const delay = Math.min(30, Math.max(1, Number(a.settings?.delay_days ?? 1)));
          await anticipateAutomatically(deps.db, deps.clock, a.accountId, delay, date, `job:${job.id}`);
        }
        // Keep the daily run going while any merchant has it on (the next date, even if the clock jumped past it:
        // missed days run in order).
        if (accounts.length > 0) {
          await deps.db.transaction((tx) =>
            scheduleAutomaticAnticipation(tx, organizationId, deps.clock.now(organizationId), addDays(date, 1)),
          );
        }
      },
    },
  };
}
