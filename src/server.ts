import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';
import { KeyFileError } from './vault/key-file.js';

/**
 * The server process: builds the dependencies (src/composition.ts), listens, and shuts down gracefully.
 * Only light modules are imported statically: loading the platform's code (a first `npm start` compiles it
 * through tsx) takes seconds, so the first line is printed before, and the wait is counted while it lasts.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  // Progress before the banner: the code's first load and the embedded database's first start are silent otherwise.
  const { progress, done } = startupProgress();
  progress(`starting the payment platform (${config.env})`);
  progress('loading the platform (a first start compiles it: up to half a minute on a busy machine)');
  const loaded = await Promise.all([
    import('./app.js'),
    import('./composition.js'),
    import('./sandbox-bootstrap.js'),
    import('./runtime/tls.js'),
  ]);
  const [
    { buildApp, buildPciApp, CORE_PREFIX },
    { buildDependencies },
    { databaseIdentity, ensureSandboxOrganization },
    { resolveTls },
  ] = loaded;
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
  done();
  await core.listen({ host: config.host, port: config.port });
  await pci.listen({ host: config.host, port: config.pciPort });
  const scheme = tls ? 'https' : 'http';
  const listeningCoreUrl = `${scheme}://${displayHost(config)}:${portOf(core)}${CORE_PREFIX}`;
  const coreUrl = config.publicBaseUrl ? `${config.publicBaseUrl}${CORE_PREFIX}` : listeningCoreUrl;
  // Background work (health checks; with RUN_WORKER, webhook delivery and jobs) starts once listening; without
  // PUBLIC_BASE_URL, what providers are told to call is the bound address (a PORT of 0 included).
  built.start({ logger: core.log, listeningCoreUrl });
  const pciUrl = `${scheme}://${displayHost(config)}:${portOf(pci)}${CORE_PREFIX}`;
  const urls = { core_url: coreUrl, pci_url: pciUrl, docs_url: `${coreUrl}/docs` };
  const lines = [
    `Payment platform (${config.env}) listening`,
    `  core: ${urls.core_url}`,
    `  pci:  ${urls.pci_url}`,
    `  docs: ${urls.docs_url}`,
  ];
  if (config.env === 'sandbox') {
    const sandbox = await ensureSandboxOrganization(
      db.db,
      config.dataDir,
      urls,
      secrets.platformAdminKey,
      deps.clock,
      databaseIdentity(config.databaseUrl),
    );
    lines.push(
      `  platform staff key:        ${sandbox.platform_admin_key}`,
      `  sandbox organization id:   ${sandbox.organization.id}`,
      `  sandbox organization key:  ${sandbox.organization.api_key}`,
      `  (also written to ${config.dataDir}/sandbox.json)`,
    );
    if (!config.tls && !config.trustProxy)
      lines.push('  TLS: self-signed localhost certificate (curl -k, or trust data/tls/localhost.crt)');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * Startup lines: each step as it begins, and while one lasts, every 5 seconds how long it has taken so far, so a
 * slow first start never looks stuck (durations, not time of day: performance.now).
 */
function startupProgress(): { progress: (step: string) => void; done: () => void } {
  let step = '';
  let since = performance.now();
  const timer = setInterval(() => {
    const seconds = Math.round((performance.now() - since) / 1000);
    if (seconds >= 3) process.stdout.write(`… still ${step.replace(/ \(.*\)$/, '')} (${seconds} s)\n`);
  }, 5000);
  timer.unref();
  return {
    progress: (next) => {
      step = next;
      since = performance.now();
      process.stdout.write(`… ${next}\n`);
    },
    done: () => clearInterval(timer),
  };
}

const displayHost = (config: Config) =>
  config.host === '0.0.0.0' || config.host === '::'
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof KeyFileError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`failed to start: ${(err as Error).stack ?? String(err)}\n`);
  }
  process.exit(1);
});
