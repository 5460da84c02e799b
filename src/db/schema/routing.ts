import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const routingConfigurations = pgTable(
  'routing_configurations',
  {
    organizationId: uuid('organization_id').notNull(),
    version: integer('version').notNull(),
    seed: text('seed').notNull(),
    rules: jsonb('rules').$type<unknown[]>().notNull(),
    defaultProviders: jsonb('default_providers').$type<string[]>().notNull(),
    failover: jsonb('failover')
      .$type<{ enabled: boolean; max_attempts: number; on_generic_decline: boolean }>()
      .notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.version] })],
);

export type RoutingConfigurationRow = typeof routingConfigurations.$inferSelect;

export const routingOutcomes = pgTable('routing_outcomes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  organizationId: uuid('organization_id').notNull(),
  provider: text('provider').notNull(),
  providerAccountId: uuid('provider_account_id'),
  paymentMethod: text('payment_method').notNull(),
  success: boolean('success').notNull(),
  latencyMs: integer('latency_ms'),
  recordedAt: ts('recorded_at').notNull(),
});

/** R6.11: each provider call's latency per account (the newest 100 give an account's p50 and p95). */
export const providerCallLatencies = pgTable('provider_call_latencies', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  provider: text('provider').notNull(),
  operation: text('operation').notNull(),
  latencyMs: integer('latency_ms').notNull(),
  technicalFailure: boolean('technical_failure').notNull(),
  calledAt: ts('called_at').notNull(),
});
