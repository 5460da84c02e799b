import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { refused, unavailable, unknownOutcome } from './provider-errors.js';
import {
  derivedOperationId,
  fingerprintOf,
  IN_FLIGHT_GRACE_MS,
  outcomeOfFailure,
  recoveryStep,
  statusAfter,
  syncDelayMs,
  SYNC_SCHEDULE_MS,
  type CallOutcome,
  type CallPhase,
} from './provider-operation.rules.js';

describe('outcomeOfFailure', () => {
  it.each([
    [refused('CARD_DECLINED', 'no'), 'refused'],
    [unavailable('down'), 'unavailable'],
    [unknownOutcome('timeout'), 'unknown'],
    [new Error('socket hang up'), 'unknown'],
    ['a string', 'unknown'],
  ] as const)('%s -> %s', (err, expected) => expect(outcomeOfFailure(err)).toBe(expected));
});

describe('statusAfter (only refused fails)', () => {
  it.each<[CallOutcome, CallPhase, string]>([
    ['succeeded', 'request', 'SUCCEEDED'],
    ['succeeded', 'recovery', 'SUCCEEDED'],
    ['refused', 'request', 'FAILED'],
    ['refused', 'recovery', 'FAILED'],
    ['unavailable', 'request', 'RELEASED'],
    ['unavailable', 'recovery', 'PENDING'],
    ['unknown', 'request', 'PENDING'],
    ['unknown', 'recovery', 'PENDING'],
  ])('%s in the %s -> %s', (outcome, phase, expected) => expect(statusAfter(outcome, phase)).toBe(expected));
  it.each<[CallOutcome, CallPhase, string]>([
    ['unavailable', 'request', 'PENDING'],
    ['unavailable', 'recovery', 'PENDING'],
    ['refused', 'request', 'FAILED'],
    ['succeeded', 'request', 'SUCCEEDED'],
  ])('a kind that is never released: %s in the %s -> %s', (outcome, phase, expected) =>
    expect(statusAfter(outcome, phase, false)).toBe(expected),
  );
});

describe('syncDelayMs (R5.1 schedule)', () => {
  it.each([
    [0, 10_000],
    [1, 10_000],
    [2, 30_000],
    [3, 60_000],
    [4, 120_000],
    [5, 300_000],
    [6, 600_000],
    [7, 1_800_000],
    [8, 3_600_000],
    [50, 3_600_000],
  ])('after %i tries: %i ms', (tries, ms) => expect(syncDelayMs(tries)).toBe(ms));
  it('never shrinks as tries grow', () => {
    fc.assert(fc.property(fc.nat(100), (n) => syncDelayMs(n + 1) >= syncDelayMs(n)));
    expect(SYNC_SCHEDULE_MS[0]).toBe(10_000);
  });
});

describe('recoveryStep', () => {
  const created = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(created.getTime() + ms);
  const op = (over: Partial<{ status: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'RELEASED'; attempts: number }> = {}) => ({
    status: 'PENDING' as const,
    attempts: 0,
    createdAt: created,
    updatedAt: created,
    ...over,
  });
  it.each([
    ['finished operations are left alone', op({ status: 'SUCCEEDED' }), at(60_000), { action: 'skip' }],
    ['released operations are left alone', op({ status: 'RELEASED' }), at(60_000), { action: 'skip' }],
    [
      'no call finished yet and young: a call may be running',
      op(),
      at(10_000),
      { action: 'wait', until: at(IN_FLIGHT_GRACE_MS) },
    ],
    [
      'no call finished and past the grace: the process died or the record failed',
      op(),
      at(IN_FLIGHT_GRACE_MS),
      { action: 'resume' },
    ],
    ['an unknown outcome was recorded: sync at once', op({ attempts: 1 }), at(10_000), { action: 'resume' }],
    ['24 h later: give up (reconciliation shows it)', op({ attempts: 9 }), at(24 * 3_600_000), { action: 'give-up' }],
  ])('%s', (_what, row, now, expected) => expect(recoveryStep(row, now)).toEqual(expected));
  // PROVIDER_IN_FLIGHT_GRACE_MS (the fault tests use 3 s): the same rule with another grace.
  it.each([
    ['a configured grace: waited while young', op(), at(2_000), 3_000, { action: 'wait', until: at(3_000) }],
    ['a configured grace: resumed once past it', op(), at(3_000), 3_000, { action: 'resume' }],
  ])('%s', (_what, row, now, grace, expected) => expect(recoveryStep(row, now, undefined, grace)).toEqual(expected));
});

describe('fingerprintOf', () => {
  it('ignores key order, tells different parameters apart', () => {
    expect(fingerprintOf({ a: 1, b: 'x' })).toBe(fingerprintOf({ b: 'x', a: 1 }));
    expect(fingerprintOf({ amount: 100 })).not.toBe(fingerprintOf({ amount: 101 }));
  });
});

describe('derivedOperationId', () => {
  it('is a UUID, fixed per resource and purpose, different across purposes', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(derivedOperationId(id, 'cancel')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(derivedOperationId(id, 'cancel')).toBe(derivedOperationId(id, 'cancel'));
    expect(derivedOperationId(id, 'cancel')).not.toBe(derivedOperationId(id, 'other'));
    expect(derivedOperationId(id, 'cancel')).not.toBe(id);
  });
});
