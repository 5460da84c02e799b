import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accountMismatches,
  planReplay,
  providerTotals,
  replayBalances,
  type AccountAudit,
  type ChunkSummary,
  type ReplayEntry,
} from './replay.js';
import {
  applyRepayment,
  applyToAccount,
  depositPostings,
  holdPostings,
  postHoldPostings,
  voidHoldPostings,
  ZERO,
  type Balances,
  type Posting,
} from './rules.js';

const owner = { provider: 'PROVIDER_A', companyId: 'c', organizationId: 'o' };
const A = { id: 'a', owner };
const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000);
const e = (balanceType: ReplayEntry['balanceType'], delta: number, s: number): ReplayEntry => ({
  balanceType,
  delta,
  createdAt: at(s),
});

describe('replayBalances (the ?at= definition)', () => {
  const entries = [
    e('AVAILABLE', 1_000, 10),
    e('AVAILABLE', -300, 20),
    e('HELD', 300, 20),
    e('HELD', -300, 30),
    e('PENDING', 50, 30),
  ];
  it.each([
    ['before the first entry: zeros', 9, ZERO],
    ['at an entry instant: inclusive', 10, { ...ZERO, available: 1_000 }],
    ['both entries of one transaction', 20, { ...ZERO, available: 700, held: 300 }],
    ['between entries', 25, { ...ZERO, available: 700, held: 300 }],
    ['after the last', 99, { ...ZERO, available: 700, held: 0, pending: 50 }],
  ])('%s', (_name, s, expected) => {
    expect(replayBalances(entries, at(s))).toEqual(expected);
  });

  it('does not depend on the order of the entries (clock readings and sequences may disagree)', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(entries, { minLength: entries.length }),
        fc.integer({ min: 0, max: 40 }),
        (shuffled, s) => {
          expect(replayBalances(shuffled, at(s))).toEqual(replayBalances(entries, at(s)));
        },
      ),
    );
  });

  // A random history of deposits and holds (posted or voided), one step per second: replaying up to each step
  // gives exactly the balances the ledger's own rules left after that step, and each entry's resulting balance.
  const step = fc.oneof(
    fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 10_000 }) }),
    fc.record({
      kind: fc.constant('hold' as const),
      amount: fc.integer({ min: 1, max: 10_000 }),
      finish: fc.constantFrom('post', 'void'),
    }),
  );
  it('replaying up to each step equals the balances after that step', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let balances: Balances = { ...ZERO };
        let seq = 0;
        const log: ReplayEntry[] = [];
        const after: Balances[] = [];
        const apply = (postings: Posting[], s: number) => {
          const own = applyRepayment(postings, () => balances.debt).filter((p) => p.account.type === 'BANK_ACCOUNT');
          const r = applyToAccount('a', balances, seq, own);
          balances = r.after;
          seq = r.lastSequence;
          for (const entry of r.entries) {
            const type = entry.posting.account.type === 'BANK_ACCOUNT' ? entry.posting.account.balance : 'AVAILABLE';
            log.push({ balanceType: type, delta: entry.delta, createdAt: at(s) });
            // The resulting balance of an entry is the replay of its balance type at that entry.
            expect(entry.resultingBalance).toBe(
              replayBalances(log, at(s))[
                type === 'PENDING' ? 'pending' : type === 'AVAILABLE' ? 'available' : type === 'HELD' ? 'held' : 'debt'
              ],
            );
          }
        };
        steps.forEach((st, i) => {
          if (st.kind === 'deposit') apply(depositPostings(A, st.amount), i);
          else if (balances.available >= st.amount) {
            apply(holdPostings(A, st.amount), i);
            apply(
              st.finish === 'post'
                ? postHoldPostings(A, st.amount, [
                    { account: { type: 'CLEARING', provider: 'PROVIDER_A' }, direction: 'CREDIT', amount: st.amount },
                  ])
                : voidHoldPostings(A, st.amount),
              i,
            );
          }
          after.push({ ...balances });
        });
        after.forEach((b, i) => expect(replayBalances(log, at(i))).toEqual(b));
        expect(replayBalances(log, at(-1))).toEqual(ZERO);
      }),
    );
  });
});

describe('planReplay (chunk snapshots for ?at=)', () => {
  type Seq = ReplayEntry & { sequence: number };
  // Entries 1..n with clock readings that mostly increase but may go back (concurrent postings).
  const history = fc
    .array(
      fc.record({
        type: fc.constantFrom('PENDING', 'AVAILABLE', 'HELD', 'DEBT' as const),
        delta: fc.integer({ min: -500, max: 500 }).filter((d) => d !== 0),
        jitter: fc.integer({ min: -5, max: 2 }),
      }),
      { maxLength: 60 },
    )
    .map((xs) =>
      xs.map((x, i): Seq => ({ sequence: i + 1, balanceType: x.type, delta: x.delta, createdAt: at(i + x.jitter) })),
    );
  const summarize = (entries: Seq[], first: number, last: number): ChunkSummary => {
    const part = entries.filter((e) => e.sequence >= first && e.sequence <= last);
    const times = part.map((e) => e.createdAt.getTime());
    return {
      firstSeq: first,
      lastSeq: last,
      minAt: new Date(Math.min(...times)),
      maxAt: new Date(Math.max(...times)),
      deltas: replayBalances(part, at(1e6)),
    };
  };
  const answer = (entries: Seq[], chunks: ChunkSummary[], when: Date) => {
    const plan = planReplay(chunks, when);
    const read = entries.filter(
      (e) => e.sequence > plan.tailAfter || plan.scan.some(([a, b]) => e.sequence >= a && e.sequence <= b),
    );
    const rest = replayBalances(read, when);
    return {
      pending: plan.whole.pending + rest.pending,
      available: plan.whole.available + rest.available,
      held: plan.whole.held + rest.held,
      debt: plan.whole.debt + rest.debt,
    };
  };

  it('whole chunks plus the entries it reads equal the full replay, whatever the chunks (gaps, overlaps, sizes)', () => {
    fc.assert(
      fc.property(
        history,
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.boolean(), { maxLength: 20 }),
        fc.integer({ min: -8, max: 70 }),
        (entries, size, keep, s) => {
          const chunks: ChunkSummary[] = [];
          for (let first = 1, k = 0; first + size - 1 <= entries.length; first += size, k++)
            if (keep[k] ?? true) chunks.push(summarize(entries, first, first + size - 1));
          // A stray chunk of another size overlapping the others is ignored, never double counted.
          if (entries.length >= 3) chunks.push(summarize(entries, 2, 3));
          expect(answer(entries, chunks, at(s))).toEqual(replayBalances(entries, at(s)));
        },
      ),
    );
  });

  it('reads only straddling chunks and the tail', () => {
    const entries: Seq[] = Array.from({ length: 9 }, (_, i) => ({
      sequence: i + 1,
      balanceType: 'AVAILABLE',
      delta: 1,
      createdAt: at(i),
    }));
    const chunks = [summarize(entries, 1, 3), summarize(entries, 4, 6)];
    expect(planReplay(chunks, at(4))).toEqual({ whole: { ...ZERO, available: 3 }, scan: [[4, 6]], tailAfter: 6 });
    expect(planReplay(chunks, at(8))).toEqual({ whole: { ...ZERO, available: 6 }, scan: [], tailAfter: 6 });
    expect(planReplay([chunks[1]!], at(8))).toEqual({ whole: { ...ZERO, available: 3 }, scan: [[1, 3]], tailAfter: 6 });
    expect(planReplay([], at(8))).toEqual({ whole: ZERO, scan: [], tailAfter: 0 });
  });
});

describe('accountMismatches (integrity per bank account)', () => {
  const clean: AccountAudit = {
    accountId: 'a',
    provider: 'PROVIDER_A',
    balances: { pending: 0, available: 700, held: 300, debt: 0 },
    lastSequence: 4,
    entryCount: 4,
    minSequence: 1,
    maxSequence: 4,
    lastResulting: { AVAILABLE: 700, HELD: 300 },
  };
  it.each<[string, Partial<AccountAudit>, string[]]>([
    ['a clean account', {}, []],
    [
      'an account with no entries',
      { balances: ZERO, lastSequence: 0, entryCount: 0, minSequence: null, maxSequence: null, lastResulting: {} },
      [],
    ],
    [
      'a row that drifted from its last entry',
      { balances: { pending: 0, available: 701, held: 300, debt: 0 } },
      ['RESULTING_BALANCE:AVAILABLE'],
    ],
    [
      'a balance with no entry that is not zero',
      { balances: { pending: 5, available: 700, held: 300, debt: 0 } },
      ['RESULTING_BALANCE:PENDING'],
    ],
    ['an entry missing', { entryCount: 3, minSequence: 1, maxSequence: 4 }, ['SEQUENCE_GAP']],
    [
      'sequences not starting at 1',
      { minSequence: 2, maxSequence: 5, lastSequence: 5, entryCount: 4 },
      ['SEQUENCE_GAP'],
    ],
    ['last_sequence behind the entries', { lastSequence: 3 }, ['SEQUENCE_GAP']],
    [
      'a negative balance',
      { balances: { pending: 0, available: -1, held: 300, debt: 0 }, lastResulting: { AVAILABLE: -1, HELD: 300 } },
      ['NEGATIVE_BALANCE:AVAILABLE'],
    ],
    [
      'debt while available is positive',
      {
        balances: { pending: 0, available: 700, held: 300, debt: 5 },
        lastResulting: { AVAILABLE: 700, HELD: 300, DEBT: 5 },
      },
      ['DEBT_WITH_AVAILABLE:DEBT'],
    ],
  ])('%s', (_name, change, expected) => {
    const found = accountMismatches({ ...clean, ...change }).map((m) =>
      m.balanceType && m.check !== 'SEQUENCE_GAP' ? `${m.check}:${m.balanceType}` : m.check,
    );
    expect(found).toEqual(expected);
  });
});

describe('providerTotals', () => {
  it('counts revenue with the liabilities: difference = clearing - liabilities + debt', () => {
    expect(providerTotals('P', { clearing: 1_000, companyLiabilities: 970, revenue: 30, debt: 0 })).toEqual({
      provider: 'P',
      clearing: 1_000,
      liabilities: 1_000,
      debt: 0,
      difference: 0,
    });
    expect(providerTotals('P', { clearing: 900, companyLiabilities: 970, revenue: 30, debt: 100 })).toEqual({
      provider: 'P',
      clearing: 900,
      liabilities: 1_000,
      debt: 100,
      difference: 0,
    });
    expect(providerTotals('P', { clearing: 1_001, companyLiabilities: 1_000, revenue: 0, debt: 0 }).difference).toBe(1);
  });
});
