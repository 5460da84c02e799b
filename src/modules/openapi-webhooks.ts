import { z } from 'zod';
import { EVENT_PAYLOADS } from './event-payloads.js';
import type { Json } from '../http/openapi-operations.js';

/** platform-api.md "Events": the envelope every delivery carries, `payload` typed per event type. */
// `type` is the entry's own literal so that a typed client can narrow the union of envelopes by it.
const envelopeOf = (type: string, payload: z.ZodType) =>
  z.object({
    id: z.string().describe('Unique event id: deduplicate by it (a delivery may repeat)'),
    type: z.literal(type).describe('The event type'),
    version: z.int().describe('The payload schema version'),
    timestamp: z.string().describe('When the event occurred (ISO 8601)'),
    source: z.string().describe('The emitting service'),
    company_id: z.string().describe('The company the event concerns'),
    correlation_id: z.string().describe('Ties together the events of one request or job'),
    payload,
  });

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
  name,
  in: 'header',
  required: true,
  schema: { type: 'string' },
  description: 'Standard Webhooks signature scheme: verify before trusting the body (answer 400 when it fails)',
}));

const strip = (schema: Json): Json => {
  const { $schema: _drop, ...rest } = schema;
  return rest;
};

/**
 * product.md §15: the document's top-level `webhooks` section, one entry per event type keyed by the type, its
 * payload schema generated from the same Zod schemas that check every recorded payload (src/events/payloads.ts).
 */
export function webhooksSection(): Json {
  const out: Json = {};
  for (const [type, payload] of Object.entries(EVENT_PAYLOADS)) {
    const schema = strip(
      z.toJSONSchema(envelopeOf(type, payload as z.ZodType), {
        target: 'draft-2020-12',
        io: 'output',
        unrepresentable: 'any',
      }),
    );
    out[type] = {
      post: {
        operationId: `webhooks.${type}`,
        summary: `The ${type} event`,
        description: `Delivered as an HTTP POST to every endpoint subscribed to \`${type}\`, signed (Standard Webhooks). Answer 2xx within 5 seconds.`,
        tags: ['webhooks'],
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: { required: true, content: { 'application/json': { schema } } },
        responses: {
          '200': { description: 'Received (any 2xx)' },
          '400': { description: 'The signature did not verify' },
        },
      },
    };
  }
  return out;
}
