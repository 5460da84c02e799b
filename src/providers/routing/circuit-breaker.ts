/**
 * The circuit breaker of one provider account (providers.md R6.11), pure: every move is a function of the
 * state, what happened and the time. The caller stores the result and emits `provider-account.health-changed`
 * when `changed(before, after)`.
 */
export type CircuitStateName = 'CLOSED' | 'OPEN' | 'HALF_OPEN';

export interface CircuitState {
  state: CircuitStateName;
  consecutive_failures: number;
  opened_at: Date | null;
  next_probe_at: Date | null;
  probe_in_flight: boolean;
}

export interface CircuitSettings {
  failure_threshold: number;
  cooldown_seconds: number;
}

export const CLOSED_CIRCUIT: CircuitState = {
  state: 'CLOSED',
  consecutive_failures: 0,
  opened_at: null,
  next_probe_at: null,
  probe_in_flight: false,
};

function opened(failures: number, now: Date, settings: CircuitSettings): CircuitState {
  return {
    state: 'OPEN',
    consecutive_failures: failures,
    opened_at: now,
    next_probe_at: new Date(now.getTime() + settings.cooldown_seconds * 1000),
    probe_in_flight: false,
  };
}

/** `OPEN` whose cool-down has passed reads as `HALF_OPEN` (stored by the next decision or health check). */
export function circuitAt(current: CircuitState, now: Date): CircuitState {
  if (current.state === 'OPEN' && current.next_probe_at !== null && current.next_probe_at.getTime() <= now.getTime()) {
    return { ...current, state: 'HALF_OPEN', probe_in_flight: false };
  }
  return current;
}

/**
 * A provider call ended. `technicalFailure`: R2.2/R3.8 classed it NOT_SENT, AUTH_FAILED, RATE_LIMITED or
 * UNKNOWN; any answer is a success. `probe`: this call was the half-open circuit's probe.
 */
export function afterCall(
  current: CircuitState,
  call: { technicalFailure: boolean; probe: boolean },
  now: Date,
  settings: CircuitSettings,
): CircuitState {
  const state = circuitAt(current, now);
  if (!call.technicalFailure)
    return state.state === 'CLOSED' && state.consecutive_failures === 0 ? state : CLOSED_CIRCUIT;
  const failures = state.consecutive_failures + 1;
  if (state.state === 'HALF_OPEN') {
    // Only the probe's failure reopens: a sync of an existing payment failing says nothing new.
    return call.probe ? opened(failures, now, settings) : { ...state, consecutive_failures: failures };
  }
  if (state.state === 'OPEN') return { ...state, consecutive_failures: failures };
  return failures >= settings.failure_threshold
    ? opened(failures, now, settings)
    : { ...state, consecutive_failures: failures };
}

/** A half-open circuit hands out its one probe; null when it has none to give (the account is then ineligible). */
export function takeProbe(current: CircuitState, now: Date): CircuitState | null {
  const state = circuitAt(current, now);
  if (state.state === 'CLOSED') return state;
  if (state.state === 'HALF_OPEN' && !state.probe_in_flight) return { ...state, probe_in_flight: true };
  return null;
}

/** Staff's `POST …/circuit { state }`: OPEN starts a new cool-down, CLOSED forgets the failures. */
export function setManually(
  target: 'OPEN' | 'CLOSED',
  current: CircuitState,
  now: Date,
  settings: CircuitSettings,
): CircuitState {
  return target === 'OPEN' ? opened(current.consecutive_failures, now, settings) : CLOSED_CIRCUIT;
}

/** Whether a move is worth a `provider-account.health-changed` (the state itself changed). */
export const circuitChanged = (before: CircuitState, after: CircuitState) => before.state !== after.state;
