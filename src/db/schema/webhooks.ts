import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const WEBHOOK_MESSAGE_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookMessageStatus = (typeof WEBHOOK_MESSAGE_STATUSES)[number];

/** product.md §15: up to 10 per organization; `STAFF` is the one platform support sets (§4). Soft-deleted. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  origin: text('origin').$type<'API' | 'STAFF'>().notNull(),
  url: text('url').notNull(),
  description: text('description'),
  enabledEvents: text('enabled_events').array().notNull(),
  disabled: boolean('disabled').notNull(),
  signingSecret: text('signing_secret').notNull(),
  previousSigningSecret: text('previous_signing_secret'),
  previousSecretExpiresAt: ts('previous_secret_expires_at'),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** One per event to deliver; `status` sums up its deliveries (DELIVERED: all; FAILED: one gave up). */
export const webhookMessages = pgTable('webhook_messages', {
  eventId: uuid('event_id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  companyId: uuid('company_id').notNull(),
  type: text('type').notNull(),
  status: text('status').$type<WebhookMessageStatus>().notNull(),
  deliveredAt: ts('delivered_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One per (message, endpoint): the retry schedule, the worker's lease and the state of that endpoint's copy. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    eventId: uuid('event_id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    status: text('status').$type<WebhookMessageStatus>().notNull(),
    attemptCount: integer('attempt_count').notNull(),
    nextAttemptAt: ts('next_attempt_at'),
    lockedUntil: ts('locked_until'),
    leaseToken: uuid('lease_token'),
    deliveredAt: ts('delivered_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.endpointId] })],
);

export const webhookAttempts = pgTable('webhook_attempts', {
  id: uuid('id').primaryKey(),
  eventId: uuid('event_id').notNull(),
  endpointId: uuid('endpoint_id'),
  organizationId: uuid('organization_id').notNull(),
  companyId: uuid('company_id').notNull(),
  at: ts('at').notNull(),
  url: text('url').notNull(),
  statusCode: integer('status_code'),
  durationMs: integer('duration_ms').notNull(),
  error: text('error'),
  succeeded: boolean('succeeded').notNull(),
});

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookMessageRow = typeof webhookMessages.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
