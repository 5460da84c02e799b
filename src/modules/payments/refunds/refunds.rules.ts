import { defineStateMachine } from '../../../kernel/state-machine.js';
import { conflict, DomainError, invalidState } from '../../../kernel/errors.js';
import {
  statusAfterRefunds,
  statusChangedEvents,
  type CancelReason,
  type PaymentMethod,
  type TransactionStatus,
  type TransactionStatusChanged,
} from '../shared/transactions.states.js';

/** payments.md P5. */
export const REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_REASONS = ['REQUESTED_BY_CUSTOMER', 'DUPLICATE', 'FRAUDULENT', 'OTHER'] as const;
export const REFUND_FAILURE_CODES = [
  'INSUFFICIENT_BALANCE',
  'EXPIRED_OR_CANCELED_CARD',
  'PROVIDER_DECLINED',
  'TIMEOUT',
] as const;
export type RefundFailureCode = (typeof REFUND_FAILURE_CODES)[number];

export const refundMachine = defineStateMachine<RefundStatus>('A refund', {
  PENDING: ['SUCCEEDED', 'FAILED'],
  SUCCEEDED: [],
  FAILED: [],
});

/** Limits of P5 (the same figures as hyperswitch's refund validator: 10 refunds, 365 days). */
export const MAX_REFUNDS = 10;
export const CARD_REFUND_WINDOW_DAYS = 365;
export const PIX_REFUND_WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;

export interface RefundView {
  id: string;
  amount: number;
  status: RefundStatus;
}

export interface RefundableTransaction {
  status: TransactionStatus;
  paymentMethod: PaymentMethod;
  capturedAmount: number;
  capturedAt: Date | null;
  paidAt: Date | null; // PIX
}

/** P2's amounts: refunded = SUCCEEDED, pending = PENDING, refundable = captured - both (FAILED counts nowhere). */
export function refundTotals(captured: number, refunds: readonly RefundView[]) {
  let refunded = 0;
  let pending = 0;
  for (const r of refunds) {
    if (r.status === 'SUCCEEDED') refunded += r.amount;
    else if (r.status === 'PENDING') pending += r.amount;
  }
  return {
    refunded_amount: refunded,
    pending_refund_amount: pending,
    refundable_amount: captured - refunded - pending,
  };
}

export type RefundRefusal =
  | { field: 'status'; value: TransactionStatus }
  | { field: 'refunds'; value: number }
  | { field: 'transaction_id'; value: 'REFUND_WINDOW_CLOSED' }
  | { field: 'amount'; value: number; refundable_amount: number };

const REFUNDABLE: readonly TransactionStatus[] = ['APPROVED', 'PARTIALLY_REFUNDED', 'PENDING_REFUND'];

/** Whether `now` is within the refund window: 365 days from capture (cards), 90 days from payment (PIX), inclusive. */
export function withinRefundWindow(
  tx: Pick<RefundableTransaction, 'paymentMethod' | 'capturedAt' | 'paidAt'>,
  now: Date,
): boolean {
  const [from, days] =
    tx.paymentMethod === 'PIX' ? [tx.paidAt, PIX_REFUND_WINDOW_DAYS] : [tx.capturedAt, CARD_REFUND_WINDOW_DAYS];
  if (from === null) return false;
  return now.getTime() - from.getTime() <= days * DAY_MS;
}

/**
 * P5's guards in their order, each a 409: status, count (of any status), window, amount. The amount defaults
 * to the refundable amount. The caller holds the transaction's row lock, so concurrent refunds are judged one
 * after the other against what the previous ones left: no set of refunds ever exceeds the captured amount.
 */
export function checkRefund(
  tx: RefundableTransaction,
  refunds: readonly RefundView[],
  requested: number | undefined,
  now: Date,
): { ok: true; amount: number } | { ok: false; refusal: RefundRefusal } {
  if (!REFUNDABLE.includes(tx.status)) return { ok: false, refusal: { field: 'status', value: tx.status } };
  if (refunds.length >= MAX_REFUNDS) return { ok: false, refusal: { field: 'refunds', value: refunds.length } };
  if (!withinRefundWindow(tx, now))
    return { ok: false, refusal: { field: 'transaction_id', value: 'REFUND_WINDOW_CLOSED' } };
  const { refundable_amount } = refundTotals(tx.capturedAmount, refunds);
  const amount = requested ?? refundable_amount;
  // Nothing left to refund (every cent already refunded or pending) is refused on the amount, never a 0 refund.
  if (amount < 1 || amount > refundable_amount)
    return { ok: false, refusal: { field: 'amount', value: amount, refundable_amount } };
  return { ok: true, amount };
}

export function refundRefusalError(refusal: RefundRefusal): DomainError {
  switch (refusal.field) {
    case 'status':
      return conflict(`A transaction in status ${refusal.value} cannot be refunded`, 'status', refusal.value);
    case 'refunds':
      return conflict(`A transaction accepts at most ${MAX_REFUNDS} refunds`, 'refunds', refusal.value);
    case 'transaction_id':
      return conflict('The refund window of this transaction is closed', 'transaction_id', refusal.value);
    case 'amount':
      // P5 names exactly these details (no reason).
      return new DomainError('CONFLICT_ERROR', 'The amount exceeds the refundable amount', {
        field: 'amount',
        value: refusal.value,
        refundable_amount: refusal.refundable_amount,
      });
  }
}

export interface RefundChange {
  status: TransactionStatus;
  totals: ReturnType<typeof refundTotals>;
  events: TransactionStatusChanged[];
}

/** A refund was created PENDING: the transaction's next status and events (none when already PENDING_REFUND). */
export function afterRefundCreated(
  transactionId: string,
  tx: { status: TransactionStatus; capturedAmount: number },
  refunds: readonly RefundView[],
  created: RefundView,
): RefundChange {
  const all = [...refunds, created];
  const totals = refundTotals(tx.capturedAmount, all);
  const status = statusAfterRefunds(tx.capturedAmount, totals.refunded_amount, totals.pending_refund_amount);
  return {
    status,
    totals,
    events: statusChangedEvents(transactionId, tx.status, status, { kind: 'refund-created', refundId: created.id }),
  };
}

/**
 * A PENDING refund settled. P4 reads the seed's "no other refund exists" as "no other refund is still PENDING":
 * failing with none other pending returns the transaction to APPROVED (PARTIALLY_REFUNDED when earlier refunds
 * succeeded); failing while others are pending leaves PENDING_REFUND and still emits an event with the refund's id.
 */
export function afterRefundSettled(
  transactionId: string,
  tx: { status: TransactionStatus; capturedAmount: number },
  refunds: readonly RefundView[],
  refundId: string,
  outcome: 'SUCCEEDED' | 'FAILED',
): RefundChange & { refunds: RefundView[] } {
  const target = refunds.find((r) => r.id === refundId);
  if (!target) throw new Error(`refund ${refundId} is not one of the transaction's refunds`);
  if (!refundMachine.can(target.status, outcome)) {
    throw invalidState(`A refund in status ${target.status} cannot move to ${outcome}`, {
      field: 'status',
      value: target.status,
    });
  }
  const next = refunds.map((r) => (r.id === refundId ? { ...r, status: outcome } : r));
  const totals = refundTotals(tx.capturedAmount, next);
  const status = statusAfterRefunds(tx.capturedAmount, totals.refunded_amount, totals.pending_refund_amount);
  return {
    status,
    totals,
    refunds: next,
    events: statusChangedEvents(transactionId, tx.status, status, { kind: 'refund-settled', refundId }),
  };
}

/** `refund.status-changed` (P5): `failure` null on success. */
export function refundStatusChanged(
  refundId: string,
  transactionId: string,
  oldStatus: RefundStatus,
  newStatus: RefundStatus,
  failure: { code: RefundFailureCode; message: string } | null,
) {
  return {
    refund_id: refundId,
    transaction_id: transactionId,
    old_status: oldStatus,
    new_status: newStatus,
    failure: newStatus === 'FAILED' ? failure : null,
  };
}

/** P5 capture: only from AUTHORIZED; `amount` defaults to all, above the authorized amount is a 409 on `amount`. One capture; the rest is released. */
export function checkCapture(
  status: TransactionStatus,
  authorizedAmount: number,
  requested: number | undefined,
):
  | { ok: true; capturedAmount: number; releasedAmount: number }
  | { ok: false; field: 'status' | 'amount'; value: unknown } {
  if (status !== 'AUTHORIZED') return { ok: false, field: 'status', value: status };
  const amount = requested ?? authorizedAmount;
  if (amount < 1 || amount > authorizedAmount) return { ok: false, field: 'amount', value: amount };
  return { ok: true, capturedAmount: amount, releasedAmount: authorizedAmount - amount };
}

/** P5 cancel: AUTHORIZED (a void) or a PIX WAITING_PAYMENT -> CANCELED; anything else 409 on `status`. */
export function checkCancel(
  method: PaymentMethod,
  status: TransactionStatus,
): { ok: true; reason: CancelReason } | { ok: false; field: 'status'; value: TransactionStatus } {
  if (method !== 'PIX' && status === 'AUTHORIZED') return { ok: true, reason: 'REQUESTED' };
  if (method === 'PIX' && status === 'WAITING_PAYMENT') return { ok: true, reason: 'PIX_CANCELED' };
  return { ok: false, field: 'status', value: status };
}

/** P4: an authorization not captured within 7 days is CANCELED with AUTHORIZATION_EXPIRED. */
export const AUTHORIZATION_TTL_DAYS = 7;
export const authorizationExpiresAt = (authorizedAt: Date) =>
  new Date(authorizedAt.getTime() + AUTHORIZATION_TTL_DAYS * DAY_MS);
