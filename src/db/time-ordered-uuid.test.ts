import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { timeOrderedUuid } from './time-ordered-uuid.js';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedUuid', () => {
  it('is a version 7, RFC 9562 variant UUID whose first 48 bits are the milliseconds given', () => {
    const ms = Date.UTC(2026, 10, 28, 23, 30);
    const id = timeOrderedUuid(ms);
    expect(id).toMatch(V7);
    expect(Number.parseInt(id.replace('-', '').slice(0, 12), 16)).toBe(ms);
  });

  it('sorts as its times do (text order is the index order of a uuid column)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.integer({ min: 0, max: 2 ** 48 - 1 }), (a, b) => {
        fc.pre(a !== b);
        const [x, y] = [timeOrderedUuid(a), timeOrderedUuid(b)];
        expect(x).toMatch(V7);
        expect(x < y).toBe(a < b);
      }),
    );
  });

  it('differs between ids of one millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => timeOrderedUuid(1)));
    expect(ids.size).toBe(1000);
  });
});
