import { mkdtempSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { affiliations, companies } from '../../src/db/schema/index.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, buildPciApp } from '../../src/app.js';
import { buildDependencies, ephemeralSecrets } from '../../src/composition.js';
import { loadConfig } from '../../src/config.js';
import { generateApiKey } from '../../src/http/api-keys.js';
import { parseEv } from '../../src/crypto/ev.js';
import { organizationBody } from '../../test/helpers/fixtures.js';

/**
 * The core and the PCI host in one process. (e) a thin stand-in in front of the self create (authentication,
 * the high pool, the ev:v1 checks, 201 without storing); (f) the real merchant-variant create. Each is measured
 * on the core (pre-encrypted) and through the PCI host (plaintext, encrypted in transit).
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
// (e) A thin stand-in in front of the real self create: a hook answers before the route's validation, after
// authentication and the high pool, with the ev:v1 shape and kid checks the core makes.
core.addHook('preValidation', async (request, reply) => {
  if (request.method !== 'POST' || request.url !== '/core/v1/transactions') return;
  const card = (request.body as { card_data?: Record<string, string> }).card_data ?? {};
  const ok =
    parseEv(card.number ?? '')?.purpose === 'pan' &&
    parseEv(card.cvv ?? '')?.purpose === 'cvv' &&
    !!(await vault.statusOf(parseEv(card.number!)!.kid));
  return reply
    .code(ok ? 201 : 400)
    .serializer(JSON.stringify)
    .send({ ok });
});
// (f) The real merchant-variant create (the organization for itself): provider call, row, ledger, events.
const pci = await buildPciApp(deps, {}, { core });
await core.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
await pci.listen({ host: '127.0.0.1', port: Number(process.env.PCI_PORT) });
const org = await core.inject({
  method: 'POST',
  url: '/core/v1/platform/organizations',
  headers: { 'x-api-key': platformKey },
  payload: organizationBody(),
});
// The organization takes payments: ACTIVE with an ACTIVE affiliation (the onboarding flow is not measured).
const orgId = org.json().id as string;
await db.db.update(companies).set({ status: 'ACTIVE' }).where(eq(companies.id, orgId));
await db.db.insert(affiliations).values({
  id: randomUUID(),
  companyId: orgId,
  organizationId: orgId,
  provider: 'PROVIDER_A',
  status: 'ACTIVE',
  createdAt: new Date(),
  updatedAt: new Date(),
});
const key = await vault.current();
writeFileSync(
  String(process.env.INFO_FILE),
  JSON.stringify({ api_key: org.json().api_key, org_id: org.json().id, key }),
);
process.stdout.write('ready\n');
