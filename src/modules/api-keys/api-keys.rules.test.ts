import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isActive, keyStatus, last4, revokeDecision, rolledExpiry, type KeyState } from './api-keys.rules.js';

const now = new Date('2026-01-01T12:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
const key = (id: string, state: Partial<KeyState> = {}) => ({ id, expiresAt: null, revokedAt: null, ...state });

describe('keyStatus', () => {
  it.each([
    ['no expiry, not revoked', key('a'), 'ACTIVE'],
    ['expires later', key('a', { expiresAt: at(1) }), 'ACTIVE'],
    ['expires now', key('a', { expiresAt: at(0) }), 'EXPIRED'],
    ['expired', key('a', { expiresAt: at(-1) }), 'EXPIRED'],
    ['revoked', key('a', { revokedAt: at(-5) }), 'REVOKED'],
    ['revoked and expired', key('a', { revokedAt: at(-5), expiresAt: at(-10) }), 'REVOKED'],
  ])('%s', (_name, k, status) => {
    expect(keyStatus(k, now)).toBe(status);
  });
});

describe('rolledExpiry', () => {
  it.each([
    ['no expiry: now + grace', null, 60, at(60)],
    ['grace 0: now', null, 0, at(0)],
    ['a later expiry is brought forward', at(3600), 60, at(60)],
    ['an earlier expiry is kept', at(30), 60, at(30)],
  ])('%s', (_name, current, grace, expected) => {
    expect(rolledExpiry(current, now, grace)).toEqual(expected);
  });

  it('never lengthens a key and never ends later than now + grace', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -1e6, max: 1e7 })),
        fc.integer({ min: 0, max: 604_800 }),
        (current, grace) => {
          const end = rolledExpiry(current === null ? null : at(current), now, grace);
          expect(end.getTime()).toBeLessThanOrEqual(at(grace).getTime());
          if (current !== null) expect(end.getTime()).toBeLessThanOrEqual(at(current).getTime());
        },
      ),
    );
  });
});

describe('revokeDecision', () => {
  it.each([
    ['the only key', key('a'), [key('a')], 'refuse'],
    ['another active key', key('a'), [key('a'), key('b')], 'revoke'],
    ['the other is revoked', key('a'), [key('a'), key('b', { revokedAt: at(-1) })], 'refuse'],
    ['the other is expired', key('a'), [key('a'), key('b', { expiresAt: at(-1) })], 'refuse'],
    ['the other is in its grace period', key('a'), [key('a'), key('b', { expiresAt: at(60) })], 'revoke'],
    ['already revoked', key('a', { revokedAt: at(-1) }), [key('a', { revokedAt: at(-1) })], 'already-revoked'],
    ['an expired key, alone', key('a', { expiresAt: at(-1) }), [key('a', { expiresAt: at(-1) })], 'revoke'],
  ])('%s', (_name, target, keys, kind) => {
    expect(revokeDecision(target, keys, now).kind).toBe(kind);
  });

  it('never leaves a company that had an active key without one', () => {
    const state = fc.record({ expiresIn: fc.option(fc.integer({ min: -100, max: 100 })), revoked: fc.boolean() });
    fc.assert(
      fc.property(fc.array(state, { minLength: 1, maxLength: 6 }), fc.nat(), (states, pick) => {
        const keys = states.map((s, i) =>
          key(String(i), {
            expiresAt: s.expiresIn === null ? null : at(s.expiresIn),
            revokedAt: s.revoked ? at(-1) : null,
          }),
        );
        const target = keys[pick % keys.length];
        const activeBefore = keys.filter((k) => isActive(k, now)).length;
        const decision = revokeDecision(target!, keys, now);
        const after =
          decision.kind === 'revoke' ? keys.map((k) => (k.id === target!.id ? { ...k, revokedAt: now } : k)) : keys;
        if (activeBefore > 0) expect(after.some((k) => isActive(k, now))).toBe(true);
      }),
    );
  });
});

it("last4 is the key's last four characters", () => {
  expect(last4('sk_org_abcdefWXYZ')).toBe('WXYZ');
});
