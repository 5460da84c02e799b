import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/db/schema/index.js';
import type { Database } from '../src/db/client.js';
import { systemClock } from '../src/kernel/clock.js';
import { readSnapshot } from '../src/modules/onboarding/snapshot-read.js';
import type { EngineContext } from '../src/modules/onboarding/engine.js';
import { SANDBOX_CAPABILITIES } from '../src/providers/sandbox/provider.js';
import type { Scenario } from './pg-transaction.js';

/**
 * Not a row's baseline: the onboarding requirements read as a bare server would serve the FEATURE (each
 * requirement's status derived from the snapshot, the contract's views), the platform's own `readSnapshot` on the
 * same named statement, and nothing else (no Fastify, authentication, pipeline, log or compiled serializer). Beside
 * the bare statement (`requirements-read`, which returns the stored rows as they are) it shows what the feature's
 * own derivation costs (docs/performance.md, "The onboarding read's ceiling").
 */
const databases = new WeakMap<pg.Pool, Database>();
const ctx: EngineContext = {
  correlationId: 'bench',
  baseUrl: 'https://127.0.0.1',
  accepts: (provider) =>
    SANDBOX_CAPABILITIES[provider as keyof typeof SANDBOX_CAPABILITIES]?.acceptedDocumentTypes ?? [],
  clock: systemClock,
};

export const requirementsReadDerived: Scenario = async (pool, p) => {
  let db = databases.get(pool);
  if (!db) databases.set(pool, (db = drizzle(pool, { schema }) as unknown as Database));
  const org = p.get('org')!;
  const read = await readSnapshot(
    db,
    ctx,
    { kind: 'organization', companyId: org, organizationId: org, via: 'api_key', credentialId: 'bench' },
    p.get('company')!,
    'PROVIDER_A',
  );
  if (read.kind !== 'unchanged') throw new Error(`the bench's requirements read ${read.kind}`);
  return { data: read.views };
};
