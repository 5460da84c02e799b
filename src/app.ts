import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { ApiKeyResolver, noBearerSupport } from './http/auth.js';
import { createRateLimiter } from './http/rate-limit.js';
import { localKeyRevocations } from './http/key-revocations.js';
import { installIdempotencyKey } from './http/idempotency-key.js';
import { installReadYourWrites } from './http/read-your-writes.js';
import type { AppDeps } from './deps.js';
import type { Config } from './config.js';
import { createLoadGuard, type LoadGuard } from './http/load-guard.js';
import { BODY_LIMIT, errorEnvelope, frameworkErrors, installPipeline, newRequestId } from './http/pipeline.js';
import { clientErrorHandler, MAX_URL_BYTES, serverFactory } from './http/raw-errors.js';
import { validatorCompiler } from './http/validation.js';
import { compiledSerializerCompiler } from './http/serializer.js';
import { lazyChildLogger, loggerOptions } from './http/logger.js';
import { openApiOptions } from './http/openapi.js';
import { applyServiceRules } from './modules/openapi-service-rules.js';
import { webhooksSection } from './modules/openapi-webhooks.js';
import { docsRoutes } from './http/docs/docs.routes.js';
import { routeModules } from './areas.js';
import { buildPciHost } from './pci/pci-app.js';
import { wallMillis } from './kernel/clock.js';

export type { AppDeps };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every permission some route declares: the catalogue GET /v1/permissions lists. */
    permissionCatalogue: Set<string>;
    /** The load guard's measure (src/http/load-guard.ts). */
    loadGuard: LoadGuard;
  }
}

export const CORE_PREFIX = '/core';

/**
 * Fastify's form of TRUST_PROXY: a hop count trusts that many hops from the socket's peer (so the client is
 * the entry right of them in X-Forwarded-For, or the leftmost when there are fewer); a list trusts those
 * addresses only. Fastify's `true` (believe every X-Forwarded-For entry) is never used.
 */
export function fastifyTrustProxy(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (Array.isArray(trust)) return trust;
  const hops = trust === true ? 1 : trust;
  return (_address, hop) => hop < hops;
}

/** What the load guard lets through whatever the load: the docs and guides (with their assets), the OpenAPI document, health. */
const NEVER_SHED = /^\/core\/(docs(\/|\?|$)|openapi\.json(\?|$)|health(\?|$))/;
export const neverShed = (url: string): boolean => NEVER_SHED.test(url);

/** The base every host shares: options, compilers, deps, load shedding and the cross-cutting pipeline. */
async function baseApp(deps: AppDeps, serverOptions: FastifyServerOptions): Promise<FastifyInstance> {
  const timeout = deps.config.requestTimeoutMs;
  const tls = (serverOptions as { https?: { cert: string; key: string } }).https;
  // Node checks request timeouts only every 30 s by default; check as often as the timeout demands, so a
  // slow client (slowloris) is cut off close to the limit. Header bounds and plain HTTP on TLS: raw-errors.ts.
  const app = Fastify({
    serverFactory: serverFactory({ requestTimeout: timeout, tls }),
    logger: loggerOptions(deps.config.logLevel, deps.config.logFormat),
    childLoggerFactory: lazyChildLogger,
    genReqId: newRequestId,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    return503OnClosing: true,
    requestTimeout: deps.config.requestTimeoutMs,
    // Path ids of any length reach their schema (a 400 naming the field); the whole URL is bounded instead.
    routerOptions: { maxParamLength: MAX_URL_BYTES },
    clientErrorHandler,
    frameworkErrors,
    ...serverOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ verify: deps.config.verifyResponseSerializers }));
  app.decorate('deps', deps);
  app.decorate('permissionCatalogue', new Set<string>());
  // Shed load before any work (auth, database) when the event loop is overwhelmed: a fast 503 in the
  // envelope beats timeouts for everyone. Never the docs, the guides, the document they render or health: they
  // cost no database work, and a developer or a probe reading them must not see an API's overload answer.
  // The measure is the platform's own delay: the embedded database's synchronous work is taken out of it
  // (src/http/load-guard.ts; issue 27, finding 4). Startup work (embedded database, migrations, sandbox
  // bootstrap) blocks the loop too; the first samples after start measure that, not load, so shedding begins
  // only after a grace period.
  let shedFrom = Number.POSITIVE_INFINITY;
  const guard = createLoadGuard({
    // 0 turns the check off (LOAD_SHED_EVENT_LOOP_DELAY_MS=0; the test helpers' spawned servers).
    maxDelayMs: deps.pressure?.maxEventLoopDelayMs ?? deps.config.loadShedEventLoopDelayMs ?? 1000,
    sampleIntervalMs: deps.pressure?.sampleIntervalMs ?? 250,
    embeddedBusyMs: deps.db.embeddedBusyMs,
  });
  app.decorate('loadGuard', guard);
  app.addHook('onReady', async () => {
    shedFrom = wallMillis() + (deps.pressure?.startupGraceMs ?? 5000);
    guard.start();
  });
  app.addHook('onClose', async () => guard.stop());
  // Checked first by the pipeline's own onRequest hook (one hook per request instead of two).
  const shed = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!guard.overloaded() || wallMillis() < shedFrom || neverShed(request.url)) return false;
    reply.code(503).header('retry-after', '1').type('application/json').serializer(JSON.stringify);
    void reply.send(errorEnvelope(request, 503, 'SERVICE_UNAVAILABLE', 'The server is overloaded; retry shortly'));
    return true;
  };
  // Revoked and rolled keys leave this app's key cache as soon as any instance announces them.
  deps.keyRevocations ??= localKeyRevocations();
  const keys = new ApiKeyResolver(deps.db.db, deps.platformKey, deps.clock);
  const unsubscribe = deps.keyRevocations.subscribe((message) => keys.forget(message));
  app.addHook('onClose', async () => unsubscribe());
  // Reads after a caller's own change stay on the primary (no-op without DATABASE_READ_URL).
  installReadYourWrites(app, deps);
  installPipeline(app, {
    trustProxy: deps.config.trustProxy !== false,
    environment: deps.config.env,
    keys,
    bearer: deps.bearer ?? deps.auth?.bearer ?? noBearerSupport,
    rateLimiter: deps.rateLimiter ?? createRateLimiter(deps.config.rateLimits),
    permissionCatalogue: app.permissionCatalogue,
    shed,
  });
  return app;
}

/** Builds the core host app (everything under /core). Never listens: server.ts and tests decide that. */
export async function buildApp(deps: AppDeps, serverOptions: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = await baseApp(deps, serverOptions);
  installIdempotencyKey(app);
  deps.requestLogs?.install(app);
  await app.register(fastifySwagger, openApiOptions(deps.config, { applyServiceRules, webhooksSection }));
  // The reference with its try-it client (Scalar, bundled) and the guides.
  await app.register(docsRoutes, { base: CORE_PREFIX });
  await app.register(
    async (core) => {
      for (const mod of routeModules) await core.register(mod);
    },
    { prefix: CORE_PREFIX },
  );
  return app;
}

/**
 * The PCI host (payments.md P1): the four create routes, encrypted in transit and relayed in-process to `core`;
 * 404 elsewhere. It gets no database from these deps: only config and the rate limiter (src/pci/).
 */
export async function buildPciApp(
  deps: AppDeps,
  serverOptions: FastifyServerOptions,
  relay: { core: FastifyInstance },
): Promise<FastifyInstance> {
  return buildPciHost(
    {
      core: relay.core,
      logLevel: deps.config.logLevel,
      logFormat: deps.config.logFormat,
      rateLimiter: deps.rateLimiter,
    },
    {
      trustProxy: fastifyTrustProxy(deps.config.trustProxy),
      requestTimeout: deps.config.requestTimeoutMs,
      ...serverOptions,
    },
  );
}
