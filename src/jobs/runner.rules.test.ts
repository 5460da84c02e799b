import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffMs, safeErrorText } from './runner.rules.js';

describe('backoffMs', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [10, 512_000],
    [11, 900_000],
    [1000, 900_000],
  ])('after attempt %i waits %i ms', (attempts, ms) => expect(backoffMs(attempts)).toBe(ms));

  it('never decreases and stays within 1 s .. 15 min', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (n) => {
        const a = backoffMs(n);
        return a >= 1000 && a <= 900_000 && backoffMs(n + 1) >= a;
      }),
    );
  });
});

describe('safeErrorText', () => {
  it('keeps a plain error message and its code', () => {
    expect(safeErrorText(Object.assign(new Error('provider down'), { code: 'UNAVAILABLE' }))).toBe(
      'UNAVAILABLE: provider down',
    );
  });

  it('never stores a failed query or its parameters, only the driver cause', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: '23505' });
    const wrapped = Object.assign(new Error('Failed query: insert into cards values ($1)\nparams: 4111111111111111'), {
      cause,
    });
    const text = safeErrorText(wrapped);
    expect(text).toBe('23505: duplicate key value violates unique constraint "x"');
    expect(text).not.toContain('4111');
  });

  it('is bounded', () => {
    fc.assert(fc.property(fc.string({ maxLength: 2000 }), (m) => safeErrorText(new Error(m)).length <= 500));
  });
});
