import { pixWebhookRegistrationJobs } from './modules/provider-accounts/pix-webhook-registration.js';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { dataDirDatabasePath, openDatabase, type DbHandle, type DbOptions } from './db/client.js';
import { migrate } from './db/migrate.js';
import { localRecentWriters, readDatabases, redisRecentWriters } from './db/read-routing.js';
import type { AppDeps } from './deps.js';
import { generateApiKey } from './http/api-keys.js';
import { createRateLimiter } from './http/rate-limit.js';
import { localKeyRevocations, redisKeyRevocations } from './http/key-revocations.js';
import { OffsetClock, systemClock, type Clock } from './kernel/clock.js';
import { enqueueJob } from './jobs/queue.js';
import { JobRegistry } from './jobs/registry.js';
import { createJobRunner, type JobLogger, type JobRunner } from './jobs/runner.js';
import { SandboxClocks } from './jobs/sandbox-clock.js';
import { transferDeps } from './modules/banking/banking.context.js';
import { cashoutDeps } from './modules/cashouts/cashouts.context.js';
import { cashoutJobs } from './modules/cashouts/cashouts.jobs.js';
import { cashoutOperationHandlers } from './modules/cashouts/cashout-submission.js';
import { bankingJobs } from './modules/banking/banking.jobs.js';
import { transferOperationHandlers } from './modules/banking/transfer-submission.js';
import { accountOpeningHandlers } from './modules/banking/account-opening-operation.js';
import { pixKeyOperationHandlers } from './modules/pix/pix-key-registration.js';
import { onboardingDeps } from './modules/onboarding/onboarding.context.js';
import { onboardingJobs } from './modules/onboarding/onboarding.jobs.js';
import { createAuthServices } from './modules/auth/services.js';
import { eventConsumers } from './events/consumers.js';
import { registerEventConsumers } from './areas.js';
import { LocalFileStore, type FileStore } from './modules/onboarding/file-store.js';
import { startDeliveryWorker, type WorkerLogger } from './modules/webhooks/delivery-worker.js';
import { HealthMonitor } from './providers/health-monitor.js';
import { sandboxFaults, sandboxProviders } from './providers/registry.js';
import { accountResolver } from './providers/accounts/resolver.js';
import { DatabaseSandboxRecords } from './providers/sandbox/database-records.js';
import { deriveKey, resolveSecrets, type Secrets } from './runtime/secrets.js';
import { join } from 'node:path';
import { Vault } from './vault/index.js';
import { storedCardNumbers } from './vault/stored-cards.js';
import { vaultCardOpener } from './providers/card-opening.js';
import { providerCredentialsChecker } from './providers/accounts/credentials-checker.js';
import { credentialsFor, providerCredentialsBox, sealPlainProviderCredentials } from './vault/provider-credentials.js';
import { orphanVoidHandlers, providerWebhookJobs } from './modules/provider-webhooks/index.js';
import { settleBuiltInAccounts } from './modules/provider-accounts/provider-accounts.repo.js';
import { ProviderCallLog } from './modules/provider-accounts/provider-calls.js';
import { connectorChecker, providerAccountJobs } from './modules/provider-accounts/credentials-check.js';
import { cardJobHandlers } from './modules/cards/cards.jobs.js';
import {
  transactionDeps,
  transactionJobs,
  threeDsJobs,
  threeDsOperationHandlers,
  transactionOperationJobs,
  operationRuntime,
  transactionOperationHandlers,
  refundOperationHandlers,
  operationDeps,
  inProcessQrImages,
  threadQrImages,
} from './modules/payments/index.js';
import { RECOVER_OPERATION_JOB, recoverProviderOperations } from './kernel/provider-operation.js';
import { receivableJobs } from './modules/receivables/settlements.service.js';
import { ledgerJobs } from './ledger/hold-expiry.js';
import { disputeJobs } from './modules/disputes/disputes.jobs.js';
import { anticipationJobs } from './modules/anticipations/anticipations.jobs.js';
import { REQUEST_LOG_PURGE_JOB, requestLogJobs } from './modules/request-logs/request-logs.jobs.js';
import { JOBS_PURGE_JOB, jobRetentionJobs } from './jobs/retention.js';
import { RequestLogRecorder } from './modules/request-logs/request-logs.recorder.js';
import { recentlyChangedKeyIds } from './modules/api-keys/api-keys.repo.js';
import { eventSignals, redisSignalTransport } from './modules/webhooks/stream.signals.js';
import { endpointSecretBox, sealPlainEndpointSecrets } from './modules/webhooks/endpoint-secrets.js';

export interface CompositionOptions {
  /** Where the database is (default: DATABASE_URL, else the embedded one under DATA_DIR). */
  database?: DbOptions;
  /** Apply migrations at build (default true). */
  migrate?: boolean;
  /** Told each slow startup step as it begins (the server prints them: the first start takes seconds). */
  progress?: (step: string) => void;
  /** The base clock (tests: a ManualClock); default the system clock. The sandbox wraps it in an OffsetClock. */
  clock?: Clock;
  /** Job runner tuning (tests lower the poll interval or the lease). */
  jobRunner?: { pollIntervalMs?: number; leaseMs?: number; batchSize?: number };
  /** Secrets in force (tests: random ones); default resolved from config and DATA_DIR. */
  secrets?: Secrets;
  /** Redis for shared rate-limit pools (default: REDIS_URL when set). `null`: none. */
  redis?: Redis | null;
  /** Redis key namespace of the rate-limit pools. */
  rateLimitPrefix?: string;
  fileStore?: FileStore;
  /** Open the card-data keys (default true; the OpenAPI script, with no migrated database, turns it off). */
  cardKeys?: boolean;
  /** Card-data key file (default ENCRYPTION_KEYS_FILE, else DATA_DIR/encryption-keys.json; tests: a temp file). */
  encryptionKeysFile?: string;
  /** Check provider health once while building (default true). */
  checkHealth?: boolean;
  /** Last word on any dependency (tests swap one piece). */
  overrides?: Partial<AppDeps>;
}

/** Which background work `start` runs (every piece on by default, the delivery worker only with RUN_WORKER). */
export interface BackgroundOptions {
  logger: WorkerLogger;
  health?: boolean;
  delivery?: boolean;
  /** The job runner (default RUN_WORKER). */
  jobs?: boolean;
  /**
   * With the job runner, schedule the periodic purges (request logs past 7 days, jobs past their retention; default
   * true). Tests turn them off: a purge at a test clock's instant would delete rows the test still reads.
   */
  purges?: boolean;
  /** Restrict the delivery worker to some organizations (dedicated workers). */
  organizationIds?: string[];
  /**
   * The core address the server is listening on (`{scheme}://{host}:{bound port}/core`): without PUBLIC_BASE_URL
   * it is the `{core}` the platform hands providers from now on (webhook registration, returnUrl).
   */
  listeningCoreUrl?: string;
}

export interface Dependencies {
  deps: AppDeps;
  jobs: JobRegistry;
  runner: JobRunner;
  secrets: Secrets;
  /** Starts background work: provider health checks, webhook delivery, the job runner. The only place timers start. */
  start(options: BackgroundOptions): void;
  /** Stops background work (waiting for work in flight), then closes Redis and the database. */
  close(): Promise<void>;
}

/**
 * The composition root: builds every dependency once. `src/server.ts`, `src/worker.ts`, the test helper and
 * the OpenAPI script call it; areas receive what they need from it (no locator, no area importing app.ts).
 */
export async function buildDependencies(config: Config, options: CompositionOptions = {}): Promise<Dependencies> {
  const secrets = options.secrets ?? resolveSecrets(config);
  const progress = options.progress ?? (() => {});
  const pgliteDir = config.databaseUrl ? undefined : dataDirDatabasePath(config.dataDir);
  progress(
    pgliteDir
      ? `opening the embedded database in ${pgliteDir} (the first start takes about 10 seconds)`
      : 'connecting to PostgreSQL',
  );
  const db: DbHandle = await openDatabase(options.database ?? { databaseUrl: config.databaseUrl, pgliteDir });
  if (options.migrate ?? true) {
    progress('applying database migrations');
    await migrate(db);
  }
  // Webhook signing secrets at rest (docs/decisions/webhooks.md "Secrets at rest"): a key of their own, derived
  // from JWT_SECRET like the link-signing keys; rows written in plain text before, or sealed under the key of
  // JWT_SECRET_PREVIOUS (a changed JWT_SECRET), are sealed under the current key here, once.
  const webhookSecretBox = endpointSecretBox(secrets.jwtSecret, config.jwtSecretPrevious);
  if (options.migrate ?? true) {
    const { sealed, unreadable } = await sealPlainEndpointSecrets(db.db, webhookSecretBox);
    if (sealed > 0) progress(`sealed ${sealed} webhook endpoints' signing secrets under the current key`);
    // Counts only, never values: these rows' deliveries wait until the key that sealed them is given back.
    if (unreadable > 0)
      progress(
        `${unreadable} webhook endpoints' signing secrets do not open with the configured key (was JWT_SECRET changed? JWT_SECRET_PREVIOUS opens them)`,
      );
  }
  // Provider credentials at rest (providers.md R1.4): PROVIDER_CREDENTIALS_KEY, or the sandbox's generated one.
  const providerCredentials = providerCredentialsBox(
    secrets.providerCredentialsKey ?? deriveKey(secrets.jwtSecret, 'provider-credentials').toString('hex'),
    config.providerCredentialsKeyPrevious,
  );
  if (options.migrate ?? true) {
    await sealPlainProviderCredentials(db.db, providerCredentials);
    // The built-ins' first status in this environment (production disables the sandbox stand-ins once).
    await settleBuiltInAccounts(db.db, config.env, (options.clock ?? systemClock).now());
  }
  // The sandbox gives each organization a test clock (money.md M7); production runs on real time only.
  const offsetClock = config.env === 'sandbox' ? new OffsetClock(options.clock ?? systemClock) : undefined;
  const clock: Clock = offsetClock ?? options.clock ?? systemClock;
  registerEventConsumers(eventConsumers);

  progress('opening the card-data keys and checking the providers');
  // Card-data keys: the operators' file in production (never written), generated into DATA_DIR in the sandbox.
  const vault =
    options.cardKeys === false
      ? undefined
      : await Vault.open({
          db: db.db,
          environment: config.env,
          keyFile:
            options.encryptionKeysFile ?? config.encryptionKeysFile ?? join(config.dataDir, 'encryption-keys.json'),
          writable: config.env === 'sandbox',
          clock,
          thread: config.offloadThreads,
        });

  // PIX QR codes are drawn beside the request thread when CPU work is offloaded (docs/decisions/offloading.md).
  const qrImages = config.offloadThreads ? threadQrImages() : inProcessQrImages;

  // The adapters open card values through the vault (payments.md P6); nothing else decrypts.
  // What the sandbox providers were sent lives in the database, so every instance and job runner answers alike.
  // Any other provider account (staff-created SANDBOX, ADYEN_CHECKOUT, PIX_API_BCB) is resolved by name when first
  // used, its credentials opened for its adapter only (src/providers/accounts/resolver.ts).
  const openCard = vault ? vaultCardOpener(vault) : undefined;
  const sandbox = {
    faults: sandboxFaults({ faultSpec: config.sandboxProviderFaults }),
    records: new DatabaseSandboxRecords(db.db),
    ...(openCard ? { openCard } : {}),
  };
  // {core} for providers: PUBLIC_BASE_URL, else the address the server listens on once it does (port 0 learns its
  // port at listen; `start` hands it in), else the configured one.
  let listeningCoreUrl: string | undefined;
  const coreUrl = (): string =>
    config.publicBaseUrl
      ? `${config.publicBaseUrl}/core`
      : (listeningCoreUrl ?? `https://${config.host}:${config.port}/core`);
  const resolver = accountResolver({
    db: db.db,
    sealer: providerCredentials,
    clock,
    sandbox,
    ...(openCard ? { openCard } : {}),
    coreUrl,
  });
  const providers = sandboxProviders({ ...sandbox, resolver });
  // R6.11: every provider call's latency, and the breaker's count of the calls a create's attempts do not count.
  const providerCalls = new ProviderCallLog(db.db, clock);
  providers.observeCalls(providerCalls.observe);
  const health = new HealthMonitor(providers, config.providerHealthIntervalMs, clock);
  if (options.checkHealth ?? true) await health.checkNow();

  const redis =
    options.redis === undefined
      ? config.redisUrl
        ? connectRedis(config.redisUrl)
        : undefined
      : (options.redis ?? undefined);
  // The replica (docs/deployment.md): never migrated (it replays the primary), a smaller pool (reads only).
  const replica = config.databaseReadUrl
    ? await openDatabase({ databaseUrl: config.databaseReadUrl, poolSize: options.database?.poolSize })
    : undefined;
  const reads = readDatabases({
    primary: db,
    replica,
    clock,
    readYourWritesMs: config.databaseReadAfterWriteMs,
    writers: redis ? redisRecentWriters(redis) : localRecentWriters(),
  });
  const deps: AppDeps = {
    config,
    db,
    reads,
    clock,
    providers,
    health,
    platformKey: secrets.platformAdminKey,
    rateLimiter: createRateLimiter({ ...config.rateLimits, redis, keyPrefix: options.rateLimitPrefix }),
    keyRevocations: redis ? redisKeyRevocations(redis) : localKeyRevocations(),
    auth: createAuthServices(config, db, secrets.jwtSecret, clock),
    webhookDashboardSecret: deriveKey(secrets.jwtSecret, 'webhook-dashboard').toString('hex'),
    documentUrlSecret: deriveKey(secrets.jwtSecret, 'onboarding-documents').toString('hex'),
    threeDsChallengeSecret: deriveKey(secrets.jwtSecret, '3ds-challenge').toString('hex'),
    webhookSecretBox,
    providerCredentials,
    // Inbound provider webhooks check signatures and tokens with the account's sets (R4.2); opened only here.
    providerWebhookSecrets: (accountId, now) => credentialsFor(db.db, providerCredentials, accountId, now),
    fileStore: options.fileStore ?? new LocalFileStore(join(config.dataDir, 'files')),
    vault,
    ...(vault ? { storedCardNumbers: storedCardNumbers(vault) } : {}),
    qrImages,
    requestLogs: new RequestLogRecorder(db.db, clock),
    // R1.4: PIX_API_BCB accounts are checked by a fresh token request at their PSP; the others by their connector.
    providerCredentialsChecker: providerCredentialsChecker(
      { db: db.db, sealer: providerCredentials, clock, sandbox, ...(openCard ? { openCard } : {}), coreUrl },
      connectorChecker((name) => providers.resolve(name)),
    ),
    providerCalls,
    ...options.overrides,
  };

  // Jobs: each area hands its kinds over; the runner knows no area. Its logger is known once started.
  let jobLog: JobLogger = { info() {}, warn() {}, error() {} };
  const logger: JobLogger = {
    info: (o, m) => jobLog.info(o, m),
    warn: (o, m) => jobLog.warn(o, m),
    error: (o, m) => jobLog.error(o, m),
  };
  const jobs = new JobRegistry();
  if (vault) jobs.registerAll(cardJobHandlers({ db: db.db, vault, storedNumbers: storedCardNumbers(vault), clock }));
  jobs.registerAll(bankingJobs({ ...transferDeps(deps), logger }));
  jobs.registerAll(transactionJobs(transactionDeps(deps)));
  jobs.registerAll(threeDsJobs({ db: db.db, clock, providers: deps.providers }));
  jobs.registerAll(cashoutJobs(cashoutDeps(deps)));
  jobs.registerAll(transactionOperationJobs(operationDeps(deps)));
  // One recovery job for every provider operation, with each area's handlers (src/kernel/provider-operation.ts).
  jobs.register(
    RECOVER_OPERATION_JOB,
    recoverProviderOperations(
      { ...operationRuntime({ db: db.db, clock }), inFlightGraceMs: config.recovery.inFlightGraceMs },
      {
        ...transactionOperationHandlers(operationDeps(deps)),
        ...refundOperationHandlers(operationDeps(deps)),
        ...cashoutOperationHandlers(cashoutDeps(deps)),
        ...transferOperationHandlers(transferDeps(deps)),
        ...accountOpeningHandlers(transferDeps(deps)),
        ...pixKeyOperationHandlers(transferDeps(deps)),
        ...orphanVoidHandlers({ db: db.db, clock, providers: deps.providers }),
        ...threeDsOperationHandlers({ db: db.db, clock, providers: deps.providers }),
      },
    ),
  );
  jobs.registerAll(receivableJobs({ db: db.db, clock }));
  jobs.registerAll(ledgerJobs({ db: db.db, clock }));
  jobs.registerAll(disputeJobs({ db: db.db, clock }));
  jobs.registerAll(anticipationJobs({ db: db.db, clock }));
  jobs.registerAll(requestLogJobs({ db: db.db, clock }));
  jobs.registerAll(jobRetentionJobs({ db: db.db, clock }));
  jobs.registerAll(onboardingJobs({ db: db.db, clock, accepts: onboardingDeps(deps).accepts }));
  jobs.registerAll(pixWebhookRegistrationJobs({ db: db.db, clock, providers: deps.providers, coreUrl }));
  jobs.registerAll(providerWebhookJobs({ db: db.db, clock, providers: deps.providers }));
  jobs.registerAll(
    providerAccountJobs({
      db: db.db,
      clock,
      checker: deps.providerCredentialsChecker ?? connectorChecker((name) => providers.resolve(name)),
    }),
  );
  const runner = createJobRunner({ db: db.db, registry: jobs, clock, logger, ...options.jobRunner });
  if (offsetClock) {
    deps.sandboxClocks = new SandboxClocks(db.db, offsetClock, runner, jobs);
    if (options.migrate ?? true) await deps.sandboxClocks.refresh();
  }

  const stops: (() => Promise<void> | void)[] = [];
  // Event streams hear other instances' recordings through Redis (without it, they poll the database).
  const detachSignals = redis ? eventSignals.attach(redisSignalTransport(redis)) : undefined;
  return {
    deps,
    jobs,
    runner,
    secrets,
    start(background) {
      if (background.listeningCoreUrl) listeningCoreUrl = background.listeningCoreUrl;
      jobLog = background.logger;
      if (background.health ?? true) {
        health.start();
        stops.push(() => health.stop());
      }
      if (background.delivery ?? config.runWorker) {
        const worker = startDeliveryWorker({
          db,
          config,
          clock,
          secretBox: deps.webhookSecretBox,
          logger: background.logger,
          organizationIds: background.organizationIds,
        });
        stops.push(() => worker.stop());
      }
      if (background.jobs ?? config.runWorker) {
        // Periodic jobs exist once (dedupe key) whatever the number of instances.
        const now = clock.now();
        for (const kind of background.purges === false ? [] : [REQUEST_LOG_PURGE_JOB, JOBS_PURGE_JOB])
          void enqueueJob(db.db, { kind, runAt: now, dedupeKey: kind }, now).catch((err: unknown) =>
            background.logger.warn({ err, kind }, 'could not schedule a periodic purge'),
          );
        runner.start();
        stops.push(() => runner.stop());
      }
      if (!redis && db.kind === 'postgres') {
        // Instances sharing a PostgreSQL without Redis hear of revoked and rolled keys by polling (product.md §15:
        // refused within 1 second on every instance). The embedded database has one process: in-process suffices.
        const poll = setInterval(() => {
          void recentlyChangedKeyIds(db.db)
            .then((ids) => ids.length > 0 && deps.keyRevocations?.hear({ ids }))
            .catch(() => undefined);
        }, 500);
        poll.unref();
        stops.push(() => clearInterval(poll));
      }
      const requestLogs = deps.requestLogs;
      if (requestLogs) {
        requestLogs.start();
        stops.push(() => requestLogs.stop());
      }
      const clocks = deps.sandboxClocks;
      if (clocks) {
        // Other instances' advances reach this one within a second (what is due never waits on this: runners
        // read the offsets from the table when they claim).
        const refresh = setInterval(() => void clocks.refresh().catch(() => undefined), 1000);
        refresh.unref();
        stops.push(() => clearInterval(refresh));
      }
    },
    async close() {
      // Background work stops first (it may still write), newest first.
      for (const stop of stops.splice(0).reverse()) await stop();
      await deps.keyRevocations?.close();
      await detachSignals?.();
      await vault?.close();
      await qrImages.close();
      await providerCalls.close();
      await redis?.quit().catch(() => undefined);
      await reads.close();
      await db.close();
    },
  };
}

/** Random secrets for tools and tests that must not touch DATA_DIR. */
export function ephemeralSecrets(): Secrets {
  return { platformAdminKey: generateApiKey('PLATFORM'), jwtSecret: randomBytes(32).toString('hex') };
}

function connectRedis(url: string): Redis {
  // Fail fast while Redis is down: the rate limiter then uses its in-memory insurance pools.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
  redis.on('error', () => {});
  return redis;
}
