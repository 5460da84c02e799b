import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DbHandle } from './db/client.js';
import type { ProviderRegistry } from './providers/registry.js';
import type { HealthMonitor } from './providers/health-monitor.js';
import type { FileStore } from './modules/onboarding/file-store.js';
import { ApiKeyResolver, noBearerSupport, type BearerAuthenticator } from './http/auth.js';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.js';
import underPressure from '@fastify/under-pressure';
import { BODY_LIMIT, errorEnvelope, installPipeline, newRequestId } from './http/pipeline.js';
import { validatorCompiler } from './http/validation.js';
import { loggerOptions } from './http/logger.js';
import { openApiOptions, DOCS_PREFIX } from './http/openapi.js';
import { routeModules } from './modules/index.js';
import type { AuthServices } from './modules/auth/services.js';

/** What the app is built from; the composition root (server.ts) or a test makes these. */
export interface AppDeps {
  config: Config;
  db: DbHandle;
  providers: ProviderRegistry;
  health: HealthMonitor;
  /** The platform staff key in force (configured, or the sandbox's generated one). */
  platformKey?: string;
  rateLimiter?: RateLimiter;
  bearer?: BearerAuthenticator;
  /** Load-shedding thresholds (tests lower them to provoke a 503). */
  pressure?: { maxEventLoopDelayMs?: number; sampleIntervalMs?: number; startupGraceMs?: number };
  /** Users, auth and zipcodes (`createAuthServices`); its `bearer` verifies JWTs unless `bearer` is given. */
  auth?: AuthServices;
  /** HMAC secret of webhook dashboard links; shared by all instances (absent: a per-process one). */
  webhookDashboardSecret?: string;
  /** Onboarding document bytes; default: local disk under DATA_DIR/files. */
  fileStore?: FileStore;
  /** HMAC secret of document download links (server.ts persists one); default: random per process. */
  documentUrlSecret?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every permission some route declares: the catalogue GET /v1/permissions lists. */
    permissionCatalogue: Set<string>;
  }
}

export const CORE_PREFIX = '/core';

/** The base every host shares: options, compilers, deps, load shedding and the cross-cutting pipeline. */
async function baseApp(deps: AppDeps, serverOptions: FastifyServerOptions): Promise<FastifyInstance> {
  const timeout = deps.config.requestTimeoutMs;
  const tls = (serverOptions as { https?: { cert: string; key: string } }).https;
  // Node checks request timeouts only every 30 s by default; check as often as the timeout demands, so a
  // slow client (slowloris) is cut off close to the limit.
  const serverFactory = (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
    const options = { requestTimeout: timeout, connectionsCheckingInterval: Math.min(1000, timeout) };
    return tls ? createHttpsServer({ ...options, ...tls }, handler) : createHttpServer(options, handler);
  };
  const app = Fastify({
    serverFactory,
    logger: loggerOptions(deps.config.logLevel),
    genReqId: newRequestId,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
    requestTimeout: deps.config.requestTimeoutMs,
    ...serverOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('permissionCatalogue', new Set<string>());
  // Shed load before any work (auth, database) when the event loop is overwhelmed: a fast 503 in the
  // envelope beats timeouts for everyone.
  // Startup work (embedded database, migrations, sandbox bootstrap) blocks the loop too; the first samples
  // after start measure that, not load, so shedding begins only after a grace period.
  let shedFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    shedFrom = Date.now() + (deps.pressure?.startupGraceMs ?? 5000);
  });
  await app.register(underPressure, {
    maxEventLoopDelay: deps.pressure?.maxEventLoopDelayMs ?? 1000,
    sampleInterval: deps.pressure?.sampleIntervalMs ?? 250,
    // under-pressure sends what the handler returns; returning nothing lets the request through.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply) => {
      if (Date.now() < shedFrom) return undefined;
      reply.code(503).header('retry-after', '1').type('application/json').serializer(JSON.stringify);
      return errorEnvelope(request, 503, 'SERVICE_UNAVAILABLE', 'The server is overloaded; retry shortly');
    }) as unknown as (request: FastifyRequest, reply: FastifyReply) => void,
  });
  installPipeline(app, {
    trustProxy: deps.config.trustProxy,
    environment: deps.config.env,
    keys: new ApiKeyResolver(deps.db.db, deps.platformKey),
    bearer: deps.bearer ?? deps.auth?.bearer ?? noBearerSupport,
    rateLimiter: deps.rateLimiter ?? createRateLimiter(deps.config.rateLimits),
    permissionCatalogue: app.permissionCatalogue,
  });
  return app;
}

/** Builds the core host app (everything under /core). Never listens: server.ts and tests decide that. */
export async function buildApp(deps: AppDeps, serverOptions: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = await baseApp(deps, serverOptions);
  await app.register(fastifySwagger, openApiOptions(deps.config));
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: true } });
  await app.register(
    async (core) => {
      for (const mod of routeModules) await core.register(mod);
    },
    { prefix: CORE_PREFIX },
  );
  return app;
}

/** The PCI host: it serves transaction and 3DS creation only, which do not exist yet, so every path is 404. */
export async function buildPciApp(deps: AppDeps, serverOptions: FastifyServerOptions = {}): Promise<FastifyInstance> {
  return baseApp(deps, serverOptions);
}
