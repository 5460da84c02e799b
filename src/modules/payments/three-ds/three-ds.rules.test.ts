import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  authenticationValueVisible,
  challengeOutcome,
  checkSessionUse,
  controlOutcome,
  sandboxSessionStart,
  threeDsMachine,
  THREE_DS_STATUSES,
  type SessionForUse,
} from './three-ds.rules.js';

const now = new Date('2026-03-15T12:00:00Z');

describe('3DS sessions (P7)', () => {
  it.each([
    ['4000000000002701', 'VISA', 'NO_PREFERENCE', { status: 'SUCCEEDED', trans_status: 'Y', eci: '05' }],
    ['5200000000002235', 'MASTERCARD', 'NO_PREFERENCE', { status: 'SUCCEEDED', trans_status: 'Y', eci: '02' }],
    ['6505290000002000', 'ELO', 'NO_CHALLENGE_REQUESTED', { status: 'SUCCEEDED', eci: '05' }],
    [
      '4000000000002925',
      'VISA',
      'NO_PREFERENCE',
      { status: 'FAILED', trans_status: 'N', failure_reason: 'AUTHENTICATION_FAILED' },
    ],
    ['4000000000002503', 'VISA', 'NO_CHALLENGE_REQUESTED', { status: 'ACTION_REQUIRED', flow: 'CHALLENGE' }],
    ['4000000000002420', 'VISA', 'CHALLENGE_MANDATED', { status: 'FAILED', failure_reason: 'CARD_NOT_ENROLLED' }],
    ['4111111111111111', 'VISA', 'NO_PREFERENCE', { status: 'SUCCEEDED', flow: 'FRICTIONLESS' }], // any other card
    ['4111111111111111', 'VISA', 'CHALLENGE_MANDATED', { status: 'SUCCEEDED' }], // the card's row decides
  ] as const)('%s (%s, %s) starts %o', (number, brand, pref, expected) =>
    expect(sandboxSessionStart(number, brand, pref)).toMatchObject(expected),
  );

  it('challenge code 1234 succeeds, anything else fails', () => {
    expect(challengeOutcome('1234')).toEqual({ status: 'SUCCEEDED' });
    fc.assert(
      fc.property(fc.string(), (code) => {
        if (code !== '1234') expect(challengeOutcome(code).status).toBe('FAILED');
      }),
    );
  });

  it('the staff control maps CANCELLED to CHALLENGE_CANCELLED', () => {
    expect(controlOutcome('CANCELLED')).toEqual({ status: 'FAILED', failure_reason: 'CHALLENGE_CANCELLED' });
    expect(controlOutcome('FAILED')).toEqual({ status: 'FAILED', failure_reason: 'AUTHENTICATION_FAILED' });
  });

  it('only ACTION_REQUIRED moves, once', () => {
    fc.assert(
      fc.property(fc.constantFrom(...THREE_DS_STATUSES), fc.constantFrom(...THREE_DS_STATUSES), (from, to) => {
        expect(threeDsMachine.can(from, to)).toBe(from === 'ACTION_REQUIRED' && to !== 'ACTION_REQUIRED');
      }),
    );
  });

  it('the authentication value is visible for one hour', () => {
    expect(authenticationValueVisible(new Date(now.getTime() - 3_599_999), now)).toBe(true);
    expect(authenticationValueVisible(new Date(now.getTime() - 3_600_000), now)).toBe(false);
    expect(authenticationValueVisible(null, now)).toBe(false);
  });
});

describe('a transaction using a session (P3)', () => {
  const session = (over: Partial<SessionForUse> = {}): SessionForUse => ({
    status: 'SUCCEEDED',
    transactionId: null,
    amount: 1000,
    installments: 1,
    expiresAt: new Date(now.getTime() + 60_000),
    ...over,
  });
  it.each<[Partial<SessionForUse>, { amount: number; installments: number; transactionId?: string }, unknown]>([
    [{}, { amount: 1000, installments: 1 }, { ok: true }],
    [
      { transactionId: 't1' },
      { amount: 1000, installments: 1 },
      { ok: false, field: 'three_ds.session_id', value: 'USED' },
    ],
    [
      { transactionId: 't1' },
      { amount: 1000, installments: 1, transactionId: 't2' },
      { ok: false, field: 'three_ds.session_id', value: 'USED' },
    ],
    [{ transactionId: 't1' }, { amount: 1000, installments: 1, transactionId: 't1' }, { ok: true }],
    [
      { status: 'FAILED' },
      { amount: 1000, installments: 1 },
      { ok: false, field: 'three_ds.session_id', value: 'FAILED' },
    ],
    [
      { status: 'ACTION_REQUIRED', expiresAt: now },
      { amount: 1000, installments: 1 },
      { ok: false, field: 'three_ds.session_id', value: 'EXPIRED' },
    ],
    [
      { status: 'ACTION_REQUIRED' },
      { amount: 1000, installments: 1 },
      { ok: false, field: 'three_ds.session_id', value: 'ACTION_REQUIRED' },
    ],
    [{ expiresAt: new Date(now.getTime() - 1) }, { amount: 1000, installments: 1 }, { ok: true }],
    [{}, { amount: 999, installments: 1 }, { ok: false, field: 'amount', value: 999 }],
    [{}, { amount: 1000, installments: 2 }, { ok: false, field: 'installments', value: 2 }],
  ])('%o used by %o', (over, tx, expected) => expect(checkSessionUse(session(over), tx, now)).toEqual(expected));
});
