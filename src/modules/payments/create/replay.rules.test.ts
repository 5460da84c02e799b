import { describe, expect, it } from 'vitest';
import { replayDelayMs, replayStep } from './replay.rules.js';

const S = 1_000;
const M = 60 * S;

describe('the replay schedule of an unknown authorization (R5.1)', () => {
  it.each([
    // [job age at the run, next delay]: the first run (2 s after the create), then each run a little late.
    [2 * S, 10 * S],
    [12 * S, 30 * S],
    [42 * S, 1 * M],
    [102 * S, 2 * M],
    [222 * S, 5 * M],
    [522 * S, 10 * M],
    [1_122 * S, 30 * M],
    [2_922 * S, 60 * M],
    [10 * 60 * M, 60 * M],
  ])('a run at job age %i ms waits %i ms', (age, delay) => expect(replayDelayMs(age)).toBe(delay));

  it('the delays follow the standard schedule when each run comes on time', () => {
    const delays: number[] = [];
    let age = 0;
    for (let i = 0; i < 9; i++) {
      const d = replayDelayMs(age);
      delays.push(d);
      age += d;
    }
    expect(delays).toEqual([10 * S, 30 * S, M, 2 * M, 5 * M, 10 * M, 30 * M, 60 * M, 60 * M]);
  });

  it.each([
    ['before the expiry', '2026-01-01T23:59:59Z', 'replay'],
    ['at the expiry', '2026-01-02T00:00:00Z', 'stop'],
    ['after it', '2026-01-03T00:00:00Z', 'stop'],
  ] as const)('%s: %s', (_, now, step) =>
    expect(replayStep(new Date('2026-01-02T00:00:00Z'), new Date(now))).toBe(step),
  );
});
