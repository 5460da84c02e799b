import { buildApp } from '../src/app.js';
import { buildDependencies, ephemeralSecrets } from '../src/composition.js';
import { testConfig } from '../src/config.js';
import type { DbOptions } from '../src/db/client.js';

/**
 * The OpenAPI document generated from the route schemas, built in process with no database work: what
 * build/openapi.json holds, and what the shipped client's types are generated from (packages/client).
 * `database`: where the (unused) database opens; a fresh in-memory PGlite by default, a test's snapshot copy in
 * the tests (starting PGlite from nothing costs seconds).
 */
export async function buildOpenApiDocument(database: DbOptions = {}): Promise<Record<string, unknown>> {
  const built = await buildDependencies(testConfig(), {
    database,
    migrate: false,
    secrets: ephemeralSecrets(),
    redis: null,
    checkHealth: false,
    cardKeys: false,
  });
  const app = await buildApp(built.deps);
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await built.close();
  }
}
