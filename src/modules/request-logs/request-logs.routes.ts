import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, paginate } from '../../http/pagination.js';
import { callerCompany } from '../../http/route-helpers.js';
import { listRequestLogs } from './request-logs.repo.js';
import { requestLogListQuery, requestLogSchema, toRequestLogView } from './request-logs.schemas.js';

/** What an integration sent and what it got: the caller's recent requests (kept 7 days). */
export default async function requestLogsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;

  r.get(
    '/v1/request-logs',
    {
      config: { permission: 'request_log.list' },
      schema: {
        summary: 'List recent requests',
        querystring: requestLogListQuery,
        response: { 200: listEnvelope(requestLogSchema) },
      },
    },
    async (request) => {
      // The caller's own latest requests may still wait in this instance's buffer.
      await app.deps.requestLogs?.flush();
      const q = request.query;
      const { rows, total } = await listRequestLogs(db, callerCompany(request), q);
      return { data: rows.map(toRequestLogView), pagination: paginate(q.page, q.limit, total) };
    },
  );
}
