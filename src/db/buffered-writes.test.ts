import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BufferedWrites } from './buffered-writes.js';

function writer(options: { timed?: boolean; failFirst?: boolean } = {}) {
  const written: number[][] = [];
  let calls = 0;
  const writes = new BufferedWrites<number>(
    async (rows) => {
      calls++;
      if (options.failFirst && calls === 1) throw new Error('the database restarted');
      written.push(rows);
    },
    { maxBuffered: 3, flushMs: 500, ...(options.timed === undefined ? {} : { timed: options.timed }) },
  );
  return { writes, written };
}

describe('BufferedWrites', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes a full buffer at once, the rest at flush, in push order', async () => {
    const { writes, written } = writer();
    for (const n of [1, 2, 3, 4]) writes.push(n);
    await writes.flush();
    expect(written).toEqual([[1, 2, 3], [4]]);
  });

  it('untimed, a row waits for the next flush; once started, no longer than flushMs', async () => {
    const { writes, written } = writer();
    writes.push(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(written).toEqual([]);
    writes.start();
    await vi.advanceTimersByTimeAsync(499);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([[1]]);
    writes.push(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(written).toEqual([[1], [2]]);
  });

  it('timed from the start; stop writes what is left and arms nothing more', async () => {
    const { writes, written } = writer({ timed: true });
    writes.push(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(written).toEqual([[1]]);
    writes.push(2);
    await writes.stop();
    expect(written).toEqual([[1], [2]]);
    writes.push(3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(written).toEqual([[1], [2]]);
  });

  it('a failed write drops and counts its rows; the next ones are written', async () => {
    const { writes, written } = writer({ failFirst: true });
    writes.push(1);
    writes.push(2);
    await writes.flush();
    writes.push(3);
    await writes.flush();
    expect(writes.dropped).toBe(2);
    expect(written).toEqual([[3]]);
  });
});
