import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { measure, sampleRss, startProcess, stopProcess, type Measurement } from './harness.js';
import { pgbenchScripts } from './queries.js';
import { generateApiKey } from '../src/http/api-keys.js';
import { merchantBody, organizationBody } from '../test/helpers/fixtures.js';

/**
 * npm run bench: the platform against the machine's PostgreSQL, side by side with its baselines, in one run.
 * Loopback only, bounded rounds; prints req/s, p50, p99 and ratios, and writes docs/performance.md.
 */
const PG_ADMIN = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION_SEC ?? 10);
const PORTS = { platform: 19443, pci: 19444, node: 19501, fastify: 19502, sameSql: 19503 };
const dbName = `bench_${Date.now()}`;
const dbUrl = PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`);
const platformKey = generateApiKey('PLATFORM');
const forwarded = { 'x-forwarded-proto': 'https' };

function psql(sql: string) {
  execFileSync('psql', [PG_ADMIN, '-qc', sql], { stdio: 'ignore' });
}

async function api(method: string, path: string, key: string, body?: unknown) {
  const res = await request(`http://127.0.0.1:${PORTS.platform}/core${path}`, {
    method: method as 'GET',
    headers: { 'x-api-key': key, 'content-type': 'application/json', ...forwarded },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.body.json()) as Record<string, any>;
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`);
  return json;
}

function pgbench(script: string): number {
  const file = join(mkdtempSync(join(tmpdir(), 'pgbench-')), 'script.sql');
  writeFileSync(file, script);
  const out = execFileSync('pgbench', ['-n', '-c', '20', '-j', '2', '-T', String(DURATION), '-f', file, dbUrl], { encoding: 'utf8' });
  return Math.round(Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0));
}

async function main() {
  psql(`create database ${dbName}`);
  const results: Measurement[] = [];
  const lines: string[] = [];
  let peakRss = 0;
  try {
    const node = await startProcess(['--import', 'tsx', 'bench/servers/node-hello.ts'], { PORT: String(PORTS.node) }, 'ready');
    results.push(await measure('node:http hello-world', { url: `http://127.0.0.1:${PORTS.node}/`, durationSec: DURATION }));
    await stopProcess(node);
    const fastify = await startProcess(['--import', 'tsx', 'bench/servers/fastify-hello.ts'], { PORT: String(PORTS.fastify) }, 'ready');
    results.push(await measure('Fastify hello-world', { url: `http://127.0.0.1:${PORTS.fastify}/`, durationSec: DURATION }));
    await stopProcess(fastify);

    const platform = await startProcess(['--import', 'tsx', 'src/server.ts'], {
      DATABASE_URL: dbUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-data-')),
      PORT: String(PORTS.platform),
      PCI_PORT: String(PORTS.pci),
      TRUST_PROXY: 'true',
      PLATFORM_ADMIN_KEY: platformKey,
      RATE_LIMIT_STANDARD_RPS: '1000000000',
      RATE_LIMIT_HIGH_RPS: '1000000000',
      LOG_LEVEL: 'warn',
      SANDBOX_AUTOPILOT: 'false',
    }, 'sandbox organization key');
    const rss = sampleRss(platform.pid!);
    const org = await api('POST', '/v1/platform/organizations', platformKey, organizationBody());
    const merchant = await api('POST', '/v1/merchants', org.api_key, merchantBody());
    const headers = { 'x-api-key': org.api_key, ...forwarded };

    results.push(await measure('(a) GET /v1/merchants/{id}', { url: `http://127.0.0.1:${PORTS.platform}/core/v1/merchants/${merchant.id}`, headers, durationSec: DURATION }));
    peakRss = rss.stop();
    await stopProcess(platform);

    const sameSql = await startProcess(['--import', 'tsx', 'bench/servers/node-same-sql.ts'], { PORT: String(PORTS.sameSql), DATABASE_URL: dbUrl }, 'ready');
    results.push(await measure('(a) baseline: node:http + same SQL', { url: `http://127.0.0.1:${PORTS.sameSql}/merchant-read?id=${merchant.id}&org=${org.id}`, durationSec: DURATION }));
    await stopProcess(sameSql);

    const scripts = pgbenchScripts({ merchantId: merchant.id, organizationId: org.id });
    const pgTps = pgbench(scripts['merchant-read']);

    const by = (n: string) => results.find((r) => r.name.startsWith(n))!;
    const ratio = (a: Measurement, b: Measurement) => (a.rps / b.rps).toFixed(2);
    lines.push(
      `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, PostgreSQL on loopback.`,
      `Command: \`npm run bench\` (BENCH_DURATION_SEC=${DURATION}; 3 s warm-up, then ${DURATION} s measured; 32 connections, no pipelining).`,
      '',
      '| scenario | req/s | p50 ms | p99 ms | errors | non-2xx |',
      '|---|---:|---:|---:|---:|---:|',
      ...results.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`),
      `| (a) pgbench, same statement (20 clients) | ${pgTps} tps | | | | |`,
      '',
      '| ratio | value | target |',
      '|---|---:|---:|',
      `| Fastify hello / node:http hello | ${ratio(by('Fastify'), by('node:http'))} | >= 0.9 |`,
      `| (a) platform / same-SQL baseline | ${ratio(by('(a) GET'), by('(a) baseline'))} | >= 0.8 |`,
      '',
      `Platform peak resident memory during the run: ${peakRss} MB (target < 300 MB).`,
    );
  } finally {
    psql(`drop database if exists ${dbName} with (force)`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  writeFileSync('docs/performance.md', `# Performance\n\nOne run of \`npm run bench\`, figures side by side with their baselines.\n\n${lines.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
