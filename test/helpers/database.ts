import { rmSync } from 'node:fs';
import { openDatabase, type DbHandle, type DbOptions } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { copySnapshot } from '../setup/snapshot.js';

/**
 * Where a test's database lives (docs/decisions/testing.md): the PostgreSQL of DATABASE_URL (under vitest, the
 * worker's own database made from the run's migrated template), else a private tmpfs copy of the run's migrated
 * PGlite snapshot (test/setup/snapshot.ts), else (outside vitest) PGlite in memory, migrated at start.
 * `embedded: true` asks for PGlite even on a PostgreSQL run.
 */
export function testDatabase(options: { embedded?: boolean; poolSize?: number } = {}): {
  options: DbOptions;
  remove(): void;
} {
  const databaseUrl = options.embedded ? undefined : process.env.DATABASE_URL || undefined;
  const snapshot = process.env.TEST_PGLITE_SNAPSHOT;
  const runDir = process.env.TEST_PGLITE_RUN_DIR;
  if (databaseUrl || !snapshot || !runDir)
    return { options: { databaseUrl, poolSize: options.poolSize ?? 5 }, remove() {} };
  const dir = copySnapshot(snapshot, runDir);
  return { options: { pgliteDir: dir }, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A migrated database without an app, for tests that need tables but no server (the job runner, the vault,
 * the sandbox records). Closing it removes its copy.
 */
export async function openTestDatabase(options: { embedded?: boolean; poolSize?: number } = {}): Promise<DbHandle> {
  const where = testDatabase(options);
  const handle = await openDatabase(where.options);
  try {
    await migrate(handle); // nothing to do on the snapshot or the template; a fallback in-memory PGlite needs it
  } catch (err) {
    await handle.close();
    where.remove();
    throw err;
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      where.remove();
    },
  };
}
