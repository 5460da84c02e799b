import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drawUnit } from '../routing/draw.js';
import {
  behaviourFor,
  DEFAULT_BEHAVIOUR_OPERATIONS,
  freshCounters,
  type BehaviourOperation,
  type SandboxBehaviour,
} from './behaviour.js';

const base: SandboxBehaviour = {
  operations: DEFAULT_BEHAVIOUR_OPERATIONS,
  technical_failure: null,
  decline: null,
  latency_ms: 0,
  seed: 'acct-1',
};

function run(behaviour: SandboxBehaviour, operations: BehaviourOperation[]) {
  let counters = freshCounters(behaviour);
  return operations.map((op) => {
    const call = behaviourFor(behaviour, counters, op);
    counters = call.counters;
    return call;
  });
}

describe('SANDBOX account behaviour (R7.1)', () => {
  it('next N technical failures, then normal; unlisted operations neither fail nor count', () => {
    const behaviour = { ...base, technical_failure: { kind: 'UNAVAILABLE' as const, next: 2 } };
    const calls = run(behaviour, ['card.authorize', 'card.capture', 'pix.charge', 'card.authorize']);
    expect(calls.map((c) => c.effect.kind)).toEqual(['technical_failure', 'normal', 'technical_failure', 'normal']);
    expect(calls[3]?.counters).toEqual({ calls: 3, remaining: { technical_failure: 0, decline: null } });
  });

  it('a technical failure wins over a decline; a decline applies to card.authorize only', () => {
    const behaviour = {
      ...base,
      technical_failure: { kind: 'TIMEOUT' as const, next: 1 },
      decline: { refusal_code: 'INSUFFICIENT_FUNDS', next: 5 },
    };
    const calls = run(behaviour, ['card.authorize', 'pix.charge', 'card.authorize']);
    expect(calls.map((c) => c.effect)).toEqual([
      { kind: 'technical_failure', failure: 'TIMEOUT' },
      { kind: 'normal' },
      { kind: 'decline', refusal_code: 'INSUFFICIENT_FUNDS' },
    ]);
  });

  it('a rate fires exactly when u("{seed}:tf:{n}") is below it, and waits the latency', () => {
    const behaviour = {
      ...base,
      latency_ms: 250,
      technical_failure: { kind: 'RATE_LIMITED' as const, rate_percent: 40 },
    };
    const calls = run(
      behaviour,
      Array.from({ length: 50 }, () => 'card.authorize' as const),
    );
    calls.forEach((call, i) => {
      expect(call.latency_ms).toBe(250);
      expect(call.effect.kind === 'technical_failure').toBe(drawUnit('acct-1', `tf:${i + 1}`) < 0.4);
    });
  });

  it('rates of 0 and 100 never and always fire (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.integer({ min: 1, max: 40 }), (seed, n) => {
        const never = run(
          { ...base, seed, decline: { refusal_code: 'CARD_DECLINED', rate_percent: 0 } },
          Array.from({ length: n }, () => 'card.authorize' as const),
        );
        const always = run(
          { ...base, seed, decline: { refusal_code: 'CARD_DECLINED', rate_percent: 100 } },
          Array.from({ length: n }, () => 'card.authorize' as const),
        );
        expect(never.every((c) => c.effect.kind === 'normal')).toBe(true);
        expect(always.every((c) => c.effect.kind === 'decline')).toBe(true);
      }),
    );
  });
});
