import type { Tx } from '../../../db/client.js';
import type { TransactionRow } from '../../../db/schema/index.js';
import { recordEvent } from '../../../events/outbox.js';

/** The R5.2 kinds a sync of a capture or cancel may raise. */
export type SyncDiscrepancyKind = 'CAPTURE_FAILED_AFTER_APPROVAL' | 'CANCEL_FAILED_AFTER_CANCEL' | 'OUTCOME_CONFLICT';

/**
 * providers.md R5.1/R5.2: a capture's or cancel's answer (from the request or its recovery) that contradicts a
 * state the transaction already reached another way (a provider event) moves nothing and is a discrepancy.
 * An answer that agrees (a capture confirmed on an APPROVED transaction) or that finds the transaction still
 * open is no discrepancy. Pure; table tests beside it.
 */
const CAPTURED: readonly TransactionRow['status'][] = ['APPROVED', 'PENDING_REFUND', 'PARTIALLY_REFUNDED', 'REFUNDED'];

export function syncDiscrepancy(
  operation: 'capture' | 'cancel',
  answer: 'succeeded' | 'refused',
  status: TransactionRow['status'],
  rail: 'CARD' | 'PIX' = 'CARD',
): SyncDiscrepancyKind | null {
  if (operation === 'capture') {
    if (answer === 'refused') return CAPTURED.includes(status) ? 'CAPTURE_FAILED_AFTER_APPROVAL' : null;
    return status === 'CANCELED' || status === 'REFUSED' ? 'OUTCOME_CONFLICT' : null;
  }
  if (answer === 'refused') return status === 'CANCELED' ? 'CANCEL_FAILED_AFTER_CANCEL' : null;
  // A PIX paid while its cancel ran closes the cancel (closeOpenOperations): no answer reaches here for it.
  return rail === 'CARD' && CAPTURED.includes(status) ? 'OUTCOME_CONFLICT' : null;
}

/** `transaction.discrepancy-detected` (R8.2) for an operation's answer, in the recording transaction. */
export async function recordOperationDiscrepancy(
  tx: Tx,
  row: TransactionRow,
  kind: SyncDiscrepancyKind,
  provider: string,
  operationId: string,
  detail: string,
  now: Date,
): Promise<void> {
  await recordEvent(
    tx,
    {
      type: 'transaction.discrepancy-detected',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId: `operation-${operationId}`,
      payload: {
        transaction_id: row.id,
        refund_id: null,
        dispute_id: null,
        kind,
        provider,
        provider_event_id: null,
        detail,
      },
    },
    now,
  );
}
