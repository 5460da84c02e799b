import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp, buildPciApp, CORE_PREFIX, type AppDeps } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { dataDirDatabasePath, openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { createRateLimiter } from './http/rate-limit.js';
import { HealthMonitor } from './providers/health-monitor.js';
import { sandboxProviders } from './providers/registry.js';
import { deriveKey, resolveSecrets } from './runtime/secrets.js';
import { startDeliveryWorker } from './modules/webhooks/delivery-worker.js';
import { createAuthServices } from './modules/auth/services.js';
import { ensureSandboxOrganization } from './runtime/sandbox-bootstrap.js';
import { resolveTls } from './runtime/tls.js';

/** Composition root: config, database, providers, listeners, background work, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const secrets = resolveSecrets(config);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: dataDirDatabasePath(config.dataDir) });
  await migrate(db);

  const providers = sandboxProviders();
  const health = new HealthMonitor(providers, config.providerHealthIntervalMs);
  await health.checkNow();
  health.start();

  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  const deps: AppDeps = {
    config,
    db,
    providers,
    health,
    platformKey: secrets.platformAdminKey,
    rateLimiter: createRateLimiter({ ...config.rateLimits, redis }),
    auth: createAuthServices(config, db, secrets.jwtSecret),
    webhookDashboardSecret: deriveKey(secrets.jwtSecret, 'webhook-dashboard').toString('hex'),
    documentUrlSecret: deriveKey(secrets.jwtSecret, 'onboarding-documents').toString('hex'),
  };

  const tls = await resolveTls(config);
  const serverOptions = (tls ? { https: { cert: tls.cert, key: tls.key } } : {}) as FastifyServerOptions;
  const core = await buildApp(deps, serverOptions);
  const pci = await buildPciApp(deps, serverOptions);
  await core.listen({ host: config.host, port: config.port });
  await pci.listen({ host: config.host, port: config.pciPort });
  // Webhook delivery runs inside the server by default; `npm run worker` runs more of it apart.
  const worker = config.runWorker ? startDeliveryWorker({ db, config, logger: core.log }) : undefined;

  const scheme = tls ? 'https' : 'http';
  const coreUrl = config.publicBaseUrl ? `${config.publicBaseUrl}${CORE_PREFIX}` : `${scheme}://${displayHost(config)}:${portOf(core)}${CORE_PREFIX}`;
  const pciUrl = `${scheme}://${displayHost(config)}:${portOf(pci)}${CORE_PREFIX}`;
  const urls = { core_url: coreUrl, pci_url: pciUrl, docs_url: `${coreUrl}/docs` };
  const lines = [`Payment platform (${config.env}) listening`, `  core: ${urls.core_url}`, `  pci:  ${urls.pci_url}`, `  docs: ${urls.docs_url}`];
  if (config.env === 'sandbox') {
    const sandbox = await ensureSandboxOrganization(db.db, config.dataDir, urls, secrets.platformAdminKey);
    lines.push(
      `  platform staff key:        ${sandbox.platform_admin_key}`,
      `  sandbox organization id:   ${sandbox.organization.id}`,
      `  sandbox organization key:  ${sandbox.organization.api_key}`,
      `  (also written to ${config.dataDir}/sandbox.json)`,
    );
    if (!config.tls && !config.trustProxy) lines.push('  TLS: self-signed localhost certificate (curl -k, or trust data/tls/localhost.crt)');
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    core.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    health.stop();
    // close() stops accepting, lets in-flight requests finish, then resolves.
    await Promise.allSettled([core.close(), pci.close()]);
    await worker?.stop();
    await redis?.quit().catch(() => undefined);
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function connectRedis(url: string): Redis {
  // Fail fast while Redis is down: the rate limiter then uses its in-memory insurance pools.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  redis.on('error', () => {});
  return redis;
}

const displayHost = (config: Config) => (config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host);
const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`failed to start: ${(err as Error).stack ?? String(err)}\n`);
  }
  process.exit(1);
});
