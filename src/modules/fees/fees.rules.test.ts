import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chooseRule,
  computeFee,
  conditionHolds,
  percentageDecimal,
  percentageUnits,
  quote,
  type Condition,
  type Price,
  type Rule,
} from './fees.rules.js';

describe('percentages without floating-point error', () => {
  it.each([
    [1.0001, 10_001],
    [0, 0],
    [100, 1_000_000],
    [2.5, 25_000],
    [0.0001, 1],
    [99.9999, 999_999],
    [0.1, 1_000],
    [0.3, 3_000],
  ])('%s is %s ten-thousandths', (value, units) => expect(percentageUnits(value)).toBe(units));

  it.each([1.00001, 0.00001, 100.0001, -1, 1e-7, Number.NaN, Infinity])('%s is refused', (value) =>
    expect(percentageUnits(value)).toBeNull(),
  );

  it('renders exact decimals for the database', () => {
    expect(percentageDecimal(1.0001)).toBe('1.0001');
    expect(percentageDecimal(0.1)).toBe('0.1000');
    expect(percentageDecimal(100)).toBe('100.0000');
  });

  it('every multiple of 0.0001 in 0-100 passes and reads back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (units) => {
        const value = Number(`${Math.floor(units / 10_000)}.${String(units % 10_000).padStart(4, '0')}`);
        expect(percentageUnits(value)).toBe(units);
      }),
    );
  });
});

describe('conditions', () => {
  const tx = { amount: 10_000, payment_method: 'CREDIT_CARD', installments: 3, card_data: { brand: 'VISA' } };
  it.each<[Condition, boolean]>([
    [{ field: 'transaction.payment_method', operator: 'EQUALS', value: 'credit_card' }, true],
    [{ field: 'transaction.payment_method', operator: 'NOT_EQUALS', value: 'DEBIT_CARD' }, true],
    [{ field: 'transaction.card_data.brand', operator: 'IN', value: ['MASTERCARD', 'VISA'] }, true],
    [{ field: 'transaction.card_data.brand', operator: 'NOT_IN', value: ['MASTERCARD', 'VISA'] }, false],
    [{ field: 'transaction.installments', operator: 'GREATER_THAN', value: 3 }, false],
    [{ field: 'transaction.installments', operator: 'GREATER_THAN_OR_EQUAL', value: 3 }, true],
    [{ field: 'transaction.amount', operator: 'LESS_THAN', value: 10_000 }, false],
    [{ field: 'transaction.amount', operator: 'LESS_THAN_OR_EQUAL', value: 10_000 }, true],
  ])('%o holds: %s', (condition, expected) => expect(conditionHolds(tx, condition)).toBe(expected));

  it('an absent field satisfies only the negative operators', () => {
    const pix = { amount: 100, payment_method: 'PIX' };
    expect(conditionHolds(pix, { field: 'transaction.card_data.brand', operator: 'EQUALS', value: 'VISA' })).toBe(
      false,
    );
    expect(conditionHolds(pix, { field: 'transaction.card_data.brand', operator: 'NOT_EQUALS', value: 'VISA' })).toBe(
      true,
    );
    expect(conditionHolds(pix, { field: 'transaction.installments', operator: 'LESS_THAN', value: 2 })).toBe(false);
  });
});

describe('rule choice and fee', () => {
  const r = (id: string, priority: number, conditions: Condition[] = [], price: Price = { percentage: 1 }): Rule => ({
    id,
    priority,
    conditions,
    price,
  });

  it('picks the lowest priority among matching rules; ties go to the earlier rule', () => {
    const credit: Condition = { field: 'transaction.payment_method', operator: 'EQUALS', value: 'CREDIT_CARD' };
    const rules = [
      r('any', 10),
      r('credit-a', 1, [credit]),
      r('credit-b', 1, [credit]),
      r('debit', 0, [{ ...credit, value: 'DEBIT_CARD' }]),
    ];
    expect(chooseRule(rules, { amount: 1, payment_method: 'CREDIT_CARD' })?.id).toBe('credit-a');
    expect(chooseRule(rules, { amount: 1, payment_method: 'PIX' })?.id).toBe('any');
    expect(chooseRule([], { amount: 1 })).toBeNull();
  });

  it.each([
    [10_000, { percentage: 2.99 }, 299],
    [10_000, { percentage: 2.99, flat: 50 }, 349],
    [150, { percentage: 1 }, 2], // 1.5 rounds half up
    [149, { percentage: 1 }, 1],
    [100, { percentage: 1, minimum_price: 30 }, 30],
    [20, { flat: 50 }, 20], // never above the amount
    [12_345, { percentage: 0.0001 }, 0],
    [5_000, { percentage: 0.0001 }, 0], // 0.005 cents rounds to 0
    [5_000_000, { percentage: 0.0001 }, 5],
    [15_000, { percentage: 0.01 }, 2], // 1.5 cents rounds half up
    [10_000_000, { percentage: 0.0001 }, 10],
  ])('fee of %s with %o is %s', (amount, price, fee) => expect(computeFee(amount, price)).toBe(fee));

  it('quotes null rule and zero fee when nothing matches', () => {
    expect(
      quote([r('x', 0, [{ field: 'transaction.amount', operator: 'GREATER_THAN', value: 100 }])], { amount: 50 }),
    ).toEqual({ rule_id: null, fee_amount: 0, net_amount: 50 });
  });

  const price = fc.record({
    percentage: fc.option(
      fc.integer({ min: 0, max: 1_000_000 }).map((u) => u / 10_000),
      { nil: undefined },
    ),
    flat: fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: undefined }),
    minimum_price: fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: undefined }),
  });

  it('the fee is never negative nor above the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), price, (amount, p) => {
        const fee = computeFee(amount, p);
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(amount);
      }),
    );
  });

  it('adding a rule that does not match changes nothing', () => {
    const never: Condition = { field: 'transaction.amount', operator: 'LESS_THAN', value: 0 };
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), price, fc.boolean()), { maxLength: 6 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 1e9 }),
        (specs, at, priority, amount) => {
          const rules = specs.map(([prio, p, credit], i) =>
            r(
              `r${i}`,
              prio,
              credit ? [{ field: 'transaction.payment_method', operator: 'EQUALS', value: 'CREDIT_CARD' }] : [],
              p,
            ),
          );
          const tx = { amount, payment_method: 'CREDIT_CARD' };
          const before = quote(rules, tx);
          const withExtra = [...rules.slice(0, at), r('never', priority, [never]), ...rules.slice(at)];
          expect(quote(withExtra, tx)).toEqual(before);
        },
      ),
    );
  });
});
