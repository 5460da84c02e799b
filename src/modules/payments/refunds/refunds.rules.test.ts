import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../../../kernel/errors.js';
import {
  afterRefundCreated,
  afterRefundSettled,
  authorizationExpiresAt,
  checkCancel,
  checkCapture,
  checkRefund,
  refundRefusalError,
  refundStatusChanged,
  refundTotals,
  withinRefundWindow,
  type RefundableTransaction,
  type RefundView,
} from './refunds.rules.js';
import { canMove, type TransactionStatus } from '../shared/transactions.states.js';

const DAY = 86_400_000;
const t0 = new Date('2026-01-10T12:00:00Z');
const card = (over: Partial<RefundableTransaction> = {}): RefundableTransaction => ({
  status: 'APPROVED',
  paymentMethod: 'CREDIT_CARD',
  capturedAmount: 10_000,
  capturedAt: t0,
  paidAt: null,
  ...over,
});
const r = (id: string, amount: number, status: RefundView['status']): RefundView => ({ id, amount, status });

describe('refund guards (P5), in order', () => {
  it.each<[string, RefundableTransaction, RefundView[], number | undefined, Date, unknown]>([
    [
      'defaults to the refundable amount',
      card(),
      [r('a', 3_000, 'SUCCEEDED')],
      undefined,
      t0,
      { ok: true, amount: 7_000 },
    ],
    ['partial', card(), [], 2_500, t0, { ok: true, amount: 2_500 }],
    [
      'failed refunds do not count against the amount',
      card(),
      [r('a', 10_000, 'FAILED')],
      10_000,
      t0,
      { ok: true, amount: 10_000 },
    ],
    [
      'pending refunds do',
      card({ status: 'PENDING_REFUND' }),
      [r('a', 6_000, 'PENDING')],
      5_000,
      t0,
      { ok: false, refusal: { field: 'amount', value: 5_000, refundable_amount: 4_000 } },
    ],
    [
      'nothing left: refused on the amount',
      card({ status: 'PENDING_REFUND' }),
      [r('a', 10_000, 'PENDING')],
      undefined,
      t0,
      { ok: false, refusal: { field: 'amount', value: 0, refundable_amount: 0 } },
    ],
    [
      'status first',
      card({ status: 'AUTHORIZED' }),
      [],
      20_000,
      t0,
      { ok: false, refusal: { field: 'status', value: 'AUTHORIZED' } },
    ],
    [
      'REFUNDED is not refundable',
      card({ status: 'REFUNDED' }),
      [],
      1,
      t0,
      { ok: false, refusal: { field: 'status', value: 'REFUNDED' } },
    ],
    [
      'ten refunds of any status',
      card(),
      Array.from({ length: 10 }, (_, i) => r(`f${i}`, 1, 'FAILED')),
      1,
      t0,
      { ok: false, refusal: { field: 'refunds', value: 10 } },
    ],
    [
      'nine refunds still allow one',
      card(),
      Array.from({ length: 9 }, (_, i) => r(`f${i}`, 1, 'FAILED')),
      1,
      t0,
      { ok: true, amount: 1 },
    ],
    [
      'count before window',
      card(),
      Array.from({ length: 10 }, (_, i) => r(`f${i}`, 1, 'FAILED')),
      1,
      new Date(t0.getTime() + 400 * DAY),
      { ok: false, refusal: { field: 'refunds', value: 10 } },
    ],
    ['card: day 365 is inside', card(), [], 1, new Date(t0.getTime() + 365 * DAY), { ok: true, amount: 1 }],
    [
      'card: after 365 days closed',
      card(),
      [],
      1,
      new Date(t0.getTime() + 365 * DAY + 1),
      { ok: false, refusal: { field: 'transaction_id', value: 'REFUND_WINDOW_CLOSED' } },
    ],
    [
      'window before amount',
      card(),
      [],
      99_999,
      new Date(t0.getTime() + 366 * DAY),
      { ok: false, refusal: { field: 'transaction_id', value: 'REFUND_WINDOW_CLOSED' } },
    ],
    [
      'PIX: 90 days of paid_at',
      card({ paymentMethod: 'PIX', capturedAt: null, paidAt: t0 }),
      [],
      1,
      new Date(t0.getTime() + 90 * DAY),
      { ok: true, amount: 1 },
    ],
    [
      'PIX: day 91 closed',
      card({ paymentMethod: 'PIX', capturedAt: null, paidAt: t0 }),
      [],
      1,
      new Date(t0.getTime() + 91 * DAY),
      { ok: false, refusal: { field: 'transaction_id', value: 'REFUND_WINDOW_CLOSED' } },
    ],
  ])('%s', (_name, tx, refunds, amount, now, expected) =>
    expect(checkRefund(tx, refunds, amount, now)).toEqual(expected),
  );

  it('refusals become the documented 409 details', () => {
    const err = refundRefusalError({ field: 'amount', value: 5, refundable_amount: 4 });
    expect(err).toBeInstanceOf(DomainError);
    expect(err.status).toBe(409);
    expect(err.details).toEqual({ field: 'amount', value: 5, refundable_amount: 4 });
    expect(refundRefusalError({ field: 'transaction_id', value: 'REFUND_WINDOW_CLOSED' }).details).toEqual({
      field: 'transaction_id',
      value: 'REFUND_WINDOW_CLOSED',
    });
    expect(refundRefusalError({ field: 'status', value: 'REFUSED' }).details).toEqual({
      field: 'status',
      value: 'REFUSED',
    });
  });

  it('a transaction with no capture time has no window', () =>
    expect(withinRefundWindow({ paymentMethod: 'CREDIT_CARD', capturedAt: null, paidAt: null }, t0)).toBe(false));
});

describe('refund outcomes (P4 seed rows)', () => {
  const tx = { status: 'PENDING_REFUND' as TransactionStatus, capturedAmount: 10_000 };

  it('created: APPROVED -> PENDING_REFUND with the refund id; again while pending: no event', () => {
    const first = afterRefundCreated('t', { status: 'APPROVED', capturedAmount: 10_000 }, [], r('a', 4_000, 'PENDING'));
    expect(first.status).toBe('PENDING_REFUND');
    expect(first.events).toEqual([
      { transaction_id: 't', old_status: 'APPROVED', new_status: 'PENDING_REFUND', refund_id: 'a', reason: null },
    ]);
    expect(first.totals).toEqual({ refunded_amount: 0, pending_refund_amount: 4_000, refundable_amount: 6_000 });
    const second = afterRefundCreated('t', tx, [r('a', 4_000, 'PENDING')], r('b', 1_000, 'PENDING'));
    expect(second.status).toBe('PENDING_REFUND');
    expect(second.events).toEqual([]);
  });

  it('failing with no other pending refund returns to APPROVED', () => {
    const out = afterRefundSettled('t', tx, [r('a', 4_000, 'PENDING')], 'a', 'FAILED');
    expect(out.status).toBe('APPROVED');
    expect(out.events).toEqual([
      { transaction_id: 't', old_status: 'PENDING_REFUND', new_status: 'APPROVED', refund_id: 'a', reason: null },
    ]);
  });

  it('failing with earlier successes returns to PARTIALLY_REFUNDED; the other failed refunds do not count', () => {
    const out = afterRefundSettled(
      't',
      tx,
      [r('x', 1_000, 'FAILED'), r('o', 2_000, 'SUCCEEDED'), r('a', 4_000, 'PENDING')],
      'a',
      'FAILED',
    );
    expect(out.status).toBe('PARTIALLY_REFUNDED');
  });

  it('failing while another is pending stays PENDING_REFUND and still emits one event with the refund id', () => {
    const out = afterRefundSettled('t', tx, [r('a', 4_000, 'PENDING'), r('b', 1_000, 'PENDING')], 'a', 'FAILED');
    expect(out.status).toBe('PENDING_REFUND');
    expect(out.events).toEqual([
      { transaction_id: 't', old_status: 'PENDING_REFUND', new_status: 'PENDING_REFUND', refund_id: 'a', reason: null },
    ]);
  });

  it('the last success of the whole captured amount is REFUNDED', () => {
    const out = afterRefundSettled('t', tx, [r('a', 6_000, 'SUCCEEDED'), r('b', 4_000, 'PENDING')], 'b', 'SUCCEEDED');
    expect(out.status).toBe('REFUNDED');
  });

  it('a settled refund cannot settle again (409)', () => {
    expect(() => afterRefundSettled('t', tx, [r('a', 1, 'FAILED')], 'a', 'SUCCEEDED')).toThrow(DomainError);
  });

  it('refund.status-changed carries failure only when FAILED', () => {
    const failure = { code: 'EXPIRED_OR_CANCELED_CARD' as const, message: 'card expired' };
    expect(refundStatusChanged('a', 't', 'PENDING', 'FAILED', failure).failure).toEqual(failure);
    expect(refundStatusChanged('a', 't', 'PENDING', 'SUCCEEDED', failure).failure).toBeNull();
  });
});

describe('the captured amount is a ceiling under any sequence of refunds', () => {
  type Op =
    { kind: 'create'; amount: number | undefined } | { kind: 'settle'; pick: number; outcome: 'SUCCEEDED' | 'FAILED' };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('create' as const),
      amount: fc.option(fc.integer({ min: 1, max: 12_000 }), { nil: undefined }),
    }),
    fc.record({
      kind: fc.constant('settle' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom('SUCCEEDED' as const, 'FAILED' as const),
    }),
  );

  it('succeeded + pending never exceed C, statuses follow the table, every settlement emits one event', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.array(op, { maxLength: 40 }), (captured, ops) => {
        let status: TransactionStatus = 'APPROVED';
        let refunds: RefundView[] = [];
        for (const [i, o] of ops.entries()) {
          if (o.kind === 'create') {
            const check = checkRefund(
              { status, paymentMethod: 'CREDIT_CARD', capturedAmount: captured, capturedAt: t0, paidAt: null },
              refunds,
              o.amount,
              t0,
            );
            if (!check.ok) continue;
            const created = r(`r${i}`, check.amount, 'PENDING');
            const out = afterRefundCreated('t', { status, capturedAmount: captured }, refunds, created);
            if (out.status !== status) expect(canMove('CREDIT_CARD', status, out.status)).toBe(true);
            refunds = [...refunds, created];
            status = out.status;
          } else {
            const pending = refunds.filter((x) => x.status === 'PENDING');
            if (pending.length === 0) continue;
            const target = pending[o.pick % pending.length];
            const out = afterRefundSettled('t', { status, capturedAmount: captured }, refunds, target.id, o.outcome);
            expect(out.events).toHaveLength(1);
            expect(canMove('CREDIT_CARD', status, out.status)).toBe(true);
            refunds = out.refunds;
            status = out.status;
          }
          const totals = refundTotals(captured, refunds);
          expect(totals.refunded_amount + totals.pending_refund_amount).toBeLessThanOrEqual(captured);
          expect(totals.refundable_amount).toBeGreaterThanOrEqual(0);
          expect(refunds.length).toBeLessThanOrEqual(10);
        }
      }),
    );
  });
});

describe('capture and cancel (P5)', () => {
  it.each([
    ['AUTHORIZED', 10_000, undefined, { ok: true, capturedAmount: 10_000, releasedAmount: 0 }],
    ['AUTHORIZED', 10_000, 4_000, { ok: true, capturedAmount: 4_000, releasedAmount: 6_000 }],
    ['AUTHORIZED', 10_000, 10_001, { ok: false, field: 'amount', value: 10_001 }],
    ['APPROVED', 10_000, undefined, { ok: false, field: 'status', value: 'APPROVED' }], // one capture
    ['PROCESSING', 10_000, 1, { ok: false, field: 'status', value: 'PROCESSING' }],
  ] as const)('capture from %s of %s with %s', (status, authorized, amount, expected) =>
    expect(checkCapture(status, authorized, amount)).toEqual(expected),
  );

  it('capture: captured + released is always the authorized amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (auth, amount) => {
        const out = checkCapture('AUTHORIZED', auth, amount);
        if (out.ok) expect(out.capturedAmount + out.releasedAmount).toBe(auth);
        else expect(amount).toBeGreaterThan(auth);
      }),
    );
  });

  it.each([
    ['CREDIT_CARD', 'AUTHORIZED', { ok: true, reason: 'REQUESTED' }],
    ['DEBIT_CARD', 'AUTHORIZED', { ok: true, reason: 'REQUESTED' }],
    ['PIX', 'WAITING_PAYMENT', { ok: true, reason: 'PIX_CANCELED' }],
    ['CREDIT_CARD', 'APPROVED', { ok: false, field: 'status', value: 'APPROVED' }],
    ['PIX', 'EXPIRED', { ok: false, field: 'status', value: 'EXPIRED' }],
    ['PIX', 'APPROVED', { ok: false, field: 'status', value: 'APPROVED' }],
  ] as const)('cancel %s in %s', (method, status, expected) => expect(checkCancel(method, status)).toEqual(expected));

  it('an authorization expires after 7 days', () =>
    expect(authorizationExpiresAt(t0).toISOString()).toBe('2026-01-17T12:00:00.000Z'));
});
