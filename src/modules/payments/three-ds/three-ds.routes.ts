import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerCompany, createdOrReplayed } from '../../../http/route-helpers.js';
import { idParams } from '../../../http/schemas.js';
import { controlOutcome } from './three-ds.rules.js';
import { challengeKey } from './challenge-token.js';
import challengePageRoutes from './challenge.routes.js';
import { controlBody, createSessionBody, sessionSchema, type CreateSessionInput } from './three-ds.schemas.js';
import { createSession, getSession, type ThreeDsDeps } from './three-ds.service.js';
import { completeFromControl } from './three-ds.transitions.js';
import { toSessionView } from './three-ds.views.js';

/** 3DS sessions (payments.md P7): the creates (core and, relayed, the PCI host), the read, the staff control, the page. */
export default async function threeDsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const serviceDeps: ThreeDsDeps = {
    db: deps.db.db,
    clock: deps.clock,
    providers: deps.providers,
    keys: deps.vault,
    // Without a configured secret (a bare test app) the links work on this instance only.
    challengeKey: challengeKey(deps.threeDsChallengeSecret ?? randomBytes(32).toString('hex')),
    requestLeaseMs: deps.config.recovery.requestLeaseMs,
  };
  const body = createSessionBody(deps.config.env === 'sandbox');
  const response = { 200: sessionSchema, 201: sessionSchema };
  const baseUrl = (request: FastifyRequest) => deps.config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
  const view = (row: Parameters<typeof toSessionView>[0]) => toSessionView(row, deps.clock.now(row.organizationId));

  const create = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: CreateSessionInput,
    merchantId: string | null,
  ) => {
    const { row, replayed } = await createSession(serviceDeps, callerCompany(request), merchantId, input, {
      correlationId: request.id,
      baseUrl: baseUrl(request),
    });
    createdOrReplayed(reply, replayed);
    return view(row);
  };

  r.post(
    '/v1/3ds-sessions',
    {
      config: { permission: 'three_ds_session.create', ratePool: 'high' },
      schema: { summary: "Create a 3DS session for the caller's company", tags: ['3ds'], body, response },
    },
    async (request, reply) => create(request, reply, request.body, null),
  );

  r.post(
    '/v1/merchants/:merchantId/3ds-sessions',
    {
      config: { permission: 'merchant.three_ds_session.create', ratePool: 'high' },
      schema: {
        summary: 'Create a 3DS session for a merchant',
        tags: ['3ds'],
        params: idParams('merchantId'),
        body,
        response,
      },
    },
    async (request, reply) => create(request, reply, request.body, request.params.merchantId),
  );

  r.get(
    '/v1/3ds-sessions/:id',
    {
      config: { permission: 'three_ds_session.view' },
      schema: { summary: 'Get a 3DS session', tags: ['3ds'], params: idParams('id'), response: { 200: sessionSchema } },
    },
    async (request) => view(await getSession(serviceDeps.db, callerCompany(request), request.params.id)),
  );

  r.post(
    '/v1/platform/sandbox/3ds-sessions/:id/challenge',
    {
      config: { auth: 'platform', sandboxOnly: true },
      schema: {
        summary: 'Sandbox: complete a 3DS challenge (SUCCEEDED, FAILED or CANCELLED)',
        tags: ['3ds'],
        params: idParams('id'),
        body: controlBody,
        response: { 200: sessionSchema },
      },
    },
    async (request) =>
      view(
        await completeFromControl(
          serviceDeps.db,
          serviceDeps.clock,
          request.params.id,
          controlOutcome(request.body.outcome),
          request.id,
        ),
      ),
  );

  await app.register(challengePageRoutes, { serviceDeps, sandbox: deps.config.env === 'sandbox' });
}
