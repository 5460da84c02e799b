import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyRepayment,
  applyToAccount,
  assertBalanced,
  postHoldPostings,
  voidHoldPostings,
  type Balances,
  type Posting,
} from './rules.js';
import { reservationPostings, reservationSplit } from './reserve.js';

const A = { id: 'a' };
const clearingCredit = (amount: number): Posting => ({
  account: { type: 'CLEARING', provider: 'P' },
  direction: 'CREDIT',
  amount,
});

describe('reservation split (money.md M2: pending, then available, the shortfall as debt)', () => {
  it.each([
    [{ pending: 100, available: 0 }, 40, { pending: 40, available: 0, debt: 0 }],
    [{ pending: 30, available: 50 }, 40, { pending: 30, available: 10, debt: 0 }],
    [{ pending: 30, available: 5 }, 40, { pending: 30, available: 5, debt: 5 }],
    [{ pending: 0, available: 0 }, 40, { pending: 0, available: 0, debt: 40 }],
    [{ pending: 0, available: 40 }, 40, { pending: 0, available: 40, debt: 0 }],
  ])('%o reserving %i -> %o', (balances, amount, split) => {
    expect(reservationSplit(balances, amount)).toEqual(split);
  });

  it('refuses a non-positive amount', () => {
    expect(() => reservationSplit({ pending: 1, available: 1 }, 0)).toThrow();
  });

  const balances = fc
    .record({ pending: fc.nat(10_000), available: fc.nat(10_000), held: fc.nat(10_000), debt: fc.nat(10_000) })
    .map((b): Balances => (b.available > 0 ? { ...b, debt: 0 } : b));

  it('reserves exactly the amount, never leaves a balance negative, and both finishes restore the sums', () => {
    fc.assert(
      fc.property(balances, fc.integer({ min: 1, max: 30_000 }), (before, amount) => {
        const split = reservationSplit(before, amount);
        expect(split.pending + split.available + split.debt).toBe(amount);
        const postings = reservationPostings(A, split);
        assertBalanced(postings);
        const reserved = applyToAccount('a', before, 0, postings).after;
        expect(reserved.held).toBe(before.held + amount);
        // Liabilities minus debt (what clearing must equal) does not change when money is only reserved.
        expect(reserved.pending + reserved.available + reserved.held - reserved.debt).toBe(
          before.pending + before.available + before.held - before.debt,
        );

        // Paid out: clearing -amount, held back to what it was.
        const paid = postHoldPostings(A, amount, [clearingCredit(amount)]);
        assertBalanced(paid);
        const afterPaid = applyToAccount(
          'a',
          reserved,
          postings.length,
          paid.filter((p) => p.account.type === 'BANK_ACCOUNT'),
        ).after;
        expect(afterPaid.held).toBe(before.held);

        // Undone: pending back to pending, the rest to available (repaying debt first): balances as before, debt aside.
        const undo =
          split.pending > 0
            ? postHoldPostings(A, amount, [
                {
                  account: { type: 'BANK_ACCOUNT', id: 'a', balance: 'PENDING' },
                  direction: 'CREDIT',
                  amount: split.pending,
                },
              ])
            : voidHoldPostings(A, amount);
        const repaid = applyRepayment(undo, () => reserved.debt);
        const afterUndo = applyToAccount('a', reserved, postings.length, repaid).after;
        expect(afterUndo).toEqual(before);
      }),
    );
  });
});
