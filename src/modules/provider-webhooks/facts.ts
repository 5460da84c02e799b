import type { PixReturn } from '../../providers/pix-api-bcb/connector.js';

/**
 * The normalized facts a provider event carries (providers.md R2.9, R3.5-R3.7, R4.3), whatever the connector:
 * `target` says how to find our resource, `move` what the provider says happened to it. Both are plain JSON
 * (stored in `provider_events.fact`) so the processing job reads them back without the raw body.
 */
export type Target =
  /** Our id as the reference the provider was sent (the sandbox's `reference`). */
  | { kind: 'transaction'; id: string }
  | { kind: 'refund'; id: string }
  /** R2.9's matching order: `pspReference`, then `merchantReference` (AUTHORISATION), then `originalReference`. */
  | {
      kind: 'adyen';
      pspReference: string;
      originalReference: string | null;
      merchantReference: string;
      amount: number | null;
    }
  | { kind: 'pix-charge'; txid: string }
  /** `returnId`: our refund id when the devolução is ours; `txid` names the charge (absent in older events). */
  | { kind: 'pix-return'; returnId: string; endToEndId: string; txid?: string | null }
  | { kind: 'none' };

export type PaymentMove =
  'authorised' | 'refused' | 'captured' | 'capture-failed' | 'cancelled' | 'cancel-failed' | 'expired' | 'pending';
export type PixMove = 'paid' | 'expired' | 'removed' | 'active';
export type RefundMove = 'succeeded' | 'failed' | 'reversed' | 'pending';
export type DisputeMove = 'opened' | 'won' | 'lost';

export type Move =
  | {
      on: 'payment';
      kind: PaymentMove;
      refusal?: { code: string; message: string; providerCode: string | null } | null;
      pspReference?: string | null;
      amount?: number | null;
    }
  | { on: 'pix'; kind: PixMove; endToEndId?: string | null; paidAt?: string | null; amount?: number | null }
  | {
      on: 'refund';
      kind: RefundMove;
      message?: string | null;
      providerRefundId?: string | null;
      /** A PSP's devolução as reported (R3.6): applied with the charge's other facts, ours or not. */
      pixReturn?: PixReturn | null;
    }
  | { on: 'dispute'; kind: DisputeMove; amount?: number | null; reasonCode?: string | null }
  /** Stored `IGNORED` (effect `NOT_HANDLED`): a code or status this version does not act on. */
  | { on: 'none'; why: string };

export interface Fact {
  target: Target;
  move: Move;
}

/** One event of a request (R4.4): what is stored, deduplicated by `dedupeKey` within the account. */
export interface IncomingEvent {
  dedupeKey: string;
  providerEventId: string;
  eventType: string;
  success: boolean | null;
  occurredAt: Date | null;
  fact: Fact;
  /** The event as received (redacted before it is stored). */
  raw: unknown;
}

export const DISCREPANCY_KINDS = [
  'CAPTURE_FAILED_AFTER_APPROVAL',
  'CANCEL_FAILED_AFTER_CANCEL',
  'REFUND_FAILED_AFTER_SUCCESS',
  'REFUND_REVERSED',
  'SECOND_CHARGEBACK',
  'OUTCOME_CONFLICT',
  'AMOUNT_MISMATCH',
  'DUPLICATE_PAYMENT',
] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];
