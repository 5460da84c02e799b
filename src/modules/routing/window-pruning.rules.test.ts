import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dueForPruning } from './window-pruning.rules.js';

describe('dueForPruning', () => {
  it.each([
    { counts: {}, written: ['a', 'a'], every: 3, due: [], after: { a: 2 } },
    { counts: { a: 2 }, written: ['a'], every: 3, due: ['a'], after: { a: 0 } },
    { counts: { a: 2, b: 1 }, written: ['b', 'a', 'a'], every: 3, due: ['a'], after: { a: 1, b: 2 } },
    { counts: {}, written: ['a', 'a', 'a', 'a', 'a', 'a', 'a'], every: 3, due: ['a'], after: { a: 1 } },
  ])('counts $written from $counts (every $every): due $due', ({ counts, written, every, due, after }) => {
    const state = new Map(Object.entries(counts));
    expect([...dueForPruning(state, written, every)]).toEqual(due);
    expect(Object.fromEntries(state)).toEqual(after);
  });

  it('over any sequence of batches, an organization is due once per `every` entries written for it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 5 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 7 }),
        (batches, every) => {
          const counts = new Map<string, number>();
          const dues = new Map<string, number>();
          for (const batch of batches)
            for (const org of dueForPruning(counts, batch, every)) dues.set(org, (dues.get(org) ?? 0) + 1);
          for (const org of ['a', 'b', 'c']) {
            const total = batches.flat().filter((o) => o === org).length;
            // A batch holding an organization `every` times or more makes it due once, not once per crossing.
            expect(dues.get(org) ?? 0).toBeLessThanOrEqual(Math.floor(total / every));
            if (batches.every((b) => b.filter((o) => o === org).length <= 1))
              expect(dues.get(org) ?? 0).toBe(Math.floor(total / every));
            expect(counts.get(org) ?? 0).toBe(total % every);
          }
        },
      ),
    );
  });
});
