import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../src/db/client.js';
import { jobs, sandboxClocks, type JobRow } from '../../src/db/schema/index.js';
import { ManualClock, OffsetClock } from '../../src/kernel/clock.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { JobRegistry, type JobHandler } from '../../src/jobs/registry.js';
import { createJobRunner } from '../../src/jobs/runner.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The durable job runner against the real tables, on PGlite or the PostgreSQL of DATABASE_URL, with a clock
 * moved by hand. Kinds are unique per test, so runners of other test files sharing the database never take them.
 */
let t: TestApp;
let handle: DbHandle;
const manual = new ManualClock(new Date('2030-01-01T00:00:00Z'));
const clock = new OffsetClock(manual);

beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  handle = t.db;
});
afterAll(async () => t?.close());

const kindName = (label: string) => `test.${label}.${randomUUID().slice(0, 8)}`;
const schedule = (
  kind: string,
  runAt: Date,
  extra: { dedupeKey?: string; organizationId?: string; payload?: Record<string, unknown> } = {},
) => enqueueJob(handle.db, { kind, runAt, ...extra }, manual.now());
const jobsOf = (kind: string) => handle.db.select().from(jobs).where(eq(jobs.kind, kind));
const at = (ms: number) => new Date(manual.now().getTime() + ms);

function runnerFor(
  handlers: Record<string, JobHandler>,
  options: { maxAttempts?: number; leaseMs?: number; heartbeatMs?: number } = {},
) {
  const registry = new JobRegistry();
  for (const [kind, handler] of Object.entries(handlers))
    registry.register(kind, handler, { maxAttempts: options.maxAttempts });
  return createJobRunner({
    db: handle.db,
    registry,
    clock,
    leaseMs: options.leaseMs ?? 60_000,
    heartbeatMs: options.heartbeatMs,
    pollIntervalMs: 20,
  });
}

describe('job runner', () => {
  it('runs what is due, not what is not yet; a later clock makes it due', async () => {
    const kind = kindName('due');
    const ran: string[] = [];
    const runner = runnerFor({ [kind]: async (job) => void ran.push(String(job.payload.n)) });
    await schedule(kind, at(-1000), { payload: { n: 1 } });
    await schedule(kind, at(60_000), { payload: { n: 2 } });
    expect(await runner.drain()).toBe(1);
    expect(ran).toEqual(['1']);
    manual.advance(60_000);
    expect(await runner.drain()).toBe(1);
    expect(ran).toEqual(['1', '2']);
    const rows = await jobsOf(kind);
    expect(rows.every((r) => r.status === 'DONE' && r.finishedAt && r.leaseToken === null)).toBe(true);
  });

  it('reschedules when the handler asks, with a fresh attempt count', async () => {
    const kind = kindName('again');
    let runs = 0;
    const runner = runnerFor({ [kind]: async () => (++runs === 1 ? { rescheduleAt: at(5000) } : undefined) });
    await schedule(kind, at(0));
    await runner.drain();
    let [row] = await jobsOf(kind);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(row.runAt.getTime()).toBe(at(5000).getTime());
    manual.advance(5000);
    await runner.drain();
    [row] = await jobsOf(kind);
    expect(row.status).toBe('DONE');
    expect(runs).toBe(2);
  });

  it('retries a failing job with exponential backoff, then marks it FAILED; last_error holds no query parameters', async () => {
    const kind = kindName('fail');
    const cause = Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
    const runner = runnerFor(
      {
        [kind]: async () => {
          throw Object.assign(new Error('Failed query: select $1\nparams: 4111111111111111'), { cause });
        },
      },
      { maxAttempts: 3 },
    );
    await schedule(kind, at(0));
    await runner.drain();
    let [row] = await jobsOf(kind);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'ECONNRESET: connection reset' });
    expect(row.runAt.getTime()).toBe(at(1000).getTime());
    expect(await runner.drain()).toBe(0); // not before its backoff
    manual.advance(1000);
    await runner.drain();
    [row] = await jobsOf(kind);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect(row.runAt.getTime()).toBe(at(2000).getTime());
    manual.advance(2000);
    await runner.drain();
    [row] = await jobsOf(kind);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect(row.lastError).not.toContain('4111');
  });

  it('two runners draining together run every job exactly once', async () => {
    const kind = kindName('race');
    const count = new Map<string, number>();
    const handler: JobHandler = async (job: JobRow) => {
      count.set(job.id, (count.get(job.id) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 2));
    };
    const a = runnerFor({ [kind]: handler });
    const b = runnerFor({ [kind]: handler });
    for (let i = 0; i < 30; i++) await schedule(kind, at(-i));
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    expect(ra + rb).toBe(30);
    expect(count.size).toBe(30);
    expect([...count.values()].every((n) => n === 1)).toBe(true);
  });

  it('a job held by a runner that died is taken by another once its lease expires', async () => {
    const kind = kindName('lease');
    let ran = 0;
    const runner = runnerFor({ [kind]: async () => void ran++ }, { leaseMs: 30_000 });
    await schedule(kind, at(0), { dedupeKey: `${kind}:one` });
    // As a crashed runner leaves it: claimed (attempt 1) with a lease still running.
    await handle.db
      .update(jobs)
      .set({ lockedUntil: at(30_000), leaseToken: randomUUID(), attempts: 1 })
      .where(eq(jobs.kind, kind));
    expect(await runner.drain()).toBe(0);
    manual.advance(30_001);
    expect(await runner.drain()).toBe(1);
    expect(ran).toBe(1);
    const [row] = await jobsOf(kind);
    expect(row).toMatchObject({ status: 'DONE', attempts: 2 });
  });

  it('one job per dedupe key, however often it is scheduled', async () => {
    const kind = kindName('dedupe');
    expect(await schedule(kind, at(0), { dedupeKey: `${kind}:k` })).toBe(true);
    expect(await schedule(kind, at(10), { dedupeKey: `${kind}:k` })).toBe(false);
    await Promise.all([1, 2, 3].map(() => schedule(kind, at(0), { dedupeKey: `${kind}:k2` })));
    expect(await jobsOf(kind)).toHaveLength(2);
  });

  it('a dedupe key can be scheduled again once its job ended (DONE or FAILED), never twice while PENDING (issue 24)', async () => {
    const kind = kindName('dedupe-again');
    let runs = 0;
    const runner = runnerFor(
      {
        [kind]: async (job) => {
          runs++;
          if (job.payload.fail) throw new Error('boom');
        },
      },
      { maxAttempts: 1 },
    );
    expect(await schedule(kind, at(0), { dedupeKey: `${kind}:k` })).toBe(true);
    expect(await runner.drain()).toBe(1);
    expect(await schedule(kind, at(0), { dedupeKey: `${kind}:k` })).toBe(true);
    expect(await schedule(kind, at(0), { dedupeKey: `${kind}:k` })).toBe(false);
    expect(await runner.drain()).toBe(1);
    expect(await schedule(kind, at(0), { dedupeKey: `${kind}:k`, payload: { fail: true } })).toBe(true);
    expect(await runner.drain()).toBe(1);
    expect(await schedule(kind, at(0), { dedupeKey: `${kind}:k` })).toBe(true);
    expect(await runner.drain()).toBe(1);
    expect(runs).toBe(4);
    expect((await jobsOf(kind)).map((j) => j.status).sort()).toEqual(['DONE', 'DONE', 'DONE', 'FAILED']);
  });

  it('a running handler keeps its lease (heartbeat): no other runner takes the job after the lease time (issue 24)', async () => {
    const kind = kindName('heartbeat');
    let runs = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const started = new Promise<void>((resolve) => (entered = resolve));
    const handler: JobHandler = async () => {
      runs++;
      entered();
      await released;
    };
    const a = runnerFor({ [kind]: handler }, { leaseMs: 60_000, heartbeatMs: 20 });
    const b = runnerFor({ [kind]: async () => void runs++ }, { leaseMs: 60_000, heartbeatMs: 20 });
    await schedule(kind, at(0));
    const first = a.runDue();
    await started;
    manual.advance(61_000); // the claim's lease time has passed while the handler still runs
    await new Promise((resolve) => setTimeout(resolve, 200)); // heartbeats (real time) extend it
    expect(await b.runDue()).toBe(0);
    release();
    expect(await first).toBe(1);
    expect(runs).toBe(1);
    const [row] = await jobsOf(kind);
    expect(row).toMatchObject({ status: 'DONE', leaseToken: null });
  });

  it("an organization's job is due on its sandbox clock (real time plus its offset)", async () => {
    const kind = kindName('org');
    const org = await t.createOrganization();
    let ran = 0;
    const runner = runnerFor({ [kind]: async () => void ran++ });
    await schedule(kind, at(3_600_000), { organizationId: org.id });
    expect(await runner.drain()).toBe(0);
    await handle.db
      .insert(sandboxClocks)
      .values({ organizationId: org.id, offsetMs: 3_600_000, updatedAt: manual.now() });
    expect(await runner.drain()).toBe(1);
    expect(ran).toBe(1);
  });

  it('stop() waits for the jobs in flight', async () => {
    const kind = kindName('stop');
    let finished = false;
    const runner = runnerFor({
      [kind]: async () => {
        await new Promise((r) => setTimeout(r, 300));
        finished = true;
      },
    });
    await schedule(kind, at(0));
    runner.start();
    const started = Date.now();
    const leased = async () =>
      (await handle.db.select().from(jobs).where(eq(jobs.kind, kind))).some((r) => r.leaseToken !== null);
    while (!(await leased()) && Date.now() - started < 10_000) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await runner.stop();
    expect(finished).toBe(true);
    const [row] = await jobsOf(kind);
    expect(row.status).toBe('DONE');
  });
});
