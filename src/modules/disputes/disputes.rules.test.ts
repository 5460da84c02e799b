import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DISPUTE_STATUSES, type DisputeStatus } from '../../db/schema/disputes.js';
import {
  checkEvidence,
  checkOpen,
  closingOf,
  deadlinePassed,
  disputeMachine,
  evidenceDueBy,
  type EvidenceState,
} from './disputes.rules.js';

describe('dispute transition table (money.md M6)', () => {
  const allowed: [DisputeStatus, DisputeStatus][] = [
    ['OPEN', 'UNDER_REVIEW'],
    ['OPEN', 'ACCEPTED'],
    ['OPEN', 'LOST'],
    ['UNDER_REVIEW', 'WON'],
    ['UNDER_REVIEW', 'LOST'],
  ];
  it.each(DISPUTE_STATUSES.flatMap((from) => DISPUTE_STATUSES.map((to) => [from, to] as const)))(
    '%s -> %s',
    (from, to) => {
      const ok = allowed.some(([f, t]) => f === from && t === to);
      expect(disputeMachine.can(from, to)).toBe(ok);
      if (!ok) expect(() => disputeMachine.assert(from, to)).toThrow(/cannot move/);
    },
  );
  it('WON, LOST and ACCEPTED are terminal', () => {
    expect(DISPUTE_STATUSES.filter((s) => disputeMachine.isTerminal(s))).toEqual(['WON', 'LOST', 'ACCEPTED']);
  });
});

describe('evidence deadline', () => {
  it('is opened_at + 240 hours, passed at that instant', () => {
    const opened = new Date('2026-03-01T10:00:00.000Z');
    const due = evidenceDueBy(opened);
    expect(due.toISOString()).toBe('2026-03-11T10:00:00.000Z');
    expect(deadlinePassed(due, new Date(due.getTime() - 1))).toBe(false);
    expect(deadlinePassed(due, due)).toBe(true);
  });
});

describe('closing moves', () => {
  it.each([
    ['WON', false, 'DISPUTE_WON', 'release', 'WON'],
    ['LOST', false, 'DISPUTE_LOST', 'pay-out', 'LOST'],
    ['LOST', true, 'DISPUTE_LOST', 'pay-out', 'NO_RESPONSE'],
    ['ACCEPTED', false, 'DISPUTE_LOST', 'pay-out', 'ACCEPTED'],
  ] as const)('%s (deadline %s) posts %s and %s', (to, byDeadline, code, money, closedReason) => {
    expect(closingOf(to, byDeadline)).toEqual({ code, money, closedReason });
  });
});

describe('checkOpen', () => {
  const tr = {
    paymentMethod: 'CREDIT_CARD' as const,
    status: 'APPROVED',
    capturedAmount: 10_000,
    refundedAmount: 0,
    pendingRefundAmount: 0,
  };
  it.each([
    ['defaults to the whole disputable amount', tr, 0, undefined, { ok: true, amount: 10_000 }],
    ['takes a part', tr, 0, 2_500, { ok: true, amount: 2_500 }],
    [
      'less refunds and lost disputes',
      { ...tr, status: 'PARTIALLY_REFUNDED', refundedAmount: 3_000, pendingRefundAmount: 1_000 },
      2_000,
      undefined,
      { ok: true, amount: 4_000 },
    ],
    [
      'refuses more than that',
      { ...tr, refundedAmount: 3_000 },
      0,
      7_001,
      { ok: false, refusal: { kind: 'amount', value: 7_001, max: 7_000 } },
    ],
    [
      'refuses PIX',
      { ...tr, paymentMethod: 'PIX' as const },
      0,
      undefined,
      { ok: false, refusal: { kind: 'payment_method', value: 'PIX' } },
    ],
    [
      'refuses an uncaptured transaction',
      { ...tr, status: 'AUTHORIZED' },
      0,
      undefined,
      { ok: false, refusal: { kind: 'status', value: 'AUTHORIZED' } },
    ],
    [
      'refuses a fully refunded one',
      { ...tr, status: 'REFUNDED', refundedAmount: 10_000 },
      0,
      undefined,
      { ok: false, refusal: { kind: 'status', value: 'REFUNDED' } },
    ],
  ])('%s', (_name, t, lost, requested, expected) => {
    expect(checkOpen(t, lost, requested)).toEqual(expected);
  });
  it('never grants more than captured - refunded - pending - lost', () => {
    fc.assert(
      fc.property(
        fc.nat(1e9),
        fc.nat(1e9),
        fc.nat(1e9),
        fc.nat(1e9),
        fc.option(fc.nat(2e9), { nil: undefined }),
        (c, r, p, l, req) => {
          const res = checkOpen({ ...tr, capturedAmount: c, refundedAmount: r, pendingRefundAmount: p }, l, req);
          if (res.ok) {
            expect(res.amount).toBeGreaterThanOrEqual(1);
            expect(res.amount).toBeLessThanOrEqual(c - r - p - l);
          }
        },
      ),
    );
  });
});

describe('checkEvidence', () => {
  const due = new Date('2026-03-11T10:00:00.000Z');
  const before = new Date(due.getTime() - 1);
  const base: EvidenceState = {
    status: 'OPEN',
    closedReason: null,
    evidenceDueBy: due,
    evidenceText: 'receipt',
    evidenceDocumentIds: [],
  };
  it.each([
    ['OPEN with text submits', base, before, 'submit', null],
    [
      'OPEN with a document submits',
      { ...base, evidenceText: null, evidenceDocumentIds: ['d'] },
      before,
      'submit',
      null,
    ],
    ['OPEN with nothing is EMPTY', { ...base, evidenceText: null }, before, 'submit', 'EMPTY'],
    ['editing needs no evidence yet', { ...base, evidenceText: null }, before, 'edit', null],
    ['OPEN past the deadline', base, due, 'submit', 'DEADLINE_PASSED'],
    [
      'closed by the deadline job',
      { ...base, status: 'LOST', closedReason: 'NO_RESPONSE' },
      due,
      'submit',
      'DEADLINE_PASSED',
    ],
    ['the deadline wins over empty evidence', { ...base, evidenceText: null }, due, 'submit', 'DEADLINE_PASSED'],
    ['UNDER_REVIEW is not OPEN', { ...base, status: 'UNDER_REVIEW' }, before, 'submit', 'NOT_OPEN'],
    ['ACCEPTED is not OPEN', { ...base, status: 'ACCEPTED', closedReason: 'ACCEPTED' }, due, 'edit', 'NOT_OPEN'],
  ] as const)('%s', (_name, d, now, action, expected) => {
    expect(checkEvidence(d, now, action)).toBe(expected);
  });
});
