import type { TransactionAttemptJson, TransactionRow } from '../../../db/schema/index.js';
import type { AttemptOutcome } from '../../../providers/routing/failover.js';
import type { CallOutcome } from './transactions.call.js';
import { cardResultChanges } from './transactions.outcome.js';
import { decidingIndex } from '../shared/attempts.view.js';

// What the transaction's view needs lives in shared/attempts.view.ts (the view may not import a use case).
export { attemptsView, decidingIndex, outcomeOfStatus, routingView } from '../shared/attempts.view.js';

/**
 * A create's attempts (providers.md R6.7-R6.8), pure: how a provider call's outcome reads as an attempt, which
 * attempt decides the transaction, and the key its later operations name the payment by.
 */

/** What one call ended as: R6.7's outcome and code (the FAILED error code, the refusal code, or PROCESSING's kind). */
export interface ClassifiedCall {
  outcome: AttemptOutcome;
  code: string | null;
  /** The provider's own code (a refusal's raw code), for Adyen's code 46. */
  providerCode: string | null;
  error: { code: string; message: string } | null;
  refusal: TransactionAttemptJson['refusal'];
  providerReference: string | null;
}

/** FAILED codes R6.7 lists; any other nothing-submitted failure reads as PROVIDER_UNAVAILABLE. */
const FAILED_CODES = new Set([
  'PROVIDER_UNAVAILABLE',
  'PROVIDER_AUTH_FAILED',
  'PROVIDER_RATE_LIMITED',
  'PROVIDER_REQUEST_REJECTED',
]);
export const failedCode = (code: string | null | undefined) =>
  code && FAILED_CODES.has(code) ? code : 'PROVIDER_UNAVAILABLE';

/** An answered call (CallOutcome of transactions.call.ts) as an attempt. */
export function classifyAnswer(outcome: CallOutcome, amount: number, now: Date): ClassifiedCall {
  const none = { error: null, refusal: null, providerCode: null };
  switch (outcome.kind) {
    case 'pix':
      return { ...none, outcome: 'WAITING_PAYMENT', code: null, providerReference: outcome.pix.txid };
    case 'unknown':
      return { ...none, outcome: 'PROCESSING', code: 'UNKNOWN_OUTCOME', providerReference: null };
    case 'refused':
      return {
        ...none,
        outcome: 'REFUSED',
        code: 'PROCESSING_ERROR',
        providerCode: outcome.code,
        refusal: {
          code: 'PROCESSING_ERROR',
          message: 'The provider refused the payment',
          provider_code: outcome.code,
          retryable: true,
        },
        providerReference: null,
      };
    case 'card': {
      const changes = cardResultChanges(outcome.result, { amount }, now);
      const reference = outcome.result.providerPaymentId ?? null;
      if (changes.status === 'REFUSED') {
        const refusal = changes.refusal ?? null;
        return {
          outcome: 'REFUSED',
          code: refusal?.code ?? 'CARD_DECLINED',
          providerCode: outcome.result.refusal?.code ?? null,
          error: null,
          refusal,
          providerReference: reference,
        };
      }
      if (changes.status === 'PROCESSING')
        return { ...none, outcome: 'PROCESSING', code: 'PROVIDER_PENDING', providerReference: reference };
      return {
        ...none,
        outcome: changes.status === 'APPROVED' ? 'APPROVED' : 'AUTHORIZED',
        code: null,
        providerReference: reference,
      };
    }
  }
}

/** A call that reached no one (nothing submitted) as a FAILED attempt. */
export function classifyFailure(code: string | null | undefined, message: string): ClassifiedCall {
  const c = failedCode(code);
  return {
    outcome: 'FAILED',
    code: c,
    providerCode: null,
    error: { code: c, message },
    refusal: null,
    providerReference: null,
  };
}

/**
 * The key the provider knows the payment by: the deciding attempt's id (R6.8), or the transaction id for a
 * transaction created before attempts (its operations keep that key). While a call is in flight the last
 * attempt is the one to ask about.
 */
export function paymentKeyOf(row: Pick<TransactionRow, 'id' | 'attempts'>): string {
  const attempts = row.attempts;
  if (!attempts || attempts.length === 0) return row.id;
  const i = decidingIndex(attempts);
  return attempts[i ?? attempts.length - 1].id;
}
