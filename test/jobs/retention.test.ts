import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { jobs } from '../../src/db/schema/index.js';
import { timeOrderedUuid } from '../../src/db/time-ordered-uuid.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { JOBS_PURGE_JOB, jobRetentionJobs, purgeFinishedJobs } from '../../src/jobs/retention.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The jobs purge against the real table. Its jobs live in 1990 (their ids carry their scheduling instant), far below
 * every other test file's, so a purge at a 1990 instant reaches only this file's rows in a shared database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const DAY = 24 * 3600_000;
const day = (d: number, hours = 0) => new Date(Date.UTC(1990, 0, d) + hours * 3600_000);

async function insertJob(status: 'PENDING' | 'DONE' | 'FAILED', createdAt: Date, finishedAt: Date | null) {
  const id = timeOrderedUuid(createdAt.getTime());
  await t.db.db.insert(jobs).values({
    id,
    kind: `test.retention.${randomUUID().slice(0, 8)}`,
    runAt: createdAt,
    payload: {},
    status,
    attempts: 1,
    createdAt,
    updatedAt: finishedAt ?? createdAt,
    finishedAt,
  });
  return id;
}

const left = async (ids: string[]) =>
  (await t.db.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, ids))).map((r) => r.id).sort();

describe('jobs purge', () => {
  it('deletes DONE jobs a day after they finished and FAILED ones after 30 days; never a PENDING one', async () => {
    const now = day(45); // 1990-02-14
    const doneOld = await insertJob('DONE', day(2), day(2, 1));
    const doneYesterday = await insertJob('DONE', day(44, -1), day(44, -1)); // 25 h before now
    const doneRecent = await insertJob('DONE', day(44, 1), day(44, 2)); // 22 h before now: kept
    const doneLate = await insertJob('DONE', day(40), day(44, 12)); // created long ago, finished 12 h ago: kept
    const failedOld = await insertJob('FAILED', day(2), day(3)); // 42 days: gone
    const failedRecent = await insertJob('FAILED', day(20), day(20, 5)); // 25 days: kept
    const pendingOld = await insertJob('PENDING', day(1), null); // a job long scheduled: never purged
    const all = [doneOld, doneYesterday, doneRecent, doneLate, failedOld, failedRecent, pendingOld];

    expect(await purgeFinishedJobs(t.db.db, now, 1000)).toBe(3);
    expect(await left(all)).toEqual([doneRecent, doneLate, failedRecent, pendingOld].sort());

    // Later, the kept ones reach their own retention; the PENDING one stays.
    expect(await purgeFinishedJobs(t.db.db, new Date(now.getTime() + 40 * DAY), 1000)).toBe(3);
    expect(await left(all)).toEqual([pendingOld]);
  });

  it('deletes at most a batch at a time, oldest first; a full batch runs again at once, else in an hour', async () => {
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push(await insertJob('DONE', day(1, i), day(1, i)));
    const now = day(5);
    expect(await purgeFinishedJobs(t.db.db, now, 5)).toBe(5);
    expect(await left(ids)).toEqual(ids.slice(5).sort());

    const handler = jobRetentionJobs({ db: t.db.db, clock: { now: () => now } })[JOBS_PURGE_JOB];
    expect(await handler()).toEqual({ rescheduleAt: new Date(now.getTime() + 3600_000) });
    expect(await left(ids)).toEqual([]);
  });

  it('gives every scheduled job a time-ordered id of its scheduling instant', async () => {
    const kind = `test.retention.ids.${randomUUID().slice(0, 8)}`;
    await enqueueJob(t.db.db, { kind, runAt: day(3) }, day(2));
    await enqueueJob(t.db.db, { kind: `${kind}.b`, runAt: day(3) }, day(2, 1));
    const rows = await t.db.db
      .select({ id: jobs.id, kind: jobs.kind })
      .from(jobs)
      .where(inArray(jobs.kind, [kind, `${kind}.b`]));
    const first = rows.find((r) => r.kind === kind)!.id;
    const second = rows.find((r) => r.kind !== kind)!.id;
    expect(first[14]).toBe('7');
    expect(first.replace(/-/g, '').slice(0, 12)).toBe(day(2).getTime().toString(16).padStart(12, '0'));
    expect(first < second).toBe(true);
  });
});
