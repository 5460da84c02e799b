import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { refused, unavailable, unknownOutcome } from '../errors.js';
import { circuitCountOf, percentileOf, technicalFailureOf } from './call-health.js';

describe('a provider call for the circuit breaker (R6.11)', () => {
  const cases: [string, unknown, ReturnType<typeof circuitCountOf>][] = [
    ['card.capture', null, 'SUCCESS'],
    ['card.capture', refused('INVALID_STATE', 'no'), 'SUCCESS'],
    ['card.capture', unavailable('down'), 'FAILURE'],
    ['card.void', unavailable('auth', undefined, 'PROVIDER_AUTH_FAILED'), 'FAILURE'],
    ['card.refund', unavailable('slow down', undefined, 'PROVIDER_RATE_LIMITED'), 'FAILURE'],
    ['card.refund', unavailable('bad request', undefined, 'PROVIDER_REQUEST_REJECTED'), 'NONE'],
    ['card.sync', unknownOutcome('timeout'), 'FAILURE'],
    ['pix.sync', null, 'SUCCESS'],
    ['pix.cancel', unknownOutcome('timeout'), 'FAILURE'],
    ['pix.refund', refused('NOPE', 'no'), 'SUCCESS'],
    ['three-ds.sync', unavailable('down'), 'FAILURE'],
    // Counted by the create's (or the session's) attempt, with R6.7's table and the probe.
    ['card.authorize', unavailable('down'), 'NONE'],
    ['pix.charge', null, 'NONE'],
    ['three-ds.authenticate', unknownOutcome('timeout'), 'NONE'],
    // The banking side and local work do not move the payment breaker.
    ['internal-transfer.submit', unavailable('down'), 'NONE'],
    ['bank-account.open', null, 'NONE'],
    ['webhook.parse', null, 'NONE'],
    // Not a provider answer at all.
    ['card.capture', new Error('bug'), 'NONE'],
  ];
  it.each(cases)('%s %o counts %s', (operation, error, expected) => {
    expect(circuitCountOf(operation, error)).toBe(expected);
  });

  it('a technical failure is one of the unanswered kinds', () => {
    expect(technicalFailureOf(null)).toBe(false);
    expect(technicalFailureOf(refused('X', 'no'))).toBe(false);
    expect(technicalFailureOf(unavailable('down'))).toBe(true);
    expect(technicalFailureOf(unknownOutcome('t'))).toBe(true);
    expect(technicalFailureOf(new Error('bug'))).toBeNull();
  });
});

describe('percentiles (nearest rank, as percentile_disc)', () => {
  it.each([
    [[], 0.5, null],
    [[7], 0.5, 7],
    [[7], 0.95, 7],
    [[1, 2, 3, 4], 0.5, 2],
    [[4, 3, 2, 1], 0.95, 4],
    [Array.from({ length: 100 }, (_, i) => i + 1), 0.5, 50],
    [Array.from({ length: 100 }, (_, i) => i + 1), 0.95, 95],
  ])('%o at %d is %o', (values, p, expected) => {
    expect(percentileOf(values, p)).toBe(expected);
  });

  it('is one of the values, p50 <= p95, and order does not matter (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(60_000), { minLength: 1, maxLength: 200 }), (values) => {
        const p50 = percentileOf(values, 0.5)!;
        const p95 = percentileOf(values, 0.95)!;
        expect(values).toContain(p50);
        expect(p50).toBeLessThanOrEqual(p95);
        expect(percentileOf([...values].reverse(), 0.5)).toBe(p50);
        expect(p95).toBeLessThanOrEqual(Math.max(...values));
      }),
    );
  });
});
