import { describe, expect, it } from 'vitest';
import { CLOSED_CIRCUIT } from '../../providers/routing/circuit-breaker.js';
import { callChangesNothing, dueHalfOpen } from './provider-accounts.circuit.js';

describe('the breaker writes only when something changes (R6.11, hot rows)', () => {
  it.each([
    [CLOSED_CIRCUIT, false, false, true],
    [CLOSED_CIRCUIT, true, false, false],
    [CLOSED_CIRCUIT, false, true, false],
    [{ ...CLOSED_CIRCUIT, consecutive_failures: 2 }, false, false, false],
    [{ ...CLOSED_CIRCUIT, state: 'HALF_OPEN' as const }, false, false, false],
  ])('%j failure=%s probe=%s: nothing to write = %s', (circuit, failure, probe, expected) => {
    expect(callChangesNothing(circuit, failure, probe)).toBe(expected);
  });

  it('an OPEN circuit is due HALF_OPEN once next_probe_at has passed', () => {
    const now = new Date('2026-01-01T00:00:30Z');
    const open = (at: string) => ({ ...CLOSED_CIRCUIT, state: 'OPEN' as const, next_probe_at: new Date(at) });
    expect(
      dueHalfOpen(
        [
          { id: 'a', stored: open('2026-01-01T00:00:30Z') },
          { id: 'b', stored: open('2026-01-01T00:00:31Z') },
          { id: 'c', stored: CLOSED_CIRCUIT },
        ],
        now,
      ),
    ).toEqual(['a']);
  });
});
