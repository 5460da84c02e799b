import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createRateLimiter } from './rate-limit.js';

describe('rate limiter', () => {
  it('counts per key and pool, with whole-second resets', async () => {
    const limiter = createRateLimiter({ standardRps: 2, highRps: 3 });
    const a = [
      await limiter.consume('standard', 'k'),
      await limiter.consume('standard', 'k'),
      await limiter.consume('standard', 'k'),
    ];
    expect(a.map((d) => d.allowed)).toEqual([true, true, false]);
    expect(a.map((d) => d.remaining)).toEqual([1, 0, 0]);
    expect(a[2]!.resetSeconds).toBe(1);
    expect((await limiter.consume('high', 'k')).allowed).toBe(true);
    expect((await limiter.consume('standard', 'other')).allowed).toBe(true);
  });

  it('keeps limiting in memory while Redis is unreachable (the documented choice)', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    redis.on('error', () => {});
    const limiter = createRateLimiter({ standardRps: 2, highRps: 2, redis });
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push((await limiter.consume('standard', 'down')).allowed);
    expect(decisions).toEqual([true, true, false, false]);
    redis.disconnect();
  });
});
