import { z } from 'zod';
import { timestamp } from '../../http/schemas.js';
import { EVENT_TYPES, type EventType } from '../event-payloads.js';
import type { WebhookEndpointRow } from '../../db/schema/index.js';
import { ALL_EVENTS } from './endpoints.rules.js';

// `webhook.test` is sent on request only (POST …/test), so an endpoint never subscribes to it.
const SUBSCRIBABLE = EVENT_TYPES.filter((t) => t !== 'webhook.test') as [EventType, ...EventType[]];
const eventName = z.enum([ALL_EVENTS, ...SUBSCRIBABLE]);

const enabledEvents = z
  .array(eventName)
  .min(1)
  .max(SUBSCRIBABLE.length + 1)
  .refine((list) => !list.includes(ALL_EVENTS) || list.length === 1, {
    message: '"*" stands alone: every event type',
    params: { type: 'INVALID_ENUM' },
  })
  .transform((list) => [...new Set(list)])
  .describe('Event types this endpoint receives, or ["*"] for all of them');

const url = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .describe('https in production; the sandbox also takes http(s)://localhost, 127.0.0.1 and [::1]');
const description = z.string().trim().max(500).nullable();

export const createEndpointBody = z.strictObject({
  url,
  description: description.optional(),
  enabled_events: enabledEvents.default([ALL_EVENTS]),
  disabled: z.boolean().default(false),
});

export const updateEndpointBody = z.strictObject({
  url: url.optional(),
  description: description.optional(),
  enabled_events: enabledEvents.optional(),
  disabled: z.boolean().optional(),
});

export const recoverBody = z.strictObject({
  since: z.iso
    .datetime({ offset: true })
    .describe(
      'Replays the messages not yet delivered to this endpoint (failed, or waiting for a retry) whose last attempt was at or after this time, or that were queued since then and not attempted yet',
    ),
});

export const endpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  enabled_events: z.array(z.string()),
  disabled: z.boolean(),
  origin: z.enum(['API', 'STAFF']).describe('STAFF: the endpoint platform support set for the organization'),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const createdEndpointSchema = endpointSchema.extend({
  signing_secret: z.string().describe('Standard Webhooks secret (whsec_…): verify every delivery with it'),
});

export const endpointSecretSchema = z.object({
  signing_secret: z.string().describe('Standard Webhooks secret (whsec_…)'),
  previous_secret_expires_at: timestamp()
    .nullable()
    .describe('Until then the previous secret signs too (after a rotation)'),
});

export const deletedEndpointSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export const recoveredSchema = z.object({
  recovered: z.int().describe('How many messages start a new run of the retry schedule'),
  message_ids: z.array(z.string()),
});

export const eventTypesSchema = z.object({
  data: z.array(
    z.object({
      type: z.string(),
      version: z.int(),
      schema: z.record(z.string(), z.unknown()).describe('JSON Schema of the payload'),
    }),
  ),
});

export function toEndpointView(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    enabled_events: row.enabledEvents,
    disabled: row.disabled,
    origin: row.origin,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
