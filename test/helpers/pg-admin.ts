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
