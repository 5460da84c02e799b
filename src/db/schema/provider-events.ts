import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const PROVIDER_EVENT_STATUSES = ['PENDING', 'PROCESSED', 'UNMATCHED', 'IGNORED', 'FAILED'] as const;
export type ProviderEventStatus = (typeof PROVIDER_EVENT_STATUSES)[number];
export const PROVIDER_EVENT_EFFECTS = ['APPLIED', 'NO_CHANGE', 'CONFLICT', 'VOIDED_ORPHAN', 'NOT_HANDLED'] as const;
export type ProviderEventEffect = (typeof PROVIDER_EVENT_EFFECTS)[number];
export const PROVIDER_EVENT_RESOURCES = [
  'TRANSACTION',
  'REFUND',
  'DISPUTE',
  'THREE_DS_SESSION',
  'CASHOUT',
  'INTERNAL_TRANSFER',
] as const;
export type ProviderEventResource = (typeof PROVIDER_EVENT_RESOURCES)[number];

/** providers.md R4.4-R4.6 (migration 0760). */
export const providerEvents = pgTable('provider_events', {
  id: uuid('id').primaryKey(),
  providerAccountId: uuid('provider_account_id').notNull(),
  provider: text('provider').notNull(),
  connector: text('connector').notNull(),
  dedupeKey: text('dedupe_key').notNull(),
  providerEventId: text('provider_event_id').notNull(),
  eventType: text('event_type').notNull(),
  success: boolean('success'),
  occurredAt: ts('occurred_at'),
  status: text('status').$type<ProviderEventStatus>().notNull(),
  effect: text('effect').$type<ProviderEventEffect | null>(),
  resourceType: text('resource_type').$type<ProviderEventResource | null>(),
  resourceId: uuid('resource_id'),
  organizationId: uuid('organization_id'),
  detail: text('detail'),
  tries: integer('tries').notNull(),
  nextAttemptAt: ts('next_attempt_at'),
  lastError: text('last_error'),
  duplicates: integer('duplicates').notNull(),
  fact: jsonb('fact').$type<Record<string, unknown>>().notNull(),
  raw: jsonb('raw').$type<Record<string, unknown>>().notNull(),
  headers: jsonb('headers').$type<Record<string, string>>().notNull(),
  receivedSeq: bigint('received_seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  createdAt: ts('created_at').notNull(),
  processedAt: ts('processed_at'),
  updatedAt: ts('updated_at').notNull(),
});
export type ProviderEventRow = typeof providerEvents.$inferSelect;
export type NewProviderEventRow = typeof providerEvents.$inferInsert;
