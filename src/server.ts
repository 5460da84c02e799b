import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp, buildPciApp, CORE_PREFIX } from './app.js';
import { buildDependencies } from './composition.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { databaseIdentity, ensureSandboxOrganization } from './runtime/sandbox-bootstrap.js';
import { resolveTls } from './runtime/tls.js';
import { KeyFileError } from './vault/index.js';

/** The server process: builds the dependencies (src/composition.ts), listens, and shuts down gracefully. */
async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  // Progress before the banner: the embedded database's first start is silent for seconds otherwise.
  const progress = (step: string) => process.stdout.write(`… ${step}\n`);
  progress(`starting the payment platform (${config.env})`);
  const built = await buildDependencies(config, { progress });
  const { deps, secrets } = built;
  const db = deps.db;

  progress('building the core and PCI apps');
  const tls = await resolveTls(config);
  const serverOptions = (tls ? { https: { cert: tls.cert, key: tls.key } } : {}) as FastifyServerOptions;
  const core = await buildApp(deps, serverOptions);
  const pci = await buildPciApp(deps, serverOptions, { core });
  // Handlers go in before anything is printed: whoever waits for the banner may signal at once.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    core.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    // close() stops accepting, lets in-flight requests finish, then resolves; then background work stops.
    await Promise.allSettled([core.close(), pci.close()]);
    await built.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await core.listen({ host: config.host, port: config.port });
  await pci.listen({ host: config.host, port: config.pciPort });
  // Background work (health checks; with RUN_WORKER, webhook delivery and jobs) starts once listening.
  built.start({ logger: core.log });

  const scheme = tls ? 'https' : 'http';
  const coreUrl = config.publicBaseUrl ? `${config.publicBaseUrl}${CORE_PREFIX}` : `${scheme}://${displayHost(config)}:${portOf(core)}${CORE_PREFIX}`;
  const pciUrl = `${scheme}://${displayHost(config)}:${portOf(pci)}${CORE_PREFIX}`;
  const urls = { core_url: coreUrl, pci_url: pciUrl, docs_url: `${coreUrl}/docs` };
  const lines = [`Payment platform (${config.env}) listening`, `  core: ${urls.core_url}`, `  pci:  ${urls.pci_url}`, `  docs: ${urls.docs_url}`];
  if (config.env === 'sandbox') {
    const sandbox = await ensureSandboxOrganization(db.db, config.dataDir, urls, secrets.platformAdminKey, deps.clock, databaseIdentity(config.databaseUrl));
    lines.push(
      `  platform staff key:        ${sandbox.platform_admin_key}`,
      `  sandbox organization id:   ${sandbox.organization.id}`,
      `  sandbox organization key:  ${sandbox.organization.api_key}`,
      `  (also written to ${config.dataDir}/sandbox.json)`,
    );
    if (!config.tls && !config.trustProxy) lines.push('  TLS: self-signed localhost certificate (curl -k, or trust data/tls/localhost.crt)');
  }
  process.stdout.write(`${lines.join('\n')}\n`);

}

const displayHost = (config: Config) => (config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host);
const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof KeyFileError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`failed to start: ${(err as Error).stack ?? String(err)}\n`);
  }
  process.exit(1);
});
