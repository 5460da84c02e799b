import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../scripts/openapi-document.js';
import { SCHEMA_FILE, schemaSource } from '../../packages/client/scripts/generate.js';
import { testDatabase } from '../helpers/database.js';

/**
 * The committed types are what the document gives now: a route or schema change without `npm run
 * client:generate` fails here (and so in CI), never in an integrator's build.
 */
describe('packages/client/src/schema.ts', () => {
  it('is what `npm run client:generate` writes from the current OpenAPI document', async () => {
    // The run's snapshot copy rather than a PGlite started from nothing (docs/decisions/testing.md).
    const database = testDatabase({ embedded: true });
    const generated = await schemaSource(await buildOpenApiDocument(database.options).finally(() => database.remove()));
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    // One assertion message that says what to do, not a 700 kB diff.
    expect(
      committed === generated,
      'packages/client/src/schema.ts is stale: run `npm run client:generate` and commit it',
    ).toBe(true);
  }, 120_000);
});
