import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { companies, jobs, sandboxClocks } from '../db/schema/index.js';
import { badRequest, conflict, notFound } from '../kernel/errors.js';
import type { OffsetClock } from '../kernel/clock.js';
import type { JobRegistry } from './registry.js';
import type { JobRunner } from './runner.js';

export interface ClockReading {
  now: Date;
  offsetMs: number;
}

/** One advance: a target instant, or a number of seconds from the organization's now (exactly one). */
export type AdvanceTo = { to: Date; seconds?: undefined } | { seconds: number; to?: undefined };

/**
 * One advance moves at most ten years: far enough for any schedule (monthly cashouts, D+360 receivables),
 * and it keeps every instant a valid date and the jobs one advance runs bounded.
 */
export const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 3600;

/** Bound on the jobs one advance runs: a job that keeps rescheduling itself cannot hold a request forever. */
const MAX_STEPS = 5_000;
/** How long an advance waits for a due job another runner holds before giving up on it. */
const WAIT_FOR_LEASED_MS = 30_000;

/**
 * The sandbox test clocks (money.md M7): per-organization offsets in `sandbox_clocks`, mirrored in this
 * instance's OffsetClock. An advance on this instance updates the mirror at once; other instances refresh it
 * from the table every second (`refresh`, started by the composition root). Job runners read the offsets
 * from the table itself when they claim, so what is due never depends on a stale mirror.
 */
export class SandboxClocks {
  /** Advances of one organization run one at a time on this instance. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly clock: OffsetClock,
    private readonly runner: JobRunner,
    private readonly registry: JobRegistry,
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Loads every offset into the clock (at start, and every second on each instance). */
  async refresh(): Promise<void> {
    const rows = await this.db.select().from(sandboxClocks);
    for (const row of rows) this.clock.setOffset(row.organizationId, row.offsetMs);
  }

  async read(organizationId: string): Promise<ClockReading> {
    await this.assertOrganization(organizationId);
    await this.loadOne(organizationId);
    return this.reading(organizationId);
  }

  /**
   * Moves the organization's clock forward (409 otherwise) and, before answering, runs every job of the
   * organization that falls due on the way, in time order, by kind priority at one instant. The clock steps
   * to each job's run_at as it runs it, so its timestamps (and jobs it schedules) read that instant; jobs a
   * run schedules before the target run too.
   */
  advance(organizationId: string, move: AdvanceTo): Promise<ClockReading> {
    const previous = this.queues.get(organizationId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.advanceNow(organizationId, move));
    this.queues.set(organizationId, next);
    void next
      .finally(() => {
        if (this.queues.get(organizationId) === next) this.queues.delete(organizationId);
      })
      .catch(() => undefined);
    return next;
  }

  private async advanceNow(organizationId: string, move: AdvanceTo): Promise<ClockReading> {
    await this.assertOrganization(organizationId);
    await this.loadOne(organizationId);
    const startOffset = this.clock.offsetMs(organizationId);
    const from = this.clock.now(organizationId);
    const target = move.to ?? new Date(from.getTime() + move.seconds * 1000);
    if (target.getTime() <= from.getTime()) {
      const value = move.to ? move.to.toISOString() : move.seconds;
      throw conflict(
        "The sandbox clock only moves forward: the target is not after the organization's current time",
        move.to ? 'to' : 'seconds',
        value,
      );
    }
    if (target.getTime() - from.getTime() > MAX_ADVANCE_SECONDS * 1000) {
      throw badRequest(
        'One advance moves the sandbox clock at most ten years',
        move.to ? 'to' : 'seconds',
        move.to ? move.to.toISOString() : move.seconds,
      );
    }
    const kinds = this.registry.kinds();
    const blockedUntil = new Map<string, number>();
    for (let step = 0; step < MAX_STEPS && kinds.length > 0; step++) {
      const due = await this.db
        .select({ id: jobs.id, kind: jobs.kind, runAt: jobs.runAt, lockedUntil: jobs.lockedUntil })
        .from(jobs)
        .where(
          and(
            eq(jobs.organizationId, organizationId),
            eq(jobs.status, 'PENDING'),
            lte(jobs.runAt, target),
            sql`${jobs.kind} in (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )})`,
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.createdAt), asc(jobs.id))
        .limit(50);
      if (due.length === 0) break;
      const first = due[0].runAt.getTime();
      const next = due
        .filter((j) => j.runAt.getTime() === first)
        .sort((a, b) => this.registry.priorityOf(a.kind) - this.registry.priorityOf(b.kind))[0];
      // The clock reaches the job's instant (never back) before it runs.
      if (first > this.clock.now(organizationId).getTime()) await this.setNow(organizationId, new Date(first));
      if (await this.runner.runById(next.id)) continue;
      // Another runner holds it (running it now): wait for it, within a bound.
      const since = blockedUntil.get(next.id) ?? this.clock.now().getTime();
      blockedUntil.set(next.id, since);
      if (this.clock.now().getTime() - since > WAIT_FOR_LEASED_MS) break;
      await this.wait(20);
    }
    // Seconds move the offset by exactly that much; a target instant sets it against real time now.
    const finalOffset = move.to
      ? Math.max(startOffset, move.to.getTime() - this.clock.now().getTime())
      : startOffset + move.seconds * 1000;
    await this.setOffset(organizationId, Math.max(finalOffset, this.clock.offsetMs(organizationId)));
    return this.reading(organizationId);
  }

  private reading(organizationId: string): ClockReading {
    return { now: this.clock.now(organizationId), offsetMs: this.clock.offsetMs(organizationId) };
  }

  private async setNow(organizationId: string, at: Date): Promise<void> {
    await this.setOffset(organizationId, at.getTime() - this.clock.now().getTime());
  }

  private async setOffset(organizationId: string, offsetMs: number): Promise<void> {
    const offset = Math.max(0, Math.round(offsetMs));
    const now = this.clock.now();
    // GREATEST: an advance on another instance that went further is never undone.
    const [row] = await this.db
      .insert(sandboxClocks)
      .values({ organizationId, offsetMs: offset, updatedAt: now })
      .onConflictDoUpdate({
        target: sandboxClocks.organizationId,
        set: { offsetMs: sql`greatest(${sandboxClocks.offsetMs}, excluded.offset_ms)`, updatedAt: now },
      })
      .returning();
    this.clock.setOffset(organizationId, row.offsetMs);
  }

  private async loadOne(organizationId: string): Promise<void> {
    const [row] = await this.db.select().from(sandboxClocks).where(eq(sandboxClocks.organizationId, organizationId));
    if (row) this.clock.setOffset(organizationId, row.offsetMs);
  }

  private async assertOrganization(id: string): Promise<void> {
    const [org] = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, id), eq(companies.kind, 'ORGANIZATION')))
      .limit(1);
    if (!org) throw notFound('Organization');
  }
}
