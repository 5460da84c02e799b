import { performance } from 'node:perf_hooks';
import * as hdr from 'hdr-histogram-js';
import { Pool } from 'undici';

/**
 * An open-loop load at a constant arrival rate: request k is due at start + k / rate, whatever the answers
 * before it, and its latency counts from when it was due (so time spent waiting for a free connection is
 * counted, as wrk2 and k6's constant-arrival-rate do). autocannon's `overallRate` cannot do this: it lets
 * each connection send its share of a second back to back, then waits for the next second (autocannon issue
 * #174), so "1,000 req/s over 100 connections" arrives as 100 concurrent requests at the top of every second.
 */
export interface PacedOptions {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  rate: number;
  connections: number;
  durationSec: number;
  request: () => { path: string; body?: string };
}

export interface PacedResult {
  /** Answers received inside the measured window, per second. */
  served: number;
  p50: number;
  p99: number;
  /** Requests that failed without an answer (connection errors), or had none 10 s after the window (their
   * latency then counts as the time waited so far). */
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
}

const LATE_ANSWER_GRACE_MS = 10_000;

export async function pacedLoad(o: PacedOptions): Promise<PacedResult> {
  const origin = new URL(o.url).origin;
  const pool = new Pool(origin, {
    connections: o.connections,
    pipelining: 1,
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
  });
  const latency = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 120_000_000,
    numberOfSignificantValueDigits: 3,
  });
  const start = performance.now();
  const measureTo = start + o.durationSec * 1000;
  const total = Math.round(o.durationSec * o.rate);
  const statuses: Record<string, number> = {};
  let answeredInWindow = 0;
  let errors = 0;
  let non2xx = 0;
  // Each request in flight, with when it was due.
  const inFlight = new Map<Promise<void>, number>();
  let closing = false;
  const trace = process.env.BENCH_PACED_TRACE ? new SecondBySecond() : undefined;

  const send = (dueAt: number) => {
    const { path, body } = o.request();
    const done = pool
      .request({ path, method: o.method, headers: o.headers, body })
      .then(async (res) => {
        await res.body.dump();
        const at = performance.now();
        if (at < measureTo) answeredInWindow++;
        trace?.record(dueAt - start, at - dueAt);
        latency.recordValue(Math.max(1, Math.round((at - dueAt) * 1000)));
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
      })
      .catch(() => {
        // Requests the pool drops when closed after the grace period were counted there already.
        if (!closing) errors++;
      });
    inFlight.set(done, dueAt);
    void done.finally(() => inFlight.delete(done));
  };

  // Every millisecond (or as soon as the event loop allows), send whatever has fallen due since.
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * o.rate) / 1000) + 1);
      for (; sent < due; sent++) send(start + (sent * 1000) / o.rate);
      if (sent >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const settled = await Promise.race([
    Promise.all([...inFlight.keys()]).then(() => true),
    new Promise<boolean>((r) =>
      setTimeout(() => r(false), Math.max(0, measureTo - performance.now()) + LATE_ANSWER_GRACE_MS),
    ),
  ]);
  if (!settled) {
    // Never answered: an error each, and in the latencies at least as late as they are now.
    const now = performance.now();
    for (const dueAt of inFlight.values()) latency.recordValue(Math.round((now - dueAt) * 1000));
    errors += inFlight.size;
  }
  closing = true;
  await pool.destroy();
  trace?.print();
  return {
    served: Math.round(answeredInWindow / o.durationSec),
    p50: Math.round(latency.getValueAtPercentile(50) / 100) / 10,
    p99: Math.round(latency.getValueAtPercentile(99) / 100) / 10,
    errors,
    non2xx,
    statuses,
  };
}

/** BENCH_PACED_TRACE=1: per second of due time, how many were answered and their median and worst latency (stderr). */
class SecondBySecond {
  private readonly seconds: number[][] = [];

  record(dueOffsetMs: number, latencyMs: number): void {
    (this.seconds[Math.floor(dueOffsetMs / 1000)] ??= []).push(latencyMs);
  }

  print(): void {
    this.seconds.forEach((list, s) => {
      const sorted = [...list].sort((a, b) => a - b);
      process.stderr.write(
        `  second ${s}: ${sorted.length} answered, p50 ${sorted[sorted.length >> 1]!.toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms\n`,
      );
    });
  }
}
