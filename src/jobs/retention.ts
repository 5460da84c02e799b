import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { affectedRowsOf } from '../db/rows.js';
import { firstTimeOrderedUuid } from '../db/time-ordered-uuid.js';
import type { Clock } from '../kernel/clock.js';

export const JOBS_PURGE_JOB = 'jobs.purge';
/** A finished job is kept a day: what ran, when and how often, while anyone still asks. */
export const DONE_JOB_RETENTION_MS = 24 * 3600_000;
/** A job that failed for good is kept 30 days: it needed a person, who may look at it after a weekend. */
export const FAILED_JOB_RETENTION_MS = 30 * 24 * 3600_000;
const HOUR_MS = 3600_000;
const PURGE_BATCH = 5000;

/**
 * A periodic purge's handler: deletes one batch of what `purge` finds past its retention at the clock's now; a full
 * batch means more are waiting, so it runs again at once, else in an hour.
 */
export function batchedPurge(clock: Clock, purge: (now: Date, limit: number) => Promise<number>) {
  return async () => {
    const now = clock.now();
    const deleted = await purge(now, PURGE_BATCH);
    return { rescheduleAt: deleted === PURGE_BATCH ? now : new Date(now.getTime() + HOUR_MS) };
  };
}

/**
 * Deletes up to `limit` jobs past their retention at `now` (DONE a day after they finished, FAILED 30 days after);
 * how many it deleted. PENDING jobs are never touched. Every create schedules a recovery job that is DONE a few
 * milliseconds later, so without this the table grows by one row per payment forever (docs/deployment.md §4).
 * Job ids are time-ordered (queue.ts): the candidates are a range of the primary key below the first id of the
 * DONE cutoff's millisecond, so the purge needs no index of its own, which every job would pay for when it ends.
 * A job scheduled on a sandbox clock ahead of real time carries that clock's time in its id, and is purged once
 * real time passes it.
 */
export async function purgeFinishedJobs(db: Executor, now: Date, limit: number): Promise<number> {
  const doneBefore = now.getTime() - DONE_JOB_RETENTION_MS;
  const failedBefore = new Date(now.getTime() - FAILED_JOB_RETENTION_MS).toISOString();
  const deleted = await db.execute(
    sql`delete from jobs where id in (
          select id from jobs
           where id < ${firstTimeOrderedUuid(doneBefore)}::uuid
             and ((status = 'DONE' and finished_at < ${new Date(doneBefore).toISOString()}::timestamptz)
               or (status = 'FAILED' and finished_at < ${failedBefore}::timestamptz))
           order by id
           limit ${limit})`,
  );
  return affectedRowsOf(deleted);
}

/** One periodic job (a dedupe key, whatever the number of instances) deletes jobs past their retention. */
export function jobRetentionJobs(deps: { db: Database; clock: Clock }) {
  return { [JOBS_PURGE_JOB]: batchedPurge(deps.clock, (now, limit) => purgeFinishedJobs(deps.db, now, limit)) };
}
