import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyBody, idParams } from '../../http/schemas.js';
import { behaviourBody, behaviourSchema, getBehaviour, putBehaviour, resetBehaviour } from './sandbox-behaviour.js';

const params = idParams('id');
const config = { auth: 'platform' as const, sandboxOnly: true };

/** providers.md R7.1: make a SANDBOX account fail, time out, decline or be slow (staff key, sandbox only). */
export default async function sandboxBehaviourRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.db;
  r.get(
    '/v1/platform/sandbox/provider-accounts/:id/behaviour',
    {
      config,
      schema: { summary: "Get a sandbox provider account's behaviour", params, response: { 200: behaviourSchema } },
    },
    async (request) => getBehaviour(db, request.params.id),
  );
  r.put(
    '/v1/platform/sandbox/provider-accounts/:id/behaviour',
    {
      config,
      schema: {
        summary: "Set a sandbox provider account's behaviour",
        params,
        body: behaviourBody,
        response: { 200: behaviourSchema },
      },
    },
    async (request) => putBehaviour(db, app.deps.clock, request.params.id, request.body),
  );
  r.delete(
    '/v1/platform/sandbox/provider-accounts/:id/behaviour',
    {
      config,
      schema: {
        summary: "Reset a sandbox provider account's behaviour",
        params,
        body: emptyBody.nullable(),
        response: { 200: behaviourSchema },
      },
    },
    async (request) => resetBehaviour(db, request.params.id),
  );
}
