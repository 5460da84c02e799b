import pg from 'pg';

/**
 * One statement on its own connection to `connectionString` (create or drop a test's database of its own:
 * statements that cannot run inside a transaction or a pool another test shares).
 */
export async function adminQuery(connectionString: string | undefined, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `url` pointing at database `name` on the same server, with the same credentials. */
export function databaseUrlFor(url: string, name: string): string {
  return Object.assign(new URL(url), { pathname: `/${name}` }).toString();
}

/** The database name of a connection string. */
export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** Names of the server's databases that start with `prefix`. */
export async function databasesStartingWith(connectionString: string, prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    return rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
