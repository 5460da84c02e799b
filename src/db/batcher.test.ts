import { describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { TransactionBatcher, type StatementHandler } from './batcher.js';

/** Batch sizes of a statement-mode batcher (no database: the handler only records what it was given). */
function recording(gather: boolean) {
  const sizes: number[] = [];
  const handler: StatementHandler<number, number> = async (_db, items) => {
    sizes.push(items.length);
    return items.map((n) => ({ ok: true as const, value: n * 2 }));
  };
  return { sizes, batcher: new TransactionBatcher({} as Database, handler, { mode: 'statement', gather }) };
}

describe('TransactionBatcher', () => {
  it('runs the first item of an idle key at once, alone; those arriving meanwhile form the next batch', async () => {
    const { sizes, batcher } = recording(false);
    expect(await Promise.all([1, 2, 3].map((n) => batcher.run('k', n)))).toEqual([2, 4, 6]);
    expect(sizes).toEqual([1, 2]);
  });

  it('gather: the items of one event-loop turn form one batch', async () => {
    const { sizes, batcher } = recording(true);
    expect(await Promise.all([1, 2, 3].map((n) => batcher.run('k', n)))).toEqual([2, 4, 6]);
    expect(sizes).toEqual([3]);
    // Keys batch apart.
    await Promise.all([batcher.run('a', 1), batcher.run('b', 2), batcher.run('a', 3)]);
    expect(sizes.slice(1).sort()).toEqual([1, 2]);
  });
});
