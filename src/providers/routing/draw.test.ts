import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attemptId, drawUnit } from './draw.js';

describe('the published draw (R6.4)', () => {
  // Expected values computed independently (Python: int.from_bytes(sha256(f"{seed}:{key}")[:8], "big") / 2**64).
  it.each([
    ['org-1', 'req-1', 0.3300672825847281],
    ['seed', 'a', 0.18880482082311956],
    ['3f2b', '', 0.36463819178028073],
  ])('u(%s:%s) = %d', (seed, key, expected) => {
    expect(drawUnit(seed, key)).toBe(expected);
  });

  it('is always in [0, 1) and depends only on seed and key', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (seed, key) => {
        const u = drawUnit(seed, key);
        expect(u).toBeGreaterThanOrEqual(0);
        expect(u).toBeLessThan(1);
        expect(drawUnit(seed, key)).toBe(u);
      }),
    );
  });
});

describe('attempt ids (R6.8)', () => {
  it('matches an independent computation', () => {
    expect(attemptId('11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222')).toBe(
      'e7eaace7-c6ed-5040-970c-1d445a9e4ce6',
    );
  });

  it('is a version-5 RFC 4122 uuid, stable per (transaction, account), distinct across accounts', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.uuid(), (tx, a, b) => {
        const id = attemptId(tx, a);
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(attemptId(tx, a)).toBe(id);
        if (a !== b) expect(attemptId(tx, b)).not.toBe(id);
      }),
    );
  });
});
