import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { luhnValid } from '../../../domain/pan.js';
import { brandFromBin } from '../../../domain/card-brands.js';
import {
  authorizationBehaviour,
  autopilotRefund,
  autopilotTransaction,
  eciFor,
  SANDBOX_CARDS,
  sandboxCard,
  threeDsBehaviour,
} from './sandbox-cards.js';

describe('P9 test cards', () => {
  it('every number is Luhn-valid, unique, and its brand is the one its BIN gives', () => {
    expect(new Set(SANDBOX_CARDS.map((c) => c.number)).size).toBe(SANDBOX_CARDS.length);
    for (const c of SANDBOX_CARDS) {
      expect(luhnValid(c.number)).toBe(true);
      expect(brandFromBin(c.number.slice(0, 8))).toBe(c.brand);
    }
    expect(SANDBOX_CARDS).toHaveLength(18);
  });

  it.each([
    ['4111111111111111', { kind: 'APPROVE' }],
    ['4000000000000002', { kind: 'DECLINE', code: 'CARD_DECLINED' }],
    ['4000000000009995', { kind: 'DECLINE', code: 'INSUFFICIENT_FUNDS' }],
    ['4000000000000036', { kind: 'DELAYED', then: 'APPROVE' }],
    ['4000000000000044', { kind: 'DELAYED', then: 'DECLINE', code: 'CARD_DECLINED' }],
    ['4000000000002925', { kind: 'APPROVE' }], // 3DS rows approve in a transaction without a session
    ['4242424242424242', { kind: 'APPROVE' }], // any other Luhn-valid number
    ['4242424242424241', { kind: 'DECLINE', code: 'INVALID_CARD_NUMBER' }],
  ])('%s authorizes as %o', (number, behaviour) => expect(authorizationBehaviour(number)).toEqual(behaviour));

  it.each([
    ['4000000000002701', { flow: 'FRICTIONLESS', outcome: 'SUCCEEDED' }],
    ['6505290000002000', { flow: 'FRICTIONLESS', outcome: 'SUCCEEDED' }],
    ['5200000000002276', { flow: 'FRICTIONLESS', outcome: 'FAILED', failure_reason: 'AUTHENTICATION_FAILED' }],
    ['6505290000002190', { flow: 'CHALLENGE' }],
    ['4000000000002420', { flow: 'NONE', outcome: 'FAILED', failure_reason: 'CARD_NOT_ENROLLED' }],
    ['4111111111111111', { flow: 'FRICTIONLESS', outcome: 'SUCCEEDED' }], // any other card
  ])('%s in a 3DS session: %o', (number, behaviour) => expect(threeDsBehaviour(number)).toEqual(behaviour));

  it('refunds under autopilot: succeed, except the two refund cards; without it nothing moves', () => {
    expect(autopilotRefund('4111111111111111', true)).toEqual({ kind: 'SUCCEED' });
    expect(autopilotRefund(null, true)).toEqual({ kind: 'SUCCEED' }); // PIX
    expect(autopilotRefund('4000000000005126', true)).toEqual({ kind: 'FAIL', code: 'EXPIRED_OR_CANCELED_CARD' });
    expect(autopilotRefund('4000000000007726', true)).toEqual({ kind: 'STAY_PENDING' });
    fc.assert(
      fc.property(fc.constantFrom(...SANDBOX_CARDS.map((c) => c.number)), (n) => {
        expect(autopilotRefund(n, false)).toEqual({ kind: 'STAY_PENDING' });
      }),
    );
  });

  it('autopilot pays a PIX of at most 50000 and settles the delayed cards', () => {
    expect(autopilotTransaction({ paymentMethod: 'PIX', amount: 50_000, number: null }, true)).toBe('PAY_PIX');
    expect(autopilotTransaction({ paymentMethod: 'PIX', amount: 50_001, number: null }, true)).toBeNull();
    expect(autopilotTransaction({ paymentMethod: 'CREDIT_CARD', amount: 1, number: '4000000000000044' }, true)).toBe(
      'SETTLE',
    );
    expect(
      autopilotTransaction({ paymentMethod: 'CREDIT_CARD', amount: 1, number: '4111111111111111' }, true),
    ).toBeNull();
    expect(autopilotTransaction({ paymentMethod: 'PIX', amount: 1, number: null }, false)).toBeNull();
  });

  it('looks cards up by number', () =>
    expect(sandboxCard('4000000000007726')?.refund).toEqual({ kind: 'STAY_PENDING' }));

  it.each([
    ['VISA', 'FULL', '05'],
    ['ELO', 'ATTEMPTED', '06'],
    ['AMEX', 'NONE', '07'],
    ['MASTERCARD', 'FULL', '02'],
    ['MASTERCARD', 'NONE', '00'],
  ] as const)('ECI %s %s = %s', (brand, level, eci) => expect(eciFor(brand, level)).toBe(eci));
});
