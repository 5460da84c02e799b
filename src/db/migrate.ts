import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './client.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any fixed number: every instance takes the same session lock, so concurrent starts migrate once.
const MIGRATION_LOCK = 724_301;

export interface Migration {
  name: string;
  sql: string;
}

/** Committed SQL files, applied in file-name order. Areas own number ranges (0001 core, 0100 users, …). */
export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${dir}/${name}`, 'utf8') }));
}

export async function migrate(handle: DbHandle, migrations = listMigrations()): Promise<string[]> {
  if (handle.poolMode === 'transaction') return migrateInOneTransaction(handle, migrations);
  return handle.withRawClient(async (client) => {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.exec(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      const { rows } = await client.query('select name from schema_migrations');
      const applied = new Set(rows.map((r) => String(r.name)));
      const done: string[] = [];
      for (const m of migrations) {
        if (applied.has(m.name)) continue;
        await client.exec('begin');
        try {
          await client.exec(m.sql);
          await client.query('insert into schema_migrations (name) values ($1)', [m.name]);
          await client.exec('commit');
        } catch (err) {
          await client.exec('rollback');
          throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
        done.push(m.name);
      }
      return done;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
}

/**
 * Through a transaction-pooling PgBouncer a session lock would be taken on one server connection and the
 * migrations run on others: the lock is a transaction's (`pg_advisory_xact_lock`) and every pending migration
 * commits with it, all or none (a start with nothing pending is one short transaction).
 */
async function migrateInOneTransaction(handle: DbHandle, migrations: Migration[]): Promise<string[]> {
  return handle.withRawClient(async (client) => {
    await client.exec('begin');
    try {
      await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.exec(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      const { rows } = await client.query('select name from schema_migrations');
      const applied = new Set(rows.map((r) => String(r.name)));
      const done: string[] = [];
      for (const m of migrations) {
        if (applied.has(m.name)) continue;
        try {
          await client.exec(m.sql);
        } catch (err) {
          throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
        await client.query('insert into schema_migrations (name) values ($1)', [m.name]);
        done.push(m.name);
      }
      await client.exec('commit');
      return done;
    } catch (err) {
      await client.exec('rollback');
      throw err;
    }
  });
}
