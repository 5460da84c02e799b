import { drawUnit } from '../routing/draw.js';

/**
 * A SANDBOX account's behaviour (providers.md R7.1), pure: staff make an account fail technically, decline or be
 * slow so failover, success-rate routing and the breaker can be shown. The adapter asks `behaviourFor` before
 * each call of a listed operation and the caller stores the returned counters.
 */
export const BEHAVIOUR_OPERATIONS = [
  'card.authorize',
  'pix.charge',
  'three-ds.authenticate',
  'card.capture',
  'card.void',
  'card.refund',
  'pix.refund',
  'card.sync',
  'pix.sync',
] as const;
export type BehaviourOperation = (typeof BEHAVIOUR_OPERATIONS)[number];
export const DEFAULT_BEHAVIOUR_OPERATIONS: readonly BehaviourOperation[] = [
  'card.authorize',
  'pix.charge',
  'three-ds.authenticate',
];

export type TechnicalFailureKind = 'UNAVAILABLE' | 'TIMEOUT' | 'AUTH_FAILED' | 'RATE_LIMITED';

/** Exactly one of `next` (the next N calls) and `rate_percent` (a seeded share of calls). */
type Trigger = { next: number; rate_percent?: undefined } | { rate_percent: number; next?: undefined };

export interface SandboxBehaviour {
  operations: readonly BehaviourOperation[];
  technical_failure: ({ kind: TechnicalFailureKind } & Trigger) | null;
  decline: ({ refusal_code: string } & Trigger) | null;
  latency_ms: number;
  seed: string;
}

/** What changes with each call: the call count since the `PUT` and what is left of the `next` counts. */
export interface BehaviourCounters {
  calls: number;
  remaining: { technical_failure: number | null; decline: number | null };
}

export const freshCounters = (behaviour: SandboxBehaviour): BehaviourCounters => ({
  calls: 0,
  remaining: { technical_failure: behaviour.technical_failure?.next ?? null, decline: behaviour.decline?.next ?? null },
});

export type BehaviourEffect =
  | { kind: 'normal' }
  | { kind: 'technical_failure'; failure: TechnicalFailureKind }
  | { kind: 'decline'; refusal_code: string };

/**
 * One call of `operation`: the latency to wait first, then what applies. A `next` count applies while above 0
 * (and is used up); a rate applies when `u("{seed}:tf:{n}")` (or `:dc:`) is below it, `n` being this call's
 * 1-based number since the `PUT`. A decline only applies to `card.authorize`. Operations not listed behave normally
 * and do not count.
 */
export function behaviourFor(
  behaviour: SandboxBehaviour,
  counters: BehaviourCounters,
  operation: BehaviourOperation,
): { latency_ms: number; effect: BehaviourEffect; counters: BehaviourCounters } {
  if (!behaviour.operations.includes(operation)) return { latency_ms: 0, effect: { kind: 'normal' }, counters };
  const n = counters.calls + 1;
  const remaining = { ...counters.remaining };
  const next = { calls: n, remaining };
  const fires = (trigger: Trigger, left: number | null, tag: 'tf' | 'dc'): boolean =>
    trigger.next !== undefined ? (left ?? 0) > 0 : drawUnit(behaviour.seed, `${tag}:${n}`) < trigger.rate_percent / 100;

  const failure = behaviour.technical_failure;
  if (failure && fires(failure, remaining.technical_failure, 'tf')) {
    if (failure.next !== undefined) remaining.technical_failure = (remaining.technical_failure ?? 0) - 1;
    return {
      latency_ms: behaviour.latency_ms,
      effect: { kind: 'technical_failure', failure: failure.kind },
      counters: next,
    };
  }
  const decline = behaviour.decline;
  if (decline && operation === 'card.authorize' && fires(decline, remaining.decline, 'dc')) {
    if (decline.next !== undefined) remaining.decline = (remaining.decline ?? 0) - 1;
    return {
      latency_ms: behaviour.latency_ms,
      effect: { kind: 'decline', refusal_code: decline.refusal_code },
      counters: next,
    };
  }
  return { latency_ms: behaviour.latency_ms, effect: { kind: 'normal' }, counters: next };
}
