import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { balanceDeltas, canMoveTransfer, posting, TRANSFER_STATUSES, type PostingKind } from './banking.rules.js';

describe('transfer moves', () => {
  it.each([
    ['PENDING', 'PROCESSING', true],
    ['PENDING', 'FAILED', true],
    ['PENDING', 'COMPLETED', false],
    ['PENDING', 'PENDING', false],
    ['PROCESSING', 'COMPLETED', true],
    ['PROCESSING', 'FAILED', true],
    ['PROCESSING', 'PENDING', false],
    ['COMPLETED', 'FAILED', false],
    ['FAILED', 'COMPLETED', false],
    ['FAILED', 'PROCESSING', false],
  ] as const)('%s -> %s is %s', (from, to, ok) => {
    expect(canMoveTransfer(from, to)).toBe(ok);
  });

  it('terminal states never move', () => {
    for (const to of TRANSFER_STATUSES) {
      expect(canMoveTransfer('COMPLETED', to)).toBe(false);
      expect(canMoveTransfer('FAILED', to)).toBe(false);
    }
  });
});

describe('postings', () => {
  const kinds: PostingKind[] = ['DEPOSIT', 'HOLD', 'SETTLE', 'RELEASE'];

  it('every posting balances to zero and only DEPOSIT touches the outside world', () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.integer({ min: 1, max: 1e12 }), fc.uuid(), fc.uuid(), (kind, amount, a, b) => {
        const entries = posting(kind, amount, a, b);
        expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(0);
        expect(entries.some((e) => e.bucket === 'EXTERNAL')).toBe(kind === 'DEPOSIT');
      }),
    );
  });

  it('a hold then a settle moves exactly the amount; a hold then a release changes nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.uuid(), fc.uuid(), (amount, a, b) => {
        fc.pre(a !== b);
        const settled = balanceDeltas([...posting('HOLD', amount, a), ...posting('SETTLE', amount, a, b)]);
        expect(settled.find((d) => d.accountId === a)).toMatchObject({ available: -amount, held: 0 });
        expect(settled.find((d) => d.accountId === b)).toMatchObject({ available: amount, held: 0 });
        const released = balanceDeltas([...posting('HOLD', amount, a), ...posting('RELEASE', amount, a)]);
        expect(released).toEqual([{ accountId: a, available: 0, held: 0 }]);
      }),
    );
  });

  it('refuses non-positive or fractional amounts', () => {
    expect(() => posting('HOLD', 0, 'a')).toThrow();
    expect(() => posting('HOLD', 1.5, 'a')).toThrow();
  });
});
