import type { DiscrepancyKind, DisputeMove, PaymentMove, RefundMove } from './facts.js';

/**
 * providers.md R4.5: the effect of a provider fact depends only on the resource's current state. A legal
 * forward move is applied; a state already reached or left behind changes nothing; a fact that contradicts a
 * terminal state changes nothing and raises a discrepancy (R5.2). Nothing here moves a resource backwards.
 */
export type Decision<To> =
  | { effect: 'APPLIED'; to: To; detail: string }
  | { effect: 'NO_CHANGE'; detail: string }
  | { effect: 'CONFLICT'; discrepancy: DiscrepancyKind; detail: string };

type TxStatus =
  | 'PROCESSING'
  | 'AUTHORIZED'
  | 'APPROVED'
  | 'REFUSED'
  | 'WAITING_PAYMENT'
  | 'EXPIRED'
  | 'CANCELED'
  | 'PENDING_REFUND'
  | 'PARTIALLY_REFUNDED'
  | 'REFUNDED';
/** Statuses that mean the money was taken (the refund stages follow an approval). */
const CAPTURED: readonly TxStatus[] = ['APPROVED', 'PENDING_REFUND', 'PARTIALLY_REFUNDED', 'REFUNDED'];

const applied = <To>(to: To, detail: string): Decision<To> => ({ effect: 'APPLIED', to, detail });
const same = (detail: string): Decision<never> => ({ effect: 'NO_CHANGE', detail });
const conflict = (discrepancy: DiscrepancyKind, detail: string): Decision<never> => ({
  effect: 'CONFLICT',
  discrepancy,
  detail,
});

export type CardTarget = 'AUTHORIZED' | 'APPROVED' | 'REFUSED' | 'CANCELED_REQUESTED' | 'CANCELED_EXPIRED';

/** A card transaction's move on a payment fact (R2.9's table; the sandbox's `payment.updated` the same way). */
export function decideCard(move: PaymentMove, t: { status: TxStatus; capture: boolean }): Decision<CardTarget> {
  const s = t.status;
  const captured = CAPTURED.includes(s);
  switch (move) {
    case 'pending':
      return same(`The provider still reviews it; the transaction is ${s}`);
    case 'authorised':
      if (s === 'PROCESSING') return applied(t.capture ? 'APPROVED' : 'AUTHORIZED', 'Authorised by the provider');
      if (s === 'REFUSED')
        return conflict('OUTCOME_CONFLICT', 'Authorised by the provider after the platform refused it');
      return same(`Already ${s}`);
    case 'refused':
      if (s === 'PROCESSING') return applied('REFUSED', 'Refused by the provider');
      if (s === 'REFUSED') return same('Already REFUSED');
      return conflict('OUTCOME_CONFLICT', `Refused by the provider while the transaction is ${s}`);
    case 'captured':
      if (s === 'PROCESSING' || s === 'AUTHORIZED') return applied('APPROVED', 'Captured by the provider');
      if (captured) return same(`Already ${s}`);
      return conflict('OUTCOME_CONFLICT', `Captured by the provider while the transaction is ${s}`);
    case 'capture-failed':
      if (captured)
        return conflict(
          'CAPTURE_FAILED_AFTER_APPROVAL',
          `The provider reports the capture failed; the transaction is ${s}`,
        );
      return same(`The capture failed at the provider; the transaction stays ${s}`);
    case 'cancelled':
      if (s === 'AUTHORIZED') return applied('CANCELED_REQUESTED', 'Cancelled by the provider');
      if (s === 'CANCELED') return same('Already CANCELED');
      if (captured) return conflict('OUTCOME_CONFLICT', `Cancelled by the provider while the transaction is ${s}`);
      return same(`Nothing to cancel; the transaction is ${s}`);
    case 'cancel-failed':
      if (s === 'CANCELED')
        return conflict(
          'CANCEL_FAILED_AFTER_CANCEL',
          'The provider reports the cancel failed; the transaction is CANCELED',
        );
      return same(`The cancel failed at the provider; the transaction stays ${s}`);
    case 'expired':
      if (s === 'AUTHORIZED') return applied('CANCELED_EXPIRED', 'The authorization expired at the provider');
      return same(`Nothing expires; the transaction is ${s}`);
  }
}

/** A refund's move (R2.9 REFUND rows, R3.6, the sandbox's `refund.updated`). */
export function decideRefund(
  move: RefundMove,
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED',
): Decision<'SUCCEEDED' | 'FAILED'> {
  switch (move) {
    case 'pending':
      return same(`The refund is ${status}`);
    case 'reversed':
      return conflict('REFUND_REVERSED', `The provider reversed the refund; it is ${status}`);
    case 'succeeded':
      if (status === 'PENDING') return applied('SUCCEEDED', 'Refunded by the provider');
      if (status === 'SUCCEEDED') return same('Already SUCCEEDED');
      return conflict('OUTCOME_CONFLICT', 'The provider reports a refund the platform recorded as FAILED');
    case 'failed':
      if (status === 'PENDING') return applied('FAILED', 'The provider declined the refund');
      if (status === 'FAILED') return same('Already FAILED');
      return conflict('REFUND_FAILED_AFTER_SUCCESS', 'The provider reports the refund failed; it is SUCCEEDED');
  }
}

export type DisputeStatus = 'OPEN' | 'UNDER_REVIEW' | 'WON' | 'LOST' | 'ACCEPTED';
/** What a dispute fact does: open one, or the moves of M6's table (`OPEN -> UNDER_REVIEW -> WON | LOST`), in order. */
export type DisputeChange = { open: true } | { moves: DisputeStatus[] };

/** R2.9's dispute rows. `current` is the transaction's latest dispute (null: none). Null: no dispute to act on (unmatched). */
export function decideDispute(move: DisputeMove, current: DisputeStatus | null): Decision<DisputeChange> | null {
  if (move === 'opened') {
    if (current === 'OPEN' || current === 'UNDER_REVIEW') return same(`A dispute is already ${current}`);
    return applied({ open: true }, 'Chargeback: a dispute is opened');
  }
  if (current === null) return null;
  const outcome = move === 'won' ? 'WON' : 'LOST';
  if (current === 'OPEN') return applied({ moves: ['UNDER_REVIEW', outcome] }, `The dispute is ${outcome}`);
  if (current === 'UNDER_REVIEW') return applied({ moves: [outcome] }, `The dispute is ${outcome}`);
  if (current === outcome) return same(`Already ${outcome}`);
  if (move === 'lost' && current === 'WON')
    return conflict('SECOND_CHARGEBACK', 'A second chargeback after the dispute was WON');
  return same(`The dispute is already ${current}`);
}

/** R2.9's dispute `reason` from the scheme's reason code. */
export function disputeReasonOf(
  code: string | null,
): 'FRAUD' | 'AUTHORIZATION' | 'PROCESSING_ERROR' | 'COMMERCIAL_DISAGREEMENT' | 'OTHER' {
  const c = (code ?? '').trim();
  const visa = /^(1[0-3])\.\d+$/.exec(c);
  if (visa)
    return (
      { '10': 'FRAUD', '11': 'AUTHORIZATION', '12': 'PROCESSING_ERROR', '13': 'COMMERCIAL_DISAGREEMENT' } as const
    )[visa[1] as '10'];
  if (['4837', '4840', '4849', '4863', '4870', '4871'].includes(c)) return 'FRAUD';
  if (c === '4808') return 'AUTHORIZATION';
  if (['4831', '4834', '4842', '4846'].includes(c)) return 'PROCESSING_ERROR';
  if (['4853', '4855', '4859', '4860'].includes(c)) return 'COMMERCIAL_DISAGREEMENT';
  return 'OTHER';
}
