import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerCompany } from '../../http/route-helpers.js';
import { NO_PERMISSION } from '../../http/permissions.js';
import { notFound } from '../../kernel/errors.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import { findCompany, isOrganization } from '../companies/companies.repo.js';
import {
  decideBody,
  decisionSchema,
  deletedStatsSchema,
  failoverTableSchema,
  failoverTableView,
  routingConfigurationBody,
  routingConfigurationSchema,
  routingStatsQuery,
  routingStatsSchema,
} from './routing.schemas.js';
import { getRouting, putRouting, routingStats } from './routing.service.js';
import { deleteOutcomes } from './routing-outcomes.repo.js';
import { decide } from './routing-decide.service.js';

const orgParams = idParams('id');
const platform = { auth: 'platform' as const };

/** Routing configuration (providers.md R6.1-R6.2, R6.7's published table). */
export default async function routingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;
  const organizationOf = async (id: string) => {
    const row = await findCompany(db, isOrganization(id));
    if (!row) throw notFound('Organization');
    return row.id;
  };

  r.get(
    '/v1/routing',
    {
      config: { permission: 'routing.view', organizationOnly: true },
      schema: {
        summary: "Get the organization's routing configuration",
        response: { 200: routingConfigurationSchema },
      },
    },
    async (request) => getRouting(db, callerCompany(request).organizationId),
  );

  r.put(
    '/v1/routing',
    {
      config: { permission: 'routing.edit', organizationOnly: true },
      schema: {
        summary: "Replace the organization's routing configuration",
        body: routingConfigurationBody,
        response: { 200: routingConfigurationSchema },
      },
    },
    async (request) => putRouting(db, app.deps.clock, callerCompany(request).organizationId, request.body, request.id),
  );

  r.get(
    '/v1/platform/organizations/:id/routing',
    {
      config: platform,
      schema: {
        summary: "Get an organization's routing configuration",
        params: orgParams,
        response: { 200: routingConfigurationSchema },
      },
    },
    async (request) => getRouting(db, await organizationOf(request.params.id)),
  );

  r.put(
    '/v1/platform/organizations/:id/routing',
    {
      config: platform,
      schema: {
        summary: "Replace an organization's routing configuration",
        params: orgParams,
        body: routingConfigurationBody,
        response: { 200: routingConfigurationSchema },
      },
    },
    async (request) =>
      putRouting(db, app.deps.clock, await organizationOf(request.params.id), request.body, request.id),
  );

  r.post(
    '/v1/routing/decide',
    {
      config: { permission: 'routing.decide' },
      schema: { summary: 'Dry-run the routing of a payment', body: decideBody, response: { 200: decisionSchema } },
    },
    async (request) => decide(db, app.deps.clock, callerCompany(request), request.body, request.id),
  );

  r.get(
    '/v1/routing/stats',
    {
      config: { permission: 'routing.view', organizationOnly: true },
      schema: {
        summary: 'Get the success-rate windows',
        querystring: routingStatsQuery,
        response: { 200: routingStatsSchema },
      },
    },
    async (request) => routingStats(db, callerCompany(request).organizationId, request.query.window),
  );

  r.delete(
    '/v1/platform/sandbox/organizations/:id/routing-stats',
    {
      config: { auth: 'platform', sandboxOnly: true },
      schema: {
        summary: "Empty an organization's success-rate windows",
        params: orgParams,
        body: emptyBody.nullable(),
        response: { 200: deletedStatsSchema },
      },
    },
    async (request) => ({ deleted: await deleteOutcomes(db, await organizationOf(request.params.id)) }),
  );

  r.get(
    '/v1/routing/failover-table',
    {
      config: { permission: NO_PERMISSION },
      schema: { summary: 'Get the failover table', response: { 200: failoverTableSchema } },
    },
    async () => failoverTableView(),
  );
}
