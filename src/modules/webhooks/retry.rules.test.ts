import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isAcknowledged, retryDelayAfterFailure } from './retry.rules.js';

const CONTRACT = [0, 5, 300, 1800, 7200, 18000, 36000, 86400];

describe('retry schedule', () => {
  it.each([
    [1, 0],
    [2, 5],
    [3, 300],
    [4, 1800],
    [5, 7200],
    [6, 18000],
    [7, 36000],
    [8, 86400],
    [9, null],
    [20, null],
  ])('after %i failed attempts the next delay is %s (contract schedule)', (n, delay) => {
    expect(retryDelayAfterFailure(n, CONTRACT)).toBe(delay);
  });

  it('refuses a count below one', () => {
    expect(() => retryDelayAfterFailure(0, CONTRACT)).toThrow();
  });

  it('property: a schedule of N delays gives exactly N+1 attempts, then FAILED', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(100_000), { maxLength: 12 }), (schedule) => {
        let attempts = 1;
        const delays: number[] = [];
        for (;;) {
          const d = retryDelayAfterFailure(attempts, schedule);
          if (d === null) break;
          delays.push(d);
          attempts += 1;
        }
        expect(attempts).toBe(schedule.length + 1);
        expect(delays).toEqual(schedule);
      }),
    );
  });
});

describe('acknowledgement', () => {
  it.each([
    [200, true],
    [201, true],
    [204, true],
    [299, true],
    [199, false],
    [301, false],
    [302, false],
    [400, false],
    [410, false],
    [500, false],
    [503, false],
  ])('HTTP %i acknowledged: %s', (code, ok) => {
    expect(isAcknowledged(code)).toBe(ok);
  });

  it('property: exactly the 2xx range acknowledges', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        (code) => isAcknowledged(code) === (Math.floor(code / 100) === 2),
      ),
    );
  });
});
