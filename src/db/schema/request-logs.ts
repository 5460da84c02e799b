import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const requestLogs = pgTable('request_logs', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  companyId: uuid('company_id').notNull(),
  apiKeyId: text('api_key_id'),
  userId: uuid('user_id'),
  source: text('source').notNull(),
  ip: text('ip'),
  method: text('method').notNull(),
  path: text('path').notNull(),
  status: integer('status').notNull(),
  errorCode: text('error_code'),
  durationMs: integer('duration_ms').notNull(),
  requestId: text('request_id').notNull(),
  idempotencyKey: text('idempotency_key'),
  replayed: boolean('replayed').notNull(),
  bodySummary: jsonb('body_summary').$type<{ fields: string[]; bytes: number } | null>(),
  createdAt: ts('created_at').notNull(),
});

export type RequestLogRow = typeof requestLogs.$inferSelect;
