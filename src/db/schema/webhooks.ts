import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const WEBHOOK_MESSAGE_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookMessageStatus = (typeof WEBHOOK_MESSAGE_STATUSES)[number];

export const webhookMessages = pgTable('webhook_messages', {
  eventId: uuid('event_id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  companyId: uuid('company_id').notNull(),
  type: text('type').notNull(),
  status: text('status').$type<WebhookMessageStatus>().notNull(),
  attemptCount: integer('attempt_count').notNull(),
  nextAttemptAt: ts('next_attempt_at'),
  lockedUntil: ts('locked_until'),
  leaseToken: uuid('lease_token'),
  deliveredAt: ts('delivered_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const webhookAttempts = pgTable('webhook_attempts', {
  id: uuid('id').primaryKey(),
  eventId: uuid('event_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  companyId: uuid('company_id').notNull(),
  at: ts('at').notNull(),
  url: text('url').notNull(),
  statusCode: integer('status_code'),
  durationMs: integer('duration_ms').notNull(),
  error: text('error'),
  succeeded: boolean('succeeded').notNull(),
});

export type WebhookMessageRow = typeof webhookMessages.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
