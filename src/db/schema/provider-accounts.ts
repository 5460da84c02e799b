import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const CONNECTORS = ['SANDBOX', 'ADYEN_CHECKOUT', 'PIX_API_BCB'] as const;
export type Connector = (typeof CONNECTORS)[number];
export const ACCOUNT_ENVIRONMENTS = ['TEST', 'LIVE'] as const;
export type AccountEnvironment = (typeof ACCOUNT_ENVIRONMENTS)[number];
export const ACCOUNT_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const ORGANIZATION_ACCESS = ['ALL', 'SELECTED'] as const;
export type OrganizationAccess = (typeof ORGANIZATION_ACCESS)[number];
export const WEBHOOK_REGISTRATIONS = ['NOT_APPLICABLE', 'MANUAL', 'PENDING', 'REGISTERED', 'FAILED'] as const;
export type WebhookRegistration = (typeof WEBHOOK_REGISTRATIONS)[number];
export const CIRCUIT_STATES = ['CLOSED', 'OPEN', 'HALF_OPEN'] as const;
export type CircuitState = (typeof CIRCUIT_STATES)[number];
export const CREDENTIALS_CHECK_STATUSES = ['OK', 'FAILED', 'NOT_CHECKED'] as const;
export type CredentialsCheckStatus = (typeof CREDENTIALS_CHECK_STATUSES)[number];

/** providers.md R1 (migration 0700). */
export const providerAccounts = pgTable('provider_accounts', {
  id: uuid('id').primaryKey(),
  provider: text('provider').notNull(),
  displayName: text('display_name').notNull(),
  connector: text('connector').$type<Connector>().notNull(),
  environment: text('environment').$type<AccountEnvironment>().notNull(),
  baseUrl: text('base_url'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  status: text('status').$type<AccountStatus>().notNull(),
  disabledReason: text('disabled_reason'),
  builtIn: boolean('built_in').notNull(),
  initialStatusPending: boolean('initial_status_pending').notNull(),
  organizationAccess: text('organization_access').$type<OrganizationAccess>().notNull(),
  organizationIds: uuid('organization_ids').array().notNull(),
  timeoutMs: integer('timeout_ms').notNull(),
  circuitFailureThreshold: integer('circuit_failure_threshold').notNull(),
  circuitCooldownSeconds: integer('circuit_cooldown_seconds').notNull(),
  webhookRegistration: text('webhook_registration').$type<WebhookRegistration>().notNull(),
  registeredKeys: text('registered_keys').array().notNull(),
  webhookLastError: text('webhook_last_error'),
  webhookUpdatedAt: ts('webhook_updated_at'),
  circuitState: text('circuit_state').$type<CircuitState>().notNull(),
  consecutiveFailures: integer('consecutive_failures').notNull(),
  openedAt: ts('opened_at'),
  nextProbeAt: ts('next_probe_at'),
  probeInFlight: boolean('probe_in_flight').notNull(),
  probeClaimedAt: ts('probe_claimed_at'),
  lastSuccessAt: ts('last_success_at'),
  lastFailureAt: ts('last_failure_at'),
  lastFailureCode: text('last_failure_code'),
  credentialsCheckStatus: text('credentials_check_status').$type<CredentialsCheckStatus>().notNull(),
  credentialsCheckedAt: ts('credentials_checked_at'),
  credentialsCheckError: text('credentials_check_error'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** One row per credentials version; `sealed` opens only through src/vault/provider-credentials.ts. */
export const providerAccountCredentials = pgTable(
  'provider_account_credentials',
  {
    accountId: uuid('account_id').notNull(),
    version: integer('version').notNull(),
    sealed: text('sealed').notNull(),
    fingerprint: text('fingerprint').notNull(),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    webhookToken: text('webhook_token'),
    setAt: ts('set_at').notNull(),
    validUntil: ts('valid_until'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.version] })],
);

export type ProviderAccountRow = typeof providerAccounts.$inferSelect;
export type ProviderAccountCredentialsRow = typeof providerAccountCredentials.$inferSelect;
