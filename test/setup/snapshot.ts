import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/client.js';
import { listMigrations, migrate } from '../../src/db/migrate.js';

/**
 * The migrated PGlite every test file starts from (docs/decisions/testing.md). Starting PGlite runs `initdb`
 * (seconds); copying a migrated data directory into tmpfs and opening it is a fraction of that, and the migration
 * runner then finds every migration applied and does nothing.
 */

/** Changes whenever a migration (or the PGlite build) does, so a stale snapshot is never used. */
export function migrationsKey(): string {
  const hash = createHash('sha256');
  const pglite = readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8');
  hash.update(`pglite ${(JSON.parse(pglite) as { version: string }).version}\n`);
  for (const m of listMigrations()) hash.update(`${m.name}\n${m.sql}\n`);
  return hash.digest('hex').slice(0, 16);
}

const SNAPSHOTS = join(tmpdir(), 'platform-test-pglite');

/** Builds the snapshot for the current migrations once (kept across runs under the temp dir) and answers its path. */
export async function ensurePgliteSnapshot(): Promise<string> {
  const dir = join(SNAPSHOTS, migrationsKey());
  if (existsSync(join(dir, 'PG_VERSION'))) {
    const now = new Date();
    utimesSync(dir, now, now); // in use: other runs' pruning keeps it
    return dir;
  }
  mkdirSync(SNAPSHOTS, { recursive: true });
  // Built aside and renamed into place: a concurrent run never opens a half-migrated snapshot.
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const handle = await openDatabase({ pgliteDir: building });
  try {
    await migrate(handle);
    await handle.withRawClient((c) => c.exec('checkpoint'));
  } finally {
    await handle.close();
  }
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run got there first: same migrations, same content
  }
  pruneSnapshots(dir);
  return dir;
}

/** Snapshots of other migration sets, untouched for a day (other branches' runs may still use recent ones). */
function pruneSnapshots(keep: string): void {
  for (const name of readdirSync(SNAPSHOTS)) {
    const path = join(SNAPSHOTS, name);
    if (path === keep) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > 86_400_000) rmSync(path, { recursive: true, force: true });
    } catch {
      // gone already
    }
  }
}

/** tmpfs when there is one: PGlite on a copied directory writes through the file system. */
export function copiesRoot(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/** A private copy of the snapshot for one database (removed by the caller when it closes). */
export function copySnapshot(snapshot: string, runDir: string): string {
  const dir = join(runDir, `db-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
  cpSync(snapshot, dir, { recursive: true });
  return dir;
}
