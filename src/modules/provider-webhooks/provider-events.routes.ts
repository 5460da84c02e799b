import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, paginate } from '../../http/pagination.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import { providerEventListQuery, providerEventSchema, toProviderEventView } from './provider-webhooks.schemas.js';
import { getProviderEvent, listProviderEvents, reprocessProviderEvent } from './provider-events.service.js';

const platform = { auth: 'platform' as const };
const params = idParams('id');

/** providers.md R4.6: the staff's view of provider events, and reprocessing one not applied yet. */
export default async function providerEventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db.db, clock: app.deps.clock };

  r.get(
    '/v1/platform/provider-events',
    {
      config: platform,
      schema: {
        summary: 'List provider events',
        tags: ['provider-events'],
        querystring: providerEventListQuery,
        response: { 200: listEnvelope(providerEventSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listProviderEvents(deps.db, q);
      return { data: rows.map(toProviderEventView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/platform/provider-events/:id',
    {
      config: platform,
      schema: {
        summary: 'Get a provider event',
        tags: ['provider-events'],
        params,
        response: { 200: providerEventSchema },
      },
    },
    async (request) => toProviderEventView(await getProviderEvent(deps.db, request.params.id)),
  );

  r.post(
    '/v1/platform/provider-events/:id/reprocess',
    {
      config: platform,
      schema: {
        summary: 'Process an UNMATCHED or FAILED provider event again now',
        tags: ['provider-events'],
        params,
        body: emptyBody,
        response: { 200: providerEventSchema },
      },
    },
    async (request) => toProviderEventView(await reprocessProviderEvent(deps, request.params.id)),
  );
}
