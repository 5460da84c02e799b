import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../../../kernel/errors.js';
import {
  assertMove,
  canMove,
  initialStatus,
  isTerminal,
  statusAfterRefunds,
  statusChangedEvents,
  TRANSACTION_STATUSES,
  type PaymentMethod,
  type TransactionStatus,
} from './transactions.states.js';

describe('transition table (P4)', () => {
  it.each<[PaymentMethod, TransactionStatus, TransactionStatus, boolean]>([
    ['CREDIT_CARD', 'PROCESSING', 'APPROVED', true],
    ['CREDIT_CARD', 'PROCESSING', 'AUTHORIZED', true],
    ['CREDIT_CARD', 'PROCESSING', 'REFUSED', true],
    ['CREDIT_CARD', 'AUTHORIZED', 'APPROVED', true],
    ['CREDIT_CARD', 'AUTHORIZED', 'CANCELED', true],
    ['CREDIT_CARD', 'APPROVED', 'CANCELED', false], // an approved payment is refunded, not cancelled
    ['CREDIT_CARD', 'CANCELED', 'APPROVED', false], // a card's CANCELED is terminal
    ['CREDIT_CARD', 'REFUSED', 'APPROVED', false],
    ['CREDIT_CARD', 'APPROVED', 'PENDING_REFUND', true],
    ['CREDIT_CARD', 'PARTIALLY_REFUNDED', 'PENDING_REFUND', true],
    ['CREDIT_CARD', 'PENDING_REFUND', 'PENDING_REFUND', true],
    ['CREDIT_CARD', 'PENDING_REFUND', 'APPROVED', true],
    ['CREDIT_CARD', 'PENDING_REFUND', 'PARTIALLY_REFUNDED', true],
    ['CREDIT_CARD', 'PENDING_REFUND', 'REFUNDED', true],
    ['CREDIT_CARD', 'APPROVED', 'REFUNDED', false], // always through PENDING_REFUND: refunds are created PENDING
    ['CREDIT_CARD', 'REFUNDED', 'PENDING_REFUND', false],
    ['DEBIT_CARD', 'WAITING_PAYMENT', 'APPROVED', false],
    ['PIX', 'WAITING_PAYMENT', 'APPROVED', true],
    ['PIX', 'WAITING_PAYMENT', 'EXPIRED', true],
    ['PIX', 'WAITING_PAYMENT', 'CANCELED', true],
    ['PIX', 'EXPIRED', 'APPROVED', true],
    ['PIX', 'CANCELED', 'APPROVED', true],
    ['PIX', 'EXPIRED', 'CANCELED', false],
    ['PIX', 'PROCESSING', 'APPROVED', false],
    ['PIX', 'APPROVED', 'PENDING_REFUND', true],
  ])('%s %s -> %s is %s', (method, from, to, ok) => {
    expect(canMove(method, from, to)).toBe(ok);
    if (ok) expect(() => assertMove(method, from, to)).not.toThrow();
  });

  it('an illegal move is a 409 naming the current status', () => {
    try {
      assertMove('CREDIT_CARD', 'APPROVED', 'CANCELED');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).status).toBe(409);
      expect((err as DomainError).details).toEqual({ field: 'status', value: 'APPROVED' });
    }
  });

  it.each<[PaymentMethod, TransactionStatus, boolean]>([
    ['CREDIT_CARD', 'REFUSED', true],
    ['CREDIT_CARD', 'REFUNDED', true],
    ['CREDIT_CARD', 'CANCELED', true],
    ['PIX', 'CANCELED', false],
    ['PIX', 'EXPIRED', false],
    ['PIX', 'REFUNDED', true],
    ['CREDIT_CARD', 'APPROVED', false],
  ])('%s %s terminal: %s', (method, status, terminal) => expect(isTerminal(method, status)).toBe(terminal));

  it('no move leaves a terminal status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PaymentMethod>('CREDIT_CARD', 'DEBIT_CARD', 'PIX'),
        fc.constantFrom(...TRANSACTION_STATUSES),
        fc.constantFrom(...TRANSACTION_STATUSES),
        (m, from, to) => {
          if (isTerminal(m, from)) expect(canMove(m, from, to)).toBe(false);
        },
      ),
    );
  });
});

describe('initial status', () => {
  it.each([
    ['CREDIT_CARD', { kind: 'approved', capture: true }, 'APPROVED'],
    ['CREDIT_CARD', { kind: 'approved', capture: false }, 'AUTHORIZED'],
    ['DEBIT_CARD', { kind: 'declined' }, 'REFUSED'],
    ['CREDIT_CARD', { kind: 'unknown' }, 'PROCESSING'],
    ['PIX', { kind: 'pix-issued' }, 'WAITING_PAYMENT'],
  ] as const)('%s %o -> %s', (method, outcome, status) => expect(initialStatus(method, outcome)).toBe(status));
});

describe("P4's refund rule", () => {
  it.each([
    [10_000, 0, 10_000, 'PENDING_REFUND'],
    [10_000, 10_000, 0, 'REFUNDED'],
    [10_000, 4_000, 0, 'PARTIALLY_REFUNDED'],
    [10_000, 0, 0, 'APPROVED'], // the only pending refund failed
    [10_000, 4_000, 1_000, 'PENDING_REFUND'],
  ])('C=%s ok=%s pending=%s -> %s', (c, ok, pend, status) => expect(statusAfterRefunds(c, ok, pend)).toBe(status));

  it('every result is a legal move from PENDING_REFUND', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.nat(), fc.nat(), (c, a, b) => {
        const ok = a % (c + 1);
        const pend = b % (c - ok + 1);
        expect(canMove('CREDIT_CARD', 'PENDING_REFUND', statusAfterRefunds(c, ok, pend))).toBe(true);
      }),
    );
  });
});

describe('transaction.status-changed payloads', () => {
  it('an ordinary move carries its reason and no refund', () => {
    expect(
      statusChangedEvents('t1', 'AUTHORIZED', 'CANCELED', { kind: 'move', reason: 'AUTHORIZATION_EXPIRED' }),
    ).toEqual([
      {
        transaction_id: 't1',
        old_status: 'AUTHORIZED',
        new_status: 'CANCELED',
        refund_id: null,
        reason: 'AUTHORIZATION_EXPIRED',
      },
    ]);
  });

  it("a refund's creation carries its id; created while PENDING_REFUND emits nothing", () => {
    expect(statusChangedEvents('t1', 'APPROVED', 'PENDING_REFUND', { kind: 'refund-created', refundId: 'r1' })).toEqual(
      [{ transaction_id: 't1', old_status: 'APPROVED', new_status: 'PENDING_REFUND', refund_id: 'r1', reason: null }],
    );
    expect(
      statusChangedEvents('t1', 'PENDING_REFUND', 'PENDING_REFUND', { kind: 'refund-created', refundId: 'r2' }),
    ).toEqual([]);
  });

  it('the seed rows: a failing refund with none other pending -> APPROVED; with others pending stays, still one event', () => {
    expect(statusChangedEvents('t1', 'PENDING_REFUND', 'APPROVED', { kind: 'refund-settled', refundId: 'r1' })).toEqual(
      [{ transaction_id: 't1', old_status: 'PENDING_REFUND', new_status: 'APPROVED', refund_id: 'r1', reason: null }],
    );
    expect(
      statusChangedEvents('t1', 'PENDING_REFUND', 'PENDING_REFUND', { kind: 'refund-settled', refundId: 'r2' }),
    ).toHaveLength(1);
  });

  it('every refund outcome emits exactly one event', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<TransactionStatus>('APPROVED', 'PENDING_REFUND', 'PARTIALLY_REFUNDED', 'REFUNDED'),
        fc.uuid(),
        (to, id) => {
          const events = statusChangedEvents('t', 'PENDING_REFUND', to, { kind: 'refund-settled', refundId: id });
          expect(events).toHaveLength(1);
          expect(events[0].refund_id).toBe(id);
        },
      ),
    );
  });
});
