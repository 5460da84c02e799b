import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { consumeReceivables, restoredAmounts } from './receivables.rules.js';

const r = (id: string, netAmount: number) => ({ id, netAmount });

describe('consumeReceivables (M2: from the last installment backwards)', () => {
  it.each([
    {
      name: 'exactly the last installment',
      pending: [r('3', 100), r('2', 100), r('1', 101)],
      amount: 100,
      cancels: [{ id: '3', consumed: 100 }],
      rest: null,
      fromPending: 100,
    },
    {
      name: 'across installments, one partly',
      pending: [r('3', 100), r('2', 100), r('1', 101)],
      amount: 150,
      cancels: [
        { id: '3', consumed: 100 },
        { id: '2', consumed: 50 },
      ],
      rest: { id: '2', amount: 50 },
      fromPending: 150,
    },
    {
      name: 'more than the receivables',
      pending: [r('2', 100), r('1', 100)],
      amount: 250,
      cancels: [
        { id: '2', consumed: 100 },
        { id: '1', consumed: 100 },
      ],
      rest: null,
      fromPending: 200,
    },
    { name: 'nothing pending', pending: [], amount: 50, cancels: [], rest: null, fromPending: 0 },
  ])('$name', ({ pending, amount, cancels, rest, fromPending }) => {
    expect(consumeReceivables(pending, amount)).toEqual({ cancels, rest, fromPending });
  });

  it('never takes more than asked or than there is; consumed + rest = the canceled nets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 200_000 }),
        (nets, amount) => {
          const pending = nets.map((n, i) => r(String(i), n));
          const c = consumeReceivables(pending, amount);
          const total = nets.reduce((s, n) => s + n, 0);
          expect(c.fromPending).toBe(Math.min(amount, total));
          expect(c.cancels.reduce((s, x) => s + x.consumed, 0)).toBe(c.fromPending);
          const canceledNet = c.cancels.reduce((s, x) => s + pending.find((p) => p.id === x.id)!.netAmount, 0);
          expect(c.fromPending + (c.rest?.amount ?? 0)).toBe(canceledNet);
        },
      ),
    );
  });
});

describe('restoredAmounts', () => {
  it.each([
    {
      canceled: { grossAmount: 1000, feeAmount: 30, netAmount: 970, consumedAmount: 970 },
      out: { grossAmount: 1000, feeAmount: 30, netAmount: 970 },
    },
    {
      canceled: { grossAmount: 1000, feeAmount: 30, netAmount: 970, consumedAmount: 400 },
      out: { grossAmount: 400, feeAmount: 0, netAmount: 400 },
    },
  ])('$canceled.consumedAmount of $canceled.netAmount', ({ canceled, out }) =>
    expect(restoredAmounts(canceled)).toEqual(out),
  );
});
