import { defineStateMachine, type StateMachine } from '../../../kernel/state-machine.js';
import { invalidState } from '../../../kernel/errors.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/payment-methods.js';

/** payments.md P2/P4. */
export const TRANSACTION_STATUSES = [
  'PROCESSING',
  'AUTHORIZED',
  'APPROVED',
  'REFUSED',
  'WAITING_PAYMENT',
  'EXPIRED',
  'CANCELED',
  'PENDING_REFUND',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export { PAYMENT_METHODS, type PaymentMethod };

export const CANCEL_REASONS = [
  'REQUESTED',
  'AUTHORIZATION_EXPIRED',
  'PIX_CANCELED',
  'PIX_REMOVED_BY_PROVIDER',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The statuses a refund can leave a transaction in (P4's rule). */
export type RefundStage = 'APPROVED' | 'PENDING_REFUND' | 'PARTIALLY_REFUNDED' | 'REFUNDED';

type CardStatus = Exclude<TransactionStatus, 'WAITING_PAYMENT' | 'EXPIRED'>;
type PixStatus = Exclude<TransactionStatus, 'PROCESSING' | 'AUTHORIZED' | 'REFUSED'>;

// Refund moves are shared: a refund's creation moves to PENDING_REFUND; its settlement by P4's rule to any
// refund stage, PENDING_REFUND itself included (a refund settling while others are pending: the seed's
// PENDING_REFUND -> PENDING_REFUND row, which still emits an event).
const refundMoves = {
  APPROVED: ['PENDING_REFUND'],
  PARTIALLY_REFUNDED: ['PENDING_REFUND'],
  PENDING_REFUND: ['PENDING_REFUND', 'APPROVED', 'PARTIALLY_REFUNDED', 'REFUNDED'],
  REFUNDED: [],
} as const satisfies Record<RefundStage, readonly RefundStage[]>;

/**
 * Card transactions (credit and debit). A card's CANCELED is terminal (P4), unlike a PIX's, so the two
 * methods have their own tables rather than one table with a method-dependent exception.
 */
export const cardTransactionMachine: StateMachine<CardStatus> = defineStateMachine<CardStatus>('A card transaction', {
  PROCESSING: ['APPROVED', 'AUTHORIZED', 'REFUSED'],
  AUTHORIZED: ['APPROVED', 'CANCELED'],
  REFUSED: [],
  CANCELED: [],
  ...refundMoves,
});

/** PIX transactions: EXPIRED and CANCELED still accept a late payment (APPROVED with `late_payment`). */
export const pixTransactionMachine: StateMachine<PixStatus> = defineStateMachine<PixStatus>('A PIX transaction', {
  WAITING_PAYMENT: ['APPROVED', 'EXPIRED', 'CANCELED'],
  EXPIRED: ['APPROVED'],
  CANCELED: ['APPROVED'],
  ...refundMoves,
});

/** The status a new transaction is stored with (P4's "(new)" rows). */
export type CreationOutcome = 'APPROVED' | 'AUTHORIZED' | 'REFUSED' | 'PROCESSING' | 'WAITING_PAYMENT';
export function initialStatus(
  method: PaymentMethod,
  outcome: { kind: 'approved'; capture: boolean } | { kind: 'declined' } | { kind: 'unknown' } | { kind: 'pix-issued' },
): CreationOutcome {
  if (method === 'PIX') {
    if (outcome.kind !== 'pix-issued') throw new Error('a PIX transaction is created WAITING_PAYMENT');
    return 'WAITING_PAYMENT';
  }
  switch (outcome.kind) {
    case 'approved':
      return outcome.capture ? 'APPROVED' : 'AUTHORIZED';
    case 'declined':
      return 'REFUSED';
    case 'unknown':
      return 'PROCESSING'; // an unknown outcome is never a refusal
    case 'pix-issued':
      throw new Error('a card transaction never issues a BR Code');
  }
}

export function canMove(method: PaymentMethod, from: TransactionStatus, to: TransactionStatus): boolean {
  return method === 'PIX'
    ? pixTransactionMachine.can(from as PixStatus, to as PixStatus)
    : cardTransactionMachine.can(from as CardStatus, to as CardStatus);
}

export function isTerminal(method: PaymentMethod, status: TransactionStatus): boolean {
  const machine = method === 'PIX' ? pixTransactionMachine : cardTransactionMachine;
  if (!(machine.states as readonly string[]).includes(status)) return true; // never reachable for that method
  return method === 'PIX'
    ? pixTransactionMachine.isTerminal(status as PixStatus)
    : cardTransactionMachine.isTerminal(status as CardStatus);
}

/**
 * P4: "Any other move answers 409 CONFLICT_ERROR details: { field: "status", value: <current> }". The kernel's
 * `assert` names the target status, so transactions use this one, which names the current status.
 */
export function assertMove(method: PaymentMethod, from: TransactionStatus, to: TransactionStatus): void {
  if (!canMove(method, from, to)) {
    throw invalidState(`A transaction in status ${from} cannot move to ${to}`, { field: 'status', value: from });
  }
}

/** P4's rule, applied after any refund is created or settles. `captured` is C, sums in cents. */
export function statusAfterRefunds(captured: number, succeeded: number, pending: number): RefundStage {
  if (pending > 0) return 'PENDING_REFUND';
  if (succeeded === captured && captured > 0) return 'REFUNDED';
  if (succeeded > 0) return 'PARTIALLY_REFUNDED';
  return 'APPROVED';
}

/** `transaction.status-changed` (P4; platform-api.md Events). Every field present, null when none applies. */
export interface TransactionStatusChanged {
  transaction_id: string;
  old_status: TransactionStatus;
  new_status: TransactionStatus;
  refund_id: string | null;
  reason: string | null;
}

/** What caused a move: the event rules differ for refund creation and refund settlement. */
export type StatusCause =
  | { kind: 'move'; reason?: string | null } // provider answer, capture, cancel, expiry, payment, late payment
  | { kind: 'refund-created'; refundId: string }
  | { kind: 'refund-settled'; refundId: string };

/**
 * The `transaction.status-changed` payloads a change emits (zero or one):
 * - an ordinary move emits one when the status changes;
 * - a refund's creation emits one carrying the refund's id only when the status changes (a refund created while
 *   already PENDING_REFUND emits only `refund.created`);
 * - every refund outcome emits one with its refund id, even PENDING_REFUND -> PENDING_REFUND.
 */
export function statusChangedEvents(
  transactionId: string,
  oldStatus: TransactionStatus,
  newStatus: TransactionStatus,
  cause: StatusCause,
): TransactionStatusChanged[] {
  const event = (refundId: string | null, reason: string | null): TransactionStatusChanged[] => [
    { transaction_id: transactionId, old_status: oldStatus, new_status: newStatus, refund_id: refundId, reason },
  ];
  switch (cause.kind) {
    case 'move':
      return oldStatus === newStatus ? [] : event(null, cause.reason ?? null);
    case 'refund-created':
      return oldStatus === newStatus ? [] : event(cause.refundId, null);
    case 'refund-settled':
      return event(cause.refundId, null);
  }
}
