import { describe, expect, it } from 'vitest';
import { MemoryRecords, ProviderRecords } from './records.js';

describe('sandbox records', () => {
  it('claim keeps the first writer; a read hands back a copy', async () => {
    const records = new ProviderRecords(new MemoryRecords(), 'PROVIDER_A');
    const first = { status: 'PENDING', at: '2030-01-01T00:00:00.000Z' };
    expect(await records.claim('thing', 'k', first)).toEqual(first);
    expect(await records.claim('thing', 'k', { status: 'OTHER' })).toMatchObject({ status: 'PENDING' });
    const read = await records.get<{ status: string }>('thing', 'k');
    read!.status = 'CHANGED';
    expect(await records.get('thing', 'k')).toMatchObject({ status: 'PENDING' });
    expect(await records.get('thing', 'other')).toBeUndefined();
  });

  it('providers and kinds are apart', async () => {
    const store = new MemoryRecords();
    await new ProviderRecords(store, 'PROVIDER_A').claim('thing', 'k', 1);
    expect(await new ProviderRecords(store, 'PROVIDER_B').get('thing', 'k')).toBeUndefined();
    expect(await new ProviderRecords(store, 'PROVIDER_A').get('other', 'k')).toBeUndefined();
  });

  it('update re-reads when another writer came first, keeps a null answer as is, and changes nothing on a throw', async () => {
    const store = new MemoryRecords();
    const records = new ProviderRecords(store, 'P');
    await records.claim('n', 'k', 0);
    // Ten increments started at once: each one's write is based on a read another may have overtaken.
    await Promise.all(Array.from({ length: 10 }, () => records.update<number>('n', 'k', (n) => n + 1)));
    expect(await records.get('n', 'k')).toBe(10);
    expect(await records.update<number>('n', 'k', () => null)).toBe(10);
    await expect(
      records.update<number>('n', 'k', () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await store.read('P', 'n', 'k'))?.version).toBe(11);
    expect(await records.update('n', 'missing', () => 1)).toBeUndefined();
  });

  it('removeIf removes only what the predicate allows, once', async () => {
    const records = new ProviderRecords(new MemoryRecords(), 'P');
    await records.claim('key', 'a', { owner: 'x' });
    expect(await records.removeIf<{ owner: string }>('key', 'a', (v) => v.owner === 'y')).toBe(false);
    const removed = await Promise.all(
      [1, 2].map(() => records.removeIf<{ owner: string }>('key', 'a', (v) => v.owner === 'x')),
    );
    expect(removed.sort()).toEqual([false, true]);
    expect(await records.get('key', 'a')).toBeUndefined();
  });
});
