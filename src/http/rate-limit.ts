import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

export type RatePool = 'high' | 'standard';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets, rounded up. */
  resetSeconds: number;
}

export interface RateLimiter {
  consume(pool: RatePool, key: string): Promise<RateDecision>;
}

export interface RateLimitOptions {
  standardRps: number;
  highRps: number;
  /** Shared pools across instances; without it each instance counts on its own. */
  redis?: Redis;
  /** Redis key namespace (default `rl`): instances that share pools share it. */
  keyPrefix?: string;
}

/**
 * Fixed one-second windows per credential and pool, counted by rate-limiter-flexible.
 * With Redis, an in-memory insurance limiter takes over while Redis is unreachable: requests keep
 * being limited per instance instead of failing or going unlimited (the documented choice).
 */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const make = (points: number, prefix: string): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ points, duration: 1, keyPrefix: prefix });
    if (!options.redis) return memory;
    return new RateLimiterRedis({
      storeClient: options.redis,
      points,
      duration: 1,
      keyPrefix: `${options.keyPrefix ?? 'rl'}:${prefix}`,
      insuranceLimiter: new RateLimiterMemory({ points, duration: 1, keyPrefix: `${prefix}:ins` }),
    });
  };
  const limiters: Record<RatePool, { limiter: RateLimiterAbstract; points: number }> = {
    standard: { limiter: make(options.standardRps, 'std'), points: options.standardRps },
    high: { limiter: make(options.highRps, 'high'), points: options.highRps },
  };
  return {
    async consume(pool, key) {
      const { limiter, points } = limiters[pool];
      try {
        const res = await limiter.consume(key, 1);
        return decision(true, points, res);
      } catch (err) {
        if (err instanceof RateLimiterRes) return decision(false, points, err);
        // Neither store answered: let the request through rather than fail every call on a limiter fault.
        return { allowed: true, limit: points, remaining: points, resetSeconds: 1 };
      }
    },
  };
}

function decision(allowed: boolean, limit: number, res: RateLimiterRes): RateDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}
