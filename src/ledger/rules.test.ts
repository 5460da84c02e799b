import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyRepayment,
  applyToAccount,
  assertBalanced,
  deltaOf,
  depositPostings,
  holdPostings,
  InsufficientBalanceError,
  LedgerRuleError,
  postHoldPostings,
  voidHoldPostings,
  creditAvailable,
  ZERO,
  type AccountRef,
  type Balances,
  type Posting,
} from './rules.js';

const owner = { provider: 'PROVIDER_A', companyId: 'c', organizationId: 'o' };
const A = { id: 'a', owner };
const B = { id: 'b', owner };
const bank = (id: string, balance: 'PENDING' | 'AVAILABLE' | 'HELD' | 'DEBT'): AccountRef => ({
  type: 'BANK_ACCOUNT',
  id,
  balance,
});
const clearing: AccountRef = { type: 'CLEARING', provider: 'PROVIDER_A' };

describe('sign of an entry', () => {
  it.each([
    [bank('a', 'AVAILABLE'), 'CREDIT', 5],
    [bank('a', 'AVAILABLE'), 'DEBIT', -5],
    [bank('a', 'PENDING'), 'CREDIT', 5],
    [bank('a', 'HELD'), 'DEBIT', -5],
    [bank('a', 'DEBT'), 'DEBIT', 5],
    [bank('a', 'DEBT'), 'CREDIT', -5],
    [clearing, 'DEBIT', 5],
    [clearing, 'CREDIT', -5],
    [{ type: 'REVENUE', organizationId: 'o', provider: 'PROVIDER_A' }, 'CREDIT', 5],
  ] as const)('%o %s 5 -> %d', (account, direction, delta) => {
    expect(deltaOf({ account, direction, amount: 5 })).toBe(delta);
  });
});

describe('balancing', () => {
  it.each([
    ['one posting', [{ account: clearing, direction: 'DEBIT', amount: 1 }]],
    [
      'zero amount',
      [
        { account: clearing, direction: 'DEBIT', amount: 0 },
        { account: bank('a', 'AVAILABLE'), direction: 'CREDIT', amount: 0 },
      ],
    ],
    [
      'fractional',
      [
        { account: clearing, direction: 'DEBIT', amount: 1.5 },
        { account: bank('a', 'AVAILABLE'), direction: 'CREDIT', amount: 1.5 },
      ],
    ],
    [
      'debits != credits',
      [
        { account: clearing, direction: 'DEBIT', amount: 2 },
        { account: bank('a', 'AVAILABLE'), direction: 'CREDIT', amount: 1 },
      ],
    ],
  ] as const)('refuses %s', (_, postings) => {
    expect(() => assertBalanced(postings as unknown as Posting[])).toThrow(LedgerRuleError);
  });

  it('every builder balances', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 0, max: 1e12 }), (amount, part) => {
        const spent = Math.min(amount, part + 1);
        for (const p of [
          depositPostings(A, amount),
          holdPostings(A, amount),
          voidHoldPostings(A, amount),
          postHoldPostings(A, amount, [creditAvailable(B, spent)]),
        ]) {
          expect(() => assertBalanced(p)).not.toThrow();
        }
      }),
    );
  });

  it('a hold posts at most what it holds', () => {
    expect(() => postHoldPostings(A, 10, [creditAvailable(B, 11)])).toThrow(LedgerRuleError);
    expect(postHoldPostings(A, 10, [creditAvailable(B, 4)]).at(-1)).toMatchObject({
      account: { id: 'a', balance: 'AVAILABLE' },
      direction: 'CREDIT',
      amount: 6,
    });
  });
});

describe('credits to available repay debt first', () => {
  it.each([
    [0, 100, [['AVAILABLE', 100]]],
    [
      30,
      100,
      [
        ['DEBT', 30],
        ['AVAILABLE', 70],
      ],
    ],
    [100, 100, [['DEBT', 100]]],
    [250, 100, [['DEBT', 100]]],
  ] as const)('debt %d, credit %d', (debt, amount, expected) => {
    const out = applyRepayment(depositPostings(A, amount), () => debt).filter((p) => p.account.type === 'BANK_ACCOUNT');
    expect(out.map((p) => [(p.account as { balance: string }).balance, p.amount])).toEqual(expected);
    expect(out.every((p) => p.direction === 'CREDIT')).toBe(true);
  });

  it('keeps the transaction balanced and leaves available > 0 only without debt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (debt, amount) => {
        const postings = applyRepayment(depositPostings(A, amount), () => debt);
        assertBalanced(postings);
        const { after } = applyToAccount(
          'a',
          { ...ZERO, debt },
          0,
          postings.filter((p) => p.account.type === 'BANK_ACCOUNT'),
        );
        expect(after.available > 0 ? after.debt : 0).toBe(0);
        expect(after.available - after.debt).toBe(amount - debt);
      }),
    );
  });
});

describe('applying postings to an account', () => {
  it('numbers entries gap-free and records each resulting balance', () => {
    const { after, lastSequence, entries } = applyToAccount('a', { ...ZERO, available: 100 }, 7, holdPostings(A, 40));
    expect(after).toEqual({ pending: 0, available: 60, held: 40, debt: 0 });
    expect(lastSequence).toBe(9);
    expect(entries.map((e) => [e.sequence, e.delta, e.resultingBalance])).toEqual([
      [8, -40, 60],
      [9, 40, 40],
    ]);
  });

  it('never lets a balance go negative', () => {
    expect(() => applyToAccount('a', { ...ZERO, available: 39 }, 0, holdPostings(A, 40))).toThrow(
      InsufficientBalanceError,
    );
    expect(() =>
      applyToAccount(
        'a',
        { ...ZERO, held: 5 },
        0,
        voidHoldPostings(A, 6).filter((p) => p.account.type === 'BANK_ACCOUNT'),
      ),
    ).toThrow(InsufficientBalanceError);
  });

  it('random holds, posts and voids conserve money and stay non-negative (model)', () => {
    type Op = { kind: 'deposit' | 'hold' | 'void' | 'post'; amount: number };
    const op = fc.record({
      kind: fc.constantFrom('deposit', 'hold', 'void', 'post'),
      amount: fc.integer({ min: 1, max: 1000 }),
    }) as fc.Arbitrary<Op>;
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let a: Balances = { ...ZERO };
        let b: Balances = { ...ZERO };
        let seqA = 0;
        let deposited = 0;
        const holds: number[] = [];
        for (const o of ops) {
          let postings: Posting[];
          if (o.kind === 'deposit') postings = depositPostings(A, o.amount);
          else if (o.kind === 'hold') postings = holdPostings(A, o.amount);
          else {
            const h = holds.pop();
            if (h === undefined) continue;
            postings = o.kind === 'void' ? voidHoldPostings(A, h) : postHoldPostings(A, h, [creditAvailable(B, h)]);
          }
          assertBalanced(postings);
          try {
            const own = postings.filter((p) => p.account.type === 'BANK_ACCOUNT' && p.account.id === 'a');
            const r = applyToAccount('a', a, seqA, own);
            expect(r.lastSequence).toBe(seqA + own.length);
            a = r.after;
            seqA = r.lastSequence;
            const toB = postings.filter((p) => p.account.type === 'BANK_ACCOUNT' && p.account.id === 'b');
            if (toB.length) b = applyToAccount('b', b, 0, toB).after;
            if (o.kind === 'deposit') deposited += o.amount;
            if (o.kind === 'hold') holds.push(o.amount);
          } catch (e) {
            expect(e).toBeInstanceOf(InsufficientBalanceError);
            expect(o.kind).toBe('hold');
          }
          expect(Math.min(a.available, a.held, b.available)).toBeGreaterThanOrEqual(0);
          expect(a.available + a.held + b.available).toBe(deposited);
          expect(a.held).toBe(holds.reduce((s, h) => s + h, 0));
        }
      }),
    );
  });
});
