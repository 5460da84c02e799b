import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { pgError } from '../db/errors.js';
import type { JobRow } from '../db/schema/index.js';
import type { Clock } from '../kernel/clock.js';
import type { JobRegistry } from './registry.js';
import { backoffMs, safeErrorText } from './runner.rules.js';
import { textOf } from '../kernel/text.js';

export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silent: JobLogger = { info() {}, warn() {}, error() {} };

export interface JobRunnerOptions {
  db: Database;
  registry: JobRegistry;
  /** `now()` is real time (leases, backoff base); `now(organizationId)` the organization's clock. */
  clock: Clock;
  logger?: JobLogger;
  /** How long a claim holds; past it another runner may take the job (a crashed runner's jobs come back). */
  leaseMs?: number;
  /**
   * While a handler runs its lease is extended every this many ms (real time; default a third of the lease), so
   * a long handler keeps its job and only a runner that died (no heartbeat) gives it back.
   */
  heartbeatMs?: number;
  /** Idle poll interval. */
  pollIntervalMs?: number;
  /** Jobs claimed per round (run concurrently); a full round is followed at once by the next. */
  batchSize?: number;
}

export interface JobRunner {
  /** One claim round: claims what is due and runs it; resolves with how many jobs ran. */
  runDue(): Promise<number>;
  /** Rounds until nothing is due. */
  drain(maxRounds?: number): Promise<number>;
  /** Claims one PENDING job by id (if not leased elsewhere) and runs it; false when it could not be claimed. */
  runById(id: string): Promise<boolean>;
  start(): void;
  /** Stops polling and waits for the jobs in flight (graceful shutdown). */
  stop(): Promise<void>;
}

type Claimed = JobRow;

/** Database rows come back snake_case from raw SQL; the handler gets the Drizzle shape. */
function toJobRow(r: Record<string, unknown>): JobRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(textOf(v)));
  return {
    id: String(r.id),
    kind: String(r.kind),
    organizationId: (r.organization_id as string | null) ?? null,
    runAt: date(r.run_at)!,
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
    dedupeKey: (r.dedupe_key as string | null) ?? null,
    status: r.status as JobRow['status'],
    attempts: Number(r.attempts),
    lastError: (r.last_error as string | null) ?? null,
    lockedUntil: date(r.locked_until),
    leaseToken: (r.lease_token as string | null) ?? null,
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
    finishedAt: date(r.finished_at),
  };
}

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<string, unknown>[];

/**
 * The durable job runner. Any number of them (in servers and `npm run worker` processes) share the jobs table:
 * a claim is `FOR UPDATE SKIP LOCKED` plus a lease (locked_until, lease_token), so a job runs on one runner at a
 * time, and a runner that dies gives its jobs back when the lease expires. A job is due when its run_at is
 * reached on its organization's clock: real time plus that organization's sandbox offset (money.md M7).
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, registry, clock } = options;
  const log = options.logger ?? silent;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const batchSize = options.batchSize ?? 10;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1, Math.floor(leaseMs / 3));
  const runnerId = randomUUID();

  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = false;
  let ticking: Promise<void> | undefined;

  async function claimDue(limit: number): Promise<Claimed[]> {
    const kinds = registry.kinds();
    if (kinds.length === 0) return [];
    const now = clock.now();
    const token = randomUUID();
    const lockedUntil = new Date(now.getTime() + leaseMs);
    const result = await db.execute(sql`
      with due as (
        select j.id from jobs j
        left join sandbox_clocks c on c.organization_id = j.organization_id
        where j.status = 'PENDING'
          and (j.locked_until is null or j.locked_until <= ${now.toISOString()}::timestamptz)
          and j.run_at <= ${now.toISOString()}::timestamptz + coalesce(c.offset_ms, 0) * interval '1 millisecond'
          and j.kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
        order by j.run_at, j.id
        limit ${limit}
        for update of j skip locked
      )
      update jobs set locked_until = ${lockedUntil.toISOString()}::timestamptz, lease_token = ${token}, attempts = jobs.attempts + 1, updated_at = ${now.toISOString()}::timestamptz
      from due where jobs.id = due.id
      returning jobs.*`);
    return rowsOf(result)
      .map(toJobRow)
      .sort(
        (a, b) => a.runAt.getTime() - b.runAt.getTime() || registry.priorityOf(a.kind) - registry.priorityOf(b.kind),
      );
  }

  async function claimById(id: string): Promise<Claimed | undefined> {
    const now = clock.now();
    const token = randomUUID();
    const result = await db.execute(sql`
      update jobs set locked_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz, lease_token = ${token}, attempts = attempts + 1, updated_at = ${now.toISOString()}::timestamptz
      where id = ${id} and status = 'PENDING' and kind in (${sql.join(
        registry.kinds().map((k) => sql`${k}`),
        sql`, `,
      )}) and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
      returning *`);
    const [row] = rowsOf(result).map(toJobRow);
    return row;
  }

  /** Runs a claimed job and records the outcome, guarded by its lease token (a lost lease records nothing). */
  async function run(job: Claimed): Promise<void> {
    const entry = registry.get(job.kind);
    const guard = sql`id = ${job.id} and lease_token = ${job.leaseToken}`;
    if (!entry) return; // cannot happen: claims filter on registered kinds
    let outcome: { rescheduleAt: Date } | void;
    const beat = heartbeat(job);
    try {
      outcome = await entry.handler(job);
    } catch (err) {
      beat.stop();
      await beat.idle();
      const maxAttempts = entry.options.maxAttempts ?? 10;
      const text = safeErrorText(err);
      const now = clock.now();
      if (job.attempts >= maxAttempts) {
        log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, error: text }, 'job failed for good');
        await db.execute(
          sql`update jobs set status = 'FAILED', last_error = ${text}, locked_until = null, lease_token = null, finished_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz where ${guard}`,
        );
      } else {
        // The retry is due on the job's own clock (its organization's), after a real-time backoff.
        const retryAt = new Date(clock.now(job.organizationId).getTime() + backoffMs(job.attempts));
        log.warn(
          { jobId: job.id, kind: job.kind, attempts: job.attempts, error: text, retryAt },
          'job failed; retrying',
        );
        await db.execute(
          sql`update jobs set run_at = ${retryAt.toISOString()}::timestamptz, last_error = ${text}, locked_until = null, lease_token = null, updated_at = ${now.toISOString()}::timestamptz where ${guard}`,
        );
      }
      return;
    }
    beat.stop();
    await beat.idle();
    const now = clock.now();
    if (outcome && outcome.rescheduleAt) {
      // Not a failure: the attempt count starts over for the next run.
      await db.execute(
        sql`update jobs set run_at = ${outcome.rescheduleAt.toISOString()}::timestamptz, attempts = 0, last_error = null, locked_until = null, lease_token = null, updated_at = ${now.toISOString()}::timestamptz where ${guard}`,
      );
    } else {
      await db.execute(
        sql`update jobs set status = 'DONE', locked_until = null, lease_token = null, finished_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz where ${guard}`,
      );
    }
  }

  /**
   * The lease's heartbeat while a handler runs: locked_until moves to now + lease every heartbeatMs, guarded by the
   * lease token (a lease already lost is never taken back). A failed beat is logged; the next one tries again.
   */
  function heartbeat(job: Claimed): { stop(): void; idle(): Promise<void> } {
    let pending: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      const now = clock.now();
      pending = db
        .execute(
          sql`update jobs set locked_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz where id = ${job.id} and lease_token = ${job.leaseToken} and status = 'PENDING'`,
        )
        .then(
          () => undefined,
          (err) =>
            log.warn(
              { jobId: job.id, kind: job.kind, code: pgError(err).code, error: safeErrorText(err) },
              'job lease heartbeat failed',
            ),
        );
    }, heartbeatMs);
    timer.unref?.();
    return { stop: () => clearInterval(timer), idle: () => pending };
  }

  function track(job: Claimed): Promise<void> {
    const p = run(job)
      .catch((err) =>
        log.error(
          { jobId: job.id, kind: job.kind, code: pgError(err).code, error: safeErrorText(err) },
          'job outcome not recorded; the lease will expire and it runs again',
        ),
      )
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    return p;
  }

  async function round(): Promise<number> {
    const jobs = await claimDue(batchSize);
    await Promise.all(jobs.map(track));
    return jobs.length;
  }

  function schedule(ms: number) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref?.();
  }

  function tick(): Promise<void> {
    if (ticking || stopped) return ticking ?? Promise.resolve();
    let ran = 0;
    ticking = round()
      .then((n) => void (ran = n))
      .catch((err) =>
        log.warn({ code: pgError(err).code, error: safeErrorText(err) }, 'job runner could not claim work'),
      )
      .finally(() => {
        ticking = undefined;
        // Busy: drain at once; idle: poll.
        if (running && !stopped) schedule(ran >= batchSize ? 0 : pollIntervalMs);
      });
    return ticking;
  }

  return {
    runDue: round,
    async drain(maxRounds = 100) {
      let total = 0;
      for (let i = 0; i < maxRounds; i++) {
        const n = await round();
        total += n;
        if (n === 0) break;
      }
      return total;
    },
    async runById(id) {
      if (registry.kinds().length === 0) return false;
      const job = await claimById(id);
      if (!job) return false;
      await track(job);
      return true;
    },
    start() {
      if (running) return;
      running = true;
      stopped = false;
      log.info({ runnerId, kinds: registry.kinds() }, 'job runner started');
      schedule(0);
    },
    async stop() {
      stopped = true;
      running = false;
      if (timer) clearTimeout(timer);
      await ticking;
      await Promise.allSettled([...inFlight]);
    },
  };
}
