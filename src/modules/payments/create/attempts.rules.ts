import type { TransactionAttemptJson, TransactionRoutingJson, TransactionRow } from '../../../db/schema/index.js';
import type { AttemptOutcome } from '../../../providers/routing/failover.js';
import type { CallOutcome } from './transactions.call.js';
import { cardResultChanges } from './transactions.outcome.js';

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
 * The attempt that decides the transaction (R6.7): the last one that got an answer; null when every attempt
 * FAILED (nothing is stored: 502 PROVIDERS_UNAVAILABLE).
 */
export function decidingIndex(attempts: readonly Pick<TransactionAttemptJson, 'outcome'>[]): number | null {
  for (let i = attempts.length - 1; i >= 0; i--) if (attempts[i].outcome !== 'FAILED') return i;
  return null;
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

/** The attempt outcome a transaction's status stands for (a PROCESSING attempt takes its resolved outcome). */
export function outcomeOfStatus(
  status: TransactionRow['status'],
  paymentMethod: string,
): TransactionAttemptJson['outcome'] {
  switch (status) {
    case 'PROCESSING':
      return 'PROCESSING';
    case 'AUTHORIZED':
      return 'AUTHORIZED';
    case 'REFUSED':
      return 'REFUSED';
    case 'WAITING_PAYMENT':
      return 'WAITING_PAYMENT';
    case 'CANCELED':
    case 'EXPIRED':
      return paymentMethod === 'PIX' ? 'WAITING_PAYMENT' : 'VOIDED';
    default:
      return 'APPROVED';
  }
}

/**
 * The attempts as the API shows them (R6.8): stored ones, the deciding one's PROCESSING replaced by what it
 * resolved to; a transaction from before routing shows the one attempt R6.8 builds from it.
 */
export function attemptsView(row: TransactionRow): TransactionAttemptJson[] {
  const created = row.createdAt.toISOString();
  if (!row.attempts || row.attempts.length === 0) {
    const outcome = outcomeOfStatus(row.status, row.paymentMethod);
    return [
      {
        id: row.id,
        number: 1,
        provider: row.provider,
        provider_account_id: null,
        routing_reason: 'AFFILIATION_ORDER',
        outcome,
        error: null,
        refusal: outcome === 'REFUSED' ? row.refusal : null,
        failed_over: false,
        provider_reference: row.providerReference,
        latency_ms: null,
        started_at: created,
        finished_at: created,
      },
    ];
  }
  const deciding = decidingIndex(row.attempts);
  return row.attempts.map((a, i) => {
    if (i !== deciding || a.outcome !== 'PROCESSING' || row.status === 'PROCESSING') return a;
    const outcome = outcomeOfStatus(row.status, row.paymentMethod);
    return {
      ...a,
      outcome,
      refusal: outcome === 'REFUSED' ? row.refusal : null,
      provider_reference: a.provider_reference ?? row.providerReference,
      finished_at: row.updatedAt.toISOString(),
    };
  });
}

export function routingView(row: TransactionRow): TransactionRoutingJson {
  return (
    row.routing ?? {
      configuration_version: null,
      rule_id: null,
      strategy: 'AFFILIATION_ORDER',
      draw: null,
      candidates: [row.provider],
    }
  );
}
