import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkCode,
  codeMatches,
  CODE_MAX_ATTEMPTS,
  generateCode,
  hashCode,
  isLocked,
  LOCKOUT_MAX_FAILURES,
  LOCKOUT_WINDOW_MS,
  normalizeIdentifier,
  parseIdentifier,
  recordFailure,
  type FailureState,
} from './users.rules.js';

describe('identifiers', () => {
  it.each([
    ['email', ' Maria@Example.COM ', 'maria@example.com'],
    ['email', 'no-at-sign', null],
    ['email', 'a@b', null],
    ['phone', '(11) 99999-8888', '+5511999998888'],
    ['phone', '+55 11 99999-8888', '+5511999998888'],
    ['phone', '+1 415 555 0100', '+14155550100'],
    ['phone', '123', null],
    ['phone', 'abc', null],
  ] as const)('%s %j -> %j', (type, raw, expected) => {
    expect(normalizeIdentifier(type, raw)).toBe(expected);
  });

  it('normalization is idempotent', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.emailAddress().map((v) => ['email', v] as const),
          fc.stringMatching(/^\+?[0-9]{10,15}$/).map((v) => ['phone', v] as const),
        ),
        ([type, raw]) => {
          const once = normalizeIdentifier(type, raw);
          if (once !== null) expect(normalizeIdentifier(type, once)).toBe(once);
        },
      ),
    );
  });

  it('parseIdentifier tells e-mail from phone by the @', () => {
    expect(parseIdentifier('X@Y.io')).toEqual({ type: 'email', value: 'x@y.io' });
    expect(parseIdentifier('11999998888')).toEqual({ type: 'phone', value: '+5511999998888' });
    expect(parseIdentifier('nope')).toBeNull();
  });
});

describe('codes', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const live = { expiresAt: new Date(now.getTime() + 60_000), attempts: 0, consumedAt: null };
  it.each([
    [undefined, true, 'missing'],
    [live, true, 'ok'],
    [live, false, 'wrong'],
    [{ ...live, consumedAt: now }, true, 'used'],
    [{ ...live, expiresAt: now }, true, 'expired'],
    [{ ...live, attempts: CODE_MAX_ATTEMPTS }, true, 'exhausted'],
    [{ ...live, attempts: CODE_MAX_ATTEMPTS - 1 }, true, 'ok'],
  ])('%j matches=%s -> %s', (code, matches, expected) => {
    expect(checkCode(code, now, matches)).toBe(expected);
  });

  it('generates 6 digits and matches only the same code for the same row', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), (idA, idB) => {
        const code = generateCode();
        expect(code).toMatch(/^\d{6}$/);
        const stored = hashCode('secret', idA, code);
        expect(stored).not.toContain(code);
        expect(codeMatches('secret', idA, code, stored)).toBe(true);
        expect(codeMatches('other', idA, code, stored)).toBe(false);
        if (idA !== idB) expect(codeMatches('secret', idB, code, stored)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });
});

describe('lockout', () => {
  const t0 = new Date('2026-01-01T00:00:00Z');
  it('locks on the fifth failure within the window, not before', () => {
    let state: FailureState | undefined;
    for (let i = 1; i < LOCKOUT_MAX_FAILURES; i++) {
      state = recordFailure(state, new Date(t0.getTime() + i * 1000));
      expect(isLocked(state, new Date(t0.getTime() + i * 1000))).toBe(false);
    }
    state = recordFailure(state, new Date(t0.getTime() + 10_000));
    expect(isLocked(state, new Date(t0.getTime() + 11_000))).toBe(true);
  });

  it('failures spread beyond the window never lock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (n) => {
        let state: FailureState | undefined;
        for (let i = 0; i < n; i++) {
          const at = new Date(t0.getTime() + i * LOCKOUT_WINDOW_MS);
          state = recordFailure(state, at);
          expect(isLocked(state, at)).toBe(false);
        }
      }),
    );
  });

  it('a lock always ends, and counting starts afresh after it', () => {
    fc.assert(
      fc.property(fc.integer({ min: LOCKOUT_MAX_FAILURES, max: 20 }), (n) => {
        let state: FailureState | undefined;
        for (let i = 0; i < n; i++) state = recordFailure(state, t0);
        expect(isLocked(state, t0)).toBe(true);
        const later = new Date(state!.lockedUntil!.getTime() + 1);
        expect(isLocked(state, later)).toBe(false);
        expect(recordFailure(state, later).failures).toBe(1);
      }),
    );
  });
});
