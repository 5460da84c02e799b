import { defineStateMachine } from '../../kernel/state-machine.js';
import type { DisputeClosedReason, DisputeStatus } from '../../db/schema/disputes.js';
import type { LedgerCode } from '../../ledger/rules.js';

/**
 * Pure rules of disputes (money.md M6): the transition table, the evidence deadline, what can be disputed,
 * what submitting needs, and what each closing move does to the money. No I/O.
 */

/** M6's moves. WON, LOST and ACCEPTED are terminal. */
export const disputeMachine = defineStateMachine<DisputeStatus>('A dispute', {
  OPEN: ['UNDER_REVIEW', 'ACCEPTED', 'LOST'],
  UNDER_REVIEW: ['WON', 'LOST'],
  WON: [],
  LOST: [],
  ACCEPTED: [],
});

export const isInProgress = (status: DisputeStatus) => status === 'OPEN' || status === 'UNDER_REVIEW';

/** M6: `evidence_due_by` = `opened_at` + 10 x 24 hours (exact hours, not calendar days). */
export const EVIDENCE_WINDOW_MS = 10 * 24 * 3_600_000;
export const evidenceDueBy = (openedAt: Date): Date => new Date(openedAt.getTime() + EVIDENCE_WINDOW_MS);
/** At `evidence_due_by` itself the deadline has passed (the deadline job runs at that instant). */
export const deadlinePassed = (dueBy: Date, now: Date): boolean => now.getTime() >= dueBy.getTime();

export type ClosingMove = 'WON' | 'LOST' | 'ACCEPTED';
/** What a closing move does to the held money, and the closed_reason it records. */
export function closingOf(
  to: ClosingMove,
  byDeadline = false,
): { code: LedgerCode; money: 'release' | 'pay-out'; closedReason: DisputeClosedReason } {
  if (to === 'WON') return { code: 'DISPUTE_WON', money: 'release', closedReason: 'WON' };
  if (to === 'ACCEPTED') return { code: 'DISPUTE_LOST', money: 'pay-out', closedReason: 'ACCEPTED' };
  return { code: 'DISPUTE_LOST', money: 'pay-out', closedReason: byDeadline ? 'NO_RESPONSE' : 'LOST' };
}

export interface DisputableTransaction {
  paymentMethod: 'CREDIT_CARD' | 'DEBIT_CARD' | 'PIX';
  status: string;
  capturedAmount: number;
  refundedAmount: number;
  pendingRefundAmount: number;
}

export type OpenRefusal =
  | { kind: 'payment_method'; value: string }
  | { kind: 'status'; value: string }
  | { kind: 'amount'; value: number; max: number };

/** Card transactions that captured money and still have some of it (a PIX has MED returns instead). */
const DISPUTABLE_STATUSES = ['APPROVED', 'PARTIALLY_REFUNDED', 'PENDING_REFUND'];

/**
 * What a new dispute may claim: the captured amount less refunds (succeeded and pending) and the disputes
 * already lost or accepted. `requested` defaults to all of it (M8: "amount [the transaction's]").
 */
export function checkOpen(
  tr: DisputableTransaction,
  lostBefore: number,
  requested: number | undefined,
): { ok: true; amount: number } | { ok: false; refusal: OpenRefusal } {
  if (tr.paymentMethod === 'PIX') return { ok: false, refusal: { kind: 'payment_method', value: tr.paymentMethod } };
  if (!DISPUTABLE_STATUSES.includes(tr.status)) return { ok: false, refusal: { kind: 'status', value: tr.status } };
  const max = Math.max(0, tr.capturedAmount - tr.refundedAmount - tr.pendingRefundAmount - lostBefore);
  const amount = requested ?? max;
  if (amount < 1 || amount > max) return { ok: false, refusal: { kind: 'amount', value: amount, max } };
  return { ok: true, amount };
}

export interface EvidenceState {
  status: DisputeStatus;
  closedReason: DisputeClosedReason | null;
  evidenceDueBy: Date;
  evidenceText: string | null;
  evidenceDocumentIds: readonly string[];
}

export type EvidenceRefusal = 'DEADLINE_PASSED' | 'NOT_OPEN' | 'EMPTY';

/**
 * Editing or submitting evidence: the deadline first (an OPEN dispute past it, or one the deadline job already
 * closed, answers EVIDENCE_DEADLINE_PASSED), then the status (OPEN only), then (submit) text or a document.
 */
export function checkEvidence(d: EvidenceState, now: Date, action: 'edit' | 'submit'): EvidenceRefusal | null {
  if ((d.status === 'OPEN' && deadlinePassed(d.evidenceDueBy, now)) || d.closedReason === 'NO_RESPONSE')
    return 'DEADLINE_PASSED';
  if (d.status !== 'OPEN') return 'NOT_OPEN';
  if (action === 'submit' && !(d.evidenceText && d.evidenceText.length > 0) && d.evidenceDocumentIds.length === 0)
    return 'EMPTY';
  return null;
}
