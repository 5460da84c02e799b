import type { Config } from './config.js';
import type { DbHandle } from './db/client.js';
import type { ReadDatabases } from './db/read-routing.js';
import type { ProviderRegistry } from './providers/registry.js';
import type { HealthMonitor } from './providers/health-monitor.js';
import type { FileStore } from './modules/onboarding/file-store.js';
import type { BearerAuthenticator } from './http/auth.js';
import type { RateLimiter } from './http/rate-limit.js';
import type { KeyRevocations } from './http/key-revocations.js';
import type { AuthServices } from './modules/auth/services.js';
import type { Clock } from './kernel/clock.js';
import type { StoredCardNumbers, VaultHandle } from './kernel/encryption-keys.js';
import type { SandboxClocks } from './jobs/sandbox-clock.js';
import type { SecretBox } from './crypto/secret-box.js';
import type { CredentialSealer } from './kernel/provider-credentials.js';
import type { CredentialsChecker } from './modules/provider-accounts/credentials-check.js';
import type { QrImages } from './modules/payments/index.js';
import type { RequestLogRecorder } from './modules/request-logs/request-logs.recorder.js';
import type { ProviderCallLog } from './modules/provider-accounts/provider-calls.js';

/**
 * The dependency bag the apps and their route plugins are handed (types only: areas import this file, never
 * `app.ts` or the composition root). `buildDependencies` (src/composition.ts) fills it; routes pass the
 * pieces a service needs explicitly (services never read this bag).
 */
export interface AppDeps {
  config: Config;
  db: DbHandle;
  /** Lag-tolerant reads (lists, reports, balances at an instant): the replica of DATABASE_READ_URL, else the primary. */
  reads?: ReadDatabases;
  providers: ProviderRegistry;
  health: HealthMonitor;
  /** The only source of "now": `clock.now(organizationId)` for an organization's resources (its sandbox test clock), `clock.now()` for real time. */
  clock: Clock;
  /** The sandbox test clocks (money.md M7); absent in production, where no clock moves. */
  sandboxClocks?: SandboxClocks;
  /** The platform staff key in force (configured, or the sandbox's generated one). */
  platformKey?: string;
  rateLimiter?: RateLimiter;
  /** Tells every instance's API key cache to forget revoked and rolled keys (Redis pub/sub, else in-process). */
  keyRevocations?: KeyRevocations;
  bearer?: BearerAuthenticator;
  /** Load-shedding thresholds (tests lower them to provoke a 503). */
  pressure?: { maxEventLoopDelayMs?: number; sampleIntervalMs?: number; startupGraceMs?: number };
  /** Users, auth and zipcodes (`createAuthServices`); its `bearer` verifies JWTs unless `bearer` is given. */
  auth?: AuthServices;
  /** HMAC secret of webhook dashboard links; shared by all instances (absent: a per-process one). */
  webhookDashboardSecret?: string;
  /** Seals webhook signing secrets at rest (AES-256-GCM; key derived from JWT_SECRET, see composition.ts). */
  webhookSecretBox: SecretBox;
  /** Seals provider credentials at rest (providers.md R1.4); only src/vault/provider-credentials.ts opens them. */
  providerCredentials: CredentialSealer;
  /** Opens an account's credential sets for inbound webhook checks (R4.2); built by the composition root over the vault. */
  providerWebhookSecrets?: import('./modules/provider-webhooks/index.js').WebhookSecrets;
  /** Checks an account's credentials with its provider (R1.4); absent: SANDBOX OK, the others NOT_CHECKED. */
  providerCredentialsChecker?: CredentialsChecker;
  /** Onboarding document bytes; default: local disk under DATA_DIR/files. */
  fileStore?: FileStore;
  /** HMAC secret of document download links (server.ts persists one); default: random per process. */
  documentUrlSecret?: string;
  /** Signs the 3DS challenge page's one-time tokens; shared by all instances (absent: a per-process one). */
  threeDsChallengeSecret?: string;
  /** The card-data keys (payments.md P6): an opaque handle; only the vault's allowed importers decrypt with it. */
  vault?: VaultHandle;
  /** Checks and re-encrypts stored card numbers through the vault (the port of src/kernel/encryption-keys.ts). */
  storedCardNumbers?: StoredCardNumbers;
  /** Draws PIX QR codes (in process, or in a thread beside the request thread with OFFLOAD_THREADS). */
  qrImages: QrImages;
  /** Keeps the request logs (GET /v1/request-logs), written in batches off the request path. */
  requestLogs?: RequestLogRecorder;
  /** Every provider call's latency and its count for the circuit breaker (providers.md R6.11). */
  providerCalls?: ProviderCallLog;
}
