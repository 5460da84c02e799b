import type { TransactionAttemptJson, TransactionRoutingJson, TransactionRow } from '../../../db/schema/index.js';

/**
 * A transaction's attempts and routing as the API shows them (providers.md R6.7-R6.8), pure: shared by the
 * transaction's view and the create's attempt rules (create/attempts.rules.ts).
 */

/**
 * The attempt that decides the transaction (R6.7): the last one that got an answer; null when every attempt
 * FAILED (nothing is stored: 502 PROVIDERS_UNAVAILABLE).
 */
export function decidingIndex(attempts: readonly Pick<TransactionAttemptJson, 'outcome'>[]): number | null {
  for (let i = attempts.length - 1; i >= 0; i--) if (attempts[i].outcome !== 'FAILED') return i;
  return null;
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
