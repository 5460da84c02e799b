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
  /** When the probe in flight was handed out (null without one): a probe older than PROBE_LEASE_MS is released. */
  probe_claimed_at?: Date | null;
}

/**
 * How long a half-open circuit's probe may stay in flight before the circuit hands out another one: a probe's call
 * ends within R6.7's 30 s budget (20 s to start, read timeout to 30 s), so one still "in flight" a minute later
 * never got recorded (the process died, the call hung past its timeout): without a bound the account would stay
 * HALF_OPEN and ineligible forever.
 */
export const PROBE_LEASE_MS = 60_000;

/** The probe in flight was handed out more than PROBE_LEASE_MS before `now` (or when is unknown: a row from before). */
export const probeExpired = (c: Pick<CircuitState, 'probe_in_flight' | 'probe_claimed_at'>, now: Date) =>
  c.probe_in_flight &&
  (c.probe_claimed_at === null || c.probe_claimed_at === undefined
    ? false
    : now.getTime() - c.probe_claimed_at.getTime() >= PROBE_LEASE_MS);

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
  probe_claimed_at: null,
};

function opened(failures: number, now: Date, settings: CircuitSettings): CircuitState {
  return {
    state: 'OPEN',
    consecutive_failures: failures,
    opened_at: now,
    next_probe_at: new Date(now.getTime() + settings.cooldown_seconds * 1000),
    probe_in_flight: false,
    probe_claimed_at: null,
  };
}

/**
 * `OPEN` whose cool-down has passed reads as `HALF_OPEN` (stored by the next decision or health check); a
 * `HALF_OPEN` whose probe outlived PROBE_LEASE_MS reads as having none in flight (the next payment probes).
 */
export function circuitAt(current: CircuitState, now: Date): CircuitState {
  if (current.state === 'OPEN' && current.next_probe_at !== null && current.next_probe_at.getTime() <= now.getTime()) {
    return { ...current, state: 'HALF_OPEN', probe_in_flight: false, probe_claimed_at: null };
  }
  if (current.state === 'HALF_OPEN' && probeExpired(current, now))
    return { ...current, probe_in_flight: false, probe_claimed_at: null };
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
  if (state.state === 'HALF_OPEN' && !state.probe_in_flight)
    return { ...state, probe_in_flight: true, probe_claimed_at: now };
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
