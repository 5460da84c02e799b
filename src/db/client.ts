import { performance } from 'node:perf_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.js';
import { connectionSettings, type PoolMode } from './pool-mode.js';

// int8 (bigint) arrives as a string by default; our amounts are cents far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories take this (or the database) and never open their own. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

/** The minimal raw client the migration runner needs, for both drivers. */
export interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  exec(text: string): Promise<void>;
}

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * `transaction`: the URL reaches PostgreSQL through a transaction-pooling PgBouncer (`pgbouncer=true` in it),
   * so nothing may rely on a server session outliving one transaction (src/db/pool-mode.ts).
   */
  poolMode: PoolMode;
  /** Runs fn on one dedicated connection (the migration runner needs session-level locks). */
  withRawClient<T>(fn: (client: RawClient) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * The embedded engine only: milliseconds it has held this thread so far (its queries run synchronously here).
   * The load guard takes them out of the event loop's delay (src/http/load-guard.ts).
   */
  embeddedBusyMs?: () => number;
}

export interface DbOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; undefined keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
}

export function dataDirDatabasePath(dataDir: string): string {
  return join(dataDir, 'pgdata');
}

export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 20)
    : openPglite(options.pgliteDir);
}

async function openPglite(dir?: string): Promise<DbHandle> {
  // Loaded only when chosen: the embedded engine costs ~40 MB of memory a PostgreSQL deployment should not pay.
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite();
  await client.waitReady;
  // Every statement goes through this synchronous step (query, exec, transactions): time it for the load guard.
  let busyMs = 0;
  const runSync = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    const started = performance.now();
    try {
      return runSync(message);
    } finally {
      busyMs += performance.now() - started;
    }
  };
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    poolMode: 'session',
    withRawClient: (fn) =>
      fn({
        query: async (text, params) => ({ rows: (await client.query(text, params)).rows as Record<string, unknown>[] }),
        exec: async (text) => {
          await client.exec(text);
        },
      }),
    ping: () => pingWith(db),
    embeddedBusyMs: () => busyMs,
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<DbHandle> {
  const { poolMode, connectionString, Client } = connectionSettings(url);
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5000,
    Client,
    // Bounds on the server side: no request waits on a runaway statement, and a transaction left open by a
    // stalled client (or a partitioned network) gives its row locks back. Sent as startup parameters, which
    // PgBouncer refuses: behind it they are the role's settings (docs/deployment.md).
    ...(poolMode === 'session' ? { statement_timeout: 30_000, idle_in_transaction_session_timeout: 60_000 } : {}),
  });
  // An idle client losing its server (restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A checked-out client between two queries (mid-transaction) has no pool listener: its 'error' (the server
  // restarting, 57P01) would be unhandled and kill the process. The failure still reaches its next query, and
  // the pool discards the broken client on release (test/faults/postgres-restart.test.ts).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    poolMode,
    withRawClient: async (fn) => {
      const conn = await pool.connect();
      try {
        return await fn({
          query: async (text, params) => ({
            rows: (await conn.query<Record<string, unknown>>(text, params as unknown[])).rows,
          }),
          exec: async (text) => {
            await conn.query(text);
          },
        });
      } finally {
        conn.release();
      }
    },
    ping: () => pingWith(db),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function pingWith(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
