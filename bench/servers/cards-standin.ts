import { mkdtempSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, buildPciApp } from '../../src/app.js';
import { buildDependencies, ephemeralSecrets } from '../../src/composition.js';
import { loadConfig } from '../../src/config.js';
import { generateApiKey } from '../../src/http/api-keys.js';
import { parseEv } from '../../src/crypto/ev.js';
import { organizationBody } from '../../test/helpers/fixtures.js';

/**
 * The core and the PCI host in one process, with a stand-in transactions create on the core (the transactions
 * area does not exist yet): it authenticates, rate-limits and checks the ev:v1 card fields as the core does,
 * then answers 201 without storing. The same create is measured on the core (pre-encrypted) and through the PCI
 * host (plaintext, encrypted in transit).
 */
const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'warn' }), rateLimits: { standardRps: 1e9, highRps: 1e9 } };
const platformKey = generateApiKey('PLATFORM');
const built = await buildDependencies(config, {
  database: { databaseUrl: process.env.DATABASE_URL, poolSize: 10 },
  secrets: { ...ephemeralSecrets(), platformAdminKey: platformKey },
  encryptionKeysFile: join(mkdtempSync(join(tmpdir(), 'bench-keys-')), 'keys.json'),
  overrides: { pressure: { maxEventLoopDelayMs: 0 } },
});
const { deps } = built;
const db = deps.db;
const vault = deps.vault!;
const core = await buildApp(deps);
core.post('/core/v1/transactions', { config: { permission: 'transaction.create', ratePool: 'high' } }, async (request, reply) => {
  const card = (request.body as { card_data?: Record<string, string> }).card_data ?? {};
  const ok = parseEv(card.number ?? '')?.purpose === 'pan' && parseEv(card.cvv ?? '')?.purpose === 'cvv' && !!(await vault.statusOf(parseEv(card.number)!.kid));
  return reply.code(ok ? 201 : 400).send({ ok });
});
// A second stand-in closer to a real create: the same checks, then one database transaction writing a row.
await db.db.execute(sql`create table if not exists bench_creates (id uuid primary key, company_id uuid not null, body jsonb not null, created_at timestamptz not null)`);
core.post('/core/v1/merchants/:merchantId/transactions', { config: { permission: 'merchant.transaction.create', ratePool: 'high' } }, async (request, reply) => {
  const body = request.body as { card_data?: Record<string, string> };
  const card = body.card_data ?? {};
  const ok = parseEv(card.number ?? '')?.purpose === 'pan' && !!(await vault.statusOf(parseEv(card.number)!.kid));
  if (!ok) return reply.code(400).send({ ok });
  await db.db.transaction(async (tx) => {
    await tx.execute(sql`insert into bench_creates values (${randomUUID()}, ${(request.params as { merchantId: string }).merchantId}, ${JSON.stringify({ amount: 1990 })}::jsonb, now())`);
  });
  return reply.code(201).send({ ok });
});
const pci = await buildPciApp(deps, {}, { core });
await core.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
await pci.listen({ host: '127.0.0.1', port: Number(process.env.PCI_PORT) });
const org = await core.inject({ method: 'POST', url: '/core/v1/platform/organizations', headers: { 'x-api-key': platformKey }, payload: organizationBody() });
const key = await vault.current();
writeFileSync(String(process.env.INFO_FILE), JSON.stringify({ api_key: org.json().api_key, org_id: org.json().id, key }));
process.stdout.write('ready\n');
