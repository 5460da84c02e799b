import { execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { generateApiKey } from '../src/http/api-keys.js';
import { contact, merchantBody, organizationBody, randomCnpj } from '../test/helpers/fixtures.js';
import { cpuMs, postgresCpuMs, postgresCpuSince, rssKb, startProcess, stopProcess } from './harness.js';
import { jsonCall } from './json-call.js';
import { PLATFORM_READY, platformEnv } from './platform-env.js';
import { routingRules, SANDBOX_EXTRA } from './providers-setup.js';

/**
 * The simple reads' per-request cost (issues 26 and 28), as CPU ms per request of the platform process and
 * statements per request, instead of req/s alone (a shared machine moves req/s much more than CPU per request):
 * `npx tsx bench/read-path.ts` after `npm run build`. One database; each checkout's built platform
 * (READ_DIRS=<dir>,<dir>: an A/B of two builds, alternating per round, default `.`) runs the merchant GET,
 * the onboarding requirements GET (10 rows) and `POST /v1/routing/decide` (50 rules, 4 sandbox accounts),
 * READ_SECONDS (5) each after a 2 s warm-up, 32 connections closed loop, READ_ROUNDS (2) rounds.
 * READ_PROF=<dir> profiles each platform (`--cpu-prof`); READ_ONLY=merchant,onboarding,decide limits the paths;
 * READ_PORT (19700) is the first platform's port (each next build's is 10 higher; the setup's own platform, stopped before
 * any is measured, READ_PORT + 90). READ_BASELINE=1 also measures the
 * same-SQL node:http baseline (bench/servers/node-same-sql.ts) on the merchant and onboarding reads, as the row
 * `baseline`: the CPU a bare server spends on the same statement and answer (profiled too with READ_PROF, in
 * <dir>/baseline). READ_BASELINE_LOG=1 measures that baseline again writing the request log's row per request
 * (`baseline+log`, in <dir>/baseline-log): the ceiling of a platform that logs every call. READ_BASELINE_DERIVED=1
 * (with READ_BASELINE=1) measures that baseline serving the onboarding read's feature too (`baseline+derived`: the
 * platform's `readSnapshot` deriving each requirement's status, bench/derived-read.ts), and with READ_BASELINE_LOG=1
 * also the logged baseline serving it (`baseline+derived+log`).
 */
const ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.READ_SECONDS ?? 5);
const ROUNDS = Number(process.env.READ_ROUNDS ?? 2);
const DIRS = (process.env.READ_DIRS ?? '.').split(',').map((d) => resolve(d));
const ONLY = new Set((process.env.READ_ONLY ?? 'merchant,onboarding,decide').split(','));
// READ_PORT: another helper's run of this bench may hold the default ports on a shared machine.
const PORT = Number(process.env.READ_PORT ?? 19700);
const dbName = `readbench_${Date.now()}`;
const dbUrl = ADMIN.replace(/\/[^/]*$/, `/${dbName}`);
const platformKey = generateApiKey('PLATFORM');
const HEADERS = { 'x-forwarded-proto': 'https' };

function startPlatform(dir: string, port: number): Promise<ChildProcess> {
  const prof = process.env.READ_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.READ_PROF}`] : [];
  const counting = ['--import', resolve('bench/pg-count.mjs')];
  return startProcess(
    [...prof, ...counting, resolve(dir, 'dist/server.js')],
    platformEnv({ dbUrl, port, pciPort: port + 1, platformKey }),
    PLATFORM_READY,
  );
}

const api = jsonCall;

function load(o: { url: string; method?: string; headers: Record<string, string>; body?: string }, sec: number) {
  return new Promise<autocannon.Result>((ok, ko) =>
    autocannon(
      {
        url: o.url,
        method: (o.method ?? 'GET') as 'GET',
        headers: o.headers,
        body: o.body,
        connections: 32,
        duration: sec,
      },
      (err: Error | null, r) => (err ? ko(err) : ok(r)),
    ),
  );
}

/** The statements a platform process has sent so far (bench/pg-count.mjs writes them every 500 ms). */
async function statements(pid: number): Promise<number> {
  await new Promise((r) => setTimeout(r, 600));
  return Number(readFileSync(`/tmp/pg-count-${pid}`, 'utf8'));
}

async function main() {
  execFileSync('psql', [ADMIN, '-qc', `create database ${dbName}`], { stdio: 'ignore' });
  const children: ChildProcess[] = [];
  try {
    const ports = DIRS.map((_, i) => PORT + i * 10);
    // The data is made through a platform of its own, stopped before the measured ones start: the process that
    // served the setup read ~25% more CPU per request and ~70 MB more RSS than one started after it, whichever
    // build it was (an A/B measured the first build worse in every round, and the other one worse once swapped).
    const setupPort = PORT + 90;
    const setup = await startPlatform(DIRS[0]!, setupPort);
    children.push(setup);
    const platforms: ChildProcess[] = [];
    const baselinePort = PORT + 100;
    const startBaseline = (port: number, env: Record<string, string>, profDir: string) =>
      startProcess(
        [
          ...(process.env.READ_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.READ_PROF}/${profDir}`] : []),
          '--import',
          'tsx',
          '--import',
          resolve('bench/pg-count.mjs'),
          'bench/servers/node-same-sql.ts',
        ],
        { PORT: String(port), DATABASE_URL: dbUrl, ...env },
        'ready',
      );
    const baseline = process.env.READ_BASELINE === '1' ? await startBaseline(baselinePort, {}, 'baseline') : undefined;
    // READ_BASELINE_LOG=1: the baseline again with the request log's row written per request (the ceiling row).
    const loggedBaseline =
      process.env.READ_BASELINE_LOG === '1'
        ? await startBaseline(baselinePort + 1, { BASELINE_REQUEST_LOG: '1' }, 'baseline-log')
        : undefined;
    if (loggedBaseline) children.push(loggedBaseline);
    if (baseline) children.push(baseline);
    const base = `http://127.0.0.1:${setupPort}/core`;
    const org = await api(base, 'POST', '/v1/platform/organizations', platformKey, organizationBody());
    const merchant = await api(base, 'POST', '/v1/merchants', org.api_key, merchantBody());
    const pj = await api(base, 'POST', '/v1/merchants', org.api_key, {
      ...merchantBody({
        document_number: randomCnpj(),
        document_tax_type: 'PJ',
        declared_revenue: 5_000_000,
        contact: contact({ role: 'ADMINISTRATOR', politically_exposed: true }),
      }),
    });
    for (let i = 0; i < 3; i++)
      await api(base, 'POST', `/v1/platform/companies/${pj.id}/onboarding-requirements`, platformKey, {
        provider: 'PROVIDER_A',
        type: 'OTHER',
        subject_document_number: pj.document_number,
        subject_role: 'COMPANY',
        description: `staff request ${i}`,
      });
    for (const provider of SANDBOX_EXTRA)
      await api(base, 'POST', '/v1/platform/provider-accounts', platformKey, {
        provider,
        display_name: provider,
        connector: 'SANDBOX',
        environment: 'TEST',
      });
    const sandboxes = ['PROVIDER_A', 'PROVIDER_B', ...SANDBOX_EXTRA].map((p) => `'${p}'`).join(',');
    execFileSync('psql', [
      dbUrl,
      '-qc',
      `update companies set status = 'ACTIVE' where id = '${merchant.id}';
       insert into affiliations (id, company_id, organization_id, provider, provider_account_id, status, created_at, updated_at)
       select gen_random_uuid(), '${merchant.id}', '${org.id}', a.provider, a.id, 'ACTIVE', now(), now()
       from provider_accounts a where a.provider in (${sandboxes})`,
    ]);
    await api(base, 'PUT', `/v1/platform/organizations/${org.id}/routing`, platformKey, routingRules());
    await stopProcess(setup);
    children.splice(children.indexOf(setup), 1);
    for (const [i, dir] of DIRS.entries()) platforms.push(await startPlatform(dir, ports[i]!));
    children.push(...platforms);
    const headers = { ...HEADERS, 'x-api-key': org.api_key };
    const paths = {
      merchant: { path: `/v1/merchants/${merchant.id}`, headers },
      onboarding: { path: `/v1/merchants/${pj.id}/onboarding-requirements?provider=PROVIDER_A`, headers },
      decide: {
        path: '/v1/routing/decide',
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          company_id: merchant.id,
          payment_method: 'CREDIT_CARD',
          amount: 1990,
          card_data: { brand: 'VISA', bin: '411111' },
        }),
      },
    };
    const merchantRead = `merchant-read?id=${merchant.id}&org=${org.id}`;
    const requirementsQuery = `company=${pj.id}&org=${org.id}`;
    // The references beside the builds: a label, its process and port, and its path for each read it serves.
    const references = [
      {
        label: 'baseline',
        child: baseline,
        port: baselinePort,
        paths: { merchant: merchantRead, onboarding: `requirements-read?${requirementsQuery}` },
      },
      { label: 'baseline+log', child: loggedBaseline, port: baselinePort + 1, paths: { merchant: merchantRead } },
      {
        label: 'baseline+derived',
        child: process.env.READ_BASELINE_DERIVED === '1' ? baseline : undefined,
        port: baselinePort,
        paths: { onboarding: `requirements-read-derived?${requirementsQuery}` },
      },
      {
        label: 'baseline+derived+log',
        child: process.env.READ_BASELINE_DERIVED === '1' ? loggedBaseline : undefined,
        port: baselinePort + 1,
        paths: { onboarding: `requirements-read-derived?${requirementsQuery}` },
      },
    ];
    const rows: string[] = [];
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, p] of Object.entries(paths)) {
        if (!ONLY.has(name)) continue;
        const builds = DIRS.map((dir, i) => ({
          label: dir,
          pid: platforms[i]!.pid!,
          load: { ...p, url: `http://127.0.0.1:${ports[i]}/core${p.path}` },
        }));
        if (round % 2 === 1) builds.reverse();
        const measured = [
          ...builds,
          ...references.flatMap((r) => {
            const path = (r.paths as Record<string, string | undefined>)[name];
            return r.child && path
              ? [
                  {
                    label: r.label,
                    pid: r.child.pid!,
                    load: { headers: {}, url: `http://127.0.0.1:${r.port}/${path}` },
                  },
                ]
              : [];
          }),
        ];
        for (const m of measured) {
          await load(m.load, 2);
          const st0 = await statements(m.pid);
          const cpu0 = cpuMs(m.pid);
          const pg0 = postgresCpuMs();
          const r = await load(m.load, SECONDS);
          const cpu = cpuMs(m.pid) - cpu0;
          const pgCpu = postgresCpuSince(pg0);
          const st = (await statements(m.pid)) - st0;
          const n = Math.max(1, r.requests.total);
          const rssMb = Math.round(rssKb(m.pid) / 1024);
          const row = `| ${round + 1} | ${name} | ${m.label} | ${Math.round(r.requests.average)} | ${(cpu / n).toFixed(3)} | ${(pgCpu / n).toFixed(3)} | ${(st / n).toFixed(2)} | ${r.non2xx} | ${rssMb} | ${loadavg()[0]!.toFixed(1)} |`;
          rows.push(row);
          process.stdout.write(`${row}\n`);
        }
      }
    process.stdout.write(
      `\n| round | path | build | req/s | CPU ms/req | PostgreSQL CPU ms/req | statements/req | non-2xx | RSS MB | load |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n${rows.join('\n')}\n`,
    );
  } finally {
    for (const c of children) await stopProcess(c);
    execFileSync('psql', [ADMIN, '-qc', `drop database if exists ${dbName} with (force)`], { stdio: 'ignore' });
  }
}

await main();
