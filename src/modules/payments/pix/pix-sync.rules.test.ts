import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextPixSyncAt } from './pix-sync.rules.js';

const T0 = new Date('2027-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

describe('nextPixSyncAt (R5.1, PIX WAITING_PAYMENT at a PSP)', () => {
  // A charge expiring in 1 day: the standard schedule, then hourly, then the reads after the expiry.
  const expiresAt = at(24 * H);
  it.each<[string, number, number | null]>([
    ['at the start', 0, 10 * S],
    ['after the first read', 10 * S, 40 * S],
    ['after the second', 40 * S, 100 * S],
    ['after the third', 100 * S, 220 * S],
    ['after the fourth', 220 * S, 520 * S],
    ['after the fifth', 520 * S, 1120 * S],
    ['after the sixth', 1120 * S, 2920 * S],
    ['then hourly', 2920 * S, 2920 * S + H],
    ['a late run resumes on the schedule', 2920 * S + 90 * MIN, 2920 * S + 2 * H],
    ['the last hourly read before the expiry', 24 * H - 5 * MIN, 24 * H + 10 * MIN],
    ['at expiry + 10 min', 24 * H + 10 * MIN, 25 * H],
    ['at expiry + 1 h', 25 * H, 48 * H],
    ['at expiry + 24 h: over', 48 * H, null],
  ])('%s', (_, now, next) => {
    expect(nextPixSyncAt(T0, at(now), expiresAt)?.getTime() ?? null).toBe(next === null ? null : T0.getTime() + next);
  });

  it('a charge expiring within a minute goes to the reads after its expiry at once', () => {
    expect(nextPixSyncAt(T0, at(10 * S), at(30 * S))).toEqual(at(30 * S + 10 * MIN));
  });

  it('always moves forward and ends: at most 7 + hourly-until-expiry + 3 reads', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 * 24 * 3600 }), (expirySeconds) => {
        const expiry = at(expirySeconds * S);
        let now = T0;
        let reads = 0;
        for (let next = nextPixSyncAt(T0, now, expiry); next; next = nextPixSyncAt(T0, now, expiry)) {
          expect(next.getTime()).toBeGreaterThan(now.getTime());
          now = next;
          reads += 1;
        }
        expect(reads).toBeLessThanOrEqual(7 + Math.ceil(expirySeconds / 3600) + 3);
        expect(now.getTime()).toBe(expiry.getTime() + 24 * H);
      }),
    );
  });
});
