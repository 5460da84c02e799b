import type pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { TransactionBatcher } from '../src/db/batcher.js';
import { claimStatement, SANDBOX_CLAIM_STATEMENT, type Claim } from '../src/db/sandbox-records.js';

/**
 * The sandbox provider's own write on a create (src/db/sandbox-records.ts): the platform process issues it on
 * every transfer submit, card authorize and PIX charge, so a same-SQL baseline issues it too, grouped the way
 * the platform groups it (one claim lane, statement mode, gathering one event-loop turn) and as the same named
 * statement. A real provider's adapter would make a network call here instead.
 */
const dialect = new PgDialect();
const batchers = new WeakMap<pg.Pool, TransactionBatcher<Claim, true>>();

export function sandboxClaim(pool: pg.Pool, claim: Claim): Promise<true> {
  let batcher = batchers.get(pool);
  if (!batcher) {
    batcher = new TransactionBatcher<Claim, true>(null as never, async (_db: unknown, items: Claim[]) => {
      const q = dialect.sqlToQuery(claimStatement(items));
      const { rows } = await pool.query({ name: SANDBOX_CLAIM_STATEMENT, text: q.sql, values: q.params as unknown[] });
      if (rows.length < new Set(items.map((i) => i.key)).size) throw new Error('sandbox claim not answered');
      return items.map(() => ({ ok: true as const, value: true as const }));
    }, { mode: 'statement', gather: true });
    batchers.set(pool, batcher);
  }
  return batcher.run('claim', claim);
}
