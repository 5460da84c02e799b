import type pg from 'pg';

/**
 * The SQL each API scenario runs per request, as the platform issues it (API keys are cached in-process, so
 * authentication costs no statement on the hot path). Shared by the same-SQL node:http baseline and pgbench.
 */
export const MERCHANT_READ_SQL =
  'select * from companies where id = $1 and kind = $2 and (id = $3 or organization_id = $3) limit 1';

export const BASELINE_QUERIES: Record<string, (pool: pg.Pool, params: URLSearchParams) => Promise<unknown>> = {
  'merchant-read': async (pool, p) => (await pool.query(MERCHANT_READ_SQL, [p.get('id'), 'MERCHANT', p.get('org')])).rows[0],
};

/** pgbench scripts with the same statements (the database's own ceiling for the scenario). */
export function pgbenchScripts(ids: { merchantId: string; organizationId: string }): Record<string, string> {
  return {
    'merchant-read': `select * from companies where id = '${ids.merchantId}' and kind = 'MERCHANT' and (id = '${ids.organizationId}' or organization_id = '${ids.organizationId}') limit 1;\n`,
  };
}
