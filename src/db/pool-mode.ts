import pg from 'pg';

/**
 * How the connections of DATABASE_URL reach PostgreSQL. `session`: each pooled connection is one server
 * session (directly, or a session-pooling PgBouncer). `transaction`: a transaction-pooling PgBouncer hands the
 * server connection to another client after every transaction (outside one, after every statement), so a
 * server session lasts one transaction: no named prepared statements (PgBouncer 1.18 does not track them),
 * no session settings, no session advisory locks, no LISTEN, no temp tables across transactions.
 *
 * The setting is `pgbouncer=true` in the URL's query (the convention Prisma made familiar): it travels with the
 * URL to every process and tool that reads DATABASE_URL, and it is removed before the URL reaches the driver.
 * docs/decisions/benchmarks.md "PgBouncer".
 */
export type PoolMode = 'session' | 'transaction';

export function poolModeOf(url: string): PoolMode {
  const value = new URL(url).searchParams.get('pgbouncer');
  return value === 'true' || value === '1' ? 'transaction' : 'session';
}

/** The URL without the `pgbouncer` parameter (the driver would not know it). */
export function driverUrl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('pgbouncer')) return url;
  parsed.searchParams.delete('pgbouncer');
  return parsed.toString();
}

/**
 * A client whose queries are never named: Drizzle's `.prepare(name)` and `executeNamed` send `{ name, text }`,
 * which PostgreSQL keeps per server session; through a transaction pooler the next use of the name lands on a
 * session that never saw it ("prepared statement does not exist") or already has it. Without the name the
 * driver sends the same parse/bind/execute as an unnamed statement, which is valid for one round trip.
 */
export class UnnamedStatementClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const config = args[0] as { name?: unknown; submit?: unknown } | string | undefined;
    if (config && typeof config === 'object' && config.name && typeof config.submit !== 'function') {
      args[0] = { ...config, name: undefined };
    }
    return (super.query as (...a: unknown[]) => unknown).apply(this, args);
  }
}

export interface ConnectionSettings {
  poolMode: PoolMode;
  connectionString: string;
  Client: typeof pg.Client;
}

export function connectionSettings(url: string): ConnectionSettings {
  const poolMode = poolModeOf(url);
  return {
    poolMode,
    connectionString: driverUrl(url),
    Client: poolMode === 'transaction' ? UnnamedStatementClient : pg.Client,
  };
}
