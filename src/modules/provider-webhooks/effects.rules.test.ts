import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideCard,
  decideDispute,
  decideRefund,
  disputeReasonOf,
  type CardTarget,
  type DisputeStatus,
} from './effects.rules.js';
import type { PaymentMove, RefundMove } from './facts.js';

type S = Parameters<typeof decideCard>[1]['status'];
const card = (move: PaymentMove, status: S, capture = true) => decideCard(move, { status, capture });
const summary = (d: { effect: string; to?: unknown; discrepancy?: string }) =>
  d.effect === 'APPLIED'
    ? `APPLIED ${String(d.to)}`
    : d.effect === 'CONFLICT'
      ? `CONFLICT ${d.discrepancy}`
      : 'NO_CHANGE';

describe('decideCard (R2.9, R4.3, R4.5)', () => {
  it.each<[PaymentMove, S, boolean, string]>([
    ['authorised', 'PROCESSING', true, 'APPLIED APPROVED'],
    ['authorised', 'PROCESSING', false, 'APPLIED AUTHORIZED'],
    ['authorised', 'AUTHORIZED', false, 'NO_CHANGE'],
    ['authorised', 'APPROVED', true, 'NO_CHANGE'],
    ['authorised', 'REFUNDED', true, 'NO_CHANGE'],
    ['authorised', 'REFUSED', true, 'CONFLICT OUTCOME_CONFLICT'],
    ['refused', 'PROCESSING', true, 'APPLIED REFUSED'],
    ['refused', 'REFUSED', true, 'NO_CHANGE'],
    ['refused', 'APPROVED', true, 'CONFLICT OUTCOME_CONFLICT'],
    ['captured', 'AUTHORIZED', false, 'APPLIED APPROVED'],
    ['captured', 'APPROVED', true, 'NO_CHANGE'],
    ['captured', 'PARTIALLY_REFUNDED', true, 'NO_CHANGE'],
    ['captured', 'CANCELED', false, 'CONFLICT OUTCOME_CONFLICT'],
    ['capture-failed', 'AUTHORIZED', false, 'NO_CHANGE'],
    ['capture-failed', 'APPROVED', true, 'CONFLICT CAPTURE_FAILED_AFTER_APPROVAL'],
    ['cancelled', 'AUTHORIZED', false, 'APPLIED CANCELED_REQUESTED'],
    ['cancelled', 'CANCELED', false, 'NO_CHANGE'],
    ['cancelled', 'APPROVED', true, 'CONFLICT OUTCOME_CONFLICT'],
    ['cancel-failed', 'AUTHORIZED', false, 'NO_CHANGE'],
    ['cancel-failed', 'CANCELED', false, 'CONFLICT CANCEL_FAILED_AFTER_CANCEL'],
    ['expired', 'AUTHORIZED', false, 'APPLIED CANCELED_EXPIRED'],
    ['expired', 'CANCELED', false, 'NO_CHANGE'],
    ['pending', 'PROCESSING', true, 'NO_CHANGE'],
  ])('%s on %s (capture %s): %s', (move, status, capture, expected) => {
    expect(summary(card(move, status, capture))).toBe(expected);
  });

  // The order a card transaction's statuses come in; a provider event never lowers it.
  const RANK: Record<string, number> = { PROCESSING: 0, AUTHORIZED: 1, REFUSED: 2, APPROVED: 2, CANCELED: 2 };
  const TO: Record<CardTarget, S> = {
    AUTHORIZED: 'AUTHORIZED',
    APPROVED: 'APPROVED',
    REFUSED: 'REFUSED',
    CANCELED_REQUESTED: 'CANCELED',
    CANCELED_EXPIRED: 'CANCELED',
  };
  const MOVES: PaymentMove[] = [
    'authorised',
    'refused',
    'captured',
    'capture-failed',
    'cancelled',
    'cancel-failed',
    'expired',
    'pending',
  ];

  it('any sequence of events, duplicated and in any order, never moves a transaction backwards and applies a move at most once each time', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...MOVES), { maxLength: 30 }), fc.boolean(), (moves, capture) => {
        let status: S = 'PROCESSING';
        for (const move of moves) {
          const d = card(move, status, capture);
          if (d.effect !== 'APPLIED') continue;
          const next = TO[d.to];
          expect(RANK[next]).toBeGreaterThan(RANK[status]!);
          // The same fact again on the state it produced is never applied a second time.
          expect(card(move, next, capture).effect).not.toBe('APPLIED');
          status = next;
        }
      }),
    );
  });
});

describe('decideRefund', () => {
  it.each<[RefundMove, 'PENDING' | 'SUCCEEDED' | 'FAILED', string]>([
    ['succeeded', 'PENDING', 'APPLIED SUCCEEDED'],
    ['succeeded', 'SUCCEEDED', 'NO_CHANGE'],
    ['succeeded', 'FAILED', 'CONFLICT OUTCOME_CONFLICT'],
    ['failed', 'PENDING', 'APPLIED FAILED'],
    ['failed', 'SUCCEEDED', 'CONFLICT REFUND_FAILED_AFTER_SUCCESS'],
    ['reversed', 'SUCCEEDED', 'CONFLICT REFUND_REVERSED'],
    ['pending', 'PENDING', 'NO_CHANGE'],
  ])('%s on %s: %s', (move, status, expected) => {
    expect(summary(decideRefund(move, status))).toBe(expected);
  });
});

describe('decideDispute (R2.9, M6 moves)', () => {
  it.each<['opened' | 'won' | 'lost', DisputeStatus | null, string]>([
    ['opened', null, 'APPLIED {"open":true}'],
    ['opened', 'OPEN', 'NO_CHANGE'],
    ['opened', 'LOST', 'APPLIED {"open":true}'],
    ['won', 'OPEN', 'APPLIED {"moves":["UNDER_REVIEW","WON"]}'],
    ['won', 'UNDER_REVIEW', 'APPLIED {"moves":["WON"]}'],
    ['won', 'WON', 'NO_CHANGE'],
    ['lost', 'OPEN', 'APPLIED {"moves":["UNDER_REVIEW","LOST"]}'],
    ['lost', 'WON', 'CONFLICT SECOND_CHARGEBACK'],
    ['lost', 'ACCEPTED', 'NO_CHANGE'],
  ])('%s on %s: %s', (move, current, expected) => {
    const d = decideDispute(move, current)!;
    expect(d.effect === 'APPLIED' ? `APPLIED ${JSON.stringify(d.to)}` : summary(d)).toBe(expected);
  });

  it('a decision without a dispute matches nothing yet', () => {
    expect(decideDispute('won', null)).toBeNull();
  });

  it.each([
    ['10.4', 'FRAUD'],
    ['11.1', 'AUTHORIZATION'],
    ['12.6', 'PROCESSING_ERROR'],
    ['13.1', 'COMMERCIAL_DISAGREEMENT'],
    ['4837', 'FRAUD'],
    ['4808', 'AUTHORIZATION'],
    ['4834', 'PROCESSING_ERROR'],
    ['4853', 'COMMERCIAL_DISAGREEMENT'],
    ['99', 'OTHER'],
    [null, 'OTHER'],
  ])('reason code %s is %s', (code, reason) => {
    expect(disputeReasonOf(code)).toBe(reason);
  });
});
