import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import sjson from 'secure-json-parse';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { textOf } from '../kernel/text.js';
import { DomainError, badRequest, invalidField, unauthenticated } from '../kernel/errors.js';
import { RequestValidationError, mapZodIssues, withoutCardEchoes } from './validation.js';
import { hasUnstorableChar, jsonDepthExceeds, MAX_JSON_DEPTH } from './input-guard.js';
import { containsCardNumber } from '../domain/pan.js';
import { MAX_URL_BYTES, oversizedRequest, safePath } from './raw-errors.js';
import { authenticate, authorize, type ApiKeyResolver, type BearerAuthenticator } from './auth.js';
import type { RateLimiter, RatePool } from './rate-limit.js';
import type { Principal } from '../kernel/context.js';
import { isDatabaseUnavailable, isUniqueViolation, pgError } from '../db/errors.js';
import { systemClock } from '../kernel/clock.js';

export interface PipelineOptions {
  trustProxy: boolean;
  environment: 'sandbox' | 'production';
  keys: ApiKeyResolver;
  bearer: BearerAuthenticator;
  rateLimiter: RateLimiter;
  /** Where permissions declared by routes are collected (GET /v1/permissions reads it). */
  permissionCatalogue: Set<string>;
  /** Answers (503) and returns true when the app sheds this request under load; checked before anything else. */
  shed?: (request: FastifyRequest, reply: FastifyReply) => boolean;
}

export const BODY_LIMIT = 1024 * 1024;

export function newRequestId(): string {
  return randomUUID();
}

/** The contract's envelope: `{ error: { code, message, status, path, timestamp, requestId, details } }`. */
export function errorEnvelope(
  request: FastifyRequest,
  status: number,
  code: string,
  message: string,
  details?: unknown,
) {
  request.errorCode = code;
  return {
    error: {
      code,
      message,
      status,
      path: safePath(request.url),
      // When the platform answered: real time, whatever the caller's sandbox test clock says.
      timestamp: systemClock.now().toISOString(),
      requestId: request.id,
      doc_url: errorDocUrl(request, code),
      ...(details === undefined ? {} : { details }),
    },
  };
}

/**
 * Where the errors guide explains `code` (its table has an anchor per code): on the platform's public address
 * when configured, else the address the request came to.
 */
export function errorDocUrl(request: FastifyRequest, code: string): string {
  const configured = (request.server as { deps?: { config?: { publicBaseUrl?: string } } }).deps?.config?.publicBaseUrl;
  return `${configured ?? `${request.protocol}://${request.host}`}/core/docs/guides/errors#${errorAnchor(code)}`;
}

export const errorAnchor = (code: string) => code.toLowerCase().replaceAll('_', '-');

function sendError(request: FastifyRequest, reply: FastifyReply, err: DomainError) {
  // An error may carry headers of its own (a login limit's x-ratelimit-*).
  const headers = (err as DomainError & { headers?: Record<string, string> }).headers;
  if (headers) reply.headers(headers);
  // The "request completed" line names the error code, so a 4xx in the logs says why (product.md §15).
  reply.log = reply.log.child({ errorCode: err.code });
  // Errors bypass the route's response serializers: a route may document the same status with another body.
  return reply
    .code(err.status)
    .type('application/json')
    .serializer(JSON.stringify)
    .send(
      errorEnvelope(
        request,
        err.status,
        err.code,
        err.message,
        err.details === undefined ? undefined : withoutCardEchoes(err.details),
      ),
    );
}

/** §14: a URL over 8 KiB, whether Fastify's router or the pipeline sees it first. */
const uriTooLong = () => new DomainError('URI_TOO_LONG', `The URL exceeds ${MAX_URL_BYTES} bytes`);

/**
 * Fastify's own refusals before routing (a bad %-encoding, a path parameter over the URL bound): the envelope
 * with x-request-id like every other error (product.md §14).
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  const mapped =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? uriTooLong() : badRequest('The URL is not validly encoded', 'path');
  // Fastify ignores this handler's result: the reply is sent, and nothing is left to wait for.
  void sendError(request, reply, mapped);
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
      throw new Error(`route ${[route.method].flat().join(',')} ${route.url} must declare a permission`);
    }
    if (access.permission && access.permission !== 'none') options.permissionCatalogue.add(access.permission);
    // P10: the high pool takes creating POSTs only (transactions, 3DS sessions, /v1/auth); a slip elsewhere fails at start.
    if (
      access.ratePool === 'high' &&
      (Array.isArray(route.method) ? route.method : [route.method]).some((m) => m !== 'POST')
    ) {
      throw new Error(`route ${String(route.method)} ${route.url} declares the high rate pool, which takes POSTs only`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const known = methodsByPath.get(route.url) ?? new Set<string>();
    if (!methodsByPath.has(route.url)) {
      methodsByPath.set(route.url, known);
      routeShapes.on('GET', route.url, () => {}, { url: route.url });
    }
    for (const m of methods) known.add(m);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (options.shed?.(request, reply)) return reply;
    reply.header('x-request-id', request.id);
    const oversized = oversizedRequest(request.raw);
    if (oversized) {
      // As after Node's own refusals: the connection ends with the answer (the client sent more than we read).
      reply.header('connection', 'close');
      throw new DomainError(oversized.code, oversized.message);
    }
    if (options.trustProxy) {
      const forwarded = request.headers['x-forwarded-proto'];
      // The last value is the one the nearest (trusted) proxy wrote; earlier ones came from the client.
      const values = (Array.isArray(forwarded) ? forwarded : [forwarded ?? '']).join(',').split(',');
      const proto = values[values.length - 1]?.trim().toLowerCase() || undefined;
      if (proto !== 'https') throw badRequest('HTTPS is required', 'protocol', proto ?? 'http');
    }
    const idempotencyKey = request.headers['idempotency-key'];
    if (
      typeof idempotencyKey === 'string' &&
      (containsCardNumber(idempotencyKey) || hasUnstorableChar(idempotencyKey))
    ) {
      throw invalidField('Idempotency-Key', 'INVALID_FORMAT', 'Idempotency-Key must not contain card data');
    }
    // §14: limits come before any database work. A credential known from the key cache counts in its own
    // pool; anything else (no credential, a key not cached, a token) counts against the client address's
    // standard pool before the lookup; an unknown route (404/405) counts and then the not-found handler answers.
    const key = request.headers['x-api-key'];
    const cached = typeof key === 'string' && key !== '' ? options.keys.isKnown(key) : undefined;
    const routeKnown = !!request.routeOptions.url;
    const isPublic = routeKnown && (request.routeOptions.config.auth ?? 'api') === 'public';
    if (!routeKnown) {
      const bucket = cached ? bucketOf(request, cached) : `ip:${request.ip}`;
      if (await limited(request, reply, 'standard', bucket)) return reply;
      return;
    }
    if (request.routeOptions.config.sandboxOnly && options.environment === 'production') {
      throw new DomainError('RESOURCE_NOT_FOUND', 'Sandbox controls do not exist in production');
    }
    // A bearer token's signature is checked before any lookup; a failed one counts by address afterwards.
    const bearer =
      cached === undefined && (key === undefined || key === '') && request.headers.authorization !== undefined;
    const countedByAddress = !cached && !isPublic && !bearer;
    if (countedByAddress && (await limited(request, reply, 'standard', `ip:${request.ip}`))) return reply;
    let principal: Principal;
    try {
      principal = await authenticate(request, options.keys, options.bearer);
    } catch (err) {
      if (bearer && (await limited(request, reply, 'standard', `ip:${request.ip}`))) return reply;
      throw err;
    }
    request.principal = principal;
    // An anonymous caller of a public route counts once, in the route's pool, by address.
    if (
      !(countedByAddress && principal.kind === 'anonymous') &&
      (await limited(request, reply, poolOf(request), bucketOf(request, principal)))
    )
      return reply;
    authorize(request, principal, reply);
  });

  async function limited(
    request: FastifyRequest,
    reply: FastifyReply,
    pool: RatePool,
    bucket: string,
  ): Promise<boolean> {
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
    // Checked on the text, before parsing: nothing recursive ever sees a hostile nesting (§14: at most 32).
    if (jsonDepthExceeds(text)) {
      return done(badRequest(`The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`, 'body'), undefined);
    }
    try {
      done(null, sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(badRequest('Malformed JSON body', 'body'), undefined);
    }
  });
  app.addContentTypeParser('*', (request, _payload, done) => {
    done(
      badRequest('Content-Type must be application/json', 'content-type', request.headers['content-type'] ?? null),
      undefined,
    );
  });

  app.setNotFoundHandler((request, reply) => {
    const path = safePath(request.url);
    const match = routeShapes.find('GET', path);
    const allowed = match ? methodsByPath.get((match.store as { url: string }).url) : undefined;
    if (allowed && !allowed.has(request.method)) {
      const list = [...allowed].sort().join(', ');
      reply.header('allow', list);
      return sendError(
        request,
        reply,
        new DomainError('METHOD_NOT_ALLOWED', `Method ${request.method} is not allowed on ${path}; allowed: ${list}`),
      );
    }
    return sendError(
      request,
      reply,
      new DomainError('RESOURCE_NOT_FOUND', `Route ${request.method} ${path} not found`),
    );
  });

  app.setErrorHandler((err: unknown, request, reply) => sendError(request, reply, toApiError(err, request)));
}

/**
 * The pool a request counts in (product.md §2, P10): the route's declared `ratePool` (the transaction and 3DS
 * creates declare `high`), else `high` for a POST under /v1/auth, else `standard`.
 */
function poolOf(request: FastifyRequest): RatePool {
  const declared = request.routeOptions.config.ratePool;
  if (declared) return declared;
  return request.method === 'POST' && /\/v1\/auth\//.test(request.routeOptions.url ?? '') ? 'high' : 'standard';
}

function bucketOf(request: FastifyRequest, principal: Principal): string {
  const byParam = request.routeOptions.config.rateBucket;
  if (byParam)
    return `${byParam}:${textOf((request.params as Record<string, unknown> | undefined)?.[byParam] ?? '').slice(0, 100)}`;
  if (principal.kind === 'anonymous') return `ip:${request.ip}`;
  if (principal.kind === 'organization' || principal.kind === 'merchant') {
    return principal.via === 'jwt'
      ? `user:${principal.userId}:${principal.companyId}`
      : `key:${principal.credentialId}`;
  }
  return `${principal.kind}:${principal.credentialId}`;
}

/** Every failure becomes an DomainError; anything unexpected is a 500 that leaks nothing. */
export function toApiError(err: unknown, request: FastifyRequest): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof RequestValidationError) {
    // Guarded issues (input-guard.ts) win over the schema's on the same field: theirs never echo the value.
    const guardedFields = new Set(err.guarded.map((i) => i.field));
    const issues = [
      ...err.guarded,
      ...mapZodIssues(err.issues, err.input, err.schema).filter((i) => !guardedFields.has(i.field)),
    ];
    const [firstGuarded] = err.guarded;
    if (err.part === 'params' && firstGuarded)
      return badRequest(`Path parameter ${firstGuarded.field} is malformed`, firstGuarded.field);
    if (err.part === 'params') {
      const first = issues[0];
      if (
        first &&
        err.issues.some((i) => i.code === 'invalid_format' && (i.format === 'uuid' || i.format === 'guid'))
      ) {
        return badRequest(`Path parameter ${first.field} must be a UUID`, first.field, first.value ?? null);
      }
    }
    if (err.part === 'body' && (err.input === undefined || err.input === null))
      return badRequest('A JSON body is required', 'body');
    return new DomainError('VALIDATION_ERROR', 'Request validation failed', { issues });
  }
  const e = err as FastifyError & { code?: string; cause?: unknown };
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new DomainError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return badRequest('Content-Type must be application/json', 'content-type', request.headers['content-type'] ?? null);
  }
  if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return badRequest('Malformed JSON body', 'body');
  if (e.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return badRequest('Invalid Content-Length', 'content-length');
  if (isDatabaseUnavailable(err)) {
    request.log.error({ err }, 'database unavailable');
    return new DomainError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly');
  }
  if (isUniqueViolation(err)) return new DomainError('CONFLICT_ERROR', 'The resource already exists');
  // A value the database cannot take (SQLSTATE class 22: bad encoding, out of range...) that no schema
  // caught is the client's input, not a server fault; logged by code only.
  const sqlState = pgError(err)?.code;
  if (typeof sqlState === 'string' && sqlState.startsWith('22')) {
    request.log.warn({ err }, 'input refused by the database');
    return badRequest('A value in the request cannot be stored', 'body');
  }
  if (isResponseSerializationError(err)) {
    request.log.error({ err }, 'response did not match its schema');
  } else if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 401) return unauthenticated(e.message);
    return new DomainError('BAD_REQUEST', e.message, undefined, e.statusCode);
  } else {
    request.log.error({ err }, 'unexpected error');
  }
  return new DomainError('INTERNAL_SERVER_ERROR', 'An unexpected error occurred; quote the requestId to support');
}
