import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '../../db/client.js';
import type { JobRow } from '../../db/schema/index.js';
import { DomainError } from '../../kernel/errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { JOB_PRIORITY, type JobRegistrations } from '../../jobs/registry.js';
import type { Clock } from '../../kernel/clock.js';
import { anticipationAccount, eligibleFor, toCandidate } from './anticipations.eligibility.js';
import { moveAnticipation } from './anticipations.moves.js';
import { automaticAccounts } from './anticipations.repo.js';
import { addDays, approvedOnOrBefore, selectForQuote, type CivilDate } from './anticipations.rules.js';
import { ANTICIPATION_COMPLETE_JOB, recordAnticipation } from './anticipations.service.js';

export const AUTOMATIC_ANTICIPATION_JOB = 'anticipation.automatic';
const DAY_MS = 86_400_000;
/** M4: automatic anticipation runs daily at 03:05 UTC (after the 03:00 settlements). */
export const automaticInstant = (date: CivilDate): Date => new Date(Date.parse(`${date}T03:05:00Z`));
/** The first 03:05 UTC slot at or after `now`, with the São Paulo date it anticipates to. */
export function nextAutomaticSlot(now: Date): { date: CivilDate; at: Date } {
  const utcDate = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  const today = automaticInstant(utcDate);
  const date = today.getTime() >= now.getTime() ? utcDate : addDays(utcDate, 1);
  return { date, at: automaticInstant(date) };
}

/**
 * Schedules an organization's daily automatic-anticipation run from `now` on (once per day: dedupe key per
 * organization and date). Called when a merchant turns automatic anticipation on; each run schedules the next.
 */
export async function scheduleAutomaticAnticipation(
  tx: Executor,
  organizationId: string,
  now: Date,
  date?: CivilDate,
): Promise<void> {
  const slot = date ? { date, at: automaticInstant(date) } : nextAutomaticSlot(now);
  await enqueueJob(
    tx,
    {
      kind: AUTOMATIC_ANTICIPATION_JOB,
      runAt: slot.at,
      payload: { organizationId, date: slot.date },
      dedupeKey: `${AUTOMATIC_ANTICIPATION_JOB}:${organizationId}:${slot.date}`,
      organizationId,
    },
    now,
  );
}

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
