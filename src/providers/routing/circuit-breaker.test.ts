import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  afterCall,
  circuitAt,
  CLOSED_CIRCUIT,
  PROBE_LEASE_MS,
  setManually,
  takeProbe,
  type CircuitState,
} from './circuit-breaker.js';

const settings = { failure_threshold: 3, cooldown_seconds: 30 };
const t0 = new Date('2026-11-27T12:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const fail = (s: CircuitState, when = t0, probe = false) =>
  afterCall(s, { technicalFailure: true, probe }, when, settings);
const ok = (s: CircuitState, when = t0) => afterCall(s, { technicalFailure: false, probe: false }, when, settings);

describe('circuit breaker (R6.11)', () => {
  it('opens after failure_threshold consecutive technical failures, with the cool-down', () => {
    const two = fail(fail(CLOSED_CIRCUIT));
    expect(two).toMatchObject({ state: 'CLOSED', consecutive_failures: 2 });
    const open = fail(two);
    expect(open).toMatchObject({ state: 'OPEN', consecutive_failures: 3, opened_at: t0, next_probe_at: at(30) });
  });

  it('an answer in between resets the count', () => {
    expect(fail(ok(fail(fail(CLOSED_CIRCUIT))))).toMatchObject({ state: 'CLOSED', consecutive_failures: 1 });
  });

  it('reads HALF_OPEN once next_probe_at passes, hands out one probe at a time', () => {
    const open = fail(fail(fail(CLOSED_CIRCUIT)));
    expect(circuitAt(open, at(29)).state).toBe('OPEN');
    expect(takeProbe(open, at(29))).toBeNull();
    const half = circuitAt(open, at(30));
    expect(half.state).toBe('HALF_OPEN');
    const probing = takeProbe(half, at(30));
    expect(probing).toMatchObject({ state: 'HALF_OPEN', probe_in_flight: true });
    expect(takeProbe(probing!, at(31))).toBeNull();
  });

  it('the probe failing reopens with a new cool-down; any success closes', () => {
    const probing = takeProbe(fail(fail(fail(CLOSED_CIRCUIT))), at(30))!;
    expect(fail(probing, at(31), true)).toMatchObject({ state: 'OPEN', next_probe_at: at(61), probe_in_flight: false });
    // A sync of an existing payment failing while half-open is not the probe: it does not reopen.
    expect(fail(probing, at(31), false).state).toBe('HALF_OPEN');
    expect(ok(probing, at(31))).toEqual(CLOSED_CIRCUIT);
    expect(ok(fail(fail(fail(CLOSED_CIRCUIT))), at(5))).toEqual(CLOSED_CIRCUIT);
  });

  it('a probe that never answers is released after its lease; another payment then probes', () => {
    const probing = takeProbe(circuitAt(fail(fail(fail(CLOSED_CIRCUIT))), at(30)), at(30))!;
    expect(probing).toMatchObject({ probe_in_flight: true, probe_claimed_at: at(30) });
    const lease = PROBE_LEASE_MS / 1000;
    expect(circuitAt(probing, at(30 + lease - 1))).toMatchObject({ state: 'HALF_OPEN', probe_in_flight: true });
    expect(takeProbe(probing, at(30 + lease - 1))).toBeNull();
    expect(circuitAt(probing, at(30 + lease))).toMatchObject({ state: 'HALF_OPEN', probe_in_flight: false });
    expect(takeProbe(probing, at(30 + lease))).toMatchObject({
      probe_in_flight: true,
      probe_claimed_at: at(30 + lease),
    });
    // A late answer of the first probe still closes (any success does) or reopens (its technical failure).
    expect(ok(probing, at(30 + lease + 5))).toEqual(CLOSED_CIRCUIT);
    expect(fail(probing, at(30 + lease + 5), true).state).toBe('OPEN');
  });

  it('half-open never stays held longer than the lease (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * PROBE_LEASE_MS }), (elapsed) => {
        const probing = takeProbe({ ...CLOSED_CIRCUIT, state: 'HALF_OPEN' }, t0)!;
        const later = new Date(t0.getTime() + elapsed);
        expect(takeProbe(probing, later) !== null).toBe(elapsed >= PROBE_LEASE_MS);
      }),
    );
  });

  it('staff set it by hand', () => {
    expect(setManually('OPEN', CLOSED_CIRCUIT, t0, settings)).toMatchObject({ state: 'OPEN', next_probe_at: at(30) });
    expect(setManually('CLOSED', fail(fail(fail(CLOSED_CIRCUIT))), t0, settings)).toEqual(CLOSED_CIRCUIT);
  });

  it('never opens without threshold failures in a row (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 50 }), (calls) => {
        let state = CLOSED_CIRCUIT;
        let run = 0;
        for (const failed of calls) {
          state = failed ? fail(state) : ok(state);
          run = failed ? run + 1 : 0;
          if (state.state === 'CLOSED') expect(run).toBeLessThan(settings.failure_threshold);
          else expect(run).toBeGreaterThanOrEqual(settings.failure_threshold);
        }
      }),
    );
  });
});
