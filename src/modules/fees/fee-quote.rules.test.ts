import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { feeQuote, type FeeQuoteTransaction } from './fee-quote.rules.js';
import { feeUnder, type EffectivePolicy } from './effective-fee.js';
import { isBusinessDay } from '../../domain/business-calendar.js';
import { PAYMENT_METHODS } from '../../domain/payment-methods.js';

const policy = (
  price: Record<string, number>,
  conditions: EffectivePolicy['rules'][number]['conditions'] = [],
): EffectivePolicy => ({
  id: 'policy-1',
  rules: [{ id: 'rule-1', conditions, price, priority: 0 }],
});
// Friday 2031-12-19, 23:30 in São Paulo (already Saturday in UTC).
const FRIDAY_NIGHT = new Date('2031-12-20T02:30:00Z');

describe('feeUnder: the fee a transaction stores', () => {
  it.each<[string, EffectivePolicy | null, FeeQuoteTransaction, unknown]>([
    ['no effective policy: no fee at all', null, { amount: 1_000, payment_method: 'PIX' }, null],
    [
      'a matching rule',
      policy({ percentage: 1.5, flat: 10 }),
      { amount: 1_000, payment_method: 'PIX' },
      { fee_policy_id: 'policy-1', rule_id: 'rule-1', amount: 25 },
    ],
    [
      'no rule matches: rule null, fee 0',
      policy({ flat: 10 }, [{ field: 'transaction.payment_method', operator: 'EQUALS', value: 'CREDIT_CARD' }]),
      { amount: 1_000, payment_method: 'PIX' },
      { fee_policy_id: 'policy-1', rule_id: null, amount: 0 },
    ],
    [
      'never above the amount',
      policy({ minimum_price: 500 }),
      { amount: 300, payment_method: 'DEBIT_CARD' },
      { fee_policy_id: 'policy-1', rule_id: 'rule-1', amount: 300 },
    ],
  ])('%s', (_, p, tx, expected) => expect(feeUnder(p, tx)).toEqual(expected));
});

describe('feeQuote: the merchant receivables', () => {
  const r = (installment: number, payment_date: string, gross_amount: number, fee_amount: number) => ({
    installment,
    payment_date,
    gross_amount,
    fee_amount,
    net_amount: gross_amount - fee_amount,
  });

  it.each<[string, EffectivePolicy | null, FeeQuoteTransaction, unknown]>([
    [
      'PIX: today in São Paulo, one receivable',
      policy({ percentage: 1 }),
      { amount: 10_000, payment_method: 'PIX' },
      {
        fee_policy_id: 'policy-1',
        rule_id: 'rule-1',
        fee_amount: 100,
        net_amount: 9_900,
        receivables: [r(1, '2031-12-19', 10_000, 100)],
      },
    ],
    [
      'DEBIT: the next business day',
      policy({ flat: 50 }),
      { amount: 999, payment_method: 'DEBIT_CARD', installments: 1 },
      {
        fee_policy_id: 'policy-1',
        rule_id: 'rule-1',
        fee_amount: 50,
        net_amount: 949,
        receivables: [r(1, '2031-12-22', 999, 50)],
      },
    ],
    [
      'CREDIT in 3: remainders on installment 1, dates +30k rolled to business days',
      policy({ percentage: 2.99, flat: 30 }),
      { amount: 10_001, payment_method: 'CREDIT_CARD', installments: 3 },
      {
        fee_policy_id: 'policy-1',
        rule_id: 'rule-1',
        fee_amount: 329,
        net_amount: 9_672,
        receivables: [r(1, '2032-01-19', 3_335, 111), r(2, '2032-02-17', 3_333, 109), r(3, '2032-03-18', 3_333, 109)],
      },
    ],
    [
      'no effective policy: policy and rule null, fee 0',
      null,
      { amount: 101, payment_method: 'CREDIT_CARD', installments: 2 },
      {
        fee_policy_id: null,
        rule_id: null,
        fee_amount: 0,
        net_amount: 101,
        receivables: [r(1, '2032-01-19', 51, 0), r(2, '2032-02-17', 50, 0)],
      },
    ],
    [
      'installments are what the rules see (default 1)',
      policy({ flat: 7 }, [{ field: 'transaction.installments', operator: 'EQUALS', value: 1 }]),
      { amount: 100, payment_method: 'CREDIT_CARD' },
      {
        fee_policy_id: 'policy-1',
        rule_id: 'rule-1',
        fee_amount: 7,
        net_amount: 93,
        receivables: [r(1, '2032-01-19', 100, 7)],
      },
    ],
  ])('%s', (_, p, tx, expected) => expect(feeQuote(p, tx, FRIDAY_NIGHT)).toEqual(expected));

  it('never a negative net: a fee remainder installment 1 cannot carry moves to the next installments (issue 24)', () => {
    const q = feeQuote(
      policy({ flat: 11 }),
      { amount: 12, payment_method: 'CREDIT_CARD', installments: 12 },
      FRIDAY_NIGHT,
    );
    expect(q.receivables.map((r) => r.fee_amount)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    expect(q.receivables.map((r) => r.net_amount)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(q.net_amount).toBe(1);
  });

  it('11th installment of a 12: a Saturday before a holiday Monday rolls to Tuesday', () => {
    const q = feeQuote(null, { amount: 1_200, payment_method: 'CREDIT_CARD', installments: 12 }, FRIDAY_NIGHT);
    expect(q.receivables[10]!.payment_date).toBe('2032-11-16'); // 11-13 Saturday, 11-15 Republic Day
  });

  const method = fc.constantFrom(...PAYMENT_METHODS);
  const price = fc.record(
    {
      percentage: fc.integer({ min: 0, max: 1_000_000 }).map((u) => u / 10_000),
      flat: fc.nat(100_000),
      minimum_price: fc.nat(100_000),
    },
    { requiredKeys: [] },
  );
  const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) }).map((ms) => new Date(ms));

  it('the receivables sum to the amount and the fee, installment 1 carries the remainders, card dates are business days', () => {
    fc.assert(
      fc.property(
        method,
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 12 }),
        price,
        instant,
        (m, amount, n, p, now) => {
          const installments = m === 'CREDIT_CARD' ? n : 1;
          const q = feeQuote(policy(p), { amount, payment_method: m, installments }, now);
          const sum = (k: 'gross_amount' | 'fee_amount' | 'net_amount') =>
            q.receivables.reduce((s, r) => s + BigInt(r[k]), 0n);
          expect(q.receivables).toHaveLength(installments);
          expect(sum('gross_amount')).toBe(BigInt(amount));
          expect(sum('fee_amount')).toBe(BigInt(q.fee_amount));
          expect(sum('net_amount')).toBe(BigInt(q.net_amount));
          expect(q.fee_amount + q.net_amount).toBe(amount);
          expect(q.fee_amount).toBeGreaterThanOrEqual(0);
          for (const [i, r] of q.receivables.entries()) {
            expect(r.installment).toBe(i + 1);
            expect(r.net_amount).toBe(r.gross_amount - r.fee_amount);
            expect(r.net_amount).toBeGreaterThanOrEqual(0);
            if (i > 0) {
              expect(r.gross_amount).toBe(Math.floor(amount / installments));
              // M2's split, unless installment 1 could not carry the fee's remainder (then it spills onward)
              if (
                q.fee_amount - Math.floor(q.fee_amount / installments) * (installments - 1) <=
                q.receivables[0]!.gross_amount
              ) {
                expect(r.fee_amount).toBe(Math.floor(q.fee_amount / installments));
              }
              expect(r.payment_date > q.receivables[i - 1]!.payment_date).toBe(true);
            }
            if (m !== 'PIX') expect(isBusinessDay(r.payment_date)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
