import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id'),
  kind: text('kind').$type<'ORGANIZATION' | 'MERCHANT'>().notNull(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  documentNumber: text('document_number').notNull(),
  documentType: text('document_type').$type<'CPF' | 'CNPJ'>().notNull(),
  documentTaxType: text('document_tax_type').$type<'PF' | 'PJ' | 'MEI' | 'ME'>().notNull(),
  status: text('status').$type<'PENDING_ACTIVATION' | 'ACTIVE' | 'INACTIVE' | 'BLOCKED'>().notNull(),
  contact: jsonb('contact').$type<Record<string, unknown>>().notNull(),
  address: jsonb('address').$type<Record<string, unknown>>().notNull(),
  transferConfigurations: jsonb('transfer_configurations').$type<Record<string, unknown> | null>(),
  /** Merchants only (0575, money.md M4): `{ automatic_enabled, delay_days }`, null = the defaults (off, 1). */
  anticipationConfigurations: jsonb('anticipation_configurations').$type<{
    automatic_enabled: boolean;
    delay_days: number;
  } | null>(),
  companyLogoUrl: text('company_logo_url'),
  websiteUrl: text('website_url'),
  webhookEnabled: boolean('webhook_enabled').notNull(),
  kycEnabled: boolean('kyc_enabled'),
  shareDocuments: boolean('share_documents').notNull(),
  companyOnboardingEnabled: boolean('company_onboarding_enabled').notNull(),
  declaredRevenue: bigint('declared_revenue', { mode: 'number' }).notNull(),
  /** Merchants only (0560): the merchant's own fee policy (money.md M1). */
  feePolicyId: uuid('fee_policy_id'),
  /** Organizations only (0560): the policy of merchants that have none of their own. */
  defaultFeePolicyId: uuid('default_fee_policy_id'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  /** The owning organization (itself for an organization's key), 0610: reach is one condition. */
  organizationId: uuid('organization_id').notNull(),
  kind: text('kind').$type<'ORGANIZATION' | 'MERCHANT'>().notNull(),
  keyHash: text('key_hash').notNull(),
  keyPrefix: text('key_prefix').notNull(),
  description: text('description'),
  /** The key's last four characters (null for keys created before 0610). */
  last4: text('last4'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** After this instant the key answers 401 (set by create, or by a roll's grace period). */
  expiresAt: ts('expires_at'),
  revokedAt: ts('revoked_at'),
  /** Database time of the last revocation or roll (0610): instances without Redis poll it (key-revocations.ts). */
  changedAt: ts('changed_at'),
});

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: uuid('company_id').notNull(),
    scope: text('scope').notNull(),
    requestId: text('request_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    resourceId: uuid('resource_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** STARTED while a provider call is under way (0520); DONE once the resource is recorded. */
    phase: text('phase').$type<'STARTED' | 'DONE'>().notNull().default('DONE'),
    lockedUntil: ts('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.scope, t.requestId] })],
);

export const events = pgTable('events', {
  id: uuid('id').primaryKey(),
  type: text('type').notNull(),
  version: integer('version').notNull(),
  source: text('source').notNull(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  correlationId: text('correlation_id').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  occurredAt: ts('occurred_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// webhook_endpoints: src/db/schema/webhooks.ts (self-service endpoints, product.md §15).

export type CompanyRow = typeof companies.$inferSelect;
export type EventRow = typeof events.$inferSelect;
