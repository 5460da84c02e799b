import { describe, expect, it } from 'vitest';
import { DerivedKeyCache } from './derived-keys.js';

const key = (byte: number) => Buffer.alloc(32, byte);

describe("the vault's kept derived keys", () => {
  it('answers a kept key until its time is up, then forgets and zeroes it', () => {
    let now = 1_000;
    const cache = new DerivedKeyCache(15_000, 10, () => now);
    const k = key(7);
    cache.set('ev:v1:kid:pan:E', k);
    expect(cache.get('ev:v1:kid:pan:E')).toBe(k);
    expect(cache.get('ev:v1:kid:cvv:E')).toBeUndefined();
    now += 14_999;
    expect(cache.get('ev:v1:kid:pan:E')).toBe(k);
    now += 1;
    expect(cache.get('ev:v1:kid:pan:E')).toBeUndefined();
    expect(k.equals(Buffer.alloc(32))).toBe(true);
    expect(cache.size).toBe(0);
  });

  it('holds at most its bound, pushing out (and zeroing) the oldest first, and drops expired ones as it adds', () => {
    let now = 0;
    const cache = new DerivedKeyCache(15_000, 3, () => now);
    const keys = [1, 2, 3, 4].map(key);
    keys.forEach((k, i) => cache.set(`h${i}`, k));
    expect(cache.size).toBe(3);
    expect(cache.get('h0')).toBeUndefined();
    expect(keys[0]!.equals(Buffer.alloc(32))).toBe(true);
    expect(cache.get('h3')).toBe(keys[3]);
    now = 15_000;
    cache.set('h5', key(5));
    expect(cache.size).toBe(1);
    expect(keys.slice(1).every((k) => k.equals(Buffer.alloc(32)))).toBe(true);
  });

  it("replacing a header's key zeroes the old one; clear zeroes all", () => {
    const cache = new DerivedKeyCache(15_000, 10, () => 0);
    const [a, b, c] = [key(1), key(2), key(3)];
    cache.set('h', a);
    cache.set('h', b);
    cache.set('i', c);
    expect(a.equals(Buffer.alloc(32))).toBe(true);
    expect(cache.get('h')).toBe(b);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(b.equals(Buffer.alloc(32)) && c.equals(Buffer.alloc(32))).toBe(true);
  });
});
