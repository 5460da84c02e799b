import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerCompany } from '../../http/route-helpers.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import {
  createdEndpointSchema,
  createEndpointBody,
  deletedEndpointSchema,
  endpointSchema,
  endpointSecretSchema,
  eventTypesSchema,
  recoverBody,
  recoveredSchema,
  updateEndpointBody,
} from './endpoints.schemas.js';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  patchEndpoint,
  readSecret,
  recoverEndpoint,
  rotateSecret,
  sendTestEvent,
  type EndpointDeps,
} from './endpoints.service.js';
import { getOrganizationMessage, listEventTypes } from './webhooks.service.js';
import { messageWithEventSchema, messageSchema } from './webhooks.schemas.js';
import { z } from 'zod';

const endpointParams = idParams('id');
const orgOnly = (permission: string) => ({ permission, organizationOnly: true });

/** product.md §15: self-service webhook endpoints (organization keys only), a message with its event, the event types. */
export default async function webhookEndpointsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: EndpointDeps = {
    db: app.deps.db.db,
    clock: app.deps.clock,
    env: app.deps.config.env,
    secretBox: app.deps.webhookSecretBox,
  };
  const { db } = deps;
  const org = (request: Parameters<typeof callerCompany>[0]) => callerCompany(request).organizationId;

  r.post(
    '/v1/webhooks/endpoints',
    {
      config: orgOnly('webhook.endpoint.create'),
      schema: {
        summary: 'Create a webhook endpoint (at most 10 per organization); answers its signing secret',
        tags: ['webhooks'],
        body: createEndpointBody,
        response: { 201: createdEndpointSchema },
      },
    },
    async (request, reply) => {
      const created = await createEndpoint(deps, org(request), request.body);
      reply.code(201);
      return created;
    },
  );

  r.get(
    '/v1/webhooks/endpoints',
    {
      config: orgOnly('webhook.endpoint.list'),
      schema: {
        summary: "List the organization's webhook endpoints",
        tags: ['webhooks'],
        response: { 200: z.object({ data: z.array(endpointSchema) }) },
      },
    },
    async (request) => ({ data: await listEndpoints(db, org(request)) }),
  );

  r.get(
    '/v1/webhooks/endpoints/:id',
    {
      config: orgOnly('webhook.endpoint.view'),
      schema: {
        summary: 'Read a webhook endpoint',
        tags: ['webhooks'],
        params: endpointParams,
        response: { 200: endpointSchema },
      },
    },
    async (request) => getEndpoint(db, org(request), request.params.id),
  );

  r.patch(
    '/v1/webhooks/endpoints/:id',
    {
      config: orgOnly('webhook.endpoint.edit'),
      schema: {
        summary: 'Change a webhook endpoint (url, description, enabled_events, disabled)',
        tags: ['webhooks'],
        params: endpointParams,
        body: updateEndpointBody,
        response: { 200: endpointSchema },
      },
    },
    async (request) => patchEndpoint(deps, org(request), request.params.id, request.body),
  );

  r.delete(
    '/v1/webhooks/endpoints/:id',
    {
      config: orgOnly('webhook.endpoint.delete'),
      schema: {
        summary: 'Delete a webhook endpoint (its deliveries stop)',
        tags: ['webhooks'],
        params: endpointParams,
        body: emptyBody,
        response: { 200: deletedEndpointSchema },
      },
    },
    async (request) => deleteEndpoint(deps, org(request), request.params.id),
  );

  r.get(
    '/v1/webhooks/endpoints/:id/secret',
    {
      config: orgOnly('webhook.endpoint.secret'),
      schema: {
        summary: "Read a webhook endpoint's signing secret",
        tags: ['webhooks'],
        params: endpointParams,
        response: { 200: endpointSecretSchema },
      },
    },
    async (request) => readSecret(deps, org(request), request.params.id),
  );

  r.post(
    '/v1/webhooks/endpoints/:id/rotate-secret',
    {
      config: orgOnly('webhook.endpoint.rotate_secret'),
      schema: {
        summary: 'Rotate the signing secret (the previous one keeps signing for 24 hours)',
        tags: ['webhooks'],
        params: endpointParams,
        body: emptyBody,
        response: { 200: endpointSecretSchema },
      },
    },
    async (request) => rotateSecret(deps, org(request), request.params.id),
  );

  r.post(
    '/v1/webhooks/endpoints/:id/recover',
    {
      config: orgOnly('webhook.endpoint.recover'),
      schema: {
        summary: "Replay this endpoint's undelivered messages since a time (failed or waiting for a retry)",
        tags: ['webhooks'],
        params: endpointParams,
        body: recoverBody,
        response: { 200: recoveredSchema },
      },
    },
    async (request) => recoverEndpoint(deps, org(request), request.params.id, new Date(request.body.since)),
  );

  r.post(
    '/v1/webhooks/endpoints/:id/test',
    {
      config: orgOnly('webhook.endpoint.test'),
      schema: {
        summary: 'Send a webhook.test event to this endpoint only',
        tags: ['webhooks'],
        params: endpointParams,
        body: emptyBody,
        response: { 200: messageSchema },
      },
    },
    async (request) => sendTestEvent(deps, org(request), request.params.id, request.id),
  );

  r.get(
    '/v1/webhooks/messages/:eventId',
    {
      config: orgOnly('webhook.message.view'),
      schema: {
        summary: 'Read a webhook message with its attempts and the whole event envelope',
        tags: ['webhooks'],
        params: idParams('eventId'),
        response: { 200: messageWithEventSchema },
      },
    },
    async (request) => getOrganizationMessage(db, org(request), request.params.eventId),
  );

  r.get(
    '/v1/webhooks/event-types',
    {
      config: orgOnly('webhook.event_type.list'),
      schema: {
        summary: 'Every event type with the JSON Schema of its payload',
        tags: ['webhooks'],
        response: { 200: eventTypesSchema },
      },
    },
    async () => listEventTypes(),
  );
}
