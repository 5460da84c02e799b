import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerCompany, createdOrReplayed } from '../../http/route-helpers.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import { conflictWithReason } from '../../kernel/errors.js';
import { moveAnticipation } from './anticipations.moves.js';
import {
  anticipationListQuery,
  anticipationListSchema,
  anticipationSchema,
  createAnticipationBody,
  decisionBody,
  limitsQuery,
  limitsSchema,
  quoteBody,
  quoteSchema,
  toAnticipationView,
  toQuoteView,
} from './anticipations.schemas.js';
import {
  anticipationLimits,
  cancelAnticipation,
  createAnticipation,
  createQuote,
  getAnticipation,
  listAnticipationsPage,
} from './anticipations.service.js';

const idParam = idParams('id');

/** money.md M4 (+ M8's decision control). Permissions: docs/decisions/anticipation.md. */
export default async function anticipationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db.db, clock: app.deps.clock };

  r.get(
    '/v1/banking/bank-accounts/:id/anticipation-limits',
    {
      config: { permission: 'banking.anticipation_limit.view' },
      schema: {
        summary: 'What a SPOT anticipation of a bank account could take on a date',
        params: idParam,
        querystring: limitsQuery,
        response: { 200: limitsSchema },
      },
    },
    async (request) => anticipationLimits(deps, callerCompany(request), request.params.id, request.query),
  );

  r.post(
    '/v1/anticipations/quotes',
    {
      config: { permission: 'anticipation.quote.create' },
      schema: {
        summary: 'Quote a SPOT anticipation (valid 15 minutes)',
        body: quoteBody,
        response: { 201: quoteSchema },
      },
    },
    async (request, reply) => {
      const quote = await createQuote(deps, callerCompany(request), request.body);
      reply.code(201);
      return toQuoteView(quote);
    },
  );

  r.post(
    '/v1/anticipations',
    {
      config: { permission: 'anticipation.create' },
      schema: {
        summary: 'Anticipate the receivables of a quote (created PENDING)',
        body: createAnticipationBody,
        response: { 200: anticipationSchema, 201: anticipationSchema },
      },
    },
    async (request, reply) => {
      const created = await createAnticipation(deps, callerCompany(request), request.body, request.id);
      createdOrReplayed(reply, created.replayed);
      return toAnticipationView(created.row);
    },
  );

  r.get(
    '/v1/anticipations',
    {
      config: { permission: 'anticipation.list' },
      schema: {
        summary: 'List anticipations',
        querystring: anticipationListQuery,
        response: { 200: anticipationListSchema },
      },
    },
    async (request) => listAnticipationsPage(deps.db, callerCompany(request), request.query),
  );

  r.get(
    '/v1/anticipations/:id',
    {
      config: { permission: 'anticipation.view' },
      schema: { summary: 'Get an anticipation', params: idParam, response: { 200: anticipationSchema } },
    },
    async (request) => toAnticipationView(await getAnticipation(deps.db, callerCompany(request), request.params.id)),
  );

  r.post(
    '/v1/anticipations/:id/cancel',
    {
      config: { permission: 'anticipation.cancel' },
      schema: {
        summary: 'Cancel a PENDING anticipation (its receivables become eligible again)',
        params: idParam,
        body: emptyBody,
        response: { 200: anticipationSchema },
      },
    },
    async (request) =>
      toAnticipationView(await cancelAnticipation(deps, callerCompany(request), request.params.id, request.id)),
  );

  // M8: staff sandbox control; a move the table refuses answers 409.
  r.post(
    '/v1/platform/sandbox/anticipations/:id/decision',
    {
      config: { auth: 'platform', sandboxOnly: true },
      schema: {
        summary: 'Sandbox: approve (complete now) or refuse a PENDING anticipation',
        params: idParam,
        body: decisionBody,
        response: { 200: anticipationSchema },
      },
    },
    async (request) => {
      const { decision, reason } = request.body;
      const row = await moveAnticipation(
        deps.db,
        deps.clock,
        request.params.id,
        decision === 'APPROVED' ? { to: 'COMPLETED' } : { to: 'REFUSED', reason: reason ?? 'REFUSED_BY_PROVIDER' },
        request.id,
        true,
      );
      // An approval whose receivables moved meanwhile ends REFUSED (RECEIVABLES_CHANGED): tell the caller.
      if (decision === 'APPROVED' && row.status !== 'COMPLETED')
        throw conflictWithReason(
          'The anticipation could not complete: its receivables changed',
          'decision',
          decision,
          'RECEIVABLES_CHANGED',
        );
      return toAnticipationView(row);
    },
  );
}
