import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    exclude: ['test/faults/**', '**/node_modules/**'],
    pool: 'forks',
    // PGlite takes seconds to start; one per file, files spread over the 2 cores.
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
