import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { measure, sampleRss, startProcess, stopProcess, type LoadOptions, type Measurement } from './harness.js';
import { pgbenchScripts } from './queries.js';
import { generateApiKey } from '../src/http/api-keys.js';
import { randomUUID } from 'node:crypto';
import { contact, merchantBody, organizationBody, randomCnpj } from '../test/helpers/fixtures.js';
import { cardBench } from './cards.js';
import { moneyBench } from './settlement.js';
import { providersBench } from './providers.js';
import { fullRunLines, printPartial, writeCardSection, writePerformanceDoc, type RunFigures } from './report.js';
import {
  measureTransactionBaselines,
  measureTransactions,
  setupTransactionBench,
  transactionLines,
  type TransactionBench,
} from './transactions.js';

/**
 * npm run bench: the platform against the machine's PostgreSQL, side by side with its baselines, in one run.
 * Loopback only, bounded rounds; prints req/s, p50, p99 and ratios, and writes docs/performance.md.
 */
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION_SEC ?? 10);
const HOT_RATE = Number(process.env.BENCH_HOT_RATE ?? 1000);
const LOGIN_USERS = 64;
const PORTS = {
  platform: 19443,
  pci: 19444,
  node: 19501,
  fastify: 19502,
  sameSql: 19503,
  cardsCore: 19511,
  cardsPci: 19512,
  money: 19521,
  moneyPci: 19522,
};
const dbName = `bench_${Date.now()}`;
/**
 * BENCH_ONLY=<groups, comma separated> runs only those scenarios (with their baselines) and prints them
 * without rewriting docs/performance.md: hello (node vs Fastify), a (merchant read), b (100 origins),
 * e (hot account), c (onboarding read), d (login), pgbench, settlement and balance-at (issue 14, on databases of
 * their own); `cards` alone rewrites only the card section.
 */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : undefined;
const want = (group: string) => !ONLY || ONLY.has(group);
const dbUrl = PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`);
const platformKey = generateApiKey('PLATFORM');
const forwarded = { 'x-forwarded-proto': 'https' };

function psql(sql: string) {
  execFileSync('psql', [PG_ADMIN, '-qc', sql], { stdio: 'ignore' });
}

async function api(method: string, path: string, key: string, body?: unknown): Promise<Record<string, any>> {
  try {
    return await apiOnce(method, path, key, body);
  } catch (err) {
    // A kept-alive socket the server closed while idle (a loaded machine stretches the gaps between setup calls).
    if ((err as { code?: string }).code !== 'UND_ERR_SOCKET') throw err;
    return apiOnce(method, path, key, body);
  }
}

async function apiOnce(method: string, path: string, key: string, body?: unknown) {
  const res = await request(`http://127.0.0.1:${PORTS.platform}/core${path}`, {
    method: method as 'GET',
    headers: {
      ...(key ? { 'x-api-key': key } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...forwarded,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.body.json()) as Record<string, any>;
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`);
  return json;
}

function pgbench(script: string): number {
  const file = join(mkdtempSync(join(tmpdir(), 'pgbench-')), 'script.sql');
  writeFileSync(file, script);
  const out = execFileSync('pgbench', ['-n', '-c', '20', '-j', '2', '-T', String(DURATION), '-f', file, dbUrl], {
    encoding: 'utf8',
  });
  return Math.round(Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0));
}

function startPlatform(target: { dbUrl: string; port: number } = { dbUrl, port: PORTS.platform }, build = true) {
  if (build) execFileSync('npm', ['run', '-s', 'build'], { stdio: 'ignore' });
  // BENCH_NODE_ARGS (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof) profiles the platform process.
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  return startProcess(
    [...nodeArgs, 'dist/server.js'],
    {
      DATABASE_URL: target.dbUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-data-')),
      PORT: String(target.port),
      PCI_PORT: String(target.port === PORTS.platform ? PORTS.pci : PORTS.moneyPci),
      TRUST_PROXY: 'true',
      PLATFORM_ADMIN_KEY: platformKey,
      RATE_LIMIT_STANDARD_RPS: '1000000000',
      RATE_LIMIT_HIGH_RPS: '1000000000',
      LOG_LEVEL: 'warn',
      SANDBOX_AUTOPILOT: 'false',
    },
    'sandbox organization key',
  );
}

/** Issue 14's settlement and `?at=` figures (bench/settlement.ts), on databases of their own; the platform is built already. */
function moneyFigures(): Promise<string[]> {
  return moneyBench({
    adminUrl: PG_ADMIN,
    dbName,
    durationSec: DURATION,
    port: PORTS.money,
    startPlatform: (target) => startPlatform(target, false),
    settlement: want('settlement'),
    balanceAt: want('balance-at'),
  });
}

/** (g) and (h): the platform's transaction creates, then their same-SQL baselines (the platform stopped first). */
async function transactionFigures(org: Record<string, any>, stopPlatform: () => Promise<void>): Promise<string[]> {
  const bench: TransactionBench = await setupTransactionBench(
    api,
    org as { id: string; api_key: string },
    PG_ADMIN,
    dbUrl,
  );
  const measured = await measureTransactions(`http://127.0.0.1:${PORTS.platform}/core`, org.api_key, bench, DURATION);
  await stopPlatform();
  const sameSql = await startProcess(
    ['--import', 'tsx', 'bench/servers/node-same-sql.ts'],
    { PORT: String(PORTS.sameSql), DATABASE_URL: dbUrl },
    'ready',
  );
  try {
    measured.push(...(await measureTransactionBaselines(`http://127.0.0.1:${PORTS.sameSql}`, org.id, bench, DURATION)));
  } finally {
    await stopProcess(sameSql);
  }
  return transactionLines(measured);
}

/** BENCH_ROUNDS=n: (a) and (b) alternate platform and baseline n times; the median of each is kept (a shared machine's load drifts). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));

async function pairMeasure(a: [string, LoadOptions], b: [string, LoadOptions]): Promise<Measurement[]> {
  const runsA: Measurement[] = [];
  const runsB: Measurement[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    runsA.push(await measure(a[0], a[1]));
    runsB.push(await measure(b[0], b[1]));
    if (ROUNDS > 1)
      process.stdout.write(
        `round ${i + 1}: ${a[0]} ${runsA[i].rps}, baseline ${runsB[i].rps} (${(runsA[i].rps / runsB[i].rps).toFixed(2)})\n`,
      );
  }
  const median = (runs: Measurement[]) => [...runs].sort((x, y) => x.rps - y.rps)[Math.floor(runs.length / 2)];
  return [median(runsA), median(runsB)];
}

async function main() {
  const startLoad = loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
  psql(`create database ${dbName}`);
  if (process.env.BENCH_ONLY === 'transactions') {
    try {
      const platform = await startPlatform();
      const org = await api('POST', '/v1/platform/organizations', platformKey, organizationBody());
      const lines = await transactionFigures(org, () => stopProcess(platform));
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      psql(`drop database if exists ${dbName} with (force)`);
    }
    return;
  }
  if (ONLY && [...ONLY].every((g) => g === 'settlement' || g === 'balance-at')) {
    try {
      if (want('balance-at')) execFileSync('npm', ['run', '-s', 'build'], { stdio: 'ignore' });
      process.stdout.write(`${(await moneyFigures()).join('\n')}\n`);
      process.stdout.write(
        `load average at the start ${startLoad}, at the end ${loadavg()
          .map((l) => l.toFixed(1))
          .join(', ')}\n`,
      );
    } finally {
      psql(`drop database if exists ${dbName} with (force)`);
    }
    return;
  }
  if (ONLY?.size === 1 && ONLY.has('cards')) {
    try {
      const card = await cardBench({
        dbUrl,
        durationSec: DURATION,
        ports: { core: PORTS.cardsCore, pci: PORTS.cardsPci },
      });
      process.stdout.write(`${card.join('\n')}\n`);
      writeCardSection(card);
    } finally {
      psql(`drop database if exists ${dbName} with (force)`);
    }
    return;
  }
  const results: Measurement[] = [];
  const lines: string[] = [];
  let peakRss: number;
  let org: Record<string, any>;
  let merchant: Record<string, any>;
  let origin: Record<string, any> = {};
  let destination: Record<string, any> = {};
  let pj: Record<string, any> = {};
  let cardLines: string[] = [];
  let txLines: string[] = [];
  let moneyLines: string[] = [];
  let providerLines: string[] = [];
  const origins: string[] = [];
  try {
    if (want('hello')) {
      const node = await startProcess(
        ['--import', 'tsx', 'bench/servers/node-hello.ts'],
        { PORT: String(PORTS.node) },
        'ready',
      );
      results.push(
        await measure('node:http hello-world', { url: `http://127.0.0.1:${PORTS.node}/`, durationSec: DURATION }),
      );
      await stopProcess(node);
      const fastify = await startProcess(
        ['--import', 'tsx', 'bench/servers/fastify-hello.ts'],
        { PORT: String(PORTS.fastify) },
        'ready',
      );
      results.push(
        await measure('Fastify hello-world', { url: `http://127.0.0.1:${PORTS.fastify}/`, durationSec: DURATION }),
      );
      await stopProcess(fastify);
    }

    // The platform runs as production would: compiled JavaScript, not through the TypeScript loader.
    const platform = await startPlatform();
    const rss = sampleRss(platform.pid!);
    // The same-SQL baseline runs beside the platform (idle until measured), so each pair is measured back to back.
    const sameSql = await startProcess(
      ['--import', 'tsx', 'bench/servers/node-same-sql.ts'],
      { PORT: String(PORTS.sameSql), DATABASE_URL: dbUrl },
      'ready',
    );
    const same = `http://127.0.0.1:${PORTS.sameSql}`;
    org = await api('POST', '/v1/platform/organizations', platformKey, organizationBody());
    merchant = await api('POST', '/v1/merchants', org.api_key, merchantBody());
    const headers = { 'x-api-key': org.api_key, ...forwarded };

    const base = `http://127.0.0.1:${PORTS.platform}/core`;
    if (want('a')) {
      results.push(
        ...(await pairMeasure(
          [
            '(a) GET /v1/merchants/{id}',
            { url: `${base}/v1/merchants/${merchant.id}`, headers, durationSec: DURATION },
          ],
          [
            '(a) baseline: node:http + same SQL',
            { url: `${same}/merchant-read?id=${merchant.id}&org=${org.id}`, durationSec: DURATION },
          ],
        )),
      );
    }

    // (b) transfers of 1 cent with a fresh request_id each, spread over 100 funded origin accounts (one shared
    // destination); (e) the hot account: every transfer from ONE origin at 1,000 offered req/s, which the
    // per-origin batcher groups into one transaction per batch.
    origin = await api('POST', '/v1/banking/bank-accounts', org.api_key, { provider: 'PROVIDER_A' });
    destination = await api('POST', '/v1/banking/bank-accounts', org.api_key, { provider: 'PROVIDER_A' });
    await api('POST', `/v1/platform/sandbox/bank-accounts/${origin.id}/deposits`, platformKey, {
      amount: 1_000_000_000,
    });
    for (let i = 0; i < (want('b') ? 100 : 0); i++) {
      const o = await api('POST', '/v1/banking/bank-accounts', org.api_key, { provider: 'PROVIDER_A' });
      await api('POST', `/v1/platform/sandbox/bank-accounts/${o.id}/deposits`, platformKey, { amount: 1_000_000_000 });
      origins.push(o.id);
    }
    const pick = () => origins[Math.floor(Math.random() * origins.length)];
    const transfer = {
      url: `${base}/v1/banking/internal-transfers`,
      method: 'POST' as const,
      headers: { ...headers, 'content-type': 'application/json' },
      durationSec: DURATION,
    };
    if (want('b')) {
      results.push(
        ...(await pairMeasure(
          [
            '(b) POST /v1/banking/internal-transfers (100 origins)',
            {
              ...transfer,
              makeBody: () =>
                JSON.stringify({
                  request_id: randomUUID(),
                  origin_bank_account_id: pick(),
                  destination_bank_account_id: destination.id,
                  amount: 1,
                }),
            },
          ],
          [
            '(b) baseline: node:http + same SQL (100 origins)',
            {
              url: `${same}/transfer-create?org=${org.id}&destination=${destination.id}`,
              method: 'POST',
              durationSec: DURATION,
              headers: { 'content-type': 'application/json' },
              makeBody: () => JSON.stringify({ origin: pick() }),
            },
          ],
        )),
      );
    }
    if (want('e'))
      results.push(
        await measure('(e) hot account: 1 origin at 1000 offered req/s', {
          ...transfer,
          overallRate: HOT_RATE,
          connections: 100,
          warmupSec: 2,
          makeBody: () =>
            JSON.stringify({
              request_id: randomUUID(),
              origin_bank_account_id: origin.id,
              destination_bank_account_id: destination.id,
              amount: 1,
            }),
        }),
      );

    // (c) a PJ merchant whose shape calls for 7 BASE rows, plus 3 staff rows: ten rows, read again and again.
    if (want('c')) {
      pj = await api(
        'POST',
        '/v1/merchants',
        org.api_key,
        merchantBody({
          document_number: randomCnpj(),
          document_tax_type: 'PJ',
          declared_revenue: 5_000_000,
          contact: contact({ role: 'ADMINISTRATOR', politically_exposed: true }),
        }),
      );
      for (let i = 0; i < 3; i++) {
        await api('POST', `/v1/platform/companies/${pj.id}/onboarding-requirements`, platformKey, {
          provider: 'PROVIDER_A',
          type: 'OTHER',
          subject_document_number: pj.document_number,
          subject_role: 'COMPANY',
          description: `staff request ${i}`,
        });
      }
      const rowsRead = await api(
        'GET',
        `/v1/merchants/${pj.id}/onboarding-requirements?provider=PROVIDER_A`,
        org.api_key,
      );
      if (rowsRead.data.length !== 10) throw new Error(`expected 10 requirement rows, got ${rowsRead.data.length}`);
      results.push(
        await measure('(c) GET onboarding-requirements (10 rows)', {
          url: `${base}/v1/merchants/${pj.id}/onboarding-requirements?provider=PROVIDER_A`,
          headers,
          durationSec: DURATION,
        }),
      );
    }

    // (d) verified users logging in (argon2id verification on every call). Spread over LOGIN_USERS users: a
    // login reserves its place in its identifier's per-address pool (5, product.md §14) while its password is
    // checked, so 32 connections on one user would measure 429s, not logins.
    if (want('d')) {
      const password = 'correct horse battery staple';
      const identifiers: string[] = [];
      for (let i = 0; i < LOGIN_USERS; i++) {
        const email = `bench-${Date.now()}-${i}@example.com`;
        await api('POST', '/v1/users', org.api_key, {
          first_name: 'Bench',
          last_name: `User ${i}`,
          identifier: { type: 'email', value: email },
          role_ids: [],
        });
        const inbox = await api('GET', `/v1/platform/sandbox/messages?to=${encodeURIComponent(email)}`, platformKey);
        await api('POST', '/v1/auth/verify', '', { identifier: email, code: inbox.data[0].code, password });
        identifiers.push(email);
      }
      let next = 0;
      results.push(
        await measure('(d) POST /v1/auth/login', {
          url: `${base}/v1/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...forwarded },
          makeBody: () => JSON.stringify({ identifier: identifiers[next++ % identifiers.length], password }),
          durationSec: DURATION,
        }),
      );
    }
    peakRss = rss.stop();
    await stopProcess(sameSql);
    if (want('g') || want('h')) txLines = await transactionFigures(org, () => stopProcess(platform));
    else await stopProcess(platform);
    if (want('settlement') || want('balance-at')) moneyLines = await moneyFigures();
    if (want('cards'))
      cardLines = await cardBench({
        dbUrl,
        durationSec: DURATION,
        ports: { core: PORTS.cardsCore, pci: PORTS.cardsPci },
      });
    if (want('providers'))
      providerLines = await providersBench({ adminUrl: PG_ADMIN, platformKey, durationSec: DURATION, rounds: ROUNDS });

    const sameSqlAgain = await startProcess(
      ['--import', 'tsx', 'bench/servers/node-same-sql.ts'],
      { PORT: String(PORTS.sameSql), DATABASE_URL: dbUrl },
      'ready',
    );
    if (want('e'))
      results.push(
        await measure('(e) baseline: same SQL, 1 origin at 1000 offered, batched as the platform batches', {
          url: `${same}/transfer-create-batched?org=${org.id}&origin=${origin.id}&destination=${destination.id}`,
          method: 'POST',
          durationSec: DURATION,
          overallRate: HOT_RATE,
          connections: 100,
          warmupSec: 2,
        }),
      );
    if (want('c'))
      results.push(
        await measure('(c) baseline: node:http + same SQL', {
          url: `${same}/requirements-read?company=${pj.id}&org=${org.id}`,
          durationSec: DURATION,
        }),
      );
    // Last: without batching the server cannot keep up, and it drains that backlog after the run.
    if (want('e'))
      results.push(
        await measure('(e) baseline: same SQL, 1 origin at 1000 offered, no batching', {
          url: `${same}/transfer-create?org=${org.id}&origin=${origin.id}&destination=${destination.id}`,
          method: 'POST',
          durationSec: DURATION,
          overallRate: HOT_RATE,
          connections: 100,
          warmupSec: 2,
        }),
      );
    await stopProcess(sameSqlAgain);

    const scripts = pgbenchScripts({
      merchantId: merchant.id,
      organizationId: org.id,
      origin: origin.id,
      destination: destination.id,
    });
    const pgTps = want('pgbench') ? pgbench(scripts['merchant-read']) : 0;
    const pgTransferTps = want('pgbench') ? pgbench(scripts['transfer-create']) : 0;
    const figures: RunFigures = {
      results,
      hotRate: HOT_RATE,
      durationSec: DURATION,
      rounds: ROUNDS,
      pgTps,
      pgTransferTps,
      peakRss,
      startLoad,
      txLines,
      moneyLines,
      cardLines,
      providerLines,
    };
    if (ONLY) {
      printPartial(figures, want('pgbench'));
      return;
    }
    lines.push(...fullRunLines(figures));
  } finally {
    psql(`drop database if exists ${dbName} with (force)`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  writePerformanceDoc(lines);
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
