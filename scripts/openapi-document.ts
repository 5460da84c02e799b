import { buildApp } from '../src/app.js';
import { buildDependencies, ephemeralSecrets } from '../src/composition.js';
import { testConfig } from '../src/config.js';

/**
 * The OpenAPI document generated from the route schemas, built in process with no database work: what
 * build/openapi.json holds, and what the shipped client's types are generated from (packages/client).
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const built = await buildDependencies(testConfig(), { database: {}, migrate: false, secrets: ephemeralSecrets(), redis: null, checkHealth: false, cardKeys: false });
  const app = await buildApp(built.deps);
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await built.close();
  }
}
