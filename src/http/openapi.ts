import { z } from 'zod';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { createJsonSchemaTransform, jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AuthMode } from './context.js';
import { MONEY_FLOW_MARKDOWN } from './money-flow.js';
import { nameBodySchemas } from './openapi-components.js';
import { publicWording } from './openapi-wording.js';
import { CREATE_EXAMPLES } from './openapi-examples.js';
import { commaListValues } from './pagination.js';
import { finishOperations, HTTP_METHODS, type Json } from './openapi-operations.js';
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
    doc_url: z.string().optional().describe("The errors guide's section on this code"),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

const { $schema: _dialect, ...errorJson } = z.toJSONSchema(errorEnvelopeSchema, { target: 'draft-2020-12' }) as Json;

function addCreateExamples(doc: Json): void {
  for (const item of Object.values<Json>(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const media = item[method]?.requestBody?.content?.['application/json'];
      const example = media && CREATE_EXAMPLES[item[method].operationId];
      if (example) media.example = example;
    }
  }
}

/**
 * What the areas add to the document, handed in by the composition root (src/app.ts) from the modules' root: the
 * rules the services check beyond the schemas (src/modules/openapi-service-rules.ts) and the `webhooks` section
 * from the event payloads (src/modules/openapi-webhooks.ts). The HTTP layer imports no area.
 */
export interface OpenApiSections {
  applyServiceRules(doc: Json): void;
  webhooksSection(): Json;
}

/** product.md §15 over the generated document: operation ids, declared errors, named schemas, webhooks. */
export function finishDocument(doc: Json, sections: OpenApiSections): Json {
  ((doc.components ??= {}).schemas ??= {}).Error = errorJson;
  finishOperations(doc, { $ref: '#/components/schemas/Error' });
  addCreateExamples(doc);
  sections.applyServiceRules(doc);
  nameBodySchemas(doc);
  doc.webhooks = sections.webhooksSection();
  publicWording(doc);
  return doc;
}

const SECURITY: Record<AuthMode, Record<string, string[]>[]> = {
  api: [{ apiKey: [] }, { bearerAuth: [] }],
  jwt: [{ bearerAuth: [] }],
  platform: [{ platformKey: [] }],
  public: [],
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type OverrideContext = { zodSchema: { _zod: { def: Record<string, any> } }; jsonSchema: Record<string, unknown> };

/**
 * The conversion's one addition to the library's: a string normalised then checked against an enum
 * (`z.string().transform(upper).pipe(z.enum(...))`) is documented with that enum, not as any string (issue 27: the
 * input side of a pipe is all Zod converts). The rest is what the library's own override does for this target
 * (empty `anyOf` branches dropped; its date and undefined cases do not occur in our schemas).
 */
function documentOverride(ctx: OverrideContext): void {
  const def = ctx.zodSchema._zod.def;
  if (def.type === 'union' && Array.isArray(ctx.jsonSchema.anyOf)) {
    ctx.jsonSchema.anyOf = (ctx.jsonSchema.anyOf as object[]).filter((s) => Object.keys(s).length > 0);
  }
  const listValues = commaListValues(ctx.zodSchema);
  if (listValues) {
    for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
    Object.assign(ctx.jsonSchema, { type: 'array', items: { type: 'string', enum: [...listValues] }, minItems: 1 });
    return;
  }
  const out = def.type === 'pipe' ? (def.out as OverrideContext['zodSchema'] | undefined)?._zod.def : undefined;
  if (out?.type === 'enum' && ctx.jsonSchema.type === 'string' && ctx.jsonSchema.enum === undefined) {
    ctx.jsonSchema.enum = Object.values(out.entries as Record<string, string>);
  }
}

const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: documentOverride } });

/** Adds, from the route's declarations, what every operation shares: security, error responses, tags. */
function transform(input: TransformInput) {
  const out = zodTransform(input) as { schema: Record<string, unknown>; url: string };
  const route = (
    input as unknown as { route?: { config?: { auth?: AuthMode; permission?: string }; schema?: { body?: unknown } } }
  ).route;
  const url = out.url.startsWith('/core/') ? out.url.slice('/core'.length) : out.url;
  if (out.schema.hide) return { schema: out.schema, url };
  const mode = route?.config?.auth ?? 'api';
  // Error responses, operationIds and named schemas are added over the whole document (finishDocument).
  const withErrors = { ...(out.schema.response ?? {}) } as Record<string, unknown>;
  // Creates (a body with request_id) take Idempotency-Key, and their replays (200) say so (product.md §15).
  const idempotent = takesRequestId(route?.schema?.body);
  if (idempotent && withErrors['200'] && typeof withErrors['200'] === 'object') {
    withErrors['200'] = { ...withErrors['200'], headers: { 'Idempotent-Replayed': idempotentReplayedHeader } };
  }
  const headers = out.schema.headers as { type?: string; properties?: Record<string, unknown> } | undefined;
  const withHeaders = idempotent
    ? {
        headers: {
          ...headers,
          type: 'object',
          properties: { ...headers?.properties, 'Idempotency-Key': idempotencyKeyParameter },
        },
      }
    : {};
  const segment = url.split('/').filter(Boolean);
  const tag =
    segment[0] === 'v1' ? (segment[1] === 'merchants' && segment.length > 3 ? segment[3] : segment[1]) : segment[0];
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

/** The configuration's fields (src/runtime/config.ts) the document's `servers` entry reads. */
export interface OpenApiServer {
  env: string;
  host: string;
  port: number;
  publicBaseUrl?: string;
}

export function openApiOptions(config: OpenApiServer, sections: OpenApiSections): FastifyDynamicSwaggerOptions {
  const base = config.publicBaseUrl ?? `https://${config.host}:${config.port}`;
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Multi-Provider Payment Platform API',
        version: '1.0.0',
        description:
          'REST/JSON payment platform: merchants, onboarding, stored cards, PIX keys, internal transfers, fee policies, payments, receivables and settlement, balances and the ledger, anticipation, cashouts, disputes, users and webhooks. ' +
          'Errors use the envelope `{ error: { code, message, status, path, timestamp, requestId, details } }`; lists use the pagination envelope.\n\n' +
          MONEY_FLOW_MARKDOWN,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: `${base}/core`, description: config.env }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Organization or merchant API key' },
          platformKey: {
            type: 'apiKey',
            in: 'header',
            name: 'x-api-key',
            description: 'Platform staff key (only /v1/platform)',
          },
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: transform,
    transformObject: ((input: { openapiObject?: unknown }) =>
      finishDocument(
        structuredClone(input.openapiObject) as Json,
        sections,
      )) as unknown as FastifyDynamicSwaggerOptions['transformObject'],
  };
}
