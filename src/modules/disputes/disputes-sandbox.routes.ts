import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../http/schemas.js';
import { disputeOutcomeBody, disputeSchema, openDisputeBody, toDisputeView } from './disputes.schemas.js';
import { decideDispute, openDispute } from './disputes.service.js';

const sandbox = { auth: 'platform' as const, sandboxOnly: true };
const idParam = idParams('id');

/** money.md M8: the staff's sandbox controls standing for the provider's dispute notices and decisions. */
export default async function sandboxDisputeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db.db, clock: app.deps.clock };

  r.post(
    '/v1/platform/sandbox/transactions/:id/disputes',
    {
      config: sandbox,
      schema: {
        summary: 'Sandbox: the cardholder disputes a card transaction (201 dispute OPEN; its amount is held)',
        params: idParam,
        body: openDisputeBody,
        response: { 201: disputeSchema },
      },
    },
    async (request, reply) => {
      const { amount, reason, reason_code } = request.body;
      const row = await openDispute(deps, request.id, request.params.id, { amount, reason, reasonCode: reason_code });
      reply.code(201);
      return toDisputeView(row);
    },
  );

  r.post(
    '/v1/platform/sandbox/disputes/:id/outcome',
    {
      config: sandbox,
      schema: {
        summary:
          "Sandbox: the provider's decision on an UNDER_REVIEW dispute (WON releases the hold, LOST pays it out)",
        params: idParam,
        body: disputeOutcomeBody,
        response: { 200: disputeSchema },
      },
    },
    async (request) => toDisputeView(await decideDispute(deps, request.params.id, request.body.outcome, request.id)),
  );
}
