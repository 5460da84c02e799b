import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

// The crash-recovery waits (docs/decisions/testing.md): 30 s unless the environment says otherwise.
describe('config: recovery timings', () => {
  it.each([
    [{}, { requestLeaseMs: 30_000, inFlightGraceMs: 30_000, refundRecoveryAfterMs: 30_000 }],
    [
      { REQUEST_CLAIM_LEASE_MS: '3000', PROVIDER_IN_FLIGHT_GRACE_MS: '4000', REFUND_RECOVERY_AFTER_MS: '5000' },
      { requestLeaseMs: 3_000, inFlightGraceMs: 4_000, refundRecoveryAfterMs: 5_000 },
    ],
  ])('%j', (env, expected) => expect(loadConfig({ LOG_LEVEL: 'silent', ...env }).recovery).toEqual(expected));

  it.each(['REQUEST_CLAIM_LEASE_MS', 'PROVIDER_IN_FLIGHT_GRACE_MS', 'REFUND_RECOVERY_AFTER_MS'])(
    '%s below 100 ms is refused',
    (name) => expect(() => loadConfig({ [name]: '50' })).toThrow(name),
  );
});
