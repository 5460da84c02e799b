import { and, asc, between, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { ledgerAccounts, ledgerEntryChunks, ledgerPostings } from '../db/schema/index.js';
import { planReplay, type ChunkSummary } from './replay.js';
import { fieldOf, type BalanceType, type Balances } from './rules.js';

/**
 * `?at=` reads (money.md M3): the balances at an instant = the sum of the account's entries recorded at or
 * before it, answered from chunk summaries (ledger_entry_chunks, migration 0590) plus the few entries they do
 * not settle (planReplay), so an account with 100,000 entries reads about one chunk and the recent tail instead
 * of every entry. Exact whatever the order of sequences and clock readings.
 */

/** Entries per chunk. Chunks are aligned to multiples of it, so concurrent readers write the same ones. */
export const LEDGER_CHUNK_SIZE = 1000;

/** May write chunk rows (summarizeTail): call it with a handle that can write, not inside a read-only transaction. */
export async function balanceAt(
  ex: Executor,
  accountId: string,
  at: Date,
  options: { chunkSize?: number } = {},
): Promise<Balances> {
  const size = options.chunkSize ?? LEDGER_CHUNK_SIZE;
  // One round trip for the chunks and the account's last sequence (what summarizeTail needs): on a busy machine
  // each round trip, not the sums, is what a read costs (docs/performance.md, issue 14).
  const rows = await ex
    .select({ last: ledgerAccounts.lastSequence, chunk: ledgerEntryChunks })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntryChunks, eq(ledgerEntryChunks.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.id, accountId))
    .orderBy(asc(ledgerEntryChunks.firstSeq));
  const last = rows[0]?.last ?? 0;
  const chunks: ChunkSummary[] = rows.flatMap(({ chunk: r }) =>
    r
      ? [
          {
            firstSeq: r.firstSeq,
            lastSeq: r.lastSeq,
            minAt: r.minCreatedAt,
            maxAt: r.maxCreatedAt,
            deltas: { pending: r.dPending, available: r.dAvailable, held: r.dHeld, debt: r.dDebt },
          },
        ]
      : [],
  );
  const plan = planReplay(chunks, at);
  const p = ledgerPostings;
  const ranges = [gt(p.sequence, plan.tailAfter), ...plan.scan.map(([from, to]) => between(p.sequence, from, to))];
  const sums = await ex
    .select({ type: p.balanceType, total: sql<string>`sum(${p.delta})` })
    .from(p)
    .where(and(eq(p.accountType, 'BANK_ACCOUNT'), eq(p.accountId, accountId), lte(p.createdAt, at), or(...ranges)))
    .groupBy(p.balanceType);
  const out = { ...plan.whole };
  for (const r of sums) out[fieldOf(r.type as BalanceType)] += Number(r.total);
  await summarizeTail(ex, accountId, plan.tailAfter, size, last);
  return out;
}

/**
 * Writes the chunks of the account's complete blocks after `after` once at least two blocks wait (entries are
 * immutable and sequences are committed as a gap-free prefix under the balance row's lock, so a block whose N
 * entries are all visible is final). Concurrent writers compute the same rows; duplicates are ignored.
 */
async function summarizeTail(
  ex: Executor,
  accountId: string,
  after: number,
  size: number,
  last: number,
): Promise<void> {
  const upTo = Math.floor(last / size) * size;
  if (upTo - after < 2 * size) return;
  const typed = (type: BalanceType) => sql`coalesce(sum(delta) filter (where balance_type = ${type}), 0)`;
  await ex.execute(sql`
    insert into ledger_entry_chunks (account_id, first_seq, last_seq, min_created_at, max_created_at, d_pending, d_available, d_held, d_debt)
    select ${accountId}::uuid, min(sequence), max(sequence), min(created_at), max(created_at),
      ${typed('PENDING')}, ${typed('AVAILABLE')}, ${typed('HELD')}, ${typed('DEBT')}
    from ledger_postings
    where account_type = 'BANK_ACCOUNT' and account_id = ${accountId} and sequence > ${after} and sequence <= ${upTo}
    group by (sequence - 1) / ${size}
    having count(*) = ${size} and min(sequence) % ${size} = 1 % ${size}
    on conflict do nothing`);
}
