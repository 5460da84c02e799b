import pino from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { buildDependencies } from './composition.js';
import { dataDirDatabasePath } from './db/client.js';
import { prettyTransport } from './http/logger.js';

/**
 * `npm run worker`: background work on its own (webhook delivery and the job runner), for scale. Run any number
 * of them (and of servers, which run both inside by default) against the same database; they share the work
 * through leased claims. Built by the same composition root as the server.
 */
async function main() {
  const config = loadConfig();
  const logger = pino({
    level: config.logLevel === 'silent' ? 'silent' : config.logLevel,
    base: { role: 'worker' },
    ...prettyTransport(config.logFormat),
  });
  if (!config.databaseUrl) {
    // The embedded database is one process's file: a separate worker needs the shared PostgreSQL.
    logger.warn(
      'DATABASE_URL is not set: the worker opens the embedded database, which the server must not hold at the same time',
    );
  }
  const organizationIds = organizationsFromArgs(process.argv.slice(2));
  const built = await buildDependencies(config, {
    database: {
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : dataDirDatabasePath(config.dataDir),
      poolSize: 10,
    },
    checkHealth: false,
  });
  built.start({ logger, health: false, delivery: true, jobs: true, organizationIds });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing deliveries and jobs in flight');
    await built.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** `--organization=<uuid>` (repeatable): a worker dedicated to some tenants; without it, all of them. */
function organizationsFromArgs(args: string[]): string[] | undefined {
  const ids = args.filter((a) => a.startsWith('--organization=')).map((a) => a.slice('--organization='.length));
  const bad = ids.filter((id) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (bad.length) throw new ConfigError(`--organization must be a UUID: ${bad.join(', ')}`);
  return ids.length ? ids : undefined;
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('worker failed to start:', err);
  }
  process.exit(1);
});
