import type { LightMyRequestResponse } from 'fastify';
import type { RatePool } from '../../src/http/rate-limit.js';

/**
 * P10 in tests: createTestApp gives the two pools limits that differ by one (and no test reaches), so the
 * `x-ratelimit-limit` header of any response names the pool the request was counted in. A route in the high pool
 * (the transaction and 3DS creates, the /v1/auth POSTs) is checked with `expect(ratePoolOf(res)).toBe('high')`,
 * on the core host and through the PCI host alike; a request refused by validation still counts in its route's pool.
 */
export const TEST_POOL_LIMITS = { standardRps: 100_000, highRps: 100_001 } as const;

export function ratePoolOf(
  res: Pick<LightMyRequestResponse, 'headers'>,
  limits: { standardRps: number; highRps: number } = TEST_POOL_LIMITS,
): RatePool {
  const limit = Number(res.headers['x-ratelimit-limit']);
  if (limits.standardRps === limits.highRps)
    throw new Error('the pools have the same limit: the header cannot tell them apart');
  if (limit === limits.highRps) return 'high';
  if (limit === limits.standardRps) return 'standard';
  throw new Error(`x-ratelimit-limit ${String(res.headers['x-ratelimit-limit'])} is neither pool's limit`);
}
