import { z } from 'zod';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { AuthMode } from './context.js';
import { idempotencyKeyParameter, idempotentReplayedHeader, takesRequestId } from './idempotency-key.js';

export const DOCS_PREFIX = '/core/docs';

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    status: z.number().int(),
    path: z.string(),
    timestamp: z.string(),
    requestId: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

const errorJson = z.toJSONSchema(errorEnvelopeSchema, { target: 'draft-2020-12' });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorJson } } });

const SECURITY: Record<AuthMode, Record<string, string[]>[]> = {
  api: [{ apiKey: [] }, { bearerAuth: [] }],
  jwt: [{ bearerAuth: [] }],
  platform: [{ platformKey: [] }],
  public: [],
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Adds, from the route's declarations, what every operation shares: security, error responses, tags. */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input) as { schema: Record<string, unknown>; url: string };
  const route = (input as unknown as { route?: { config?: { auth?: AuthMode; permission?: string }; schema?: { body?: unknown } } }).route;
  const url = out.url.startsWith('/core/') ? out.url.slice('/core'.length) : out.url;
  if (out.schema.hide) return { schema: out.schema, url };
  const mode = route?.config?.auth ?? 'api';
  const responses = (out.schema.response ?? {}) as Record<string, unknown>;
  const withErrors: Record<string, unknown> = { ...responses };
  const add = (code: string, description: string) => {
    if (!(code in withErrors)) withErrors[code] = errorResponse(description);
  };
  add('400', 'Invalid request (VALIDATION_ERROR or BAD_REQUEST)');
  if (mode !== 'public') {
    add('401', 'Missing or invalid credentials (AUTHENTICATION_ERROR)');
    add('403', 'Insufficient permission (AUTHORIZATION_ERROR)');
  }
  add('404', 'Not found or outside the caller\'s reach (RESOURCE_NOT_FOUND)');
  withErrors['429'] = { description: 'Rate limit exceeded: empty body, x-ratelimit-* headers' };
  add('500', 'Unexpected error (INTERNAL_SERVER_ERROR)');
  // Creates (a body with request_id) take Idempotency-Key, and their replays (200) say so (product.md §15).
  const idempotent = takesRequestId(route?.schema?.body);
  if (idempotent && withErrors['200'] && typeof withErrors['200'] === 'object') {
    withErrors['200'] = { ...(withErrors['200'] as object), headers: { 'Idempotent-Replayed': idempotentReplayedHeader } };
  }
  const headers = out.schema.headers as { type?: string; properties?: Record<string, unknown> } | undefined;
  const withHeaders = idempotent ? { headers: { ...headers, type: 'object', properties: { ...headers?.properties, 'Idempotency-Key': idempotencyKeyParameter } } } : {};
  const segment = url.split('/').filter(Boolean);
  const tag = segment[0] === 'v1' ? (segment[1] === 'merchants' && segment.length > 3 ? segment[3] : segment[1]) : segment[0];
  const permission = route?.config?.permission;
  return {
    url,
    schema: {
      ...out.schema,
      ...withHeaders,
      response: withErrors,
      security: SECURITY[mode],
      tags: (out.schema.tags as string[] | undefined) ?? [tag ?? 'core'],
      ...(permission ? { 'x-permission': permission } : {}),
    },
  };
}

export function openApiOptions(config: Config): FastifyDynamicSwaggerOptions {
  const base = config.publicBaseUrl ?? `https://${config.host}:${config.port}`;
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Multi-Provider Payment Platform API',
        version: '1.0.0',
        description:
          'REST/JSON payment platform: merchants, onboarding, stored cards, PIX keys, internal transfers, fee policies, users and webhooks. ' +
          'Errors use the envelope `{ error: { code, message, status, path, timestamp, requestId, details } }`; lists use the pagination envelope.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: `${base}/core`, description: config.env }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Organization or merchant API key' },
          platformKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Platform staff key (only /v1/platform)' },
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: transform as unknown as FastifyDynamicSwaggerOptions['transform'],
  };
}
