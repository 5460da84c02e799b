import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { TransactionBatcher } from '../src/db/batcher.js';
import { claimStatement, type Claim } from '../src/providers/sandbox/database-records.js';
import { runSql } from './same-sql.js';

/**
 * The sandbox provider's own write on a create (src/providers/sandbox/database-records.ts): the platform process issues it on
 * every transfer submit, card authorize and PIX charge, so a same-SQL baseline issues it too, grouped the way
 * the platform groups it (one claim lane, statement mode, gathering one event-loop turn) and as the same unnamed
 * statement. A real provider's adapter would make a network call here instead.
 */
const batchers = new WeakMap<pg.Pool, TransactionBatcher<Claim, true>>();

export function sandboxClaim(pool: pg.Pool, claim: Claim): Promise<true> {
  let batcher = batchers.get(pool);
  if (!batcher) {
    batcher = new TransactionBatcher<Claim, true>(
      null as never,
      async (_db: unknown, items: Claim[]) => {
        const { rows } = await runSql(pool, claimStatement(items));
        if (rows.length < new Set(items.map((i) => i.key)).size) throw new Error('sandbox claim not answered');
        return items.map(() => ({ ok: true as const, value: true as const }));
      },
      { mode: 'statement', gather: true },
    );
    batchers.set(pool, batcher);
  }
  return batcher.run('claim', claim);
}

/** The sandbox banking's answer to a transfer submit (SandboxBanking.submitTransfer), recorded as it records it. */
export async function sandboxSubmitTransfer(
  pool: pg.Pool,
  id: string,
): Promise<{ providerTransferId: string; externalRequestId: string }> {
  const answer = {
    providerTransferId: `provider_a_tr_${id.replace(/-/g, '').slice(0, 20)}`,
    externalRequestId: randomUUID(),
  };
  await sandboxClaim(pool, {
    provider: 'PROVIDER_A',
    kind: 'internal-transfer',
    key: id,
    value: { ...answer, status: 'PENDING' },
  });
  return answer;
}
