import { performance } from 'node:perf_hooks';

/**
 * The load guard's measure (issue 27, finding 4): how late the event loop runs because of the platform's own
 * work. The embedded database (PGlite) executes its queries synchronously on this thread; counting that as load
 * shed API requests (and, before, the docs) whenever the database was busy, which shedding does not relieve
 * any faster than answering. So each sample takes the timer's lag beyond its interval, less the time the
 * embedded engine held the thread in that interval (`embeddedBusyMs`, cumulative; absent on PostgreSQL, where
 * the database's work is another process's). What is left is what requests, jobs and rendering cost here.
 */
export interface LoadGuard {
  /** The platform's own loop delay over the last sample, in ms. */
  delayMs(): number;
  overloaded(): boolean;
  start(): void;
  stop(): void;
}

export function createLoadGuard(options: {
  maxDelayMs: number;
  sampleIntervalMs: number;
  embeddedBusyMs?: () => number;
}): LoadGuard {
  const busy = options.embeddedBusyMs ?? (() => 0);
  let timer: NodeJS.Timeout | undefined;
  let lastAt = 0;
  let lastBusy = 0;
  let delay = 0;
  const tick = () => {
    const now = performance.now();
    const busyNow = busy();
    delay = ownDelay(now - lastAt, options.sampleIntervalMs, busyNow - lastBusy);
    lastAt = now;
    lastBusy = busyNow;
    timer?.refresh();
  };
  return {
    delayMs: () => delay,
    overloaded: () => options.maxDelayMs > 0 && delay > options.maxDelayMs,
    start() {
      if (timer || options.maxDelayMs <= 0) return;
      lastAt = performance.now();
      lastBusy = busy();
      timer = setTimeout(tick, options.sampleIntervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Pure: a sample's lag beyond its interval, less what the embedded database blocked in it (never below 0). */
export function ownDelay(elapsedMs: number, intervalMs: number, embeddedBusyMs: number): number {
  return Math.max(0, elapsedMs - intervalMs - Math.max(0, embeddedBusyMs));
}
