import { z } from 'zod';
import {
  PROVIDER_EVENT_EFFECTS,
  PROVIDER_EVENT_RESOURCES,
  PROVIDER_EVENT_STATUSES,
  type ProviderEventRow,
} from '../../db/schema/index.js';
import { commaList, listQuery } from '../../http/pagination.js';

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
const plainList = () =>
  z
    .string()
    .max(2000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );

/** GET /v1/platform/provider-events (R4.6). */
export const providerEventListQuery = listQuery({
  sort: ['occurred_at'],
  statuses: PROVIDER_EVENT_STATUSES,
  extra: {
    provider_account_id: z.uuid().optional(),
    provider: upperList().optional(),
    effect: commaList(PROVIDER_EVENT_EFFECTS, { signed: false }).optional(),
    event_type: plainList().optional(),
    resource_type: commaList(PROVIDER_EVENT_RESOURCES, { signed: false }).optional(),
    resource_id: z.uuid().optional(),
    dedupe_key: z.string().min(1).max(500).optional(),
  },
});

export const providerEventSchema = z.object({
  id: z.string(),
  provider_account_id: z.string(),
  provider: z.string(),
  connector: z.enum(['SANDBOX', 'ADYEN_CHECKOUT', 'PIX_API_BCB']),
  dedupe_key: z.string(),
  provider_event_id: z.string(),
  event_type: z.string(),
  success: z.boolean().nullable(),
  occurred_at: z.string().nullable(),
  status: z.enum(PROVIDER_EVENT_STATUSES),
  effect: z.enum(PROVIDER_EVENT_EFFECTS).nullable(),
  resource_type: z.enum(PROVIDER_EVENT_RESOURCES).nullable(),
  resource_id: z.string().nullable(),
  detail: z.string().nullable(),
  tries: z.int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  duplicates: z.int(),
  raw: z.record(z.string(), z.unknown()).describe('The event as received, card data redacted'),
  created_at: z.string(),
  processed_at: z.string().nullable(),
  updated_at: z.string(),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toProviderEventView = (e: ProviderEventRow): z.infer<typeof providerEventSchema> => ({
  id: e.id,
  provider_account_id: e.providerAccountId,
  provider: e.provider,
  connector: e.connector as 'SANDBOX',
  dedupe_key: e.dedupeKey,
  provider_event_id: e.providerEventId,
  event_type: e.eventType,
  success: e.success,
  occurred_at: iso(e.occurredAt),
  status: e.status,
  effect: e.effect,
  resource_type: e.resourceType,
  resource_id: e.resourceId,
  detail: e.detail,
  tries: e.tries,
  next_attempt_at: iso(e.nextAttemptAt),
  last_error: e.lastError,
  duplicates: e.duplicates,
  raw: e.raw,
  created_at: e.createdAt.toISOString(),
  processed_at: iso(e.processedAt),
  updated_at: e.updatedAt.toISOString(),
});

/** The JSON answer of the SANDBOX and PIX_API_BCB routes (R4.2); Adyen's is the text `[accepted]`. */
export const acceptedSchema = z.object({
  accepted: z.int().describe('Number of events in the request (duplicates included)'),
});
