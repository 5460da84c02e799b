/**
 * Pure translation of Adyen Checkout answers into the platform's vocabulary (providers.md R2.2, R2.4, R2.5,
 * R2.6): how an HTTP answer is classified, what a `resultCode` means for an authorization, and which of our
 * refusal codes (payments.md P11) a `refusalReasonCode` or a notification's `reason` text is.
 */

/** R2.2: the class of one call's outcome. */
export type AnswerClass =
  'NOT_SENT' | 'AUTH_FAILED' | 'RATE_LIMITED' | 'INVALID_CARD_NUMBER' | 'REJECTED' | 'UNKNOWN' | 'ANSWERED';

/** Network failures that happen before the request was written: nothing can have been applied. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
]);

/** A network error (undici's, or the socket's under it) by its code: `NOT_SENT`, else `UNKNOWN`. */
export function classifyNetworkError(code: string | undefined): 'NOT_SENT' | 'UNKNOWN' {
  // A reset, a header or body timeout, a socket closed mid-answer: the request may have been applied.
  return code !== undefined && NOT_SENT_CODES.has(code) ? 'NOT_SENT' : 'UNKNOWN';
}

/** R2.2 for an HTTP answer; `body` is the parsed JSON (undefined when it was not readable). */
export function classifyAnswer(status: number, body: unknown, isAuthorization: boolean): AnswerClass {
  if (status === 401 || status === 403) return 'AUTH_FAILED';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 400 || status === 422) {
    const error = (body ?? {}) as { errorType?: unknown; errorCode?: unknown };
    if (isAuthorization && status === 422 && error.errorType === 'validation' && String(error.errorCode) === '101')
      return 'INVALID_CARD_NUMBER';
    return 'REJECTED';
  }
  if (status >= 500) return 'UNKNOWN';
  if ((status === 200 || status === 201) && body !== undefined && body !== null && typeof body === 'object')
    return 'ANSWERED';
  // Any other status (a 3xx, a 404 from a proxy, a 2xx without a readable body): we cannot tell what happened.
  return 'UNKNOWN';
}

export interface RefusalReason {
  code: string;
  text: string;
  ours: string;
  /** "Technical" refusals may fail over to another account (R6.7). */
  technical: boolean;
  /** Code 46: Adyen blocked the retry itself; never failed over. */
  neverFailOver?: boolean;
}

const row = (code: number, text: string, ours: string, technical = false, neverFailOver = false): RefusalReason => ({
  code: String(code),
  text,
  ours,
  technical,
  ...(neverFailOver ? { neverFailOver } : {}),
});

/** R2.5, row by row. */
export const REFUSAL_REASONS: readonly RefusalReason[] = [
  row(0, 'Unknown', 'PROCESSING_ERROR', true),
  row(2, 'Refused', 'CARD_DECLINED'),
  row(3, 'Referral', 'CALL_ISSUER'),
  row(4, 'Acquirer Error', 'PROCESSING_ERROR', true),
  row(5, 'Blocked Card', 'BLOCKED_CARD'),
  row(6, 'Expired Card', 'EXPIRED_CARD'),
  row(7, 'Invalid Amount', 'CARD_DECLINED'),
  row(8, 'Invalid Card Number', 'INVALID_CARD_NUMBER'),
  row(9, 'Issuer Unavailable', 'ISSUER_UNAVAILABLE', true),
  row(10, 'Not supported', 'CARD_DECLINED'),
  row(11, '3D Not Authenticated', 'AUTHENTICATION_FAILED'),
  row(12, 'Not enough balance', 'INSUFFICIENT_FUNDS'),
  row(14, 'Acquirer Fraud', 'SUSPECTED_FRAUD'),
  row(15, 'Cancelled', 'CARD_DECLINED'),
  row(16, 'Shopper Cancelled', 'CARD_DECLINED'),
  row(17, 'Invalid Pin', 'CARD_DECLINED'),
  row(18, 'Pin tries exceeded', 'BLOCKED_CARD'),
  row(19, 'Pin validation not possible', 'CARD_DECLINED'),
  row(20, 'FRAUD', 'SUSPECTED_FRAUD'),
  row(21, 'Not Submitted', 'PROCESSING_ERROR', true),
  row(22, 'FRAUD-CANCELLED', 'SUSPECTED_FRAUD'),
  row(23, 'Transaction Not Permitted', 'CARD_DECLINED'),
  row(24, 'CVC Declined', 'INVALID_CVV'),
  row(25, 'Restricted Card', 'BLOCKED_CARD'),
  row(26, 'Revocation Of Auth', 'CARD_DECLINED'),
  row(27, 'Declined Non Generic', 'CARD_DECLINED'),
  row(28, 'Withdrawal amount exceeded', 'INSUFFICIENT_FUNDS'),
  row(29, 'Withdrawal count exceeded', 'INSUFFICIENT_FUNDS'),
  row(31, 'Issuer Suspected Fraud', 'SUSPECTED_FRAUD'),
  row(32, 'AVS Declined', 'CARD_DECLINED'),
  row(33, 'Card requires online pin', 'CARD_DECLINED'),
  row(34, 'No checking account available on Card', 'CARD_DECLINED'),
  row(35, 'No savings account available on Card', 'CARD_DECLINED'),
  row(36, 'Mobile pin required', 'CARD_DECLINED'),
  row(37, 'Contactless fallback', 'CARD_DECLINED'),
  row(38, 'Authentication required', 'AUTHENTICATION_REQUIRED'),
  row(39, 'RReq not received from DS', 'AUTHENTICATION_FAILED'),
  row(40, 'Current AID is in Penalty Box', 'CARD_DECLINED'),
  row(41, 'CVM Required Restart Payment', 'CARD_DECLINED'),
  row(42, '3DS Authentication Error', 'AUTHENTICATION_FAILED'),
  row(43, 'Online PIN required', 'CARD_DECLINED'),
  row(44, 'Try another interface', 'CARD_DECLINED'),
  row(45, 'Chip downgrade mode', 'CARD_DECLINED'),
  row(46, 'Transaction blocked by Adyen to prevent excessive retry fees', 'CARD_DECLINED', false, true),
];

const BY_CODE = new Map(REFUSAL_REASONS.map((r) => [r.code, r]));
// Longest first, so "Cancelled" never shadows "Shopper Cancelled"-like prefixes of longer texts.
const BY_TEXT = [...REFUSAL_REASONS].sort((a, b) => b.text.length - a.text.length);

/**
 * A notification's `reason` text to its row: case-insensitive after trimming; a text followed by `:` or a
 * space counts as that text ("Refused: the issuer said no").
 */
export function refusalByText(reason: string | undefined | null): RefusalReason | null {
  if (!reason) return null;
  const text = reason.trim().toLowerCase();
  for (const r of BY_TEXT) {
    const known = r.text.toLowerCase();
    if (text === known || text.startsWith(`${known}:`) || text.startsWith(`${known} `)) return r;
  }
  return null;
}

export const refusalByCode = (code: string | undefined | null): RefusalReason | null =>
  code == null ? null : (BY_CODE.get(String(code).trim()) ?? null);

/** What an authorization's `resultCode` means (R2.4). */
export type ResultOutcome =
  | { kind: 'authorized' }
  | { kind: 'partially-authorized' }
  | { kind: 'refused'; defaultCode: 'CARD_DECLINED' | 'PROCESSING_ERROR' | 'AUTHENTICATION_REQUIRED' }
  | { kind: 'processing' };

export function outcomeOfResultCode(resultCode: string | undefined): ResultOutcome {
  switch (resultCode) {
    case 'Authorised':
      return { kind: 'authorized' };
    case 'PartiallyAuthorised':
      return { kind: 'partially-authorized' };
    case 'Refused':
    case 'Cancelled':
      return { kind: 'refused', defaultCode: 'CARD_DECLINED' };
    case 'Error':
      return { kind: 'refused', defaultCode: 'PROCESSING_ERROR' };
    case 'RedirectShopper':
    case 'IdentifyShopper':
    case 'ChallengeShopper':
    case 'PresentToShopper':
      return { kind: 'refused', defaultCode: 'AUTHENTICATION_REQUIRED' };
    // Received, Pending, AuthenticationFinished, AuthenticationNotRequired, Success, anything else: never guessed.
    default:
      return { kind: 'processing' };
  }
}

/** Our refusal for a refused `resultCode`: R2.5's row of `refusalReasonCode`, else the `resultCode`'s default. */
export function refusalOf(
  outcome: Extract<ResultOutcome, { kind: 'refused' }>,
  refusalReasonCode: string | undefined,
  refusalReason: string | undefined,
): { code: string; message: string; retryable: boolean; providerCode: string | null; technical: boolean } {
  // The action-required codes refuse whatever the reason says: the platform does not follow the action.
  const known = outcome.defaultCode === 'AUTHENTICATION_REQUIRED' ? null : refusalByCode(refusalReasonCode);
  const code = known?.ours ?? outcome.defaultCode;
  return {
    code,
    message: refusalReason ?? known?.text ?? code,
    retryable: known ? known.technical : outcome.defaultCode === 'PROCESSING_ERROR',
    providerCode: refusalReasonCode ?? null,
    technical: known ? known.technical : outcome.defaultCode === 'PROCESSING_ERROR',
  };
}

/** R2.6: our refund reasons to `merchantRefundReason`. */
export const REFUND_REASONS: Record<string, 'CUSTOMER REQUEST' | 'DUPLICATE' | 'FRAUD' | 'OTHER'> = {
  REQUESTED_BY_CUSTOMER: 'CUSTOMER REQUEST',
  DUPLICATE: 'DUPLICATE',
  FRAUDULENT: 'FRAUD',
  OTHER: 'OTHER',
};
