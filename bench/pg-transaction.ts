import type pg from 'pg';

/** One baseline endpoint: the statements a platform route runs, issued on bare node-postgres. */
export type Scenario = (pool: pg.Pool, params: URLSearchParams) => Promise<unknown>;

/** BEGIN … COMMIT on one pooled client (ROLLBACK on error), as the platform's transactions run. */
export async function inTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    const out = await fn(c);
    await c.query('commit');
    return out;
  } catch (err) {
    await c.query('rollback');
    throw err;
  } finally {
    c.release();
  }
}
