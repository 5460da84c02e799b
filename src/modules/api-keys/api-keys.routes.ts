import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localKeyRevocations } from '../../http/key-revocations.js';
import { listEnvelope, paginate } from '../../http/pagination.js';
import { callerCompany } from '../../http/route-helpers.js';
import { emptyBody, idParams } from '../../http/schemas.js';
import {
  apiKeyListQuery,
  apiKeySchema,
  createApiKeyBody,
  issuedApiKeySchema,
  rollApiKeyBody,
  toApiKeyView,
} from './api-keys.schemas.js';
import { createApiKey, listApiKeys, revokeApiKey, rollApiKey, type ApiKeyDeps } from './api-keys.service.js';

const keyParams = idParams('id');

/** Self-service API keys (product.md §15): an organization manages its own and its merchants', a merchant its own. */
export default async function apiKeysRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: ApiKeyDeps = {
    db: app.deps.db.db,
    clock: app.deps.clock,
    revocations: (app.deps.keyRevocations ??= localKeyRevocations()),
  };

  r.post(
    '/v1/api-keys',
    {
      config: { permission: 'api_key.create' },
      schema: {
        summary: 'Create an API key (the key is shown once)',
        body: createApiKeyBody,
        response: { 201: issuedApiKeySchema },
      },
    },
    async (request, reply) => {
      const { row, apiKey } = await createApiKey(deps, callerCompany(request), request.body);
      reply.code(201);
      return { ...toApiKeyView(row), api_key: apiKey };
    },
  );

  r.get(
    '/v1/api-keys',
    {
      config: { permission: 'api_key.list' },
      schema: {
        summary: 'List API keys (never the keys themselves)',
        querystring: apiKeyListQuery,
        response: { 200: listEnvelope(apiKeySchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listApiKeys(deps, callerCompany(request), q);
      return { data: rows.map(toApiKeyView), pagination: paginate(q.page, q.limit, total) };
    },
  );

  r.post(
    '/v1/api-keys/:id/roll',
    {
      config: { permission: 'api_key.roll' },
      schema: {
        summary: 'Roll an API key: a new key now, the old one ends after the grace period',
        params: keyParams,
        body: rollApiKeyBody,
        response: { 201: issuedApiKeySchema },
      },
    },
    async (request, reply) => {
      const { row, apiKey } = await rollApiKey(
        deps,
        callerCompany(request),
        request.params.id,
        request.body.grace_seconds,
      );
      reply.code(201);
      return { ...toApiKeyView(row), api_key: apiKey };
    },
  );

  r.delete(
    '/v1/api-keys/:id',
    {
      config: { permission: 'api_key.delete' },
      schema: {
        summary: 'Revoke an API key (refused on every instance within a second)',
        params: keyParams,
        body: emptyBody.nullable(),
        response: { 200: apiKeySchema },
      },
    },
    async (request) => toApiKeyView(await revokeApiKey(deps, callerCompany(request), request.params.id)),
  );
}
