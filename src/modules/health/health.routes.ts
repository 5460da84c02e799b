import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providersHealth } from '../provider-accounts/provider-accounts.health-report.js';

const providerHealth = z.object({
  name: z.string(),
  status: z.string(),
  responseTime: z.int(),
  lastChecked: z.iso.datetime(),
});
const healthSchema = z.object({
  status: z.enum(['OK', 'ERROR']),
  database: z.string(),
  environment: z.string(),
  providers: z.union([
    z.object({ enabled: z.int(), initialized: z.int(), health: z.array(providerHealth) }),
    z.object({ status: z.literal('unavailable'), error: z.string() }),
  ]),
});

/** GET /core/health: unversioned, no authentication; 503 when the database or provider health is unavailable. */
export default async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: { summary: 'Health check', tags: ['health'], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const connected = await app.deps.db.ping();
      // providers.md R6.11: the ACTIVE provider accounts and their circuits.
      const read = connected
        ? await providersHealth(app.deps.db.db, app.deps.clock.now()).catch((err: Error) => ({
            report: { status: 'unavailable' as const, error: err.message },
            healthy: false,
          }))
        : null;
      const providers = read?.report ?? app.deps.health.current();
      const ok = connected && !('status' in providers) && (read?.healthy ?? false);
      reply.code(ok ? 200 : 503);
      return {
        status: ok ? 'OK' : 'ERROR',
        database: connected ? 'CONNECTED' : 'DISCONNECTED',
        environment: app.deps.config.env,
        providers,
      } as const;
    },
  );

  r.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
