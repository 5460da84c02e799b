import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request } from 'undici';
import { generateApiKey } from '../src/http/api-keys.js';
import { organizationBody } from '../test/helpers/fixtures.js';
import autocannon from 'autocannon';
import { cpuMs, postgresCpuMs, postgresCpuSince, startProcess, stopProcess, type LoadOptions } from './harness.js';
import { pacedLoad } from './paced.js';
import { PLATFORM_READY, platformEnv } from './platform-env.js';
import { setupTransactionBench } from './transactions.js';

/**
 * Issue 13's create path, measured as CPU per request instead of req/s (a shared machine's load moves req/s,
 * much less the CPU a request costs): `npx tsx bench/cpu-per-request.ts` (after `npm run build`) runs the
 * platform (dist/server.js) and the same-SQL baseline side by side on one database, each closed-loop for
 * CPU_SECONDS (default 10) per scenario, and prints req/s and the process's user+system CPU ms per request
 * (from /proc/<pid>/stat, the measured window only). CPU_PROF=dir profiles the platform (`--cpu-prof`).
 * CPU_ONLY=card|pix limits the scenarios; CPU_ROUNDS=n alternates platform and baseline n times; CPU_REQUEST_ID=1 gives
 * every platform create a fresh request_id (the baseline stays the bench's create without one); CPU_COMPARE=<dir of
 * another checkout, built, or `.`> measures its platform too (after this one in the first round, before it in the
 * second, and so on), with CPU_COMPARE_ENV's settings added (`OFFLOAD_THREADS=true,K=V`: an A/B of a setting on one
 * build) and CPU_COMPARE_NODE_ARGS's node flags (`--single-threaded-gc`: V8 flags NODE_OPTIONS refuses); CPU_PACED=0.8 then runs each platform paced at that share of the
 * round's baseline with the same work (served share and p99, as the full bench's paced rows); CPU_KEEP_DB=1 keeps the database;
 * CPU_COUNT_STATEMENTS=1 also counts each platform's statements per request (bench/pg-count.mjs); CPU_LIST_STATEMENTS=1
 * also lists them by normalized text, per request over the measured window (bench/pg-texts.mjs). Every window also
 * prints PostgreSQL's CPU per request (all `postgres` processes); CPU_PGSS=1, with BENCH_PG_ADMIN_URL on a cluster
 * that preloads pg_stat_statements, lists the window's statements by execution time per request
 * (docs/decisions/benchmarks.md, "PostgreSQL's CPU per request beside the platform's").
 */
const ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.CPU_SECONDS ?? 10);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 1);
const PORTS = { platform: 19643, other: 19653, sameSql: 19603 };
const dbName = `cpubench_${Date.now()}`;
const dbUrl = ADMIN.replace(/\/[^/]*$/, `/${dbName}`);
const platformKey = generateApiKey('PLATFORM');
async function api(method: string, path: string, key: string, body?: unknown): Promise<Record<string, any>> {
  try {
    return await apiOnce(method, path, key, body);
  } catch (err) {
    // A kept-alive socket the server closed while idle (a loaded machine stretches the gaps between setup calls).
    if ((err as { code?: string }).code !== 'UND_ERR_SOCKET') throw err;
    return apiOnce(method, path, key, body);
  }
}

async function apiOnce(method: string, path: string, key: string, body?: unknown): Promise<Record<string, any>> {
  const res = await request(`http://127.0.0.1:${PORTS.platform}/core${path}`, {
    method: method as 'GET',
    headers: {
      ...(key ? { 'x-api-key': key } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-forwarded-proto': 'https',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.body.json()) as Record<string, any>;
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`);
  return json;
}

async function main() {
  execFileSync('psql', [ADMIN, '-qc', `create database ${dbName}`], { stdio: 'ignore' });
  const prof = process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : [];
  const count = [
    ...(process.env.CPU_COUNT_STATEMENTS ? ['--import', resolve('bench/pg-count.mjs')] : []),
    ...(process.env.CPU_LIST_STATEMENTS ? ['--import', resolve('bench/pg-texts.mjs')] : []),
  ];
  const dataDir = mkdtempSync(join(tmpdir(), 'cpubench-'));
  const env = (port: number) => platformEnv({ dbUrl, port, pciPort: port + 1, platformKey, dataDir });
  const startPlatform = () => startProcess([...prof, ...count, 'dist/server.js'], env(PORTS.platform), PLATFORM_READY);
  let platform = await startPlatform();
  // CPU_COMPARE=<another checkout, built, or `.` with CPU_COMPARE_ENV>: its platform too, on the same database and keys, measured right after
  // this one in every round (an A/B under the same machine load).
  const compareEnv = Object.fromEntries(
    (process.env.CPU_COMPARE_ENV ?? '')
      .split(',')
      .filter(Boolean)
      // Split at the first `=` only: a value may hold one (NODE_OPTIONS=--max-old-space-size=160).
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as [string, string]),
  );
  const other = process.env.CPU_COMPARE
    ? await startProcess(
        [
          ...count,
          ...(process.env.CPU_COMPARE_NODE_ARGS ?? '').split(' ').filter(Boolean),
          join(process.env.CPU_COMPARE, 'dist/server.js'),
        ],
        { ...env(PORTS.other), ...compareEnv },
        PLATFORM_READY,
      )
    : undefined;
  const sameSql = await startProcess(
    ['--import', 'tsx', 'bench/servers/node-same-sql.ts'],
    { PORT: String(PORTS.sameSql), DATABASE_URL: dbUrl },
    'ready',
  );
  try {
    const org = (await api('POST', '/v1/platform/organizations', platformKey, organizationBody())) as {
      id: string;
      api_key: string;
    };
    const bench = await setupTransactionBench(api, org, ADMIN, dbUrl);
    // With CPU_COMPARE, this platform starts again after serving the setup, as fresh as the other one: a process
    // that served the setup measured ~25% more CPU per request (docs/decisions/benchmarks.md, "An A/B of builds").
    if (other) {
      await stopProcess(platform);
      platform = await startPlatform();
    }
    const pick = () => bench.merchants[Math.floor(Math.random() * bench.merchants.length)];
    const headers = { 'x-api-key': org.api_key, 'content-type': 'application/json', 'x-forwarded-proto': 'https' };
    let i = 0;
    // CPU_REQUEST_ID=1: every create carries a fresh request_id (the usual real-world create; the bench's have none).
    const withId = (body: string) =>
      process.env.CPU_REQUEST_ID ? `{"request_id":"${randomUUID()}",${body.slice(1)}` : body;
    const scenarios = [
      { name: 'card', body: () => withId(bench.bodies.card[i++ % bench.bodies.card.length]!), baseline: 'card-create' },
      { name: 'pix', body: () => withId(bench.bodies.pix[0]!), baseline: 'pix-create' },
    ].filter((s) => !process.env.CPU_ONLY || process.env.CPU_ONLY === s.name);
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of scenarios) {
        const load = loadavg()[0]!.toFixed(1);
        const onPlatform = (pid: number, port: number, name: string) =>
          windowed(pid, name, {
            url: `http://127.0.0.1:${port}/core/v1/merchants/${bench.merchants[0]}/transactions`,
            method: 'POST',
            headers,
            makeRequest: () => ({ path: `/core/v1/merchants/${pick()}/transactions`, body: s.body() }),
          });
        const onThis = () => onPlatform(platform.pid!, PORTS.platform, `${s.name} platform`);
        const onOther = other ? () => onPlatform(other.pid!, PORTS.other, `${s.name} ${OTHER_NAME}`) : undefined;
        const [p, o] = await inTurn(round, onThis, onOther);
        const b = await windowed(sameSql.pid!, `${s.name} baseline`, {
          url: `http://127.0.0.1:${PORTS.sameSql}/${s.baseline}`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          makeRequest: () => ({ path: `/${s.baseline}?org=${org.id}&merchant=${pick()}`, body: '{}' }),
        });
        // The same baseline doing the create's required CPU outside SQL too (QR PNG, card opening): bench/baseline-work.ts.
        const w = await windowed(sameSql.pid!, `${s.name} baseline with the same work`, {
          url: `http://127.0.0.1:${PORTS.sameSql}/${s.baseline}`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          makeRequest: () => ({ path: `/${s.baseline}?org=${org.id}&merchant=${pick()}&work=1`, body: '{}' }),
        });
        process.stdout.write(
          `${s.name}: baseline with the same QR/card work ${w.rps} req/s ${w.cpu.toFixed(2)} CPU ms/req; platform / it: CPU ${(p.cpu / w.cpu).toFixed(2)}, req/s ${(p.rps / w.rps).toFixed(2)}\n`,
        );
        if (o)
          process.stdout.write(`${s.name}: ${process.env.CPU_COMPARE} ${o.rps} req/s ${o.cpu.toFixed(2)} CPU ms/req\n`);
        process.stdout.write(
          `${s.name}: platform ${p.rps} req/s ${p.cpu.toFixed(2)} CPU ms/req; baseline ${b.rps} req/s ${b.cpu.toFixed(2)} CPU ms/req; ratio ${(p.rps / b.rps).toFixed(2)}; load ${load} -> ${loadavg()[0]!.toFixed(1)}\n`,
        );
        // CPU_PACED=0.8: then each platform paced at that share of this round's baseline with the same work, as the
        // full bench's paced rows (100 connections, latency from when each request was due), in the same turn order.
        if (process.env.CPU_PACED) {
          const rate = Math.max(1, Math.round(Number(process.env.CPU_PACED) * w.rps));
          const paced = async (port: number, name: string) => {
            const r = await pacedLoad({
              url: `http://127.0.0.1:${port}/core/v1/merchants/${bench.merchants[0]}/transactions`,
              method: 'POST',
              headers,
              rate,
              connections: 100,
              durationSec: DURATION,
              request: () => ({ path: `/core/v1/merchants/${pick()}/transactions`, body: s.body() }),
            });
            process.stdout.write(
              `${s.name} ${name} paced at ${rate}: served ${(r.served / rate).toFixed(3)} of offered, p50 ${r.p50} ms, p99 ${r.p99} ms\n`,
            );
          };
          await inTurn(
            round,
            () => paced(PORTS.platform, 'platform'),
            other ? () => paced(PORTS.other, OTHER_NAME) : undefined,
          );
        }
      }
    }
  } finally {
    await stopProcess(platform);
    if (other) await stopProcess(other);
    await stopProcess(sameSql);
    // CPU_KEEP_DB=1 keeps the database (to EXPLAIN the create's statements on its rows afterwards).
    if (process.env.CPU_KEEP_DB) process.stdout.write(`database kept: ${dbName}\n`);
    else execFileSync('psql', [ADMIN, '-qc', `drop database if exists ${dbName} with (force)`], { stdio: 'ignore' });
  }
}

/** The compared build's name in the output: its directory and settings. */
const OTHER_NAME = `${process.env.CPU_COMPARE} ${process.env.CPU_COMPARE_ENV ?? ''}`;

/**
 * This platform's measurement and the compared one's (when there is one), in the round's order: the two builds take
 * turns going first, since the one measured second read 3-7% better whichever build it was (docs/decisions/
 * benchmarks.md, "An A/B of builds").
 */
async function inTurn<T>(
  round: number,
  onThis: () => Promise<T>,
  onOther: (() => Promise<T>) | undefined,
): Promise<[T, T | undefined]> {
  if (onOther && round % 2 === 1) {
    const o = await onOther();
    return [await onThis(), o];
  }
  const p = await onThis();
  return [p, onOther ? await onOther() : undefined];
}

/** The read and write system calls a process has made so far (/proc/<pid>/io: sockets included, every thread). */
function syscalls(pid: number): { reads: number; writes: number } {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)`, 'm').exec(io)?.[1] ?? NaN);
  return { reads: field('syscr'), writes: field('syscw') };
}

/** A closed-loop measurement (3 s warm-up), with the process's CPU over the measured part. */
async function windowed(pid: number, name: string, opts: LoadOptions) {
  await load(opts, 3);
  const statements = () =>
    existsSync(`/tmp/pg-count-${pid}`) ? Number(readFileSync(`/tmp/pg-count-${pid}`, 'utf8')) : NaN;
  const texts = (): Record<string, number> =>
    existsSync(`/tmp/pg-texts-${pid}.json`) ? JSON.parse(readFileSync(`/tmp/pg-texts-${pid}.json`, 'utf8')) : {};
  const before = cpuMs(pid);
  const ioBefore = syscalls(pid);
  const pgBefore = postgresCpuMs();
  // CPU_PGSS=1 (with BENCH_PG_ADMIN_URL on a cluster that preloads pg_stat_statements): each window's statements by time.
  if (process.env.CPU_PGSS)
    execFileSync('psql', [ADMIN, '-qAtc', 'select pg_stat_statements_reset()'], { stdio: 'ignore' });
  const statementsBefore = statements();
  const textsBefore = texts();
  const r = await load(opts, DURATION);
  await new Promise((done) => setTimeout(done, 600));
  const used = cpuMs(pid) - before;
  const ioAfter = syscalls(pid);
  const pgUsed = postgresCpuSince(pgBefore);
  if (process.env.CPU_PGSS)
    process.stdout.write(
      execFileSync(
        'psql',
        [
          ADMIN,
          '-qAtF',
          ' | ',
          '-c',
          `select round((total_exec_time + total_plan_time)::numeric / ${Math.max(1, r.requests.total)}, 4), calls, round((total_exec_time / calls)::numeric, 3), left(regexp_replace(query, '\\s+', ' ', 'g'), 110)
             from pg_stat_statements order by total_exec_time + total_plan_time desc limit 25`,
        ],
        { encoding: 'utf8' },
      ),
    );
  const sent = statements() - statementsBefore;
  if (!Number.isNaN(sent))
    process.stdout.write(`${name}: ${(sent / Math.max(1, r.requests.total)).toFixed(2)} statements per request\n`);
  const textsAfter = texts();
  const listed = Object.entries(textsAfter)
    .map(([text, n]) => [text, (n - (textsBefore[text] ?? 0)) / Math.max(1, r.requests.total)] as const)
    .filter(([, perRequest]) => perRequest > 0)
    .sort((a, b) => b[1] - a[1]);
  for (const [text, perRequest] of listed) process.stdout.write(`  ${perRequest.toFixed(3)}  ${text.slice(0, 300)}\n`);
  if (r.non2xx > 0 || r.errors > 0)
    process.stderr.write(
      `${name}: ${r.non2xx} non-2xx, ${r.errors} errors ${JSON.stringify((r as { statusCodeStats?: unknown }).statusCodeStats ?? {})}\n`,
    );
  const perRequest = (ms: number) => ms / Math.max(1, r.requests.total);
  process.stdout.write(
    `${name}: ${Math.round(r.requests.average)} req/s, CPU ms/req: process ${perRequest(used).toFixed(3)}, PostgreSQL ${perRequest(pgUsed).toFixed(3)}; reads/writes per request ${perRequest(ioAfter.reads - ioBefore.reads).toFixed(1)}/${perRequest(ioAfter.writes - ioBefore.writes).toFixed(1)}\n`,
  );
  return { rps: Math.round(r.requests.average), cpu: perRequest(used), p99: r.latency.p99 };
}

function load(opts: LoadOptions, duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: opts.url,
        method: opts.method ?? 'GET',
        headers: opts.headers,
        connections: 32,
        pipelining: 1,
        duration,
        // CPU_RATE=n: n offered req/s instead of a closed loop, so both sides batch alike whatever the machine's load.
        ...(process.env.CPU_RATE ? { overallRate: Number(process.env.CPU_RATE) } : {}),
        requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, ...opts.makeRequest!() }) }],
      } as unknown as autocannon.Options,
      (err: Error | null, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
