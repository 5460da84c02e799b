import { z } from 'zod';
import { commaList, listQuery } from '../../http/pagination.js';
import { requestIdField, timestamp, upperEnum, uuid } from '../../http/schemas.js';
import {
  ACCOUNT_ENVIRONMENTS,
  ACCOUNT_STATUSES,
  CIRCUIT_STATES,
  CONNECTORS,
  CREDENTIALS_CHECK_STATUSES,
  ORGANIZATION_ACCESS,
  WEBHOOK_REGISTRATIONS,
} from '../../db/schema/provider-accounts.js';
import { MAX_GRACE_SECONDS, PROVIDER_NAME } from './provider-accounts.rules.js';

/** providers.md R1: request and response shapes. Per-connector settings and credentials: connector-input.ts. */

const providerName = () =>
  z
    .string()
    .max(64)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(PROVIDER_NAME, 'provider must match ^[A-Z][A-Z0-9_]{2,31}$ (any case)'));

const displayName = () => z.string().trim().min(1).max(100);
const baseUrl = () =>
  z
    .string()
    .max(2048)
    .nullable()
    .describe("Where the connector's requests go (R1.3): https; null for SANDBOX; Adyen's default when absent");
const settingsField = () =>
  z
    .record(z.string(), z.unknown())
    .describe(
      "The connector's non-secret settings (R1.3), strict per connector: SANDBOX `{}`; ADYEN_CHECKOUT `live_url_prefix`, `default_merchant_account`, `payment_facilitator`; PIX_API_BCB `token_url`, `scopes`, `default_chave`, `register_webhooks`",
    );
const credentialsField = () =>
  z
    .record(z.string(), z.unknown())
    .describe(
      'Write-only (R1.4), strict per connector: SANDBOX `webhook_secret`; ADYEN_CHECKOUT `api_key`, `hmac_key`, `basic_auth`; PIX_API_BCB `client_id`, `client_secret`, `client_certificate_pem`, `client_private_key_pem`, `webhook_client_ca_pem`. Never returned.',
    );
const organizationIds = () => z.array(uuid()).max(1000);
const timeoutMs = () => z.int().min(1000).max(30000);
const circuitBreakerInput = () =>
  z.strictObject({
    failure_threshold: z.int().min(1).max(100).optional(),
    cooldown_seconds: z.int().min(1).max(3600).optional(),
  });

export const createAccountBody = z.strictObject({
  request_id: requestIdField(),
  provider: providerName(),
  display_name: displayName(),
  connector: upperEnum(CONNECTORS),
  environment: upperEnum(ACCOUNT_ENVIRONMENTS),
  base_url: baseUrl().optional(),
  settings: settingsField().optional(),
  credentials: credentialsField().optional(),
  organization_access: upperEnum(ORGANIZATION_ACCESS).optional(),
  organization_ids: organizationIds().optional(),
  timeout_ms: timeoutMs().optional(),
  circuit_breaker: circuitBreakerInput().optional(),
});
export type CreateAccountInput = z.output<typeof createAccountBody>;

/** At least one field (checked by the service, so an unknown field alone is reported as just that). */
export const patchAccountBody = z.strictObject({
  display_name: displayName().optional(),
  base_url: baseUrl().optional(),
  settings: settingsField().optional(),
  organization_access: upperEnum(ORGANIZATION_ACCESS).optional(),
  organization_ids: organizationIds().optional(),
  timeout_ms: timeoutMs().optional(),
  circuit_breaker: circuitBreakerInput().optional(),
});
export type PatchAccountInput = z.output<typeof patchAccountBody>;

export const disableBody = z.strictObject({ reason: z.string().trim().min(1).max(500).optional() }).nullish();

export const rotateCredentialsBody = z.strictObject({
  credentials: credentialsField(),
  grace_seconds: z
    .int()
    .min(0)
    .max(MAX_GRACE_SECONDS)
    .optional()
    .describe('How long the previous set still verifies inbound calls [86400]'),
});

export const circuitBody = z.strictObject({ state: upperEnum(['OPEN', 'CLOSED'] as const) });

const upperList = () =>
  z
    .string()
    .max(2000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    );

export const staffListQuery = listQuery({
  sort: ['provider'],
  statuses: ACCOUNT_STATUSES,
  extra: {
    provider: upperList().optional(),
    connector: commaList(CONNECTORS, { signed: false }).optional(),
    environment: commaList(ACCOUNT_ENVIRONMENTS, { signed: false }).optional(),
    built_in: z.enum(['true', 'false']).optional(),
  },
});

export const organizationListQuery = listQuery({
  sort: ['provider'],
  statuses: ACCOUNT_STATUSES,
  extra: { connector: commaList(CONNECTORS, { signed: false }).optional() },
});

export const capabilitiesSchema = z.object({
  payment_methods: z.array(z.enum(['CREDIT_CARD', 'DEBIT_CARD', 'PIX'])),
  card_brands: z.array(z.string()),
  max_installments: z.int().nullable(),
  capture_modes: z.array(z.enum(['AUTOMATIC', 'MANUAL'])),
  partial_capture: z.boolean(),
  refunds: z.object({ partial: z.boolean(), multiple: z.boolean() }),
  three_ds_sessions: z.boolean(),
  external_three_ds: z.boolean(),
  network_tokens: z.boolean(),
  pix_due_date: z.boolean(),
  banking: z.boolean(),
  company_onboarding: z.boolean(),
});

const credentialsView = z.object({
  fingerprint: z.string().describe('`sha256:` + 16 hex digits over the set as sent'),
  version: z.int(),
  set_at: timestamp(),
  previous_valid_until: timestamp().nullable().describe('Until when the previous set still verifies inbound calls'),
  fields: z
    .record(z.string(), z.record(z.string(), z.unknown()))
    .describe(
      'Per credential given: `{ last4 }`, `{ username_last4, password_last4 }`, `{ subject, not_after, sha256 }` or `{ present: true }`',
    ),
});

export const healthSchema = z.object({
  circuit_state: z.enum(CIRCUIT_STATES),
  consecutive_failures: z.int(),
  opened_at: timestamp().nullable(),
  next_probe_at: timestamp().nullable(),
  probe_in_flight: z.boolean(),
  last_success_at: timestamp().nullable(),
  last_failure_at: timestamp().nullable(),
  last_failure_code: z.string().nullable(),
  latency_ms_p50: z.int().nullable(),
  latency_ms_p95: z.int().nullable(),
  credentials_check: z.object({
    status: z.enum(CREDENTIALS_CHECK_STATUSES),
    checked_at: timestamp().nullable(),
    error: z.string().nullable(),
  }),
});

export const providerAccountSchema = z.object({
  id: z.string(),
  provider: z.string(),
  display_name: z.string(),
  connector: z.enum(CONNECTORS),
  environment: z.enum(ACCOUNT_ENVIRONMENTS),
  base_url: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  credentials: credentialsView.nullable(),
  capabilities: capabilitiesSchema,
  status: z.enum(ACCOUNT_STATUSES),
  disabled_reason: z.string().nullable(),
  built_in: z.boolean(),
  organization_access: z.enum(ORGANIZATION_ACCESS),
  organization_ids: z.array(z.string()),
  timeout_ms: z.int(),
  circuit_breaker: z.object({ failure_threshold: z.int(), cooldown_seconds: z.int() }),
  webhook: z.object({
    url: z.string(),
    registration: z.enum(WEBHOOK_REGISTRATIONS),
    registered_keys: z.array(z.string()),
    last_error: z.string().nullable(),
    updated_at: timestamp().nullable(),
  }),
  health: healthSchema,
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type ProviderAccountView = z.infer<typeof providerAccountSchema>;

/** R1.6: all an organization sees of an account it may use. */
export const organizationAccountSchema = z.object({
  id: z.string(),
  provider: z.string(),
  display_name: z.string(),
  connector: z.enum(CONNECTORS),
  environment: z.enum(ACCOUNT_ENVIRONMENTS),
  status: z.enum(ACCOUNT_STATUSES),
  capabilities: capabilitiesSchema,
  circuit_state: z.enum(CIRCUIT_STATES),
});
