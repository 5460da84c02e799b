import { describe, expect, it } from 'vitest';
import { formatSpread, meets, ratios, spread } from '../../bench/rounds.js';

describe('bench rounds', () => {
  it.each([
    [[0.8], { median: 0.8, min: 0.8, max: 0.8, n: 1 }, '0.80'],
    [[0.9, 0.7, 0.8], { median: 0.8, min: 0.7, max: 0.9, n: 3 }, '0.80 (0.70-0.90)'],
    [[1, 3, 2, 4], { median: 2.5, min: 1, max: 4, n: 4 }, '2.50 (1.00-4.00)'],
    [[Number.NaN, 2], { median: 2, min: 2, max: 2, n: 1 }, '2.00'],
  ])('spread of %j', (values, expected, text) => {
    expect(spread(values)).toEqual(expected);
    expect(formatSpread(spread(values))).toBe(text);
  });

  it('no rounds: n/a, never met', () => {
    expect(formatSpread(spread([]))).toBe('n/a');
    expect(meets(spread([]), { op: '>=', value: 0 })).toBe(false);
  });

  it('a target is judged on the median', () => {
    expect(meets(spread([0.7, 0.81, 0.9]), { op: '>=', value: 0.8 })).toBe(true);
    expect(meets(spread([1.4, 1.6, 1.7]), { op: '<=', value: 1.5 })).toBe(false);
  });

  it('ratios pair rounds by index and skip a zero denominator', () => {
    expect(ratios([2, 3, 4], [4, 0, 8])).toEqual([0.5, 0.5]);
  });
});
