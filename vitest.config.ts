import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { pureTestFiles } from './test/setup/pure-tests.js';

const root = fileURLToPath(new URL('.', import.meta.url));
// TEST_SKIP_PURE (.ci/run's PostgreSQL stage): the pure unit files, which reach no database, Redis, server or
// process (derived from their imports: test/setup/pure-tests.ts), ran on the PGlite stage already.
const skipped = process.env.TEST_SKIP_PURE === 'true' ? pureTestFiles(root) : [];

export default defineConfig({
  // The client package's exports name its build (dist/); in this repository tests use its sources.
  resolve: {
    alias: { '@payment-platform/client': fileURLToPath(new URL('packages/client/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    exclude: ['test/faults/**', '**/node_modules/**', ...skipped],
    pool: 'forks',
    // A worker process runs file after file with its module cache kept (docs/decisions/testing.md): each file
    // imported the whole app again in a fresh process before (CI: collect 298 s + setup 71 s of 247 files, summed
    // over the 2 workers). Files still get their own app and database; none mocks modules or leaves globals set.
    isolate: false,
    // One migrated database per run, shared by every file (docs/decisions/testing.md): a copied PGlite snapshot,
    // or on PostgreSQL one database per worker made from a migrated template.
    globalSetup: ['test/setup/global.ts'],
    setupFiles: ['test/setup/worker.ts'],
    // One database per file, files spread over the 2 cores.
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
