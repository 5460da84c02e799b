import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Provider operations (migration 0650_provider_operations.sql, src/kernel/provider-operation.ts).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type ProviderOperationStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'RELEASED';

export const providerOperations = pgTable('provider_operations', {
  /** The provider's idempotency key. */
  id: uuid('id').primaryKey(),
  /** The handler that knows how to call, replay and record it, e.g. `transaction.capture`. */
  kind: text('kind').notNull(),
  resourceType: text('resource_type').notNull(),
  resourceId: uuid('resource_id').notNull(),
  organizationId: uuid('organization_id'),
  companyId: uuid('company_id'),
  provider: text('provider').notNull(),
  status: text('status').$type<ProviderOperationStatus>().notNull(),
  attempts: integer('attempts').notNull(),
  /** What the call sends besides the key (never card data): the recovery job replays exactly this. */
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  fingerprint: text('fingerprint').notNull(),
  /** What the provider answered, or why the operation ended without an answer. */
  outcome: jsonb('outcome').$type<Record<string, unknown> | null>(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  finishedAt: ts('finished_at'),
});
export type ProviderOperationRow = typeof providerOperations.$inferSelect;
