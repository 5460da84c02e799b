import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import sjson from 'secure-json-parse';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { ApiError, badRequest, unauthenticated } from './errors.js';
import { RequestValidationError, mapZodIssues } from './validation.js';
import { authenticate, authorize, type ApiKeyResolver, type BearerAuthenticator } from './auth.js';
import type { RateLimiter, RatePool } from './rate-limit.js';
import type { Principal } from './context.js';
import { isDatabaseUnavailable, isUniqueViolation } from '../db/errors.js';

export interface PipelineOptions {
  trustProxy: boolean;
  environment: 'sandbox' | 'production';
  keys: ApiKeyResolver;
  bearer: BearerAuthenticator;
  rateLimiter: RateLimiter;
  /** Where permissions declared by routes are collected (GET /v1/permissions reads it). */
  permissionCatalogue: Set<string>;
}

export const BODY_LIMIT = 1024 * 1024;

export function newRequestId(): string {
  return randomUUID();
}

/** The contract's envelope: `{ error: { code, message, status, path, timestamp, requestId, details } }`. */
export function errorEnvelope(request: FastifyRequest, status: number, code: string, message: string, details?: unknown) {
  return {
    error: {
      code,
      message,
      status,
      path: request.url.split('?')[0],
      timestamp: new Date().toISOString(),
      requestId: request.id,
      ...(details === undefined ? {} : { details }),
    },
  };
}

function sendError(request: FastifyRequest, reply: FastifyReply, err: ApiError) {
  // Errors bypass the route's response serializers: a route may document the same status with another body.
  return reply.code(err.status).type('application/json').serializer(JSON.stringify).send(errorEnvelope(request, err.status, err.code, err.message, err.details));
}

/** Installs the cross-cutting rules on an app: request ids, errors, body parsing, auth, rate limits, 404/405. */
export function installPipeline(app: FastifyInstance, options: PipelineOptions): void {
  const routeShapes = FindMyWay({ ignoreTrailingSlash: false });
  const methodsByPath = new Map<string, Set<string>>();

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/core/docs')) route.config = { ...(route.config ?? {}), auth: 'public' };
    const access = route.config ?? {};
    const mode = access.auth ?? 'api';
    if ((mode === 'api' || mode === 'jwt') && !access.permission) {
      throw new Error(`route ${route.method} ${route.url} must declare a permission`);
    }
    if (access.permission && access.permission !== 'none') options.permissionCatalogue.add(access.permission);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const known = methodsByPath.get(route.url) ?? new Set<string>();
    if (!methodsByPath.has(route.url)) {
      methodsByPath.set(route.url, known);
      routeShapes.on('GET', route.url, () => {}, { url: route.url });
    }
    for (const m of methods) known.add(m);
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (options.trustProxy) {
      const forwarded = request.headers['x-forwarded-proto'];
      const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
      if (proto !== 'https') throw badRequest('HTTPS is required', 'protocol', proto ?? 'http');
    }
    if (!request.routeOptions.url) return; // unknown route: the not-found handler answers
    if (request.routeOptions.config.sandboxOnly && options.environment === 'production') {
      throw new ApiError(404, 'RESOURCE_NOT_FOUND', 'Sandbox controls do not exist in production');
    }
    let principal: Principal;
    try {
      principal = await authenticate(request, options.keys, options.bearer);
    } catch (err) {
      // Failed credentials still count, by client address, so guessing keys is rate limited too.
      if (await limited(request, reply, 'standard', `ip:${request.ip}`)) return reply;
      throw err;
    }
    request.principal = principal;
    if (await limited(request, reply, poolOf(request), bucketOf(request, principal))) return reply;
    authorize(request, principal, reply);
  });

  async function limited(request: FastifyRequest, reply: FastifyReply, pool: RatePool, bucket: string): Promise<boolean> {
    const decision = await options.rateLimiter.consume(pool, bucket);
    reply.header('x-ratelimit-limit', decision.limit);
    reply.header('x-ratelimit-remaining', decision.remaining);
    reply.header('x-ratelimit-reset', decision.resetSeconds);
    if (decision.allowed) return false;
    reply.header('x-ratelimited', 'true');
    await reply.code(429).send();
    void request;
    return true;
  }

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    // Bodiless actions accept no body at all; a route that needs one reports it as missing.
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(badRequest('Malformed JSON body', 'body') as unknown as FastifyError, undefined);
    }
  });
  app.addContentTypeParser('*', (request, _payload, done) => {
    done(badRequest('Content-Type must be application/json', 'content-type', request.headers['content-type'] ?? null) as unknown as FastifyError, undefined);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const match = routeShapes.find('GET', path);
    const allowed = match ? methodsByPath.get((match.store as { url: string }).url) : undefined;
    if (allowed && !allowed.has(request.method)) {
      const list = [...allowed].sort().join(', ');
      reply.header('allow', list);
      return sendError(request, reply, new ApiError(405, 'METHOD_NOT_ALLOWED', `Method ${request.method} is not allowed on ${path}; allowed: ${list}`));
    }
    return sendError(request, reply, new ApiError(404, 'RESOURCE_NOT_FOUND', `Route ${request.method} ${path} not found`));
  });

  app.setErrorHandler((err: unknown, request, reply) => sendError(request, reply, toApiError(err, request)));
}

function poolOf(request: FastifyRequest): RatePool {
  const declared = request.routeOptions.config.ratePool;
  if (declared) return declared;
  return request.method === 'POST' && /\/v1\/auth\//.test(request.routeOptions.url ?? '') ? 'high' : 'standard';
}

function bucketOf(request: FastifyRequest, principal: Principal): string {
  if (principal.kind === 'anonymous') return `ip:${request.ip}`;
  if (principal.kind === 'organization' || principal.kind === 'merchant') {
    return principal.via === 'jwt' ? `user:${principal.userId}:${principal.companyId}` : `key:${principal.credentialId}`;
  }
  return `${principal.kind}:${principal.credentialId}`;
}

/** Every failure becomes an ApiError; anything unexpected is a 500 that leaks nothing. */
export function toApiError(err: unknown, request: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof RequestValidationError) {
    const issues = mapZodIssues(err.issues, err.input);
    if (err.part === 'params') {
      const first = issues[0];
      if (err.issues.some((i) => i.code === 'invalid_format' && (i.format === 'uuid' || i.format === 'guid'))) {
        return badRequest(`Path parameter ${first.field} must be a UUID`, first.field, first.value ?? null);
      }
    }
    if (err.part === 'body' && (err.input === undefined || err.input === null)) return badRequest('A JSON body is required', 'body');
    return new ApiError(400, 'VALIDATION_ERROR', 'Request validation failed', { issues });
  }
  const e = err as FastifyError & { code?: string; cause?: unknown };
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return badRequest('Content-Type must be application/json', 'content-type', request.headers['content-type'] ?? null);
  }
  if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return badRequest('Malformed JSON body', 'body');
  if (e.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return badRequest('Invalid Content-Length', 'content-length');
  if (isDatabaseUnavailable(err)) {
    request.log.error({ err }, 'database unavailable');
    return new ApiError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly');
  }
  if (isUniqueViolation(err)) return new ApiError(409, 'CONFLICT_ERROR', 'The resource already exists');
  if (isResponseSerializationError(err)) {
    request.log.error({ err }, 'response did not match its schema');
  } else if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 401) return unauthenticated(e.message);
    return new ApiError(e.statusCode, 'BAD_REQUEST', e.message);
  } else {
    request.log.error({ err }, 'unexpected error');
  }
  return new ApiError(500, 'INTERNAL_SERVER_ERROR', 'An unexpected error occurred; quote the requestId to support');
}
