import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: tests that spawn real servers, kill them, stop receivers and restart a PostgreSQL.
 * One file at a time (they load the machine and own processes and ports), with generous timeouts.
 */
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    minWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
