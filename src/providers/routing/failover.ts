/**
 * R6.7's table: what each attempt outcome means for the next attempt, the circuit breaker and the success-rate
 * windows. `GET /v1/routing/failover-table` publishes `FAILOVER_TABLE` as it is.
 */
export type AttemptOutcome = 'APPROVED' | 'AUTHORIZED' | 'WAITING_PAYMENT' | 'FAILED' | 'PROCESSING' | 'REFUSED';

/** `ALWAYS` tries the next account, `NEVER` ends the create, `ON_GENERIC_DECLINE` only when opted in (R6.7). */
export type FailoverRule = 'ALWAYS' | 'NEVER' | 'ON_GENERIC_DECLINE';
/** `NONE`: the outcome does not move the breaker. */
export type CircuitCount = 'SUCCESS' | 'FAILURE' | 'NONE';

export interface FailoverRow {
  outcome: AttemptOutcome;
  /** A `FAILED` attempt's error code or a refusal code; null: any code, `*`: any code not listed for it. */
  code: string | null;
  failover: FailoverRule;
  counts_for_circuit: CircuitCount;
  /** Null: counted once the outcome is resolved (a `PROCESSING` attempt). */
  counts_as_success: boolean | null;
}

/**
 * `PROCESSING` has two rows because the circuit counts it differently: `UNKNOWN_OUTCOME` (a timeout, a 5xx, a
 * reset) is a technical failure, `PROVIDER_PENDING` (the provider's own pending answer) is an answer.
 */
export const FAILOVER_TABLE: readonly FailoverRow[] = [
  { outcome: 'APPROVED', code: null, failover: 'NEVER', counts_for_circuit: 'SUCCESS', counts_as_success: true },
  { outcome: 'AUTHORIZED', code: null, failover: 'NEVER', counts_for_circuit: 'SUCCESS', counts_as_success: true },
  { outcome: 'WAITING_PAYMENT', code: null, failover: 'NEVER', counts_for_circuit: 'SUCCESS', counts_as_success: true },
  {
    outcome: 'FAILED',
    code: 'PROVIDER_UNAVAILABLE',
    failover: 'ALWAYS',
    counts_for_circuit: 'FAILURE',
    counts_as_success: false,
  },
  {
    outcome: 'FAILED',
    code: 'PROVIDER_AUTH_FAILED',
    failover: 'ALWAYS',
    counts_for_circuit: 'FAILURE',
    counts_as_success: false,
  },
  {
    outcome: 'FAILED',
    code: 'PROVIDER_RATE_LIMITED',
    failover: 'ALWAYS',
    counts_for_circuit: 'FAILURE',
    counts_as_success: false,
  },
  {
    outcome: 'FAILED',
    code: 'PROVIDER_REQUEST_REJECTED',
    failover: 'ALWAYS',
    counts_for_circuit: 'NONE',
    counts_as_success: false,
  },
  {
    outcome: 'PROCESSING',
    code: 'UNKNOWN_OUTCOME',
    failover: 'NEVER',
    counts_for_circuit: 'FAILURE',
    counts_as_success: null,
  },
  {
    outcome: 'PROCESSING',
    code: 'PROVIDER_PENDING',
    failover: 'NEVER',
    counts_for_circuit: 'SUCCESS',
    counts_as_success: null,
  },
  {
    outcome: 'REFUSED',
    code: 'ISSUER_UNAVAILABLE',
    failover: 'ALWAYS',
    counts_for_circuit: 'SUCCESS',
    counts_as_success: false,
  },
  {
    outcome: 'REFUSED',
    code: 'PROCESSING_ERROR',
    failover: 'ALWAYS',
    counts_for_circuit: 'SUCCESS',
    counts_as_success: false,
  },
  {
    outcome: 'REFUSED',
    code: 'CARD_DECLINED',
    failover: 'ON_GENERIC_DECLINE',
    counts_for_circuit: 'SUCCESS',
    counts_as_success: false,
  },
  { outcome: 'REFUSED', code: '*', failover: 'NEVER', counts_for_circuit: 'SUCCESS', counts_as_success: false },
];

/** The row of an attempt's outcome and code (a `FAILED` code outside the table reads as `PROVIDER_UNAVAILABLE`). */
export function failoverRow(outcome: AttemptOutcome, code: string | null): FailoverRow {
  const rows = FAILOVER_TABLE.filter((row) => row.outcome === outcome);
  const exact = rows.find((row) => row.code === code);
  if (exact) return exact;
  if (outcome === 'FAILED') return rows.find((row) => row.code === 'PROVIDER_UNAVAILABLE')!;
  if (outcome === 'PROCESSING') return rows.find((row) => row.code === 'UNKNOWN_OUTCOME')!;
  return rows.find((row) => row.code === null || row.code === '*')!;
}

export interface FailoverContext {
  payment_method: string;
  /** R6.7: `three_ds` with `trans_status` Y or A. */
  three_ds_authenticated: boolean;
  on_generic_decline: boolean;
  /** A generic decline was already failed over once in this transaction. */
  generic_decline_failed_over: boolean;
  /** The provider's own refusal code (Adyen's refusal reason code 46 is never failed over). */
  provider_code: string | null;
  connector: 'SANDBOX' | 'ADYEN_CHECKOUT' | 'PIX_API_BCB';
}

/** Adyen refusal reason 46 ("Shopper cancelled") is a decline that no other account should see again. */
const NEVER_RETRIED_ADYEN_CODE = '46';

/** Whether this attempt's outcome lets the create try the next account of the attempt order (R6.7). */
export function failsOver(outcome: AttemptOutcome, code: string | null, context: FailoverContext): boolean {
  const row = failoverRow(outcome, code);
  // A PIX with a BR Code never changes provider; only FAILED (nothing created) gets that far for a PIX.
  if (context.payment_method === 'PIX' && outcome !== 'FAILED') return false;
  if (row.failover === 'NEVER') return false;
  if (row.failover === 'ALWAYS') return true;
  if (!context.on_generic_decline || context.three_ds_authenticated || context.generic_decline_failed_over)
    return false;
  return !(context.connector === 'ADYEN_CHECKOUT' && context.provider_code === NEVER_RETRIED_ADYEN_CODE);
}

/**
 * R6.7's "counted when resolved": a PROCESSING attempt's success-rate outcome once its transaction leaves
 * PROCESSING (a sync, a provider event, the staff control): an authorization is a success, a refusal a failure;
 * any other move (the payment voided before anyone knew) says nothing of the authorization: null, not counted.
 */
export function resolvedSuccess(status: string): boolean | null {
  if (status === 'APPROVED' || status === 'AUTHORIZED') return true;
  if (status === 'REFUSED') return false;
  return null;
}
