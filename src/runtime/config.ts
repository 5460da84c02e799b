import { z } from 'zod';

/** Environment, validated once at start. Every variable is optional in the sandbox (product.md §1). */
const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

const envSchema = z.object({
  APP_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port(8443),
  PCI_PORT: port(8444),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** A streaming replica for lag-tolerant reads (lists, reports, balances at an instant): docs/deployment.md. */
  DATABASE_READ_URL: z.string().url().optional(),
  /** After a caller's write, its reads stay on the primary this long (above the replica's worst lag). */
  DATABASE_READ_AFTER_WRITE_MS: z.coerce.number().int().min(0).default(5000),
  REDIS_URL: z.string().url().optional(),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx): TrustProxy => {
      const v = (raw ?? 'false').trim();
      if (v === 'false' || v === '0' || v === '') return false;
      if (v === 'true') return 1;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      if (list.length === 0 || list.some((p) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(p))) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be false, true, a hop count or a comma-separated list of proxy addresses/CIDRs',
        });
        return z.NEVER;
      }
      return list;
    }),
  PUBLIC_BASE_URL: z.string().url().optional(),
  PLATFORM_ADMIN_KEY: z.string().min(32).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  /** The JWT_SECRET before a change: what was sealed at rest under it still opens and is re-sealed at startup. */
  JWT_SECRET_PREVIOUS: z.string().min(32).optional(),
  ENCRYPTION_KEYS_FILE: z.string().min(1).optional(),
  /** Seals provider credentials at rest (providers.md R1.4); generated into DATA_DIR in the sandbox. */
  PROVIDER_CREDENTIALS_KEY: z.string().min(32).optional(),
  /** The key before a change: sets sealed under it still open and are re-sealed at startup. */
  PROVIDER_CREDENTIALS_KEY_PREVIOUS: z.string().min(32).optional(),
  RATE_LIMIT_STANDARD_RPS: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_HIGH_RPS: z.coerce.number().int().min(1).default(1000),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('0,5,300,1800,7200,18000,36000,86400')
    .transform((s, ctx) => {
      const delays = s.split(',').map((part) => Number(part.trim()));
      if (delays.length === 0 || delays.some((d) => !Number.isInteger(d) || d < 0)) {
        ctx.addIssue({ code: 'custom', message: 'must be comma-separated whole seconds' });
        return z.NEVER;
      }
      return delays;
    }),
  /** CPU work (the vault's ECDH, PIX QR codes) in threads beside the request thread (docs/decisions/offloading.md). */
  OFFLOAD_THREADS: booleanFlag(true),
  SANDBOX_AUTOPILOT: booleanFlag(true),
  SANDBOX_AUTOPILOT_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Fault drills: faults the sandbox provider starts with (src/providers/sandbox/faults.ts). */
  SANDBOX_PROVIDER_FAULTS: z.string().optional(),
  ZIPCODE_SERVICE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines when stdout is a terminal, JSON otherwise (log collectors read JSON). */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Payment Platform <no-reply@localhost>'),
  PROVIDER_HEALTH_INTERVAL_MS: z.coerce.number().int().min(100).default(15000),
  RUN_WORKER: booleanFlag(true),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** The load guard sheds API requests (503) past this mean event-loop delay; 0 turns it off (docs/decisions.md). */
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * Crash-recovery waits (docs/decisions/testing.md): how long a request_id claim stays in progress, how long a
   * provider call may still be running before the recovery job repeats it, when a committed refund is handed to
   * its provider by its recovery point. 30 s each; the fault tests lower them so a lapse takes seconds.
   */
  REQUEST_CLAIM_LEASE_MS: z.coerce.number().int().min(100).default(30_000),
  /** Serialize every response both ways (compiled writer and Zod) and fail on a difference (src/http/serializer.ts). */
  VERIFY_RESPONSE_SERIALIZERS: booleanFlag(false),
  PROVIDER_IN_FLIGHT_GRACE_MS: z.coerce.number().int().min(100).default(30_000),
  REFUND_RECOVERY_AFTER_MS: z.coerce.number().int().min(100).default(30_000),
});

export type Env = z.infer<typeof envSchema>;

/**
 * Which proxies are believed (product.md §14): none, a hop count (`true` is one hop), or a list of proxy
 * addresses/CIDRs. Never "any X-Forwarded-For".
 */
export type TrustProxy = false | number | string[];

export interface Config {
  env: 'sandbox' | 'production';
  /** Tests: every response serialized by the compiled writer and by Zod, a difference an error. */
  verifyResponseSerializers: boolean;
  host: string;
  port: number;
  pciPort: number;
  dataDir: string;
  databaseUrl?: string;
  databaseReadUrl?: string;
  databaseReadAfterWriteMs: number;
  redisUrl?: string;
  tls?: { certFile: string; keyFile: string };
  /** `true` (tests) means one hop. */
  trustProxy: TrustProxy | true;
  publicBaseUrl?: string;
  platformAdminKey?: string;
  jwtSecret?: string;
  /** JWT_SECRET_PREVIOUS: only opens secrets sealed at rest under keys derived from it (tokens it signed end). */
  jwtSecretPrevious?: string;
  /** Card-data private keys (payments.md P6); sandbox default DATA_DIR/encryption-keys.json, generated. */
  encryptionKeysFile?: string;
  /** PROVIDER_CREDENTIALS_KEY (required in production) and the one before a change. */
  providerCredentialsKey?: string;
  providerCredentialsKeyPrevious?: string;
  rateLimits: { standardRps: number; highRps: number };
  webhookRetrySchedule: number[];
  /** CPU work (the vault's ECDH, PIX QR codes) in threads beside the request thread. */
  offloadThreads: boolean;
  sandboxAutopilot: boolean;
  /** Delay between the autopilot's status reports (each step). */
  sandboxAutopilotDelayMs: number;
  /** `operation:kind[:times[:code]]`, comma-separated; sandbox only (ignored in production). */
  sandboxProviderFaults?: string;
  zipcodeServiceUrl?: string;
  logLevel: Env['LOG_LEVEL'];
  logFormat: 'pretty' | 'json';
  smtpUrl?: string;
  mailFrom: string;
  providerHealthIntervalMs: number;
  runWorker: boolean;
  /** A request (headers and body) must arrive within this time, or the connection gets 408 and closes. */
  requestTimeoutMs: number;
  /** Mean event-loop delay past which the load guard sheds API requests; 0: never. */
  loadShedEventLoopDelayMs?: number;
  /** Crash-recovery waits (defaults 30 s; REQUEST_CLAIM_LEASE_MS, PROVIDER_IN_FLIGHT_GRACE_MS, REFUND_RECOVERY_AFTER_MS). */
  recovery: RecoveryTimings;
}

export interface RecoveryTimings {
  /** A request_id claim's lease: a retry takes a crashed request's claim over after it (kernel/idempotency.ts). */
  requestLeaseMs: number;
  /** No recovery of a provider operation with no completed call before this (kernel/provider-operation.rules.ts). */
  inFlightGraceMs: number;
  /** A committed refund's recovery point: submitted to its provider by then if its request died. */
  refundRecoveryAfterMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (VAR= in a shell or a compose file).
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.TLS_CERT_FILE === undefined) !== (e.TLS_KEY_FILE === undefined)) {
    throw new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  }
  const config: Config = {
    env: e.APP_ENV,
    verifyResponseSerializers: e.VERIFY_RESPONSE_SERIALIZERS,
    host: e.HOST,
    port: e.PORT,
    pciPort: e.PCI_PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadAfterWriteMs: e.DATABASE_READ_AFTER_WRITE_MS,
    redisUrl: e.REDIS_URL,
    tls: e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: e.TLS_CERT_FILE, keyFile: e.TLS_KEY_FILE } : undefined,
    trustProxy: e.TRUST_PROXY,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    platformAdminKey: e.PLATFORM_ADMIN_KEY,
    jwtSecret: e.JWT_SECRET,
    jwtSecretPrevious: e.JWT_SECRET_PREVIOUS,
    encryptionKeysFile: e.ENCRYPTION_KEYS_FILE,
    providerCredentialsKey: e.PROVIDER_CREDENTIALS_KEY,
    providerCredentialsKeyPrevious: e.PROVIDER_CREDENTIALS_KEY_PREVIOUS,
    rateLimits: { standardRps: e.RATE_LIMIT_STANDARD_RPS, highRps: e.RATE_LIMIT_HIGH_RPS },
    webhookRetrySchedule: e.WEBHOOK_RETRY_SCHEDULE,
    offloadThreads: e.OFFLOAD_THREADS,
    sandboxAutopilot: e.SANDBOX_AUTOPILOT,
    sandboxAutopilotDelayMs: e.SANDBOX_AUTOPILOT_DELAY_MS,
    sandboxProviderFaults: e.APP_ENV === 'sandbox' ? e.SANDBOX_PROVIDER_FAULTS : undefined,
    zipcodeServiceUrl: e.ZIPCODE_SERVICE_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' ? (process.stdout.isTTY ? 'pretty' : 'json') : e.LOG_FORMAT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    providerHealthIntervalMs: e.PROVIDER_HEALTH_INTERVAL_MS,
    runWorker: e.RUN_WORKER,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    loadShedEventLoopDelayMs: e.LOAD_SHED_EVENT_LOOP_DELAY_MS,
    recovery: {
      requestLeaseMs: e.REQUEST_CLAIM_LEASE_MS,
      inFlightGraceMs: e.PROVIDER_IN_FLIGHT_GRACE_MS,
      refundRecoveryAfterMs: e.REFUND_RECOVERY_AFTER_MS,
    },
  };
  if (config.env === 'production') assertProductionReady(config);
  return config;
}

/** Production never falls back to generated secrets or plain HTTP (product.md §1). */
function assertProductionReady(config: Config): void {
  const missing: string[] = [];
  if (!config.platformAdminKey) missing.push('PLATFORM_ADMIN_KEY');
  if (!config.jwtSecret) missing.push('JWT_SECRET');
  if (!config.encryptionKeysFile) missing.push('ENCRYPTION_KEYS_FILE');
  if (!config.providerCredentialsKey) missing.push('PROVIDER_CREDENTIALS_KEY');
  if (!config.publicBaseUrl) missing.push('PUBLIC_BASE_URL');
  if (!config.tls && !config.trustProxy) missing.push('TLS_CERT_FILE and TLS_KEY_FILE (or TRUST_PROXY=true)');
  if (missing.length > 0) {
    throw new ConfigError(`APP_ENV=production refuses to start without: ${missing.join(', ')}`);
  }
}

/** A config for tests and tools: sandbox defaults plus overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent' }), verifyResponseSerializers: true, ...overrides };
}
