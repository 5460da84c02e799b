import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { measureBalanceAt, type BalanceAtFigures, type StartPlatform } from './balance-at.js';
import { baselineSql } from './settlement-seed.js';
import { MEASUREMENT_TABLE_HEAD, measurementRow } from './harness.js';

/**
 * Issue 14's Measure: settlement of 100,000 receivables on one date against a bare `UPDATE … FROM` of the same
 * rows, and the `?at=` balance read on an account with 100,000 entries. Two shapes of the 100,000, both on one
 * date: (A) 100 merchant accounts of one organization with 1,000 each (100 jobs, the usual day), (B) one
 * account with all 100,000 (one job, one transaction: the worst case for time and memory). One seed holds both;
 * the platform settles on one copy of it, the baseline on another (CREATE DATABASE … TEMPLATE), so both start
 * from the same pages. B's account, settled, is then the `?at=` account (100,002 entries).
 */
export const MONEY_START = '<!-- money bench: rewritten by npm run bench -->';
export const MONEY_END = '<!-- /money bench -->';
// BENCH_MONEY_DIVISOR=n shrinks every count n times (a quick check of the bench itself, not a figure).
const DIVISOR = Math.max(1, Number(process.env.BENCH_MONEY_DIVISOR ?? 1));
const SHAPE_A = { accounts: Math.ceil(100 / Math.sqrt(DIVISOR)), each: Math.ceil(1000 / Math.sqrt(DIVISOR)) };
const SHAPE_B = Math.ceil(100_000 / DIVISOR);

export interface MoneyBenchOptions {
  adminUrl: string;
  /** Prefix of the databases this bench creates (and drops). */
  dbName: string;
  durationSec: number;
  port: number;
  startPlatform: StartPlatform;
  settlement: boolean;
  balanceAt: boolean;
}

interface SettleRun {
  ms: number;
  rssBefore: number;
  rssPeak: number;
  heapBefore: number;
  heapPeak: number;
}

export async function moneyBench(opts: MoneyBenchOptions): Promise<string[]> {
  const url = (name: string) => opts.adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const psql = (target: string, q: string) =>
    execFileSync('psql', [target, '-v', 'ON_ERROR_STOP=1', '-qAtc', q], { encoding: 'utf8' }).trim();
  const seedDb = `${opts.dbName}_money_seed`;
  const platformDb = `${opts.dbName}_money_p`;
  const baselineDb = `${opts.dbName}_money_b`;
  const paymentDate = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const counts = [...(opts.settlement ? Array<number>(SHAPE_A.accounts).fill(SHAPE_A.each) : []), SHAPE_B];
  const lines: string[] = [];
  try {
    psql(opts.adminUrl, `create database ${seedDb}`);
    const info = join(mkdtempSync(join(tmpdir(), 'bench-money-')), 'info.json');
    const seedStarted = performance.now();
    await runChild({
      MODE: 'seed',
      DATABASE_URL: url(seedDb),
      INFO_FILE: info,
      COUNTS: counts.join(','),
      PAYMENT_DATE: paymentDate,
    });
    const seed = JSON.parse(readFileSync(info, 'utf8')) as {
      orgKey: string;
      accounts: { id: string; count: number }[];
    };
    psql(url(seedDb), 'vacuum analyze');
    const seedSec = ((performance.now() - seedStarted) / 1000).toFixed(0);
    psql(opts.adminUrl, `create database ${platformDb} template ${seedDb}`);
    if (opts.settlement) psql(opts.adminUrl, `create database ${baselineDb} template ${seedDb}`);
    const a = seed.accounts.slice(0, -1).map((x) => x.id);
    const b = seed.accounts.at(-1)!.id;

    const settle = async (accounts: string[]): Promise<SettleRun> => {
      psql(opts.adminUrl, 'checkpoint');
      const out = await runChild({ MODE: 'settle', DATABASE_URL: url(platformDb), ACCOUNTS: accounts.join(',') });
      return JSON.parse(out.trim().split('\n').at(-1)!) as SettleRun;
    };
    const baseline = async (accounts: string[]): Promise<number> => {
      psql(opts.adminUrl, 'checkpoint');
      const client = new pg.Client({ connectionString: url(baselineDb) });
      await client.connect();
      try {
        const t0 = performance.now();
        await client.query(baselineSql(accounts, paymentDate));
        return performance.now() - t0;
      } finally {
        await client.end();
      }
    };
    if (opts.settlement) {
      // Each pair back to back (the machine's load drifts): the platform's run, then the baseline's.
      const runA = await settle(a);
      const baseA = await baseline(a);
      const runB = await settle([b]);
      const baseB = await baseline([b]);
      verifySettled(psql, url(platformDb), [...a, b], true);
      verifySettled(psql, url(baselineDb), [...a, b], false);
      lines.push(...settlementLines({ runA, baseA, runB, baseB, seedSec }));
    } else {
      await settle([b]);
    }
    if (opts.balanceAt) {
      const figures = await measureBalanceAt({
        dbUrl: url(platformDb),
        accountId: b,
        orgKey: seed.orgKey,
        port: opts.port,
        durationSec: opts.durationSec,
        startPlatform: opts.startPlatform,
      });
      if (lines.length > 0) lines.push('');
      lines.push(...balanceAtLines(figures));
    }
  } finally {
    for (const name of [platformDb, baselineDb, seedDb])
      psql(opts.adminUrl, `drop database if exists ${name} with (force)`);
  }
  return lines;
}

/** Every receivable PAID in one settlement per account; the platform's side also moved each account's net pending -> available once. */
function verifySettled(
  psql: (target: string, q: string) => string,
  target: string,
  accounts: string[],
  ledger: boolean,
) {
  const ids = `array[${accounts.map((id) => `'${id}'::uuid`).join(',')}]`;
  const open = psql(
    target,
    `select count(*) from receivables where bank_account_id = any(${ids}) and (status <> 'PAID' or settlement_id is null)`,
  );
  const runs = psql(target, `select count(*) from settlements where bank_account_id = any(${ids})`);
  if (open !== '0' || runs !== String(accounts.length))
    throw new Error(`settlement incomplete on ${target}: ${open} open receivables, ${runs} settlements`);
  if (!ledger) return;
  const wrong = psql(
    target,
    `
    select count(*) from ledger_accounts la
    where la.id = any(${ids}) and (la.pending <> 0 or la.available <> (select sum(net_amount) from receivables r where r.bank_account_id = la.id)
      or la.last_sequence <> (select count(*) from ledger_postings p where p.account_type = 'BANK_ACCOUNT' and p.account_id = la.id::text))`,
  );
  const posts = psql(
    target,
    `select count(*) from ledger_transactions where code = 'RECEIVABLE_SETTLED' and source_type = 'SETTLEMENT'`,
  );
  if (wrong !== '0' || posts !== String(accounts.length))
    throw new Error(
      `ledger after settlement: ${wrong} accounts off, ${posts} posts for ${accounts.length} settlements`,
    );
}

function runChild(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/servers/settlement-child.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += String(d)));
    child.stderr.on('data', (d: Buffer) => (err += String(d)));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`settlement child (${env.MODE}) exited ${code}:\n${out}\n${err}`)),
    );
  });
}

function settlementLines(r: {
  runA: SettleRun;
  baseA: number;
  runB: SettleRun;
  baseB: number;
  seedSec: string;
}): string[] {
  const per10k = (ms: number, n: number) => `${Math.round(ms / (n / 10_000))} ms`;
  const rounds = (n: number) => n.toLocaleString('en');
  const total = SHAPE_A.accounts * SHAPE_A.each;
  const row = (name: string, run: SettleRun, base: number, n: number) =>
    `| ${name} | ${per10k(run.ms, n)} | ${per10k(base, n)} | ${(base / run.ms).toFixed(2)} | ${run.rssPeak} MB (${(run.rssPeak - run.rssBefore).toFixed(1)}) | ${run.heapPeak} MB (${(run.heapPeak - run.heapBefore).toFixed(1)}) |`;
  return [
    `### Settlement of ${rounds(total)} receivables on one date (issue 14)`,
    '',
    `(bench/settlement.ts) Seeded in bulk as the platform records approvals (transaction, ledger post with sequences, merchant receivable, balance row, the date's job; ${r.seedSec} s), then copied: the platform settles one copy, the baseline the other.`,
    `(A) ${SHAPE_A.accounts} merchant accounts x ${SHAPE_A.each.toLocaleString('en')}: ${SHAPE_A.accounts} \`receivables.settle\` jobs through the job runner, ten at a time; (B) one account with ${SHAPE_B.toLocaleString('en')}: one job.`,
    'Platform: the real job (claim, one transaction per account and date: lock in id order, PAID, settlement row, ledger post, events, outcome), in its own process (peak memory sampled every 10 ms; in brackets the rise over the process before the run). Baseline: one bare transaction, the settlement rows and one `UPDATE … FROM` of the same rows.',
    '',
    '| shape | platform per 10,000 | baseline per 10,000 | baseline / platform | peak RSS (rise) | peak heap (rise) |',
    '|---|---:|---:|---:|---:|---:|',
    row(`(A) ${SHAPE_A.accounts} accounts x ${SHAPE_A.each}`, r.runA, r.baseA, total),
    row(`(B) 1 account x ${SHAPE_B}`, r.runB, r.baseB, SHAPE_B),
    '',
    '| figure | value | target |',
    '|---|---:|---:|',
    `| (A) baseline / platform | ${(r.baseA / r.runA.ms).toFixed(2)} | >= 0.5 |`,
    `| (B) baseline / platform | ${(r.baseB / r.runB.ms).toFixed(2)} | >= 0.5 |`,
  ];
}

function balanceAtLines(f: BalanceAtFigures): string[] {
  return [
    `### Balance \`?at=\` on an account with ${f.entries.toLocaleString('en')} entries (issue 14)`,
    '',
    `(bench/balance-at.ts) \`GET /v1/banking/bank-accounts/{id}/balance?at=<random instant over its history>\` on the built server, account (B) above (${f.entries.toLocaleString('en')} entries), one client in a closed loop for the p99, then 8.`,
    "The first read writes the account's snapshot chunks (1,000 entries each); later reads sum whole chunks plus the entries of the one that straddles `at` and the tail. Then the same read's service function in the bench process (two statements, no HTTP), and for reference the full replay (the sum of every entry up to `at`: what the chunks avoid) on bare node-postgres.",
    '',
    ...MEASUREMENT_TABLE_HEAD,
    `| first read (writes ${f.chunks} chunks) | | ${f.firstMs} | | | |`,
    measurementRow(f.one, '?at= reads, 1 client'),
    measurementRow(f.eight, '?at= reads, 8 clients'),
    `| the same read's service function in-process (balanceAt, no HTTP), 1 caller | | ${f.inProcess.p50} | ${f.inProcess.p99} | | |`,
    `| reference: full replay SQL, 1 client | | ${f.replay.p50} | ${f.replay.p99} | | |`,
    '',
    '| figure | value | target |',
    '|---|---:|---:|',
    `| ?at= p99, 1 client | ${f.one.p99} ms | < 50 ms |`,
  ];
}
