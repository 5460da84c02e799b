import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, paginate } from '../../http/pagination.js';
import { createdOrReplayed } from '../../http/route-helpers.js';
import { idParams } from '../../http/schemas.js';
import {
  createRunBody,
  itemListQuery,
  itemSchema,
  runListQuery,
  runSchema,
  toItemView,
  toRunView,
} from './reconciliation.schemas.js';
import { createRun, listItems, listRuns, requireRun, type ReconciliationDeps } from './reconciliation.service.js';

const platform = { auth: 'platform' as const };
const params = idParams('id');

/** providers.md R5.3: reconciliation runs (staff). */
export default async function reconciliationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: ReconciliationDeps = { db: app.deps.db.db, clock: app.deps.clock };

  r.post(
    '/v1/platform/reconciliation-runs',
    {
      config: platform,
      schema: {
        summary: 'Reconcile a provider account over a period',
        body: createRunBody,
        response: { 200: runSchema, 201: runSchema },
      },
    },
    async (request, reply) => {
      const { row, replayed } = await createRun(deps, request.body);
      createdOrReplayed(reply, replayed);
      return toRunView(row);
    },
  );

  r.get(
    '/v1/platform/reconciliation-runs',
    {
      config: platform,
      schema: {
        summary: 'List reconciliation runs',
        querystring: runListQuery,
        response: { 200: listEnvelope(runSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listRuns(deps.db, q);
      return { data: rows.map(toRunView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.get(
    '/v1/platform/reconciliation-runs/:id',
    {
      config: platform,
      schema: { summary: 'Get a reconciliation run', params, response: { 200: runSchema } },
    },
    async (request) => toRunView(await requireRun(deps.db, request.params.id)),
  );

  r.get(
    '/v1/platform/reconciliation-runs/:id/items',
    {
      config: platform,
      schema: {
        summary: "List a reconciliation run's items",
        params,
        querystring: itemListQuery,
        response: { 200: listEnvelope(itemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listItems(deps.db, request.params.id, q);
      return { data: rows.map(toItemView), pagination: paginate(q.page, q.limit, total) };
    },
  );
}
