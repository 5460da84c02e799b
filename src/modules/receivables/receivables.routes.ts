import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope } from '../../http/pagination.js';
import { readDatabase } from '../../http/read-your-writes.js';
import { callerCompany } from '../../http/route-helpers.js';
import { idParams } from '../../http/schemas.js';
import {
  agendaSchema,
  receivableSchema,
  receivablesQuery,
  scheduleQuery,
  settlementReceivablesQuery,
  settlementSchema,
  settlementsQuery,
  toReceivableView,
  toSettlementView,
} from './receivables.schemas.js';
import {
  getReceivable,
  getSettlement,
  listReceivables,
  listSettlements,
  receivableSchedule,
  settlementReceivables,
} from './receivables.service.js';

const idParam = idParams('id');

/** money.md M2: receivables, the agenda and settlements (reads only; settlement runs as jobs). */
export default async function receivablesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db.db;

  r.get(
    '/v1/receivables',
    {
      config: { permission: 'receivable.list' },
      schema: {
        summary: 'List receivables within reach',
        querystring: receivablesQuery,
        response: { 200: listEnvelope(receivableSchema) },
      },
    },
    async (request) => {
      const page = await listReceivables(await readDatabase(app.deps, request), callerCompany(request), request.query);
      return { data: page.rows.map(toReceivableView), pagination: page.pagination };
    },
  );

  // Declared before /:id so "schedule" is never read as an id.
  r.get(
    '/v1/receivables/schedule',
    {
      config: { permission: 'receivable.schedule.view' },
      schema: {
        summary: "A bank account's agenda: PENDING receivables summed per payment date, ascending",
        querystring: scheduleQuery,
        response: { 200: agendaSchema },
      },
    },
    async (request) => ({ data: await receivableSchedule(db, callerCompany(request), request.query) }),
  );

  r.get(
    '/v1/receivables/:id',
    {
      config: { permission: 'receivable.view' },
      schema: { summary: 'Get a receivable', params: idParam, response: { 200: receivableSchema } },
    },
    async (request) => toReceivableView(await getReceivable(db, callerCompany(request), request.params.id)),
  );

  r.get(
    '/v1/settlements',
    {
      config: { permission: 'settlement.list' },
      schema: {
        summary: 'List settlements within reach',
        querystring: settlementsQuery,
        response: { 200: listEnvelope(settlementSchema) },
      },
    },
    async (request) => {
      const page = await listSettlements(await readDatabase(app.deps, request), callerCompany(request), request.query);
      return { data: page.rows.map(toSettlementView), pagination: page.pagination };
    },
  );

  r.get(
    '/v1/settlements/:id',
    {
      config: { permission: 'settlement.view' },
      schema: { summary: 'Get a settlement', params: idParam, response: { 200: settlementSchema } },
    },
    async (request) => toSettlementView(await getSettlement(db, callerCompany(request), request.params.id)),
  );

  r.get(
    '/v1/settlements/:id/receivables',
    {
      config: { permission: 'settlement.view' },
      schema: {
        summary: 'The receivables a settlement paid',
        params: idParam,
        querystring: settlementReceivablesQuery,
        response: { 200: listEnvelope(receivableSchema) },
      },
    },
    async (request) => {
      const page = await settlementReceivables(db, callerCompany(request), request.params.id, request.query);
      return { data: page.rows.map(toReceivableView), pagination: page.pagination };
    },
  );
}
