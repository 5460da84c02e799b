import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { timeOrderedUuid } from '../db/time-ordered-uuid.js';
import { jobs } from '../db/schema/index.js';

export interface NewJob {
  /** The handler's name in the job registry, e.g. `transfer.sync`. */
  kind: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  /**
   * At most one PENDING job per key: scheduling again while it waits or runs is a no-op (a settlement slot, a
   * transfer's status sync); once it ended (DONE or FAILED) the key may be scheduled again (migration 0670).
   * Use a key whenever retries of the scheduling change could schedule twice.
   */
  dedupeKey?: string;
  /** The organization whose test clock decides when it is due; null for platform work on real time. */
  organizationId?: string | null;
}

/*
 * Job ids are time-ordered (UUIDv7 of the instant the job is scheduled at): each insert lands at the primary key's
 * right edge, and the retention purge (retention.ts) reaches old jobs through a range of that key, with no index of
 * its own to keep up on every job.
 */

/**
 * Schedules a job inside the caller's transaction: it exists exactly when the change that needs it commits.
 * Returns false when a PENDING job with the same dedupe key already exists.
 */
export async function enqueueJob(tx: Executor, job: NewJob, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(jobs)
    .values({
      id: timeOrderedUuid(now.getTime()),
      kind: job.kind,
      organizationId: job.organizationId ?? null,
      runAt: job.runAt,
      payload: job.payload ?? {},
      dedupeKey: job.dedupeKey ?? null,
      status: 'PENDING',
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({
      target: jobs.dedupeKey,
      where: sql`${jobs.dedupeKey} is not null and ${jobs.status} = 'PENDING'`,
    })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Schedules several jobs with ONE statement (a batch of creates schedules one job each); the same dedupe
 * rule as enqueueJob. Returns how many were new.
 */
export async function enqueueJobs(tx: Executor, list: NewJob[], now: Date): Promise<number> {
  if (list.length === 0) return 0;
  const result = await tx.execute(sql`${jobsInsert(list.map((job) => ({ job, now })))} returning id`);
  return rowsOf(result).length;
}

/**
 * The insert of enqueueJobs, each job with the instant it is scheduled at (its clock's now), without
 * `returning` (exported so it can be one step of a larger statement).
 */
export function jobsInsert(list: { job: NewJob; now: Date }[]) {
  const rows = list.map(({ job: j, now }) => ({
    id: timeOrderedUuid(now.getTime()),
    kind: j.kind,
    organization_id: j.organizationId ?? null,
    run_at: j.runAt.toISOString(),
    payload: j.payload ?? {},
    dedupe_key: j.dedupeKey ?? null,
    now: now.toISOString(),
  }));
  return sql`
    insert into jobs (id, kind, organization_id, run_at, payload, dedupe_key, status, attempts, created_at, updated_at)
    select id, kind, organization_id, run_at, payload, dedupe_key, 'PENDING', 0, now, now
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, kind text, organization_id uuid, run_at timestamptz, payload jsonb, dedupe_key text, now timestamptz)
    on conflict (dedupe_key) where dedupe_key is not null and status = 'PENDING' do nothing`;
}
