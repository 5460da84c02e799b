import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ledgerPostings } from '../../src/db/schema/index.js';
import {
  balanceAt,
  balancesOf,
  hold,
  openAccounts,
  post,
  postHold,
  systemBalance,
  voidHold,
  HoldStateError,
  type PostResult,
} from '../../src/ledger/ledger.js';
import { holdMany } from '../../src/ledger/hold-many.js';
import {
  creditAvailable,
  depositPostings,
  InsufficientBalanceError,
  type AccountOwner,
} from '../../src/ledger/rules.js';
import { TransactionBatcher, type BatchHandler } from '../../src/db/batcher.js';
import type { DbHandle } from '../../src/db/client.js';
import { openTestDatabase } from '../helpers/database.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';

// Tables, no app: the ledger is called directly (docs/decisions/testing.md).
let t: { db: DbHandle };
beforeAll(async () => {
  t = { db: await openTestDatabase() };
});
afterAll(async () => t?.db.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const provider = `LEDGER_TEST_${randomUUID().slice(0, 8)}`;
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

async function accounts(n: number) {
  const org = randomUUID();
  const list = Array.from({ length: n }, () => ({
    id: randomUUID(),
    owner: { provider, companyId: randomUUID(), organizationId: org },
  }));
  await openAccounts(
    t.db.db,
    list.map((a) => ({ id: a.id, ...a.owner })),
    at(0),
  );
  return list;
}
const deposit = (a: { id: string; owner: AccountOwner }, amount: number, now = at(1000), id: string = randomUUID()) =>
  t.db.db.transaction((tx) =>
    post(tx, { code: 'DEPOSIT', source: { type: 'DEPOSIT', id }, postings: depositPostings(a, amount), now }),
  );

describe('ledger v2', () => {
  it('posts one business event once, whatever the retries', async () => {
    const [a] = await accounts(1);
    const id = randomUUID();
    const first = await deposit(a!, 500, at(1000), id);
    const again = await deposit(a!, 500, at(2000), id);
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect((await balancesOf(t.db.db, [a!.id])).get(a!.id)).toEqual({ pending: 0, available: 500, held: 0, debt: 0 });
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => deposit(a!, 7, at(3000), 'same-event-' + a!.id)),
    );
    expect(new Set(concurrent.map((r) => r.transactionId)).size).toBe(1);
    expect(concurrent.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await balancesOf(t.db.db, [a!.id])).get(a!.id)!.available).toBe(507);
  });

  it('holds, then posts or voids exactly once (two-phase)', async () => {
    const [a, b] = await accounts(2);
    await deposit(a!, 1_000);
    const s1 = { type: 'INTERNAL_TRANSFER' as const, id: randomUUID() };
    const s2 = { type: 'INTERNAL_TRANSFER' as const, id: randomUUID() };
    await t.db.db.transaction((tx) =>
      hold(tx, { code: 'INTERNAL_TRANSFER_HOLD', source: s1, account: a!, amount: 300, now: at(2000) }),
    );
    await t.db.db.transaction((tx) =>
      hold(tx, { code: 'INTERNAL_TRANSFER_HOLD', source: s2, account: a!, amount: 200, now: at(2000) }),
    );
    await expect(
      t.db.db.transaction((tx) =>
        hold(tx, {
          code: 'INTERNAL_TRANSFER_HOLD',
          source: { type: 'INTERNAL_TRANSFER', id: randomUUID() },
          account: a!,
          amount: 501,
          now: at(2000),
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect((await balancesOf(t.db.db, [a!.id])).get(a!.id)).toMatchObject({ available: 500, held: 500 });
    const retried = await t.db.db.transaction((tx) =>
      hold(tx, { code: 'INTERNAL_TRANSFER_HOLD', source: s1, account: a!, amount: 300, now: at(2000) }),
    );
    expect(retried.replayed).toBe(true);
    expect((await balancesOf(t.db.db, [a!.id])).get(a!.id)).toMatchObject({ available: 500, held: 500 });

    const complete = () =>
      t.db.db.transaction((tx) =>
        postHold(tx, {
          holdSource: s1,
          code: 'INTERNAL_TRANSFER_COMPLETED',
          source: s1,
          credits: [creditAvailable(b!, 300)],
          now: at(3000),
        }),
      );
    const first = await complete();
    expect(await complete()).toEqual({ transactionId: first.transactionId, replayed: true });
    await expect(
      t.db.db.transaction((tx) =>
        voidHold(tx, { holdSource: s1, code: 'INTERNAL_TRANSFER_RELEASED', source: s1, now: at(3000) }),
      ),
    ).rejects.toBeInstanceOf(HoldStateError);
    await t.db.db.transaction((tx) =>
      voidHold(tx, { holdSource: s2, code: 'INTERNAL_TRANSFER_RELEASED', source: s2, now: at(4000) }),
    );
    const bal = await balancesOf(t.db.db, [a!.id, b!.id]);
    expect(bal.get(a!.id)).toMatchObject({ available: 700, held: 0 });
    expect(bal.get(b!.id)).toMatchObject({ available: 300, held: 0 });

    // Replaying the entries gives the balances of any instant.
    expect(await balanceAt(t.db.db, a!.id, at(500))).toEqual({ pending: 0, available: 0, held: 0, debt: 0 });
    expect(await balanceAt(t.db.db, a!.id, at(2500))).toMatchObject({ available: 500, held: 500 });
    expect(await balanceAt(t.db.db, a!.id, at(3500))).toMatchObject({ available: 500, held: 200 });
    const seqs = (
      await t.db.db
        .select({ s: ledgerPostings.sequence })
        .from(ledgerPostings)
        .where(eq(ledgerPostings.accountId, a!.id))
    )
      .map((r) => r.s)
      .sort((x, y) => x! - y!);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });

  it('opens a balance row missing at the first posting', async () => {
    const a = { id: randomUUID(), owner: { provider, companyId: randomUUID(), organizationId: randomUUID() } };
    await deposit(a, 10);
    await t.db.db.transaction((tx) =>
      hold(tx, {
        code: 'INTERNAL_TRANSFER_HOLD',
        source: { type: 'INTERNAL_TRANSFER', id: randomUUID() },
        account: a,
        amount: 10,
        now: at(2000),
      }),
    );
    const b = { id: randomUUID(), owner: a.owner };
    await expect(
      t.db.db.transaction((tx) =>
        hold(tx, {
          code: 'INTERNAL_TRANSFER_HOLD',
          source: { type: 'INTERNAL_TRANSFER', id: randomUUID() },
          account: b,
          amount: 1,
          now: at(2000),
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
  });

  it('derives clearing from its entries (no balance row)', async () => {
    const before = await systemBalance(t.db.db, { type: 'CLEARING', provider });
    const [a] = await accounts(1);
    await deposit(a!, 42);
    expect(await systemBalance(t.db.db, { type: 'CLEARING', provider })).toBe(before + 42);
  });

  it('batches creates on one key: one failure rolls back only itself', async () => {
    const [a, b] = await accounts(2);
    await deposit(a!, 100);
    // The set-based handler a busy origin uses: all holds of the batch in one statement (holdMany).
    const handler: BatchHandler<number, PostResult> = async (tx, amounts) => {
      const outcomes = await holdMany(tx, {
        code: 'INTERNAL_TRANSFER_HOLD',
        account: a!,
        holds: amounts.map((amount) => ({ source: { type: 'INTERNAL_TRANSFER', id: randomUUID() }, amount })),
        now: at(5000),
      });
      return outcomes.map((o) =>
        o.ok ? { ok: true as const, value: o.result } : { ok: false as const, error: o.error },
      );
    };
    const batcher = new TransactionBatcher(t.db.db, handler);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => batcher.run(a!.id, 10)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(
      results.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof InsufficientBalanceError),
    ).toBe(true);
    expect((await balancesOf(t.db.db, [a!.id, b!.id])).get(a!.id)).toMatchObject({ available: 0, held: 100 });
  });

  it('holdMany: the same entries as holds one by one, and a too-big hold refused alone', async () => {
    const [a] = await accounts(1);
    await deposit(a!, 100);
    const src = () => ({ type: 'INTERNAL_TRANSFER' as const, id: randomUUID() });
    // Fits as a whole: one statement; sequences and resulting balances follow the order.
    const fits = await t.db.db.transaction((tx) =>
      holdMany(tx, {
        code: 'INTERNAL_TRANSFER_HOLD',
        account: a!,
        holds: [
          { source: src(), amount: 10 },
          { source: src(), amount: 20 },
          { source: src(), amount: 5 },
        ],
        now: at(6000),
      }),
    );
    expect(fits.every((o) => o.ok)).toBe(true);
    const entries = await t.db.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.accountId, a!.id))
      .orderBy(ledgerPostings.sequence);
    expect(entries.slice(-6).map((e) => [e.sequence, e.balanceType, e.resultingBalance])).toEqual([
      [2, 'AVAILABLE', 90],
      [3, 'HELD', 10],
      [4, 'AVAILABLE', 70],
      [5, 'HELD', 30],
      [6, 'AVAILABLE', 65],
      [7, 'HELD', 35],
    ]);
    // Does not fit as a whole (65 left): each alone, in order; the 70 is refused, the later 60 still fits.
    const mixed = await t.db.db.transaction((tx) =>
      holdMany(tx, {
        code: 'INTERNAL_TRANSFER_HOLD',
        account: a!,
        holds: [
          { source: src(), amount: 70 },
          { source: src(), amount: 60 },
        ],
        now: at(7000),
      }),
    );
    expect(mixed.map((o) => o.ok)).toEqual([false, true]);
    expect((await balancesOf(t.db.db, [a!.id])).get(a!.id)).toMatchObject({ available: 5, held: 95 });
  });
});
