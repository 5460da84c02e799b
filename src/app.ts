import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
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
import { BODY_LIMIT, installPipeline, newRequestId } from './http/pipeline.js';
import { validatorCompiler } from './http/validation.js';
import { loggerOptions } from './http/logger.js';
import { openApiOptions, DOCS_PREFIX } from './http/openapi.js';
import { routeModules } from './modules/index.js';

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

/** The base every host shares: options, compilers, deps and the cross-cutting pipeline. */
function baseApp(deps: AppDeps, serverOptions: FastifyServerOptions): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel),
    genReqId: newRequestId,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
    requestTimeout: 30_000,
    ...serverOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('permissionCatalogue', new Set<string>());
  installPipeline(app, {
    trustProxy: deps.config.trustProxy,
    environment: deps.config.env,
    keys: new ApiKeyResolver(deps.db.db, deps.platformKey),
    bearer: deps.bearer ?? noBearerSupport,
    rateLimiter: deps.rateLimiter ?? createRateLimiter(deps.config.rateLimits),
    permissionCatalogue: app.permissionCatalogue,
  });
  return app;
}

/** Builds the core host app (everything under /core). Never listens: server.ts and tests decide that. */
export async function buildApp(deps: AppDeps, serverOptions: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = baseApp(deps, serverOptions);
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
