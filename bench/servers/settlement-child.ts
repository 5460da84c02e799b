import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app.js';
import { buildDependencies, ephemeralSecrets } from '../../src/composition.js';
import { loadConfig } from '../../src/config.js';
import { rowsOf } from '../../src/db/rows.js';
import { generateApiKey } from '../../src/http/api-keys.js';
import { merchantBody, organizationBody } from '../../test/helpers/fixtures.js';
import { seedSql } from '../settlement-seed.js';

/**
 * The settlement bench's platform side, one process per step so each measures its own memory:
 * MODE=seed: the organization, its merchants and their bank accounts through the API (in-process), then the
 *   payments in bulk (settlement-seed.ts); writes {orgKey, accounts} to INFO_FILE.
 * MODE=settle ACCOUNTS=<ids>: runs those accounts' due `receivables.settle` jobs through the job runner
 *   (runById: claim, the real handler, outcome), ten at a time as one runner's claim round does; prints the
 *   wall time and the process's memory (peak RSS and heap, sampled every 10 ms, and before the run).
 */
const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'warn' }), rateLimits: { standardRps: 1e9, highRps: 1e9 } };
const platformKey = generateApiKey('PLATFORM');
const built = await buildDependencies(config, {
  database: { databaseUrl: process.env.DATABASE_URL, poolSize: 12 },
  migrate: process.env.MODE === 'seed',
  secrets: { ...ephemeralSecrets(), platformAdminKey: platformKey },
  encryptionKeysFile: join(mkdtempSync(join(tmpdir(), 'bench-keys-')), 'keys.json'),
  checkHealth: false,
  overrides: { pressure: { maxEventLoopDelayMs: 0 } },
});
const db = built.deps.db;
const query = async (q: ReturnType<typeof sql>) => rowsOf(await db.db.execute(q));

if (process.env.MODE === 'seed') {
  const app = await buildApp(built.deps);
  const call = async (url: string, key: string, payload: unknown) => {
    const res = await app.inject({
      method: 'POST',
      url: `/core${url}`,
      headers: { 'x-api-key': key, 'x-forwarded-proto': 'https' },
      payload: payload as object,
    });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: string; api_key: string }>();
  };
  const org = await call('/v1/platform/organizations', platformKey, organizationBody());
  const counts = String(process.env.COUNTS).split(',').map(Number);
  const accounts: { id: string; count: number }[] = [];
  for (const count of counts) {
    const merchant = await call('/v1/merchants', org.api_key, merchantBody());
    accounts.push({
      id: (await call('/v1/banking/bank-accounts', org.api_key, { provider: 'PROVIDER_A', company_id: merchant.id }))
        .id,
      count,
    });
  }
  await built.runner.drain(); // what creating them scheduled, so the settle steps run only settlements
  await db.withRawClient((c) => c.exec(seedSql({ accounts, paymentDate: String(process.env.PAYMENT_DATE) })));
  const [check] = await query(
    sql`select count(*)::int as n from ledger_accounts where id = any(${`{${accounts.map((a) => a.id).join(',')}}`}::uuid[]) and last_sequence > 0`,
  );
  if (Number(check!.n) !== accounts.length) throw new Error('the seed did not find every account opened empty');
  writeFileSync(String(process.env.INFO_FILE), JSON.stringify({ orgKey: org.api_key, accounts }));
  await app.close();
} else {
  const accounts = String(process.env.ACCOUNTS).split(',');
  const jobs = (
    await query(sql`
    select id from jobs where kind = 'receivables.settle' and status = 'PENDING' and payload->>'bankAccountId' = any(${`{${accounts.join(',')}}`}::text[])
    order by run_at, id`)
  ).map((r) => String(r.id));
  if (jobs.length !== accounts.length)
    throw new Error(`expected ${accounts.length} due settlement jobs, found ${jobs.length}`);
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 10);
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const id = jobs[next++];
      if (!(await built.runner.runById(id!))) throw new Error(`job ${id} could not be claimed`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(10, jobs.length) }, worker));
  const ms = performance.now() - started;
  clearInterval(sampler);
  const failed = await query(
    sql`select id, last_error from jobs where id = any(${`{${jobs.join(',')}}`}::uuid[]) and status <> 'DONE'`,
  );
  if (failed.length > 0) throw new Error(`settlement jobs not done: ${JSON.stringify(failed.slice(0, 3))}`);
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  process.stdout.write(
    `${JSON.stringify({ ms, rssBefore: mb(before.rss), rssPeak: mb(peakRss), heapBefore: mb(before.heapUsed), heapPeak: mb(peakHeap) })}\n`,
  );
}
await built.close();
