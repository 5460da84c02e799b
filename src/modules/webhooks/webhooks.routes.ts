import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope } from '../../http/pagination.js';
import { readDatabase } from '../../http/read-your-writes.js';
import { callerCompany } from '../../http/route-helpers.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import { messageListQuery, messageSchema } from './webhooks.schemas.js';
import { listOrganizationMessages, replayMessage } from './webhooks.service.js';

export default async function webhooksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;

  r.get(
    '/v1/webhooks/messages',
    {
      config: { permission: 'webhook.message.list', organizationOnly: true },
      schema: {
        summary: 'List webhook messages and their delivery attempts',
        tags: ['webhooks'],
        querystring: messageListQuery,
        response: { 200: listEnvelope(messageSchema) },
      },
    },
    async (request) =>
      listOrganizationMessages(
        await readDatabase(app.deps, request),
        callerCompany(request).organizationId,
        request.query,
      ),
  );

  r.post(
    '/v1/webhooks/messages/:eventId/replay',
    {
      config: { permission: 'webhook.message.replay', organizationOnly: true },
      schema: {
        summary:
          'Replay a webhook message (same event id): delivered, failed, or pending (sent now, not at its next retry)',
        tags: ['webhooks'],
        params: idParams('eventId'),
        body: emptyBody,
        response: { 200: messageSchema },
      },
    },
    async (request) => replayMessage(db, callerCompany(request).organizationId, request.params.eventId),
  );
}
