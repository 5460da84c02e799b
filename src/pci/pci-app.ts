import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import sjson from 'secure-json-parse';
import { encryptEv, newEphemeral, type Ephemeral, type EvPublicKey } from '../crypto/ev.js';
import { wallMillis } from '../kernel/clock.js';
import type { ValidationIssue } from '../kernel/errors.js';
import { BODY_LIMIT, errorEnvelope, newRequestId } from '../http/pipeline.js';
import { loggerOptions } from '../http/logger.js';
import { clientErrorHandler, oversizedRequest, serverFactory } from '../http/raw-errors.js';
import type { RateLimiter, RatePool } from '../http/rate-limit.js';
import { CARD_OBJECT, encryptCardFields } from './card-fields.js';

/**
 * The PCI host (payments.md P1, P3): the four create routes, at the core's paths. It encrypts card numbers and
 * CVVs in transit and relays the request in-process to the core app (`inject`): no second network hop, and the
 * core answers with its own pipeline (authentication, rate pools, validation, idempotency), which the PCI host
 * passes back unchanged. It holds no database and no private key: only the current public key.
 */
export const PCI_ROUTES = [
  { url: '/core/v1/transactions', card: CARD_OBJECT.transactions },
  { url: '/core/v1/merchants/:merchantId/transactions', card: CARD_OBJECT.transactions },
  { url: '/core/v1/3ds-sessions', card: CARD_OBJECT.threeDs },
  { url: '/core/v1/merchants/:merchantId/3ds-sessions', card: CARD_OBJECT.threeDs },
] as const;

/** P6: one ephemeral key pair for at most 15 s (a fresh IV per value regardless). */
export const EPHEMERAL_REUSE_MS = 15_000;

export interface PciOptions {
  /** The core app requests are relayed to. */
  core: FastifyInstance;
  logLevel: string;
  logFormat?: 'pretty' | 'json';
  /** The core's key endpoint by default (what any client reads); the PCI host caches it with the ephemeral pair. */
  publicKey?: () => Promise<EvPublicKey>;
  /** Counts the PCI host's own answers (its 404s and refusals); the core counts what it answers. */
  rateLimiter?: RateLimiter;
}

export async function buildPciHost(
  options: PciOptions,
  serverOptions: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  // The core's listener (raw-errors.ts): §14's header bounds, Node's refusals and plain HTTP on TLS in the envelope.
  const tls = (serverOptions as { https?: { cert: string; key: string } }).https;
  const requestTimeout = serverOptions.requestTimeout ?? 0;
  const app = Fastify({
    serverFactory: serverFactory({ requestTimeout, tls }),
    clientErrorHandler,
    logger: loggerOptions(options.logLevel, options.logFormat),
    genReqId: newRequestId,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    ...serverOptions,
  });
  const publicKey = options.publicKey ?? coreKeyEndpoint(options.core);
  let current: { key: EvPublicKey; ephemeral: Ephemeral; until: number } | undefined;
  // The key is read from the core every EPHEMERAL_REUSE_MS. A core shedding load (503) or failing then must not
  // fail a payment: the key read last is kept (a retired one is refused by the core with its documented error),
  // and with none yet the create answers 503, which clients retry (CI once saw a 500 here under load).
  const currentKey = async (last: EvPublicKey | undefined): Promise<EvPublicKey> => {
    try {
      return await publicKey();
    } catch (err) {
      if (last) return last;
      throw Object.assign(new Error('encryption keys unavailable'), { code: 'PCI_KEY_UNAVAILABLE', cause: err });
    }
  };
  const encrypter = async () => {
    const now = wallMillis();
    if (!current || now >= current.until)
      current = { key: await currentKey(current?.key), ephemeral: newEphemeral(true), until: now + EPHEMERAL_REUSE_MS };
    const { key, ephemeral } = current;
    return (value: string, purpose: Parameters<typeof encryptEv>[1]) => encryptEv(value, purpose, key, ephemeral);
  };

  // The core's router must be built before the first relay.
  app.addHook('onReady', async () => {
    await options.core.ready();
  });
  // The body is kept as text: a body that is not a JSON object goes to the core exactly as sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, String(body)));

  async function limited(request: FastifyRequest, reply: FastifyReply, pool: RatePool): Promise<boolean> {
    if (!options.rateLimiter) return false;
    const decision = await options.rateLimiter.consume(pool, `pci:${request.ip}`);
    reply
      .header('x-ratelimit-limit', decision.limit)
      .header('x-ratelimit-remaining', decision.remaining)
      .header('x-ratelimit-reset', decision.resetSeconds);
    if (decision.allowed) return false;
    await reply.header('x-ratelimited', 'true').code(429).send();
    return true;
  }

  const sendError = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    code: string,
    message: string,
    details?: unknown,
  ) =>
    reply
      .code(status)
      .header('x-request-id', request.id)
      .type('application/json')
      .send(JSON.stringify(errorEnvelope(request, status, code, message, details)));

  app.addHook('onRequest', async (request, reply) => {
    const oversized = oversizedRequest(request.raw);
    if (oversized)
      return sendError(
        request,
        reply.header('connection', 'close'),
        oversized.status,
        oversized.code,
        oversized.message,
      );
  });

  for (const route of PCI_ROUTES) {
    app.post(route.url, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      let payload = raw;
      if (/^application\/json\b/i.test(request.headers['content-type'] ?? '') && raw.trim() !== '') {
        let parsed: unknown;
        try {
          parsed = sjson.parse(raw, undefined, { protoAction: 'error', constructorAction: 'error' });
        } catch {
          parsed = undefined; // malformed: the core says so
        }
        if (parsed !== undefined) {
          const result = encryptCardFields(parsed, route.card, await encrypter());
          if (!result.ok) {
            if (await limited(request, reply, 'high')) return reply;
            return sendError(request, reply, 400, 'VALIDATION_ERROR', 'Request validation failed', {
              issues: result.issues satisfies ValidationIssue[],
            });
          }
          payload = JSON.stringify(result.body);
        }
      }
      return relay(options.core, request, reply, payload);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (await limited(request, reply, 'standard')) return reply;
    return sendError(
      request,
      reply,
      404,
      'RESOURCE_NOT_FOUND',
      `Route ${request.method} ${request.url.split('?')[0]} not found on the PCI host`,
    );
  });
  app.setErrorHandler((err: { statusCode?: number; code?: string }, request, reply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendError(request, reply, 413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
    if (err.code === 'PCI_KEY_UNAVAILABLE') {
      reply.header('retry-after', '1');
      return sendError(request, reply, 503, 'SERVICE_UNAVAILABLE', 'The server is overloaded; retry shortly');
    }
    // Never the error's content: it may carry the body.
    request.log.error({ code: err.code }, 'PCI host error');
    return sendError(
      request,
      reply,
      500,
      'INTERNAL_SERVER_ERROR',
      'An unexpected error occurred; quote the requestId to support',
    );
  });
  return app;
}

/**
 * Hands the request to the core's router in-process, as if it had arrived on the core's listener: the same
 * socket (so the same client address), the client's headers, the rewritten body, and the PCI host's own raw
 * response, which the core writes to directly. No second HTTP parse and no mock request (cheaper than `inject`).
 */
/**
 * The host the core would have been reached at: the client's host name with the core's listening port. Links
 * the core builds from the request (a 3DS session's `challenge_url`) must open the core, since the PCI host
 * serves only the create routes (without this, a session created here pointed its challenge page at a 404).
 * Not listening (tests that inject): the header is left as sent. PUBLIC_BASE_URL, when set, wins in the core.
 */
function coreHostFor(core: FastifyInstance, host: string | undefined): string | undefined {
  const address = core.server.address();
  if (!host || !address || typeof address === 'string') return undefined;
  const name = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(host)?.[1];
  return name ? `${name}:${address.port}` : undefined;
}

async function relay(
  core: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: string,
): Promise<void> {
  const body = Buffer.from(payload, 'utf8');
  const raw = request.raw;
  const forwarded = Readable.from([body], { objectMode: false }) as unknown as IncomingMessage;
  const headers: IncomingHttpHeaders = { ...raw.headers, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  const host = coreHostFor(core, raw.headers.host);
  if (host) headers.host = host;
  Object.assign(forwarded, {
    method: raw.method,
    url: raw.url,
    headers,
    rawHeaders: [],
    httpVersion: raw.httpVersion,
    httpVersionMajor: raw.httpVersionMajor,
    httpVersionMinor: raw.httpVersionMinor,
    socket: raw.socket,
    connection: raw.socket,
    complete: true,
    aborted: false,
  });
  reply.hijack();
  await new Promise<void>((resolve) => {
    reply.raw.once('finish', resolve);
    reply.raw.once('close', resolve);
    core.routing(forwarded, reply.raw);
  });
}

/** The current public key, as any client reads it: GET /v1/encryption-keys on the core. */
function coreKeyEndpoint(core: FastifyInstance): () => Promise<EvPublicKey> {
  return async () => {
    const res = await core.inject({
      method: 'GET',
      url: '/core/v1/encryption-keys',
      headers: { 'x-forwarded-proto': 'https' },
    });
    if (res.statusCode !== 200) throw new Error(`encryption keys unavailable (${res.statusCode})`);
    const doc = res.json<{ current_kid: string; keys: EvPublicKey[] }>();
    const key = doc.keys.find((k) => k.kid === doc.current_kid);
    if (!key) throw new Error('no current encryption key');
    return { kid: key.kid, x: key.x, y: key.y };
  };
}
