import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { request } from 'undici';
import { openDatabase } from '../src/db/client.js';
import { balanceAt } from '../src/ledger/balance-at.js';
import { measure, stopProcess, type Measurement } from './harness.js';

/** Starts the built server (dist/server.js) on a database and port; resolves once it listens. */
export type StartPlatform = (target: { dbUrl: string; port: number }) => Promise<ChildProcess>;

export interface BalanceAtFigures {
  entries: number;
  chunks: number;
  firstMs: string;
  one: Measurement;
  eight: Measurement;
  replay: { p50: string; p99: string };
  /** The same read's service function in this process (no HTTP, no server): what the database side costs now. */
  inProcess: { p50: string; p99: string };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** p50 and p99 of n sequential calls, in ms. */
async function timed(n: number, fn: () => Promise<unknown>): Promise<{ p50: string; p99: string }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await fn();
    times.push(performance.now() - s);
  }
  times.sort((x, y) => x - y);
  return { p50: percentile(times, 0.5)!.toFixed(1), p99: percentile(times, 0.99)!.toFixed(1) };
}

/**
 * The `?at=` read (money.md M3) through the built server on an account with 100,000 entries: the first read (it
 * writes the snapshot chunks), then random instants over the account's history, one client and eight; the full
 * replay's SQL on bare node-postgres as the reference the chunks avoid.
 */
export async function measureBalanceAt(o: {
  dbUrl: string;
  accountId: string;
  orgKey: string;
  port: number;
  durationSec: number;
  startPlatform: StartPlatform;
}): Promise<BalanceAtFigures> {
  const client = new pg.Client({ connectionString: o.dbUrl });
  await client.connect();
  const platform = await o.startPlatform({ dbUrl: o.dbUrl, port: o.port });
  try {
    const {
      rows: [span],
    } = await client.query<{ lo: Date; hi: Date; n: string }>(
      `select min(created_at) as lo, max(created_at) as hi, count(*) as n from ledger_postings where account_type = 'BANK_ACCOUNT' and account_id = $1`,
      [o.accountId],
    );
    // From an hour before the first entry (zeros) to the last one (the settlement's, at the run's instant).
    const lo = span!.lo.getTime() - 3_600_000;
    const hi = span!.hi.getTime();
    const randomAt = () => new Date(lo + Math.floor(Math.random() * (hi - lo))).toISOString();
    const path = () => `/core/v1/banking/bank-accounts/${o.accountId}/balance?at=${encodeURIComponent(randomAt())}`;
    const base = `http://127.0.0.1:${o.port}`;
    const headers = { 'x-api-key': o.orgKey, 'x-forwarded-proto': 'https' };

    const t0 = performance.now();
    const first = await request(`${base}${path()}`, { headers });
    const firstBody = await first.body.text();
    const firstMs = (performance.now() - t0).toFixed(1);
    if (first.statusCode !== 200) throw new Error(`balance ?at=: ${first.statusCode} ${firstBody}`);
    const {
      rows: [chunks],
    } = await client.query<{ n: string }>('select count(*) as n from ledger_entry_chunks where account_id = $1', [
      o.accountId,
    ]);

    const load = (name: string, connections: number) =>
      measure(name, {
        url: `${base}${path()}`,
        headers,
        connections,
        durationSec: o.durationSec,
        makeRequest: () => ({ path: path() }),
      });
    const one = await load('?at= reads, 1 client', 1);
    const eight = await load('?at= reads, 8 clients', 8);
    // Non-2xx answers (a 503 when the loaded server sheds: event loop delay over 1 s) are reported, not hidden.

    // The full replay the chunks avoid: every entry of the account up to `at`, summed per balance.
    const replay = await timed(200, () =>
      client.query(
        `select balance_type, sum(delta) from ledger_postings where account_type = 'BANK_ACCOUNT' and account_id = $1 and created_at <= $2 group by balance_type`,
        [o.accountId, randomAt()],
      ),
    );
    const handle = await openDatabase({ databaseUrl: o.dbUrl, poolSize: 2 });
    const inProcess = await timed(500, () => balanceAt(handle.db, o.accountId, new Date(randomAt()))).finally(() =>
      handle.close(),
    );
    return { entries: Number(span!.n), chunks: Number(chunks!.n), firstMs, one, eight, replay, inProcess };
  } finally {
    await stopProcess(platform);
    await client.end();
  }
}
