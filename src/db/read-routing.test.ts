import { describe, expect, it } from 'vitest';
import { ManualClock } from '../kernel/clock.js';
import type { Database, DbHandle } from './client.js';
import { localRecentWriters, readDatabases, type RecentWriters } from './read-routing.js';

const handle = (name: string) =>
  ({ db: { name } as unknown as Database, close: async () => {} }) as unknown as DbHandle;
const primary = handle('primary');
const replica = handle('replica');
const nameOf = (db: Database) => (db as unknown as { name: string }).name;

describe('read routing', () => {
  it('without a replica every read is the primary and writes are not tracked', async () => {
    const reads = readDatabases({
      primary,
      clock: new ManualClock(new Date(0)),
      readYourWritesMs: 5000,
      writers: localRecentWriters(),
    });
    await reads.noteWrite('k');
    expect(nameOf(await reads.forCaller('k'))).toBe('primary');
    expect(nameOf(await reads.forCaller('other'))).toBe('primary');
    expect(reads.replica).toBeUndefined();
  });

  it('a caller reads the replica, the primary for the window after its own write, then the replica again', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const reads = readDatabases({ primary, replica, clock, readYourWritesMs: 5000, writers: localRecentWriters() });
    expect(nameOf(await reads.forCaller('k'))).toBe('replica');
    await reads.noteWrite('k');
    expect(nameOf(await reads.forCaller('k'))).toBe('primary');
    expect(nameOf(await reads.forCaller('other'))).toBe('replica');
    clock.advance(4999);
    expect(nameOf(await reads.forCaller('k'))).toBe('primary');
    clock.advance(1);
    expect(nameOf(await reads.forCaller('k'))).toBe('replica');
  });

  it('not knowing whether the caller wrote (the shared store fails) reads the primary', async () => {
    const broken: RecentWriters = {
      note: async () => {
        throw new Error('down');
      },
      wroteRecently: async () => {
        throw new Error('down');
      },
    };
    const reads = readDatabases({
      primary,
      replica,
      clock: new ManualClock(new Date(0)),
      readYourWritesMs: 5000,
      writers: broken,
    });
    await expect(reads.noteWrite('k')).resolves.toBeUndefined();
    expect(nameOf(await reads.forCaller('k'))).toBe('primary');
  });
});
