import { execFileSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { measure, sampleRss, startProcess, stopProcess, type LoadOptions, type Measurement } from './harness.js';
import { pgbenchScripts } from './queries.js';
import { generateApiKey } from '../src/http/api-keys.js';
import { contact, merchantBody, organizationBody, randomCnpj } from '../test/helpers/fixtures.js';
import { cardBench } from './cards.js';
import { providersBench } from './providers.js';
import { moneyBench } from './settlement.js';
import { PLATFORM_READY, platformEnv, platformNodeArgs } from './platform-env.js';
import { setupTransactionBench, type TransactionBench } from './transactions.js';
import { closedLoopRounds, pacedRounds, Runs, targetLines, type PacedSpec, type PairSpec } from './targets.js';
import { threeDsSessions } from './three-ds-sessions.js';

/**
 * npm run bench: issue 28's targets, each a ratio against a baseline measured in the same run (bench/targets.ts),
 * then issue 14's money figures and issue 12's card-data figures. Loopback only, bounded rounds; prints every
 * round as it goes and, for a full run, APPENDS a dated section to docs/performance.md (earlier runs stay).
 *
 * BENCH_QUICK=1: a smoke run (2 s windows, 1 round, 10 merchants, no money or card-data benches, nothing written).
 * BENCH_ONLY=<groups, comma separated>: only those, printed, nothing written: hello (node vs Fastify),
 * merchant (a), transfer (b), onboarding (c), login (d), card (g), pix (h), refund, request-id, three-ds, hot
 * (e: its baseline's closed loop), paced (card, PIX and the hot account at 0.8 x their baselines: needs card,
 * pix, hot), settlement, balance-at, cards, pgbench (not in a full run).
 * BENCH_DURATION_SEC (5), BENCH_WARMUP_SEC (2), BENCH_ROUNDS (3), BENCH_PACED_ROUNDS (BENCH_ROUNDS).
 */
const QUICK = Boolean(process.env.BENCH_QUICK);
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION_SEC ?? (QUICK ? 2 : 5));
const WARMUP = Number(process.env.BENCH_WARMUP_SEC ?? (QUICK ? 1 : 2));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3)));
const PACED_ROUNDS = Math.max(1, Number(process.env.BENCH_PACED_ROUNDS ?? ROUNDS));
const LOGIN_USERS = QUICK ? 8 : 64;
const PORTS = {
  platform: 19443,
  pci: 19444,
  node: 19501,
  fastify: 19502,
  sameSql: 19503,
  refundBaseline: 19504,
  cardsCore: 19511,
  cardsPci: 19512,
  money: 19521,
  moneyPci: 19522,
};
const dbName = `bench_${Date.now()}`;
const ALIASES: Record<string, string> = {
  a: 'merchant',
  b: 'transfer',
  c: 'onboarding',
  d: 'login',
  g: 'card',
  h: 'pix',
  e: 'hot',
};
const ONLY = process.env.BENCH_ONLY
  ? new Set(process.env.BENCH_ONLY.split(',').map((s) => ALIASES[s.trim()] ?? s.trim()))
  : undefined;
const IN_FULL_RUN = new Set(['pgbench']);
const want = (group: string) =>
  ONLY ? ONLY.has(group) : !IN_FULL_RUN.has(group) && !(QUICK && ['settlement', 'balance-at', 'cards'].includes(group));
const dbUrl = PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`);
const platformKey = generateApiKey('PLATFORM');
const forwarded = { 'x-forwarded-proto': 'https' };
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
const DOC = 'docs/performance.md';
const PACED_NAMES: Record<string, string> = {
  card: '(g) card create',
  pix: '(h) PIX create',
  hot: '(e) hot account, 1 origin',
};

function psql(sql: string, url = PG_ADMIN): string {
  // maxBuffer: a list of ids can outgrow the 1 MB default once creates are fast (the refund row's picks did).
  return execFileSync('psql', [url, '-qAtc', sql], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
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

function startPlatform(target: { dbUrl: string; port: number } = { dbUrl, port: PORTS.platform }) {
  // The deployed node flags, then BENCH_NODE_ARGS (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof) to profile it.
  const nodeArgs = platformNodeArgs();
  return startProcess(
    [...nodeArgs, 'dist/server.js'],
    platformEnv({
      dbUrl: target.dbUrl,
      port: target.port,
      pciPort: target.port === PORTS.platform ? PORTS.pci : PORTS.moneyPci,
      platformKey,
      dataDir: target.port === PORTS.platform ? dataDir : undefined,
    }),
    PLATFORM_READY,
  );
}

const tsx = (file: string, env: Record<string, string>, ready = 'ready') =>
  startProcess(['--import', 'tsx', file], env, ready);

/** Runs `fn` on `items`, `width` at a time (setup calls; the platform answers them concurrently). */
async function inParallel<T>(items: T[], width: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const phases: string[] = [];
let phaseStart = performance.now();
/** The platform's RSS sampler while it runs: each phase's log line says the peak so far (which phase set it). */
let platformRss: { peak(): number } | undefined;
function phase(name: string) {
  const now = performance.now();
  phases.push(`${name} ${((now - phaseStart) / 1000).toFixed(0)} s`);
  const rss = platformRss ? `; platform peak RSS so far ${platformRss.peak()} MB` : '';
  process.stdout.write(`-- ${name} done (${((now - phaseStart) / 1000).toFixed(0)} s${rss})\n`);
  phaseStart = now;
}

async function main() {
  const loadNow = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(', ');
  const startLoad = loadNow();
  const startedAt = new Date();
  psql(`create database ${dbName}`);
  const children: ChildProcess[] = [];
  const output: string[] = [];
  try {
    execFileSync('npm', ['run', '-s', 'build'], { stdio: 'ignore' });
    phase('build');
    const runs = new Runs();
    const lines = await platformFigures(runs, children, startedAt, startLoad);
    output.push(...lines);
    if (want('settlement') || want('balance-at')) {
      output.push('', ...(await moneyFigures()));
      phase('settlement and balance-at');
    }
    if (want('cards')) {
      output.push(
        '',
        ...(await cardBench({ dbUrl, durationSec: DURATION, ports: { core: PORTS.cardsCore, pci: PORTS.cardsPci } })),
      );
      phase('card data');
    }
    // Issues 25 and 26's rows (bench/providers.ts): Adyen double vs SANDBOX, webhook intake, routing's cost, decide.
    if (want('providers')) {
      output.push(
        '',
        ...(await providersBench({ adminUrl: PG_ADMIN, platformKey, durationSec: DURATION, rounds: ROUNDS })),
      );
      phase('providers');
    }
    output.push('', `Phases: ${phases.join('; ')}. Load average at the end: ${loadNow()}.`);
  } finally {
    for (const c of children) await stopProcess(c);
    psql(`drop database if exists ${dbName} with (force)`);
  }
  process.stdout.write(`\n${output.join('\n')}\n`);
  if (!ONLY && !QUICK) {
    appendFileSync(
      DOC,
      `\n### ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: full \`npm run bench\` (issue 28's targets)\n\n${output.join('\n')}\n`,
    );
    process.stdout.write(`appended to ${DOC}\n`);
  }
}

/** Issue 14's settlement and `?at=` figures (bench/settlement.ts), on databases of their own; the platform is built already. */
function moneyFigures(): Promise<string[]> {
  return moneyBench({
    adminUrl: PG_ADMIN,
    dbName,
    durationSec: DURATION,
    port: PORTS.money,
    startPlatform: (target) => startPlatform(target),
    settlement: want('settlement'),
    balanceAt: want('balance-at'),
  });
}

/** The platform and its baselines: setup, the closed-loop rounds, the paced rounds, the logins. */
async function platformFigures(
  runs: Runs,
  children: ChildProcess[],
  startedAt: Date,
  startLoad: string,
): Promise<string[]> {
  const platformWanted = [
    'hello',
    'merchant',
    'transfer',
    'onboarding',
    'login',
    'card',
    'pix',
    'refund',
    'request-id',
    'three-ds',
    'hot',
    'paced',
    'pgbench',
  ].some(want);
  if (!platformWanted) return [];
  void startedAt;
  const platform = await startPlatform();
  children.push(platform);
  const rss = sampleRss(platform.pid!);
  platformRss = rss;
  const sameSql = await tsx('bench/servers/node-same-sql.ts', { PORT: String(PORTS.sameSql), DATABASE_URL: dbUrl });
  children.push(sameSql);
  const same = `http://127.0.0.1:${PORTS.sameSql}`;
  const base = `http://127.0.0.1:${PORTS.platform}/core`;
  const org = await api('POST', '/v1/platform/organizations', platformKey, organizationBody());
  const headers = { 'x-api-key': org.api_key, ...forwarded };
  const json = { ...headers, 'content-type': 'application/json' };
  const closed = (o: LoadOptions): LoadOptions => ({ durationSec: DURATION, warmupSec: WARMUP, ...o });
  const specs: PairSpec[] = [];
  const paced: PacedSpec[] = [];

  if (want('hello')) {
    const node = await tsx('bench/servers/node-hello.ts', { PORT: String(PORTS.node) });
    const fastify = await tsx('bench/servers/fastify-hello.ts', { PORT: String(PORTS.fastify) });
    children.push(node, fastify);
    specs.push({
      key: 'hello',
      platform: { name: 'Fastify hello-world', opts: closed({ url: `http://127.0.0.1:${PORTS.fastify}/` }) },
      baseline: { name: 'node:http hello-world', opts: closed({ url: `http://127.0.0.1:${PORTS.node}/` }) },
    });
  }

  if (want('merchant')) {
    const merchant = await api('POST', '/v1/merchants', org.api_key, merchantBody());
    specs.push({
      key: 'merchant',
      platform: {
        name: '(a) GET /v1/merchants/{id}',
        opts: closed({ url: `${base}/v1/merchants/${merchant.id}`, headers }),
      },
      baseline: {
        name: '(a) baseline: node:http + same SQL',
        opts: closed({ url: `${same}/merchant-read?id=${merchant.id}&org=${org.id}` }),
      },
    });
  }

  // (b) transfers of 1 cent with a fresh request_id each, spread over 100 funded origin accounts (one shared
  // destination); the hot account: every transfer from ONE origin, which the per-origin batcher groups.
  const account = async () => {
    const a = await api('POST', '/v1/banking/bank-accounts', org.api_key, { provider: 'PROVIDER_A' });
    await api('POST', `/v1/platform/sandbox/bank-accounts/${a.id}/deposits`, platformKey, { amount: 1_000_000_000 });
    return a.id as string;
  };
  const destination = want('transfer') || want('hot') ? await account() : '';
  if (want('transfer')) {
    const origins: string[] = [];
    await inParallel(
      Array.from({ length: 100 }, (_, i) => i),
      8,
      async () => origins.push(await account()),
    );
    const pick = () => origins[Math.floor(Math.random() * origins.length)];
    specs.push({
      key: 'transfer',
      platform: {
        name: '(b) POST /v1/banking/internal-transfers (100 origins)',
        opts: closed({
          url: `${base}/v1/banking/internal-transfers`,
          method: 'POST',
          headers: json,
          makeBody: () =>
            JSON.stringify({
              request_id: randomUUID(),
              origin_bank_account_id: pick(),
              destination_bank_account_id: destination,
              amount: 1,
            }),
        }),
      },
      baseline: {
        name: '(b) baseline: node:http + same SQL (100 origins)',
        opts: closed({
          url: `${same}/transfer-create?org=${org.id}&destination=${destination}`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          makeBody: () => JSON.stringify({ origin: pick() }),
        }),
      },
    });
  }

  if (want('onboarding')) {
    // A PJ merchant whose shape calls for 7 BASE rows, plus 3 staff rows: ten rows, read again and again.
    const pj = await api(
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
    for (let i = 0; i < 3; i++)
      await api('POST', `/v1/platform/companies/${pj.id}/onboarding-requirements`, platformKey, {
        provider: 'PROVIDER_A',
        type: 'OTHER',
        subject_document_number: pj.document_number,
        subject_role: 'COMPANY',
        description: `staff request ${i}`,
      });
    const path = `/v1/merchants/${pj.id}/onboarding-requirements?provider=PROVIDER_A`;
    const rowsRead = await api('GET', path, org.api_key);
    if (rowsRead.data.length !== 10) throw new Error(`expected 10 requirement rows, got ${rowsRead.data.length}`);
    specs.push({
      key: 'onboarding',
      platform: { name: '(c) GET onboarding-requirements (10 rows)', opts: closed({ url: `${base}${path}`, headers }) },
      baseline: {
        name: '(c) baseline: node:http + same SQL',
        opts: closed({ url: `${same}/requirements-read?company=${pj.id}&org=${org.id}` }),
      },
    });
  }

  const creates = ['card', 'pix', 'refund', 'request-id', 'three-ds', 'paced'].some(want);
  let bench: TransactionBench | undefined;
  if (creates) {
    bench = await setupTransactionBench(api, org as { id: string; api_key: string }, PG_ADMIN, dbUrl, QUICK ? 10 : 100);
    phase('setup of the paying merchants');
  }
  const merchants = bench?.merchants ?? [];
  const pickMerchant = () => merchants[Math.floor(Math.random() * merchants.length)]!;
  let nextCard = 0;
  const cardBody = () => bench!.bodies.card[nextCard++ % bench!.bodies.card.length]!;
  const createUrl = `${base}/v1/merchants/${merchants[0]}/transactions`;
  const platformCreate = (body: () => string): LoadOptions =>
    closed({
      url: createUrl,
      method: 'POST',
      headers: json,
      cpuPid: platform.pid!,
      makeRequest: () => ({ path: `/core/v1/merchants/${pickMerchant()}/transactions`, body: body() }),
    });
  // The same SQL doing the create's contract-required work outside SQL too (work=1: the card's ECDH + HKDF
  // opening, the PIX QR PNG; bench/baseline-work.ts), so both sides do the same work.
  const baselineCreate = (scenario: string): LoadOptions =>
    closed({
      url: `${same}/${scenario}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      cpuPid: sameSql.pid!,
      makeRequest: () => ({ path: `/${scenario}?org=${org.id}&merchant=${pickMerchant()}&work=1`, body: '{}' }),
    });
  const pix = () => bench!.bodies.pix[0]!;
  if (want('card') || want('paced'))
    specs.push({
      key: 'card',
      platform: { name: '(g) card create, approved (100 merchants)', opts: platformCreate(cardBody) },
      baseline: { name: '(g) baseline: same SQL + card opening, card create', opts: baselineCreate('card-create') },
    });
  if (want('request-id'))
    specs.push({
      key: 'request-id',
      platform: {
        name: '(g) card create with a request_id',
        opts: platformCreate(() => `{"request_id":"${randomUUID()}",${cardBody().slice(1)}`),
      },
    });
  if (want('three-ds')) {
    // A session pays one create: enough for every round at 2,000 creates a second (12,000 ran out at ~660/s, 3 rounds:
    // the last round's creates answered 409 USED and the row measured refusals).
    const sessionsNeeded = Math.max(2_000, ROUNDS * (WARMUP + DURATION) * 2_000);
    const sessions = await threeDsSessions(api, org.api_key, merchants.slice(0, 10), sessionsNeeded, dbUrl);
    let nextSession = 0;
    specs.push({
      key: 'three-ds',
      platform: {
        name: '(g) card create with a 3DS session',
        opts: closed({
          url: createUrl,
          method: 'POST',
          headers: json,
          makeRequest: () => {
            const s = sessions.list[nextSession++ % sessions.list.length]!;
            return {
              path: `/core/v1/merchants/${s.companyId}/transactions`,
              body: JSON.stringify({
                payment_method: sessions.paymentMethod,
                amount: sessions.amount,
                three_ds: { session_id: s.id },
                card_data: { cvv: sessions.cvv() },
              }),
            };
          },
        }),
      },
    });
    phase('3DS sessions');
  }
  if (want('pix') || want('paced'))
    specs.push({
      key: 'pix',
      platform: { name: '(h) PIX create (100 merchants)', opts: platformCreate(pix) },
      baseline: { name: '(h) baseline: same SQL + QR PNG, PIX create', opts: baselineCreate('pix-create') },
    });
  if (want('refund')) {
    const refundBaseline = await tsx('bench/servers/refund-service.ts', {
      ...platformEnv({
        dbUrl,
        port: PORTS.refundBaseline + 100,
        pciPort: PORTS.refundBaseline + 101,
        platformKey,
        dataDir,
      }),
      REFUND_BASELINE_PORT: String(PORTS.refundBaseline),
    });
    children.push(refundBaseline);
    // Each round refunds 1 cent at a time of the approved card transactions not refunded yet (at most 10 refunds
    // each, P5), round robin, so concurrent refunds rarely wait on one transaction's lock.
    let refundable: string[] = [];
    let nextRefund = 0;
    const refundOf = () => refundable[nextRefund++ % refundable.length]!;
    specs.push({
      key: 'refund',
      before: async () => {
        if (!merchants.length) return;
        if (!want('card')) {
          // No card rounds to refund: make some approved card transactions first.
          await inParallel(
            Array.from({ length: QUICK ? 200 : 1500 }, (_, i) => i),
            16,
            async () =>
              api('POST', `/v1/merchants/${pickMerchant()}/transactions`, org.api_key, JSON.parse(cardBody())),
          );
        }
        refundable = psql(
          `select id from transactions t where organization_id = '${org.id}' and payment_method = 'CREDIT_CARD' and status = 'APPROVED' and refunded_amount = 0 and pending_refund_amount = 0 order by random() limit 20000`,
          dbUrl,
        )
          .split('\n')
          .filter(Boolean);
        nextRefund = 0;
        if (refundable.length === 0) throw new Error('no refundable card transactions');
      },
      platform: {
        name: 'refund create (1 cent of an approved card transaction)',
        opts: closed({
          url: `${base}/v1/transactions/x/refunds`,
          method: 'POST',
          headers: json,
          makeRequest: () => ({ path: `/core/v1/transactions/${refundOf()}/refunds`, body: '{"amount":1}' }),
        }),
      },
      baseline: {
        name: 'refund baseline: the refund service on bare node:http',
        opts: closed({
          url: `http://127.0.0.1:${PORTS.refundBaseline}/refund`,
          method: 'POST',
          makeRequest: () => ({ path: `/refund?org=${org.id}&tx=${refundOf()}`, body: '{}' }),
        }),
      },
    });
  }

  let hotOrigin = '';
  const hotTransfer = () =>
    JSON.stringify({
      request_id: randomUUID(),
      origin_bank_account_id: hotOrigin,
      destination_bank_account_id: destination,
      amount: 1,
    });
  if (want('hot') || want('paced')) {
    hotOrigin = await account();
    specs.push({
      key: 'hot',
      // The platform's closed loop on the one origin, and the same SQL batched as the platform batches (its
      // throughput sets the paced rate).
      platform: {
        name: '(e) hot account closed loop: 1 origin',
        opts: closed({
          url: `${base}/v1/banking/internal-transfers`,
          method: 'POST',
          headers: json,
          makeBody: hotTransfer,
        }),
      },
      baseline: {
        name: '(e) baseline: same SQL batched as the platform batches, 1 origin, closed loop',
        opts: closed({
          url: `${same}/transfer-create-batched?org=${org.id}&origin=${hotOrigin}&destination=${destination}`,
          method: 'POST',
        }),
      },
    });
  }
  phase('setup');

  await closedLoopRounds(specs, ROUNDS, runs);
  phase(`closed-loop rounds (${ROUNDS})`);

  if (want('paced')) {
    const open = (o: LoadOptions): LoadOptions => ({
      ...o,
      connections: 100,
      durationSec: DURATION,
      warmupSec: WARMUP,
    });
    const strip = ({ cpuPid: _, ...o }: LoadOptions) => open(o);
    const byKey = new Map(specs.map((s) => [s.key, s]));
    for (const key of ['card', 'pix', 'hot']) {
      const s = byKey.get(key)!;
      paced.push({
        key: `${key}-paced`,
        rateFrom: key,
        platform: { name: `${PACED_NAMES[key]}: platform, paced at 0.8 x baseline`, opts: strip(s.platform.opts) },
        baseline: { name: `${PACED_NAMES[key]}: baseline, paced at 0.8 x baseline`, opts: strip(s.baseline!.opts) },
      });
    }
    await pacedRounds(paced, PACED_ROUNDS, runs);
    phase(`paced rounds (${PACED_ROUNDS})`);
  }

  // (d) verified users logging in (argon2id verification on every call), last: the peak memory with real logins.
  let logins: Measurement | undefined;
  if (want('login')) {
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
    logins = await measure(`(d) POST /v1/auth/login (${LOGIN_USERS} users)`, {
      url: `${base}/v1/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...forwarded },
      makeBody: () => JSON.stringify({ identifier: identifiers[next++ % identifiers.length], password }),
      durationSec: DURATION,
      warmupSec: WARMUP,
    });
    phase('logins');
  }
  const peakRssMb = rss.stop();
  const extra: string[] = [];
  if (want('pgbench')) {
    const scripts = pgbenchScripts({ merchantId: org.id, organizationId: org.id, origin: hotOrigin, destination });
    extra.push(
      `pgbench: merchant read ${pgbench(scripts['merchant-read']!)} tps, transfer ${pgbench(scripts['transfer-create']!)} tps`,
    );
  }
  return [
    ...targetLines(runs, {
      rounds: ROUNDS,
      pacedRounds: PACED_ROUNDS,
      durationSec: DURATION,
      warmupSec: WARMUP,
      peakRssMb: want('login') ? peakRssMb : undefined,
      startLoad,
      logins,
    }),
    ...extra,
  ];
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
