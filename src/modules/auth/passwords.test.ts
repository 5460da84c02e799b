import { describe, expect, it } from 'vitest';
import { HASHES_AT_ONCE, oneHashAtATimePerCore } from './passwords.js';

describe('argon2 gate', () => {
  it('never runs more than HASHES_AT_ONCE at once, and runs everything in arrival order', async () => {
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const work = (i: number) =>
      oneHashAtATimePerCore(async () => {
        started.push(i);
        now += 1;
        most = Math.max(most, now);
        await new Promise((r) => setTimeout(r, 2));
        now -= 1;
        if (i === 3) throw new Error('a failed hash frees its slot');
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => work(i)));
    expect(most).toBe(Math.min(HASHES_AT_ONCE, 12));
    expect(started).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(11);
    // The gate is free again.
    await expect(oneHashAtATimePerCore(async () => 'x')).resolves.toBe('x');
  });
});
