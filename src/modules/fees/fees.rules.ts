/**
 * Fee policy rules (product.md §9), pure: percentages as exact decimals, condition matching, the rule
 * choice and the fee formula. No floating-point arithmetic touches money.
 */
export const CONDITION_FIELDS = [
  'transaction.payment_method',
  'transaction.installments',
  'transaction.card_data.brand',
  'transaction.amount',
] as const;
export const OPERATORS = [
  'EQUALS',
  'NOT_EQUALS',
  'IN',
  'NOT_IN',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
] as const;
export const NUMERIC_FIELDS: readonly ConditionField[] = ['transaction.installments', 'transaction.amount'];
export const LIST_OPERATORS: readonly Operator[] = ['IN', 'NOT_IN'];
export const ORDER_OPERATORS: readonly Operator[] = [
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
];

export type ConditionField = (typeof CONDITION_FIELDS)[number];
export type Operator = (typeof OPERATORS)[number];
type Scalar = string | number;

export interface Condition {
  field: ConditionField;
  operator: Operator;
  value: Scalar | Scalar[];
}

export interface Price {
  percentage?: number;
  flat?: number;
  minimum_price?: number;
}

export interface Rule {
  id: string;
  conditions: Condition[];
  price: Price;
  priority: number;
}

export interface QuoteTransaction {
  amount: number;
  payment_method?: string;
  installments?: number;
  card_data?: { brand?: string };
}

/** Units of 0.0001 per 1 (percent points): 100 % is 1_000_000. */
const PERCENT_SCALE = 10_000;

/**
 * A percentage as a whole number of ten-thousandths, from its shortest decimal rendering (what the client
 * wrote: JSON `1.0001` renders back as "1.0001"), or null when it has a fifth decimal, an exponent or is out of 0-100.
 */
export function percentageUnits(value: number): number | null {
  if (!Number.isFinite(value) || value < 0 || value > 100) return null;
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(String(value));
  if (!match) return null;
  return Number(match[1]) * PERCENT_SCALE + Number((match[2] ?? '').padEnd(4, '0'));
}

/** The exact decimal string for a numeric(7,4) column. */
export function percentageDecimal(value: number): string {
  const units = percentageUnits(value);
  if (units === null) throw new Error(`not a valid percentage: ${value}`);
  return `${Math.floor(units / PERCENT_SCALE)}.${String(units % PERCENT_SCALE).padStart(4, '0')}`;
}

function fieldValue(tx: QuoteTransaction, field: ConditionField): Scalar | undefined {
  switch (field) {
    case 'transaction.payment_method':
      return tx.payment_method;
    case 'transaction.installments':
      return tx.installments;
    case 'transaction.card_data.brand':
      return tx.card_data?.brand;
    case 'transaction.amount':
      return tx.amount;
  }
}

const same = (a: Scalar, b: Scalar) =>
  typeof a === 'string' && typeof b === 'string' ? a.toUpperCase() === b.toUpperCase() : a === b;

/**
 * Whether a condition holds. A transaction without the field (e.g. no card brand for PIX) satisfies only
 * the negative operators (NOT_EQUALS, NOT_IN).
 */
export function conditionHolds(tx: QuoteTransaction, c: Condition): boolean {
  const actual = fieldValue(tx, c.field);
  const list = Array.isArray(c.value) ? c.value : [c.value];
  if (actual === undefined) return c.operator === 'NOT_EQUALS' || c.operator === 'NOT_IN';
  switch (c.operator) {
    case 'EQUALS':
    case 'IN':
      return list.some((v) => same(actual, v));
    case 'NOT_EQUALS':
    case 'NOT_IN':
      return !list.some((v) => same(actual, v));
    default: {
      const bound = list[0];
      if (typeof actual !== 'number' || typeof bound !== 'number') return false;
      if (c.operator === 'GREATER_THAN') return actual > bound;
      if (c.operator === 'GREATER_THAN_OR_EQUAL') return actual >= bound;
      if (c.operator === 'LESS_THAN') return actual < bound;
      return actual <= bound;
    }
  }
}

export const ruleMatches = (tx: QuoteTransaction, rule: Rule) => rule.conditions.every((c) => conditionHolds(tx, c));

/** The matching rule with the lowest priority; ties go to the earlier rule in the array. */
export function chooseRule<R extends Rule>(rules: readonly R[], tx: QuoteTransaction): R | null {
  let best: R | null = null;
  for (const rule of rules) {
    if (ruleMatches(tx, rule) && (best === null || rule.priority < best.priority)) best = rule;
  }
  return best;
}

/** Fee = max(minimum_price, round-half-up(amount x percentage / 100) + flat), never above the amount. */
export function computeFee(amount: number, price: Price): number {
  const units = BigInt(price.percentage === undefined ? 0 : (percentageUnits(price.percentage) ?? 0));
  const denominator = BigInt(100 * PERCENT_SCALE);
  const proportional = Number((BigInt(amount) * units * 2n + denominator) / (denominator * 2n));
  const fee = Math.max(price.minimum_price ?? 0, proportional + (price.flat ?? 0));
  return Math.min(Math.max(fee, 0), amount);
}

export function quote(
  rules: readonly Rule[],
  tx: QuoteTransaction,
): { rule_id: string | null; fee_amount: number; net_amount: number } {
  const rule = chooseRule(rules, tx);
  const fee = rule ? computeFee(tx.amount, rule.price) : 0;
  return { rule_id: rule?.id ?? null, fee_amount: fee, net_amount: tx.amount - fee };
}
