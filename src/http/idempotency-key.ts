import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { badRequest } from '../kernel/errors.js';
import { IDEMPOTENCY_KEY_MAX, mergeIdempotencyKey } from './idempotency-key.rules.js';

/** Whether a body schema has a `request_id` field (through optional, nullable, pipes and unions). */
export function takesRequestId(schema: unknown, depth = 0): boolean {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 8) return false;
  switch (def.type) {
    case 'object':
      return 'request_id' in (def.shape as Record<string, unknown>);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return takesRequestId(def.innerType, depth + 1);
    case 'pipe':
      return takesRequestId(def.in, depth + 1) || takesRequestId(def.out, depth + 1);
    case 'union':
      return (def.options as unknown[]).some((o) => takesRequestId(o, depth + 1));
    default:
      return false;
  }
}

/** What the OpenAPI document says of the header on a create (src/http/openapi.ts adds it). */
export const idempotencyKeyParameter = {
  type: 'string',
  minLength: 1,
  maxLength: IDEMPOTENCY_KEY_MAX,
  description:
    "Same meaning as the body's `request_id` (send either, or the same value in both; different values answer 400). " +
    'A replay answers 200 with `Idempotent-Replayed: true`.',
};

export const idempotentReplayedHeader = {
  type: 'string',
  enum: ['true'],
  description: 'Present on a replay of an earlier create',
};

/**
 * Creates accept `Idempotency-Key` as their `request_id` (product.md §15). A route is a create when its body
 * schema has `request_id`, decided once at start, so a new create needs nothing; elsewhere the header is
 * ignored. Runs before validation, so the header also satisfies a required `request_id`.
 */
export function installIdempotencyKey(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!takesRequestId(route.schema?.body)) return;
    // A hook of the creates' own, not of the app: every other request (reads above all) skips a turn of
    // Fastify's hook runner for a hook that would do nothing.
    const own = route.preValidation;
    route.preValidation = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), mergeHeaderIntoBody];
  });
}

const mergeHeaderIntoBody: preValidationAsyncHookHandler = async (request) => {
  const merged = mergeIdempotencyKey(request.headers['idempotency-key'], request.body);
  if (!merged.ok) throw badRequest(merged.message, 'Idempotency-Key');
  request.body = merged.body;
};
