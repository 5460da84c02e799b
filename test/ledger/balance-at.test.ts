import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { ledgerEntryChunks, ledgerPostings } from '../../src/db/schema/index.js';
import { balanceAt } from '../../src/ledger/balance-at.js';
import { hold, openAccounts, post, postHold, voidHold } from '../../src/ledger/ledger.js';
import { creditAvailable, depositPostings, ZERO, type AccountOwner, type Balances } from '../../src/ledger/rules.js';
import type { DbHandle } from '../../src/db/client.js';
import { openTestDatabase } from '../helpers/database.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';

/**
 * `?at=` from chunk summaries (migration 0590) against the definition: the sum of the entries recorded at or
 * before the instant, on an account whose clock readings go back now and then (postings taken concurrently),
 * with a small chunk size so chunks are written, counted whole, straddled and left as a tail.
 */
// Tables, no app: the ledger is called directly (docs/decisions/testing.md).
let t: { db: DbHandle };
beforeAll(async () => {
  t = { db: await openTestDatabase() };
});
afterAll(async () => t?.db.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const provider = `LEDGER_AT_${randomUUID().slice(0, 8)}`;
const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000);

async function naive(accountId: string, when: Date): Promise<Balances> {
  const rows = await t.db.db
    .select({ type: ledgerPostings.balanceType, total: sql<string>`sum(${ledgerPostings.delta})` })
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.accountId, accountId), lte(ledgerPostings.createdAt, when)))
    .groupBy(ledgerPostings.balanceType);
  const out = { ...ZERO };
  for (const r of rows) out[r.type.toLowerCase() as keyof Balances] = Number(r.total);
  return out;
}

describe('balanceAt with chunk snapshots', () => {
  it('equals the full replay at every instant, before and after chunks are written', async () => {
    const owner: AccountOwner = { provider, companyId: randomUUID(), organizationId: randomUUID() };
    const a = { id: randomUUID(), owner };
    const b = { id: randomUUID(), owner };
    await openAccounts(
      t.db.db,
      [a, b].map((x) => ({ id: x.id, ...x.owner })),
      at(0),
    );
    // 30 steps, one every 10 s, every fourth one recorded 15 s back (its clock was read before the previous commit).
    for (let i = 1; i <= 30; i++) {
      const now = at(i * 10 - (i % 4 === 0 ? 15 : 0));
      await t.db.db.transaction(async (tx) => {
        await post(tx, {
          code: 'DEPOSIT',
          source: { type: 'DEPOSIT', id: randomUUID() },
          postings: depositPostings(a, 100 + i),
          now,
        });
        if (i % 3 === 0) {
          const source = { type: 'INTERNAL_TRANSFER' as const, id: randomUUID() };
          await hold(tx, { code: 'INTERNAL_TRANSFER_HOLD', source, account: a, amount: 50, now });
          if (i % 2 === 0)
            await postHold(tx, {
              holdSource: source,
              code: 'INTERNAL_TRANSFER_COMPLETED',
              source,
              credits: [creditAvailable(b, 50)],
              now,
            });
          else await voidHold(tx, { holdSource: source, code: 'INTERNAL_TRANSFER_RELEASED', source, now });
        }
      });
    }
    const instants = Array.from({ length: 34 }, (_, k) => at(k * 10 - 12));
    const chunksOf = async () => t.db.db.select().from(ledgerEntryChunks).where(eq(ledgerEntryChunks.accountId, a.id));
    // The first read writes the chunks (size 4: every complete block once two wait); the later ones use them.
    expect(await balanceAt(t.db.db, a.id, at(-1), { chunkSize: 4 })).toEqual(ZERO);
    const written = await chunksOf();
    expect(written.length).toBeGreaterThan(5);
    expect(written.every((c) => c.lastSeq - c.firstSeq === 3 && c.firstSeq % 4 === 1)).toBe(true);
    for (const when of instants)
      expect(await balanceAt(t.db.db, a.id, when, { chunkSize: 4 }), when.toISOString()).toEqual(
        await naive(a.id, when),
      );
    expect(await chunksOf()).toHaveLength(written.length);
    // Another chunk size on the same account (overlapping summaries) still answers the definition.
    for (const when of instants.filter((_, k) => k % 5 === 0))
      expect(await balanceAt(t.db.db, a.id, when, { chunkSize: 7 })).toEqual(await naive(a.id, when));
    // Concurrent readers write the same chunks once.
    await Promise.all(Array.from({ length: 4 }, () => balanceAt(t.db.db, b.id, at(400), { chunkSize: 2 })));
    expect(await balanceAt(t.db.db, b.id, at(400), { chunkSize: 2 })).toEqual(await naive(b.id, at(400)));
  });
});
