import { describe, expect, it } from 'vitest';
import {
  ROUTING_FIELDS,
  ROUTING_OPERATORS,
  routingConditionHolds,
  winningRule,
  type RoutedPayment,
  type RoutingCondition,
} from './conditions.js';

const card: RoutedPayment = {
  payment_method: 'CREDIT_CARD',
  amount: 5_000,
  installments: 3,
  company_id: 'C0FFEE00-0000-4000-8000-000000000001',
  capture: true,
  card: { brand: 'VISA', bin: '41111111' },
  three_ds: null,
  pix_due_date: false,
  wallet_token: false,
};
const pix: RoutedPayment = { ...card, payment_method: 'PIX', installments: 1, card: null };

describe('routing conditions (R6.3)', () => {
  it.each<[RoutingCondition, boolean]>([
    [{ field: 'transaction.payment_method', operator: 'EQUALS', value: 'credit_card' }, true],
    [{ field: 'transaction.payment_method', operator: 'NOT_IN', value: ['PIX', 'DEBIT_CARD'] }, true],
    [{ field: 'transaction.card_data.brand', operator: 'IN', value: ['MASTERCARD', 'VISA'] }, true],
    [{ field: 'transaction.card_data.bin', operator: 'STARTS_WITH', value: '4111' }, true],
    [{ field: 'transaction.card_data.bin', operator: 'STARTS_WITH', value: ['5', '41'] }, true],
    [{ field: 'transaction.card_data.bin', operator: 'STARTS_WITH', value: ['5', '42'] }, false],
    [{ field: 'transaction.amount', operator: 'GREATER_THAN_OR_EQUAL', value: 5_000 }, true],
    [{ field: 'transaction.amount', operator: 'LESS_THAN', value: 5_000 }, false],
    [{ field: 'transaction.installments', operator: 'GREATER_THAN', value: 2 }, true],
    [{ field: 'transaction.company_id', operator: 'EQUALS', value: 'c0ffee00-0000-4000-8000-000000000001' }, true],
  ])('%o on a card payment: %s', (condition, expected) => {
    expect(routingConditionHolds(card, condition)).toBe(expected);
  });

  it('a condition on a field the payment lacks is false whatever the operator', () => {
    expect(
      routingConditionHolds(pix, { field: 'transaction.card_data.brand', operator: 'NOT_EQUALS', value: 'VISA' }),
    ).toBe(false);
    expect(
      routingConditionHolds(pix, { field: 'transaction.card_data.brand', operator: 'NOT_IN', value: ['VISA'] }),
    ).toBe(false);
    expect(
      routingConditionHolds(pix, { field: 'transaction.card_data.bin', operator: 'STARTS_WITH', value: '4' }),
    ).toBe(false);
  });

  it('the enabled matching rule with the lowest priority wins, ties to the earlier', () => {
    const rule = (id: string, priority: number, enabled = true, conditions: RoutingCondition[] = []) => ({
      id,
      priority,
      enabled,
      conditions,
    });
    expect(winningRule([rule('a', 5), rule('b', 1), rule('c', 1)], card)?.id).toBe('b');
    expect(winningRule([rule('a', 0, false), rule('b', 9)], card)?.id).toBe('b');
    const pixOnly = rule('p', 0, true, [{ field: 'transaction.payment_method', operator: 'EQUALS', value: 'PIX' }]);
    expect(winningRule([pixOnly], card)).toBeNull();
    expect(winningRule([pixOnly], pix)?.id).toBe('p');
  });

  it('a frozen (cached) rule list, compiled once, picks the rule the plain scan picks', () => {
    // Deterministic pseudo-random rules and payments over every field and operator (a fixed LCG: reproducible).
    let state = 7;
    const next = (n: number) => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31), state % n);
    const strings = ['visa', 'VISA', 'MASTERCARD', 'credit_card', 'PIX', '4111', '41', '5', card.company_id];
    const value = (): string | number => (next(2) === 0 ? strings[next(strings.length)]! : [0, 1, 3, 5_000][next(4)]!);
    const condition = (): RoutingCondition => {
      const field = ROUTING_FIELDS[next(ROUTING_FIELDS.length)]!;
      const operator = ROUTING_OPERATORS[next(ROUTING_OPERATORS.length)]!;
      return { field, operator, value: next(2) === 0 ? value() : [value(), value()] };
    };
    const payments = [
      card,
      pix,
      { ...card, card: { brand: null, bin: null } },
      { ...card, amount: 0, installments: 1 },
    ];
    for (let round = 0; round < 300; round++) {
      const rules = Array.from({ length: 1 + next(6) }, (_, i) => ({
        id: `r${i}`,
        priority: next(3),
        enabled: next(5) !== 0,
        conditions: Array.from({ length: next(3) }, condition),
      }));
      const frozen = Object.freeze(rules.map((r) => Object.freeze({ ...r, conditions: Object.freeze(r.conditions) })));
      for (const payment of payments) expect(winningRule(frozen, payment)?.id).toBe(winningRule(rules, payment)?.id);
    }
  });
});
