import { z } from 'zod';
import { WEBHOOK_MESSAGE_STATUSES } from '../../db/schema/index.js';
import { listQuery } from '../../http/pagination.js';
import { timestamp } from '../../http/schemas.js';
import { EVENT_TYPES as ALL_EVENT_TYPES, type EventType } from '../event-payloads.js';

// Every type a service can record (the payload registry), so the `type` filter never lags a new event.
export const EVENT_TYPES = ALL_EVENT_TYPES as [EventType, ...EventType[]];

const typeList = z.string().transform((value, ctx) => {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0 || items.some((i) => !(EVENT_TYPES as readonly string[]).includes(i))) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma-separated list of: ${EVENT_TYPES.join(', ')}`,
      params: { type: 'INVALID_ENUM', constraints: { allowed: EVENT_TYPES } },
    });
    return z.NEVER;
  }
  return items;
});

export const messageListQuery = listQuery({ statuses: WEBHOOK_MESSAGE_STATUSES, extra: { type: typeList.optional() } });

export const attemptSchema = z.object({
  at: timestamp(),
  endpoint_id: z
    .string()
    .nullable()
    .describe('The endpoint this attempt went to (null only for attempts older than endpoint ids)'),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});

export const deliverySchema = z.object({
  endpoint_id: z.string(),
  status: z.enum(WEBHOOK_MESSAGE_STATUSES),
  attempt_count: z.int().describe('Attempts in the current run (a replay or recover starts a new run)'),
  next_attempt_at: timestamp().nullable(),
});

export const messageSchema = z.object({
  id: z.string().describe('the event id (also the webhook-id header)'),
  type: z.string(),
  company_id: z.string(),
  status: z
    .enum(WEBHOOK_MESSAGE_STATUSES)
    .describe('DELIVERED when every endpoint got it, FAILED when one gave up, else PENDING'),
  attempts: z.array(attemptSchema),
  deliveries: z.array(deliverySchema).describe('The state of the message at each endpoint it goes to'),
  next_attempt_at: timestamp().nullable(),
  created_at: timestamp(),
});

/** platform-api.md Events: the envelope as delivered. */
export const eventEnvelopeSchema = z.object({
  id: z.string(),
  type: z.string(),
  version: z.int(),
  timestamp: timestamp(),
  source: z.string(),
  company_id: z.string(),
  correlation_id: z.string(),
  payload: z.record(z.string(), z.unknown()),
});

export const messageWithEventSchema = messageSchema.extend({
  event: eventEnvelopeSchema.describe('The whole event envelope the message delivers'),
});

export const dashboardLinkSchema = z.object({
  url: z.string().describe('opens the delivery dashboard in a browser; valid until expires_at'),
  expires_at: timestamp(),
});

/** The page's query: lenient, since a person edits it; a bad filter is ignored rather than an error page. */
export const dashboardPageQuery = z.object({
  token: z.string().max(512).optional(),
  status: z.enum(WEBHOOK_MESSAGE_STATUSES).optional().catch(undefined),
  type: z.enum(EVENT_TYPES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  notice: z.enum(['replayed', 'already-pending', 'no-endpoint', 'not-found']).optional().catch(undefined),
});
