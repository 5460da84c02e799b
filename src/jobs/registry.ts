import type { JobRow } from '../db/schema/index.js';

/** What a handler may answer: nothing (done), or a later time to run again (a status still unknown). */
export type JobResult = void | { rescheduleAt: Date };

/**
 * A job handler: a use case run without a request. It must be idempotent: a lease that expires mid-run
 * (a crash, a kill -9) gives the job to another worker, which runs it again from the start.
 * Throwing retries it with backoff until `maxAttempts`, then marks it FAILED (logged, never silent).
 */
export type JobHandler = (job: JobRow) => Promise<JobResult>;

export interface JobKindOptions {
  /** Default 10. */
  maxAttempts?: number;
  /**
   * Order among jobs due at the same instant when a sandbox clock advance runs them (money.md M7); lower runs
   * first. Default `JOB_PRIORITY.other`.
   */
  priority?: number;
}

/** money.md M7: at one instant, settlements, then anticipations, then automatic cashouts, then dispute deadlines, then expirations, then the rest. */
export const JOB_PRIORITY = {
  settlement: 10,
  anticipation: 20,
  automaticCashout: 30,
  disputeDeadline: 40,
  expiration: 50,
  other: 100,
} as const;

/**
 * Job kinds and their handlers. Built in the composition root, where handlers close over the dependencies
 * they need; the runner knows no area.
 */
/** What an area's `<area>.jobs.ts` returns: its kinds and their handlers (with options when needed). */
export type JobRegistrations = Record<string, JobHandler | { handler: JobHandler; options: JobKindOptions }>;

export class JobRegistry {
  private readonly handlers = new Map<string, { handler: JobHandler; options: JobKindOptions }>();

  register(kind: string, handler: JobHandler, options: JobKindOptions = {}): this {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.handlers.set(kind, { handler, options });
    return this;
  }

  get(kind: string): { handler: JobHandler; options: JobKindOptions } | undefined {
    return this.handlers.get(kind);
  }

  kinds(): string[] {
    return [...this.handlers.keys()];
  }

  priorityOf(kind: string): number {
    return this.handlers.get(kind)?.options.priority ?? JOB_PRIORITY.other;
  }

  /** Registers every `{ kind: handler }` of an area's `<area>.jobs.ts`. */
  registerAll(registrations: JobRegistrations): this {
    for (const [kind, entry] of Object.entries(registrations)) {
      if (typeof entry === 'function') this.register(kind, entry);
      else this.register(kind, entry.handler, entry.options);
    }
    return this;
  }
}
