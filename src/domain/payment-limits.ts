/**
 * A payment's bounds and refusal codes (payments.md P11): checked by payments' create rules
 * (src/modules/payments/shared/transactions.rules.ts, which re-exports them), and read by the fee quotes, the
 * sandbox behaviour and the OpenAPI document, so they live outside the payments area.
 */

/** P11 refusal codes; `retryable` is true for the last three. */
export const REFUSAL_CODES = [
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'EXPIRED_CARD',
  'INVALID_CVV',
  'INVALID_CARD_NUMBER',
  'BLOCKED_CARD',
  'LOST_OR_STOLEN',
  'CALL_ISSUER',
  'SUSPECTED_FRAUD',
  'AUTHENTICATION_FAILED',
  'AUTHENTICATION_REQUIRED',
  'ISSUER_UNAVAILABLE',
  'PROCESSING_ERROR',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export const MAX_INSTALLMENTS = 12;
/** The amount is bigint in the database and a number in JSON: the safe-integer range is the real ceiling. */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;
/** A BR Code's field 54 holds at most 13 characters: 9999999999.99. */
export const MAX_PIX_AMOUNT = 999_999_999_999;
export const PIX_EXPIRES_IN = { min: 60, max: 2_592_000, default: 86_400 } as const;
