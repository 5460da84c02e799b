import { luhnValid } from '../../../domain/pan.js';
import type { CardBrand } from '../../../domain/card-brands.js';
import type { RefundFailureCode } from '../refunds/refunds.rules.js';
import type { RefusalCode } from './transactions.rules.js';

/**
 * payments.md P9: the sandbox test cards as data. Any future expiry and any CVV. The 3DS rows describe 3DS
 * sessions only: in a transaction without a session those cards approve like any other.
 */
export type AuthorizationBehaviour =
  | { kind: 'APPROVE' } // APPROVED, or AUTHORIZED with capture: false
  | { kind: 'DECLINE'; code: RefusalCode }
  | { kind: 'DELAYED'; then: 'APPROVE' }
  | { kind: 'DELAYED'; then: 'DECLINE'; code: RefusalCode }; // PROCESSING first

export type RefundBehaviour =
  { kind: 'SUCCEED' } | { kind: 'FAIL'; code: RefundFailureCode } | { kind: 'STAY_PENDING' };

export type ThreeDsBehaviour =
  | { flow: 'FRICTIONLESS'; outcome: 'SUCCEEDED' } // trans_status Y, the brand's full ECI
  | { flow: 'FRICTIONLESS'; outcome: 'FAILED'; failure_reason: 'AUTHENTICATION_FAILED' } // trans_status N
  | { flow: 'CHALLENGE' } // the code 1234 succeeds, anything else fails
  | { flow: 'NONE'; outcome: 'FAILED'; failure_reason: 'CARD_NOT_ENROLLED' };

export interface SandboxCard {
  number: string;
  brand: CardBrand;
  description: string;
  authorization: AuthorizationBehaviour;
  refund: RefundBehaviour;
  threeDs: ThreeDsBehaviour;
}

const APPROVE: AuthorizationBehaviour = { kind: 'APPROVE' };
const REFUND_OK: RefundBehaviour = { kind: 'SUCCEED' };
const FRICTIONLESS_OK: ThreeDsBehaviour = { flow: 'FRICTIONLESS', outcome: 'SUCCEEDED' };
const FRICTIONLESS_N: ThreeDsBehaviour = {
  flow: 'FRICTIONLESS',
  outcome: 'FAILED',
  failure_reason: 'AUTHENTICATION_FAILED',
};
const CHALLENGE: ThreeDsBehaviour = { flow: 'CHALLENGE' };

const card = (
  number: string,
  brand: CardBrand,
  description: string,
  over: Partial<Omit<SandboxCard, 'number' | 'brand' | 'description'>> = {},
): SandboxCard => ({
  number,
  brand,
  description,
  authorization: APPROVE,
  refund: REFUND_OK,
  threeDs: FRICTIONLESS_OK,
  ...over,
});

export const SANDBOX_CARDS: readonly SandboxCard[] = [
  card('4111111111111111', 'VISA', 'Approved'),
  card('5555555555554444', 'MASTERCARD', 'Approved'),
  card('4000000000000010', 'VISA', 'Approved'),
  card('4000000000000002', 'VISA', 'Refused: card declined', {
    authorization: { kind: 'DECLINE', code: 'CARD_DECLINED' },
  }),
  card('4000000000009995', 'VISA', 'Refused: insufficient funds', {
    authorization: { kind: 'DECLINE', code: 'INSUFFICIENT_FUNDS' },
  }),
  card('4000000000000036', 'VISA', 'Processing, then approved', {
    authorization: { kind: 'DELAYED', then: 'APPROVE' },
  }),
  // P9 names no code for the delayed refusal: CARD_DECLINED, the generic decline (docs/decisions/transactions.md).
  card('4000000000000044', 'VISA', 'Processing, then refused', {
    authorization: { kind: 'DELAYED', then: 'DECLINE', code: 'CARD_DECLINED' },
  }),
  card('4000000000005126', 'VISA', 'Approved; every refund fails', {
    refund: { kind: 'FAIL', code: 'EXPIRED_OR_CANCELED_CARD' },
  }),
  card('4000000000007726', 'VISA', 'Approved; refunds stay pending until the settle control', {
    refund: { kind: 'STAY_PENDING' },
  }),
  card('4000000000002701', 'VISA', '3DS frictionless, succeeded'),
  card('5200000000002235', 'MASTERCARD', '3DS frictionless, succeeded'),
  card('6505290000002000', 'ELO', '3DS frictionless, succeeded'),
  card('4000000000002925', 'VISA', '3DS frictionless, failed (trans_status N)', { threeDs: FRICTIONLESS_N }),
  card('5200000000002276', 'MASTERCARD', '3DS frictionless, failed (trans_status N)', { threeDs: FRICTIONLESS_N }),
  card('4000000000002503', 'VISA', '3DS challenge (code 1234 succeeds)', { threeDs: CHALLENGE }),
  card('5200000000002151', 'MASTERCARD', '3DS challenge (code 1234 succeeds)', { threeDs: CHALLENGE }),
  card('6505290000002190', 'ELO', '3DS challenge (code 1234 succeeds)', { threeDs: CHALLENGE }),
  card('4000000000002420', 'VISA', '3DS failed: card not enrolled', {
    threeDs: { flow: 'NONE', outcome: 'FAILED', failure_reason: 'CARD_NOT_ENROLLED' },
  }),
];

const BY_NUMBER = new Map(SANDBOX_CARDS.map((c) => [c.number, c]));
export const sandboxCard = (number: string): SandboxCard | undefined => BY_NUMBER.get(number);

/**
 * Authorization outcome of a number: the table's row, or "any other Luhn-valid number" approves. A number that
 * fails Luhn (only reachable through an `ev:` value, as both hosts check plaintext) is the issuer's
 * INVALID_CARD_NUMBER decline.
 */
export const authorizationBehaviour = (number: string): AuthorizationBehaviour =>
  BY_NUMBER.get(number)?.authorization ??
  (luhnValid(number) ? APPROVE : { kind: 'DECLINE', code: 'INVALID_CARD_NUMBER' });

/** 3DS session outcome: the table's row, else frictionless success. */
export const threeDsBehaviour = (number: string): ThreeDsBehaviour => BY_NUMBER.get(number)?.threeDs ?? FRICTIONLESS_OK;

export const SANDBOX_CHALLENGE_CODE = '1234';
export const AUTOPILOT_DELAY_MS = 2_000;
/** With autopilot a PIX of at most this amount is paid by itself. */
export const AUTOPILOT_PIX_MAX_AMOUNT = 50_000;

/**
 * What a PENDING refund does by itself: with autopilot it settles after about 2 s (SUCCEEDED, except the two
 * refund cards); without it nothing moves until the settle control.
 */
export function autopilotRefund(number: string | null, autopilot: boolean): RefundBehaviour {
  if (!autopilot) return { kind: 'STAY_PENDING' };
  return (number === null ? undefined : BY_NUMBER.get(number)?.refund) ?? REFUND_OK;
}

/** What a new transaction schedules by itself under autopilot: a delayed card's outcome, a small PIX's payment. */
export function autopilotTransaction(
  input: { paymentMethod: 'CREDIT_CARD' | 'DEBIT_CARD' | 'PIX'; amount: number; number: string | null },
  autopilot: boolean,
): 'SETTLE' | 'PAY_PIX' | null {
  if (!autopilot) return null;
  if (input.paymentMethod === 'PIX') return input.amount <= AUTOPILOT_PIX_MAX_AMOUNT ? 'PAY_PIX' : null;
  return input.number !== null && authorizationBehaviour(input.number).kind === 'DELAYED' ? 'SETTLE' : null;
}

/** P7's ECI per brand: Visa, Amex, Elo 05 full / 06 attempted / 07 none; Mastercard 02 / 01 / 00. */
export function eciFor(brand: CardBrand, level: 'FULL' | 'ATTEMPTED' | 'NONE'): string {
  const mastercard = { FULL: '02', ATTEMPTED: '01', NONE: '00' } as const;
  const others = { FULL: '05', ATTEMPTED: '06', NONE: '07' } as const;
  return (brand === 'MASTERCARD' ? mastercard : others)[level];
}
