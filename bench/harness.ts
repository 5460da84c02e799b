import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { pacedLoad } from './paced.js';

export interface Measurement {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** With `cpuPid`: that process's user+system CPU over the measured window per request answered (ms). */
  cpuMsPerRequest?: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request's body (e.g. a fresh request_id). */
  makeBody?: () => string;
  /** Builds each request's path and body (e.g. a random merchant's route). */
  makeRequest?: () => { path: string; body?: string };
  connections?: number;
  durationSec?: number;
  warmupSec?: number;
  /** Offered load (req/s) instead of a closed loop. */
  overallRate?: number;
  /** A closed loop's server process: its CPU per request over the measured window is measured too. */
  cpuPid?: number;
}

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** A process's user+system CPU so far, all threads (ms, from /proc/<pid>/stat). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
}

/**
 * Every PostgreSQL server process's CPU so far (ms by pid: the backends, the WAL writer, the checkpointer): the
 * database's share of a request, which the platform's own process CPU leaves out. A backend started later counts
 * from zero; one that exited is lost (the pools keep theirs open).
 */
export function postgresCpuMs(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      out.set(Number(entry), cpuMs(Number(entry)));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** PostgreSQL's CPU (ms) between two postgresCpuMs() readings. */
export function postgresCpuSince(before: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of postgresCpuMs()) used += ms - (before.get(pid) ?? 0);
  return used;
}

function run(opts: LoadOptions, duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: opts.url,
        method: opts.method ?? 'GET',
        headers: opts.headers,
        body: opts.body,
        connections: opts.connections ?? 32,
        pipelining: 1,
        duration,
        ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
        ...(opts.makeBody
          ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: opts.makeBody!() }) }] }
          : {}),
        ...(opts.makeRequest
          ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, ...opts.makeRequest!() }) }] }
          : {}),
      } as autocannon.Options,
      (err: Error | null, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** A figures table's head and its rows, one per measurement (`name` overrides the measurement's own). */
export const MEASUREMENT_TABLE_HEAD = [
  '| scenario | req/s | p50 ms | p99 ms | errors | non-2xx |',
  '|---|---:|---:|---:|---:|---:|',
];
export const measurementRow = (r: Measurement, name = r.name) =>
  `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`;

/**
 * Warm-up round (discarded), then one measured round with fixed connections and no pipelining. An offered
 * rate is paced evenly (bench/paced.ts); BENCH_RATE_DRIVER=autocannon measures it with autocannon's
 * per-second bursts instead, as runs before 2026-11-23's seventh session did.
 */
export async function measure(name: string, opts: LoadOptions): Promise<Measurement> {
  if (opts.overallRate && process.env.BENCH_RATE_DRIVER !== 'autocannon')
    return measurePaced(name, opts, opts.overallRate);
  await run(opts, opts.warmupSec ?? 3);
  const cpuBefore = opts.cpuPid ? cpuMs(opts.cpuPid) : 0;
  const r = await run(opts, opts.durationSec ?? 10);
  const cpuUsed = opts.cpuPid ? cpuMs(opts.cpuPid) - cpuBefore : 0;
  // Which statuses, when some answers were not 2xx (a 4xx and a 5xx have different causes).
  if (r.non2xx > 0)
    process.stderr.write(
      `${name}: non-2xx by status ${JSON.stringify((r as { statusCodeStats?: unknown }).statusCodeStats ?? {})}\n`,
    );
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    ...(opts.cpuPid ? { cpuMsPerRequest: cpuUsed / Math.max(1, r.requests.total) } : {}),
  };
}

async function measurePaced(name: string, opts: LoadOptions, rate: number): Promise<Measurement> {
  const { pathname, search } = new URL(opts.url);
  const path = pathname + search;
  const paced = (durationSec: number) =>
    pacedLoad({
      url: opts.url,
      method: opts.method ?? 'GET',
      headers: opts.headers,
      rate,
      connections: opts.connections ?? 32,
      durationSec,
      request: opts.makeRequest ?? (() => ({ path, body: opts.makeBody ? opts.makeBody() : opts.body })),
    });
  // As with autocannon: a warm-up run (its answers all awaited), then the measured run on the warm server.
  await paced(opts.warmupSec ?? 3);
  const r = await paced(opts.durationSec ?? 10);
  if (r.non2xx > 0) process.stderr.write(`${name}: non-2xx by status ${JSON.stringify(r.statuses)}\n`);
  return { name, rps: r.served, p50: r.p50, p99: r.p99, errors: r.errors, non2xx: r.non2xx };
}

/** Starts a child process and resolves when its output contains `readyText`. */
export function startProcess(args: string[], env: Record<string, string>, readyText: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start:\n${out}`)), 90_000);
    const onData = (d: Buffer) => {
      out += String(d);
      if (out.includes(readyText)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    // BENCH_CHILD_LOG=1: the servers' output after start too (a crash under load says why).
    if (process.env.BENCH_CHILD_LOG) child.stderr.on('data', (d: Buffer) => process.stderr.write(d));
    if (process.env.BENCH_CHILD_LOG) child.stdout.on('data', (d: Buffer) => process.stderr.write(d));
    if (process.env.BENCH_CHILD_LOG)
      child.on('exit', (code, signal) => process.stderr.write(`${args.join(' ')} exited ${code} ${signal}\n`));
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}:\n${out}`)));
  });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A running process's resident memory now (VmRSS, kB; 0 when /proc does not show it). Throws once it is gone. */
export function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

/** Samples a process's resident memory (VmRSS) until stopped; returns the peak in MB. */
export function sampleRss(pid: number): { stop(): number; peak(): number } {
  let peakKb = 0;
  const timer = setInterval(() => {
    try {
      peakKb = Math.max(peakKb, rssKb(pid));
    } catch {
      /* process gone */
    }
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      return Math.round(peakKb / 1024);
    },
    /** The peak so far (MB), for the phase log. */
    peak: () => Math.round(peakKb / 1024),
  };
}
