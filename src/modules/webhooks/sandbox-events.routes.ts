import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EVENT_TYPES, type EventType } from '../event-payloads.js';
import { eventEnvelope, recordEvent, type AnyNewEvent } from '../../events/outbox.js';
import { callerCompany } from '../../http/route-helpers.js';
import { samplePayload } from './sample-events.js';

const triggerBody = z.strictObject({
  type: z.enum(EVENT_TYPES as [EventType, ...EventType[]]).meta({ description: 'The event type to make a sample of' }),
});

const envelopeSchema = z.object({
  id: z.string(),
  type: z.string(),
  version: z.int(),
  timestamp: z.string(),
  source: z.string(),
  company_id: z.string(),
  correlation_id: z.string(),
  payload: z.record(z.string(), z.unknown()),
});

/**
 * product.md §15 (`platform trigger <type>`): a sample event of any type, recorded through the outbox like any
 * other, so the webhook endpoint and open streams get it. Sandbox only (404 in production). The event concerns
 * the organization itself; its payload is a sample (ids name no resource).
 */
export default async function sandboxEventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;

  r.post(
    '/v1/sandbox/events/trigger',
    {
      config: { permission: 'sandbox.event.trigger', organizationOnly: true, sandboxOnly: true },
      schema: {
        summary: 'Sandbox: record a sample event of a type (delivered to the webhook endpoint and the event stream)',
        tags: ['sandbox'],
        body: triggerBody,
        response: { 201: envelopeSchema },
      },
    },
    async (request, reply) => {
      const caller = callerCompany(request);
      const now = app.deps.clock.now(caller.organizationId);
      const event = {
        type: request.body.type,
        companyId: caller.organizationId,
        organizationId: caller.organizationId,
        correlationId: request.id,
        payload: samplePayload(request.body.type, now),
      } as AnyNewEvent;
      const row = await db.transaction((tx) => recordEvent(tx, event, now));
      return reply.code(201).send(eventEnvelope(row));
    },
  );
}
