import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

export interface NewJob {
  /** The handler's name in the job registry, e.g. `transfer.sync`. */
  kind: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  /**
   * At most one job per key, ever: scheduling again with the same key is a no-op (a settlement slot, a
   * transfer's status sync). Use a key whenever retries of the scheduling change could schedule twice.
   */
  dedupeKey?: string;
  /** The organization whose test clock decides when it is due; null for platform work on real time. */
  organizationId?: string | null;
}

/**
 * Schedules a job inside the caller's transaction: it exists exactly when the change that needs it commits.
 * Returns false when a job with the same dedupe key already exists.
 */
export async function enqueueJob(tx: Executor, job: NewJob, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(jobs)
    .values({
      id: randomUUID(),
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
    .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.dedupeKey} is not null` })
    .returning({ id: jobs.id });
  return rows.length > 0;
}
