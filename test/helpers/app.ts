import { newKeyFile, writeKeyFile } from '../../src/vault/key-file.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app.js';
import { buildDependencies, type Dependencies } from '../../src/composition.js';
import { testConfig, type Config } from '../../src/config.js';
import type { DbHandle } from '../../src/db/client.js';
import type { Clock } from '../../src/kernel/clock.js';
import { Redis } from 'ioredis';
import { generateApiKey } from '../../src/http/api-keys.js';
import { randomBytes } from 'node:crypto';
import { merchantBody, organizationBody } from './fixtures.js';
import { LocalFileStore } from '../../src/modules/onboarding/file-store.js';
import { TEST_POOL_LIMITS } from './rate-pools.js';
import { testDatabase } from './database.js';

/** Tests only: the provider credentials key every test app shares (see buildDependencies' secrets below). */
const TEST_PROVIDER_CREDENTIALS_KEY = '7465737420707276696465722063726564656e7469616c73206b657920303031';

/**
 * One app per test file: PGlite in memory by default, the PostgreSQL of DATABASE_URL when set (CI runs both).
 * Tests isolate by data: each creates its own organization. Under vitest the database is already migrated
 * (test/setup/: PGlite opens a copy of the run's migrated snapshot, PostgreSQL is the worker's database made from
 * the run's template), so an app starts in about a second (docs/decisions/testing.md).
 */
export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  db: DbHandle;
  platformKey: string;
  /** Redis namespace of this app's rate-limit pools (a second instance sharing them uses the same). */
  rateLimitPrefix: string;
  /** The secret user tokens are signed with (security tests forge tokens with it). */
  jwtSecret: string;
  /** Everything the composition root built (the job registry, background work). */
  built: Dependencies;
  request(options: InjectOptions & { key?: string; token?: string }): Promise<LightMyRequestResponse>;
  createOrganization(
    overrides?: Record<string, unknown>,
  ): Promise<{ id: string; apiKey: string; body: Record<string, any> }>;
  createMerchant(
    orgKey: string,
    overrides?: Record<string, unknown>,
  ): Promise<{ id: string; apiKey: string; body: Record<string, any> }>;
  close(): Promise<void>;
}

export async function createTestApp(
  configOverrides: Partial<Config> = {},
  depsOverrides: Partial<AppDeps> = {},
  serverOptions: FastifyServerOptions = {},
  /** `redis: false`: an instance without Redis even when REDIS_URL is set (what a deployment without it does). */
  options: { clock?: Clock; redis?: false } = {},
): Promise<TestApp> {
  // Pools that differ by one: `ratePoolOf(res)` (test/helpers/rate-pools.ts) tells which one counted a request.
  const config = testConfig({ rateLimits: { ...TEST_POOL_LIMITS }, ...configOverrides });
  const platformKey = generateApiKey('PLATFORM');
  const jwtSecret = randomBytes(32).toString('hex');
  // With REDIS_URL (CI's second run) the rate-limit pools live in Redis, as in production.
  const redis =
    process.env.REDIS_URL && options.redis !== false
      ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 })
      : null;
  // Each test app counts in its own Redis namespace: files run in parallel with different pool sizes.
  const rateLimitPrefix = `rl-test-${randomBytes(6).toString('hex')}`;
  const database = testDatabase();
  // Card-data keys generated into a temp dir: each app its own ring, so apps sharing a PostgreSQL never mix keys.
  // Production never generates them (it reads the operators' file): a production app gets one written here.
  const encryptionKeysFile = join(mkdtempSync(join(tmpdir(), 'platform-keys-')), 'encryption-keys.json');
  if (config.env === 'production') writeKeyFile(encryptionKeysFile, newKeyFile('production', new Date()));
  const built = await buildDependencies(config, {
    database: database.options,
    // One credentials key for every test app: apps sharing a PostgreSQL database (one per worker) open the provider
    // credentials another app sealed (the built-in accounts' webhook secrets), as instances of one deployment do.
    secrets: { platformAdminKey: platformKey, jwtSecret, providerCredentialsKey: TEST_PROVIDER_CREDENTIALS_KEY },
    clock: options.clock,
    redis,
    rateLimitPrefix,
    encryptionKeysFile,
    // Stored files go to a temp dir, never ./data; download links are signed with a per-run secret.
    fileStore: new LocalFileStore(mkdtempSync(join(tmpdir(), 'platform-files-'))),
    // Load shedding off by default: several embedded databases starting in one test process block the loop.
    overrides: {
      pressure: { maxEventLoopDelayMs: 0 },
      documentUrlSecret: randomBytes(32).toString('hex'),
      webhookDashboardSecret: undefined,
      ...depsOverrides,
    },
  });
  const deps = built.deps;
  const db: DbHandle = deps.db;
  const app = await buildApp(deps, serverOptions);
  await app.ready();
  // Jobs run as in a server; webhook delivery, health checks and the periodic purges stay off (tests drive their own
  // workers, and call a purge's handler at the instant they choose).
  built.start({ logger: app.log, health: false, delivery: false, purges: false });

  const request: TestApp['request'] = ({ key, token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(key ? { 'x-api-key': key } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    });

  return {
    app,
    built,
    deps,
    db,
    platformKey,
    rateLimitPrefix,
    jwtSecret,
    request,
    async createOrganization(overrides = {}) {
      const res = await request({
        method: 'POST',
        url: '/core/v1/platform/organizations',
        key: platformKey,
        payload: organizationBody(overrides),
      });
      if (res.statusCode !== 201) throw new Error(`organization create failed: ${res.statusCode} ${res.body}`);
      const body = res.json();
      return { id: body.id, apiKey: body.api_key, body };
    },
    async createMerchant(orgKey, overrides = {}) {
      const res = await request({
        method: 'POST',
        url: '/core/v1/merchants',
        key: orgKey,
        payload: merchantBody(overrides),
      });
      if (res.statusCode !== 201) throw new Error(`merchant create failed: ${res.statusCode} ${res.body}`);
      const body = res.json();
      return { id: body.id, apiKey: body.api_key, body };
    },
    async close() {
      await app.close();
      await built.close();
      database.remove();
    },
  };
}
