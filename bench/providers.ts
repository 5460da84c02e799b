import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { signNotificationItem } from '../src/providers/adyen-checkout/hmac.js';
import { measure, startProcess, stopProcess, type LoadOptions } from './harness.js';
import { platformNodeArgs } from './platform-env.js';
import { setupProviders, type ProvidersSetup } from './providers-setup.js';
import { jsonCall as apiOnce } from './json-call.js';

/**
 * Issues 25 and 26's figures (`BENCH_ONLY=providers`), each a ratio of two measurements taken back to back in
 * every round (the order alternating by round), the median of the rounds with their min-max:
 * 1. card creates at an ADYEN_CHECKOUT account pointed at the Adyen double (its own process, started as
 *    `platform double adyen` starts it) vs the same creates at the SANDBOX account PROVIDER_A: the platform
 *    process's CPU per create (user+system of all its threads over the measured window), <= 1.25;
 * 2. Adyen notifications accepted per second vs the same statements on bare node+pg
 *    (bench/servers/node-provider-webhooks.ts), >= 0.8, then the platform at 0.8 x that round's baseline
 *    offered (paced): p99 of the answer < 2 s;
 * 3. a routed card create (50 rules, 5 accounts, the matching rule last) vs the same create with an explicit
 *    `provider`: CPU per create, < 1.05;
 * 4. `POST /v1/routing/decide` vs `GET /v1/merchants/{id}` req/s, >= 0.8.
 * Closed loops of 32 connections. BENCH_QUICK=1: one short round on 3 merchants, failing on any non-2xx
 * (proves the rows run; its figures mean nothing). BENCH_NODE_ARGS profiles the platform as in run.ts.
 */
const QUICK = process.env.BENCH_QUICK === '1';
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
const HEADERS = { 'x-forwarded-proto': 'https' };
const PORTS = { platform: 19661, pci: 19662, double: 19663, baseline: 19664 };

export interface ProvidersBenchOptions {
  adminUrl: string;
  platformKey: string;
  durationSec: number;
  rounds: number;
}

interface Window {
  rps: number;
  p99: number;
  cpu: number;
  /** CPU ms per request of the second process watched (the double), when one was. */
  otherCpu: number;
}

interface Round {
  adyen: Window;
  sandbox: Window;
  routed: Window;
  decide: Window;
  merchant: Window;
  hooks: Window;
  hooksBaseline: Window;
  paced: { offered: number; served: number; p99: number };
}

const cpuMs = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
};

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
        requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, ...opts.makeRequest!() }) }],
      } as unknown as autocannon.Options,
      (err: Error | null, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** Warm-up, then the measured closed loop with the CPU of `pid` (and `other`) over it. */
async function windowed(name: string, durationSec: number, opts: LoadOptions, pid: number, other?: number) {
  await load(opts, QUICK ? 1 : 3);
  const before = cpuMs(pid);
  const otherBefore = other ? cpuMs(other) : 0;
  const r = await load(opts, durationSec);
  const served = Math.max(1, r.requests.total);
  if (QUICK && r.requests.total === 0) throw new Error(`${name}: nothing answered in ${durationSec} s`);
  if (r.non2xx > 0 || r.errors > 0) {
    const statuses = JSON.stringify((r as { statusCodeStats?: unknown }).statusCodeStats ?? {});
    process.stderr.write(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors ${statuses}\n`);
    if (QUICK) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors ${statuses}`);
  }
  return {
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    cpu: (cpuMs(pid) - before) / served,
    otherCpu: other ? (cpuMs(other) - otherBefore) / served : 0,
  };
}

/** A signed Adyen notification of one AUTHORISATION item, never sent before (its own pspReference). */
function notifications(s: ProvidersSetup) {
  let n = Date.now() * 1000;
  return () => {
    const item = {
      pspReference: String(n++).padStart(16, '0').slice(-16),
      merchantAccountCode: s.merchantAccount,
      merchantReference: randomUUID(),
      amount: { value: 1990, currency: 'BRL' },
      eventCode: 'AUTHORISATION',
      success: 'true',
    };
    const hmacSignature = signNotificationItem(item, s.hmacKey);
    return JSON.stringify({
      live: 'false',
      notificationItems: [
        {
          NotificationRequestItem: { ...item, eventDate: new Date().toISOString(), additionalData: { hmacSignature } },
        },
      ],
    });
  };
}

export async function providersBench(opts: ProvidersBenchOptions): Promise<string[]> {
  const durationSec = QUICK ? 3 : opts.durationSec;
  const rounds = QUICK ? 1 : Number(process.env.BENCH_PROVIDERS_ROUNDS ?? Math.max(3, opts.rounds));
  const startLoad = loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
  const dbName = `bench_providers_${Date.now()}`;
  const dbUrl = opts.adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  execFileSync('psql', [opts.adminUrl, '-qc', `create database ${dbName}`], { stdio: 'ignore' });
  if (!existsSync('dist/server.js')) execFileSync('npm', ['run', '-s', 'build'], { stdio: 'ignore' });
  const hmacKey = randomBytes(32).toString('hex');
  const nodeArgs = platformNodeArgs();
  const started: Awaited<ReturnType<typeof startProcess>>[] = [];
  try {
    const platform = await startProcess(
      [...nodeArgs, 'dist/server.js'],
      {
        DATABASE_URL: dbUrl,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-providers-')),
        PORT: String(PORTS.platform),
        PCI_PORT: String(PORTS.pci),
        TRUST_PROXY: 'true',
        PLATFORM_ADMIN_KEY: opts.platformKey,
        RATE_LIMIT_STANDARD_RPS: '1000000000',
        RATE_LIMIT_HIGH_RPS: '1000000000',
        LOG_LEVEL: 'warn',
        SANDBOX_AUTOPILOT: 'false',
        // The intake row measures acceptance; the events' processing is a job, left to a worker (none here).
        RUN_WORKER: 'false',
      },
      'sandbox organization key',
    );
    started.push(platform);
    // As `platform double adyen` starts it (packages/cli/bin/platform.mjs: the doubles' TypeScript through tsx).
    const double = await startProcess(
      ['packages/cli/bin/platform.mjs', 'double', 'adyen', '--port', String(PORTS.double), '--hmac-key', hmacKey],
      {},
      'Adyen Checkout v71 double on',
    );
    started.push(double);
    const baseline = await startProcess(
      ['--import', 'tsx', 'bench/servers/node-provider-webhooks.ts'],
      { PORT: String(PORTS.baseline), DATABASE_URL: dbUrl },
      'ready',
    );
    started.push(baseline);
    const core = `http://127.0.0.1:${PORTS.platform}/core`;
    const setup = await setupProviders(api(core), {
      dbUrl,
      platformKey: opts.platformKey,
      adyenBaseUrl: `http://127.0.0.1:${PORTS.double}/v71`,
      hmacKey,
      merchants: QUICK ? 3 : 20,
      cards: QUICK ? 50 : 2000,
    });
    const all: Round[] = [];
    for (let round = 0; round < rounds; round++) {
      const r = await measureRound(core, setup, durationSec, round % 2 === 1, {
        platform: platform.pid!,
        double: double.pid!,
        baseline: baseline.pid!,
      });
      all.push(r);
      process.stdout.write(`providers round ${round + 1}: ${roundRow(r, round + 1)}\n`);
    }
    const endLoad = loadavg()
      .map((l) => l.toFixed(1))
      .join(', ');
    return providerLines(all, { durationSec, startLoad, endLoad });
  } finally {
    for (const child of started.reverse()) await stopProcess(child);
    execFileSync('psql', [opts.adminUrl, '-qc', `drop database if exists ${dbName} with (force)`], { stdio: 'ignore' });
  }
}

async function measureRound(
  core: string,
  s: ProvidersSetup,
  durationSec: number,
  reversed: boolean,
  pids: { platform: number; double: number; baseline: number },
): Promise<Round> {
  const headers = { ...HEADERS, 'x-api-key': s.orgKey, 'content-type': 'application/json' };
  const pick = () => s.merchants[Math.floor(Math.random() * s.merchants.length)]!;
  let i = 0;
  const create = (provider: string | null) => ({
    url: `${core}/v1/merchants/${s.merchants[0]}/transactions`,
    method: 'POST' as const,
    headers,
    makeRequest: () => {
      const body = s.cards[i++ % s.cards.length]!;
      return {
        path: `/core/v1/merchants/${pick()}/transactions`,
        body: provider ? `{"provider":"${provider}",${body.slice(1)}` : body,
      };
    },
  });
  const pair = async <T>(a: () => Promise<T>, b: () => Promise<T>): Promise<[T, T]> => {
    if (!reversed) {
      const x = await a();
      return [x, await b()];
    }
    const y = await b();
    return [await a(), y];
  };
  const w = (name: string, o: LoadOptions, pid = pids.platform, other?: number) =>
    windowed(name, durationSec, o, pid, other);
  const [adyen, sandbox] = await pair(
    () => w('adyen create', create(s.adyen.provider), pids.platform, pids.double),
    () => w('sandbox create', create('PROVIDER_A')),
  );
  const routed = await w('routed create', create(null));
  const decideBody = JSON.stringify({
    payment_method: 'CREDIT_CARD',
    amount: 1990,
    card_data: { brand: 'VISA', bin: '411111' },
  });
  const [decide, merchant] = await pair(
    () =>
      w('decide', {
        url: `${core}/v1/routing/decide`,
        method: 'POST',
        headers,
        makeRequest: () => ({
          path: '/core/v1/routing/decide',
          body: `{"company_id":"${pick()}",${decideBody.slice(1)}`,
        }),
      }),
    () =>
      w('merchant read', {
        url: `${core}/v1/merchants/${s.merchants[0]}`,
        headers,
        makeRequest: () => ({ path: `/core/v1/merchants/${pick()}` }),
      }),
  );
  const next = notifications(s);
  const hookHeaders = { ...HEADERS, 'content-type': 'application/json' };
  const hookPath = `/core/v1/provider-webhooks/${s.adyen.id}`;
  const [hooks, hooksBaseline] = await pair(
    () =>
      w('provider webhooks', {
        url: `${core}/v1/provider-webhooks/${s.adyen.id}`,
        method: 'POST',
        headers: hookHeaders,
        makeRequest: () => ({ path: hookPath, body: next() }),
      }),
    () =>
      w(
        'provider webhooks baseline',
        {
          url: `http://127.0.0.1:${PORTS.baseline}/${s.adyen.id}`,
          method: 'POST',
          headers: hookHeaders,
          makeRequest: () => ({ path: `/${s.adyen.id}`, body: next() }),
        },
        pids.baseline,
      ),
  );
  // The 2 s bound at the rate the target asks for: 0.8 x this round's baseline, evenly paced (bench/paced.ts).
  const offered = Math.max(10, Math.round(0.8 * hooksBaseline.rps));
  const paced = await measure(`provider webhooks at ${offered} offered`, {
    url: `${core}/v1/provider-webhooks/${s.adyen.id}`,
    method: 'POST',
    headers: hookHeaders,
    makeRequest: () => ({ path: hookPath, body: next() }),
    overallRate: offered,
    connections: 100,
    durationSec,
    warmupSec: 1,
  });
  if (QUICK && (paced.non2xx > 0 || paced.errors > 0)) throw new Error(`paced webhooks: ${JSON.stringify(paced)}`);
  return {
    adyen,
    sandbox,
    routed,
    decide,
    merchant,
    hooks,
    hooksBaseline,
    paced: { offered, served: paced.rps, p99: paced.p99 },
  };
}

const api = (core: string) => async (method: string, path: string, key: string, body?: unknown) => {
  try {
    return await apiOnce(core, method, path, key, body);
  } catch (err) {
    // A kept-alive socket the server closed while idle (as run.ts's api retries).
    if ((err as { code?: string }).code !== 'UND_ERR_SOCKET') throw err;
    return apiOnce(core, method, path, key, body);
  }
};

const ms = (n: number) => n.toFixed(2);
const RATIOS: { label: string; target: string; of: (r: Round) => number }[] = [
  {
    label: '(1) Adyen (double) / SANDBOX: platform CPU per card create',
    target: '<= 1.25',
    of: (r) => r.adyen.cpu / r.sandbox.cpu,
  },
  {
    label: '(2) provider webhooks accepted/s: platform / same SQL',
    target: '>= 0.8',
    of: (r) => r.hooks.rps / r.hooksBaseline.rps,
  },
  {
    label: '(3) routed (50 rules, 5 accounts) / explicit provider: CPU per card create',
    target: '< 1.05',
    of: (r) => r.routed.cpu / r.sandbox.cpu,
  },
  {
    label: '(4) POST /v1/routing/decide / GET /v1/merchants/{id}: req/s',
    target: '>= 0.8',
    of: (r) => r.decide.rps / r.merchant.rps,
  },
];

function roundRow(r: Round, n: number): string {
  return [
    `| ${n}`,
    `${r.adyen.rps}, ${ms(r.adyen.cpu)} (double ${ms(r.adyen.otherCpu)})`,
    `${r.sandbox.rps}, ${ms(r.sandbox.cpu)}`,
    `${r.routed.rps}, ${ms(r.routed.cpu)}`,
    `${r.decide.rps} / ${r.merchant.rps}`,
    `${r.hooks.rps} (p99 ${r.hooks.p99}) / ${r.hooksBaseline.rps}`,
    `${r.paced.served} of ${r.paced.offered}, p99 ${r.paced.p99} |`,
  ].join(' | ');
}

function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${median.toFixed(2)} (${sorted[0]!.toFixed(2)}-${sorted.at(-1)!.toFixed(2)})`;
}

export function providerLines(
  all: Round[],
  run: { durationSec: number; startLoad: string; endLoad: string },
): string[] {
  const worstP99 = Math.max(...all.map((r) => r.paced.p99));
  return [
    '### Provider accounts and routing (issues 25 and 26)',
    '',
    `(bench/providers.ts) ${all.length} round(s), each pair measured back to back (order alternating), 32 connections closed loop, ${run.durationSec} s measured after a warm-up; CPU is the platform process's user+system over the window per request served. Load average ${run.startLoad} at the start, ${run.endLoad} at the end.`,
    '',
    '| round | Adyen create: req/s, CPU ms | SANDBOX create: req/s, CPU ms | routed create: req/s, CPU ms | decide / merchant GET req/s | webhooks platform (p99 ms) / same SQL req/s | webhooks paced: served of offered, p99 ms |',
    '|---|---|---|---|---|---|---|',
    ...all.map((r, i) => roundRow(r, i + 1)),
    '',
    '| figure | median (min-max) | target |',
    '|---|---:|---:|',
    ...RATIOS.map((x) => `| ${x.label} | ${spread(all.map(x.of))} | ${x.target} |`),
    `| (2) webhooks at 0.8 x same SQL offered: worst p99 of the rounds | ${worstP99} ms | < 2000 ms |`,
  ];
}

// `npx tsx bench/providers.ts` (after `npm run build`): these rows alone, printed (npm run bench runs them under
// BENCH_ONLY=providers with the rest of its flow).
if (process.argv[1]?.endsWith('bench/providers.ts')) {
  const { generateApiKey } = await import('../src/http/api-keys.js');
  providersBench({
    adminUrl: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    platformKey: generateApiKey('PLATFORM'),
    durationSec: Number(process.env.BENCH_DURATION_SEC ?? 10),
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  }).then(
    (lines) => process.stdout.write(`${lines.join('\n')}\n`),
    (err: unknown) => {
      process.stderr.write(`${(err as Error).stack}\n`);
      process.exit(1);
    },
  );
}
