/**
 * Routing conditions (providers.md R6.3), pure. They read like fee policy conditions but differ on purpose in
 * two ways: a condition on a field the payment lacks (a card field of a PIX) is false whatever the operator,
 * and card BINs take `STARTS_WITH` with one prefix or a list of them.
 */
export const ROUTING_FIELDS = [
  'transaction.payment_method',
  'transaction.card_data.brand',
  'transaction.card_data.bin',
  'transaction.amount',
  'transaction.installments',
  'transaction.company_id',
] as const;
export type RoutingField = (typeof ROUTING_FIELDS)[number];

const SET_OPERATORS = ['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN'] as const;
const ORDER_OPERATORS = ['GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN', 'LESS_THAN_OR_EQUAL'] as const;
export const ROUTING_OPERATORS = [...SET_OPERATORS, ...ORDER_OPERATORS, 'STARTS_WITH'] as const;
export type RoutingOperator = (typeof ROUTING_OPERATORS)[number];

/** The operators each field takes; any other is `INVALID_ENUM` on the condition's `operator`. */
export const OPERATORS_BY_FIELD: Record<RoutingField, readonly RoutingOperator[]> = {
  'transaction.payment_method': SET_OPERATORS,
  'transaction.card_data.brand': SET_OPERATORS,
  'transaction.card_data.bin': ['STARTS_WITH'],
  'transaction.amount': [...SET_OPERATORS, ...ORDER_OPERATORS],
  'transaction.installments': [...SET_OPERATORS, ...ORDER_OPERATORS],
  'transaction.company_id': SET_OPERATORS,
};

type Scalar = string | number;

export interface RoutingCondition {
  field: RoutingField;
  operator: RoutingOperator;
  value: Scalar | Scalar[];
}

/** What routing knows of a payment (a create, a 3DS session routed as a card payment, or a dry run). */
export interface RoutedPayment {
  payment_method: string;
  amount: number;
  installments: number;
  company_id: string;
  capture: boolean;
  /** Null for a PIX or when the card is not known. */
  card: { brand: string | null; bin: string | null } | null;
  /** The payment carries 3DS data (a session or external); `authenticated`: `trans_status` Y or A. */
  three_ds: { authenticated: boolean } | null;
  pix_due_date: boolean;
  wallet_token: boolean;
  /** A 3DS session being routed (R6.8): only accounts that run sessions are capable. */
  three_ds_session?: boolean;
  /** A session a web browser runs: initiator CUSTOMER and `browser` given (R2.8: what Adyen can authenticate). */
  three_ds_web?: boolean;
}

function fieldValue(payment: RoutedPayment, field: RoutingField): Scalar | null {
  switch (field) {
    case 'transaction.payment_method':
      return payment.payment_method;
    case 'transaction.card_data.brand':
      return payment.card?.brand ?? null;
    case 'transaction.card_data.bin':
      return payment.card?.bin ?? null;
    case 'transaction.amount':
      return payment.amount;
    case 'transaction.installments':
      return payment.installments;
    case 'transaction.company_id':
      return payment.company_id;
  }
}

// Enums and uuids compare case-insensitively (requests take names in any case).
const same = (a: Scalar, b: Scalar) =>
  typeof a === 'string' && typeof b === 'string' ? a.toUpperCase() === b.toUpperCase() : a === b;

export function routingConditionHolds(payment: RoutedPayment, condition: RoutingCondition): boolean {
  const actual = fieldValue(payment, condition.field);
  if (actual === null) return false;
  const values = Array.isArray(condition.value) ? condition.value : [condition.value];
  switch (condition.operator) {
    case 'EQUALS':
    case 'IN':
      return values.some((v) => same(actual, v));
    case 'NOT_EQUALS':
    case 'NOT_IN':
      return !values.some((v) => same(actual, v));
    case 'STARTS_WITH':
      return (
        typeof actual === 'string' && values.some((prefix) => typeof prefix === 'string' && actual.startsWith(prefix))
      );
    default: {
      const bound = values[0];
      if (typeof actual !== 'number' || typeof bound !== 'number') return false;
      if (condition.operator === 'GREATER_THAN') return actual > bound;
      if (condition.operator === 'GREATER_THAN_OR_EQUAL') return actual >= bound;
      if (condition.operator === 'LESS_THAN') return actual < bound;
      return actual <= bound;
    }
  }
}

export interface MatchableRule {
  priority: number;
  enabled: boolean;
  conditions: readonly RoutingCondition[];
}

/** The enabled rule whose conditions all hold with the lowest `priority`; ties go to the earlier rule. */
export function winningRule<R extends MatchableRule>(rules: readonly R[], payment: RoutedPayment): R | null {
  let best: R | null = null;
  for (const rule of rules) {
    if (!rule.enabled || !rule.conditions.every((c) => routingConditionHolds(payment, c))) continue;
    if (best === null || rule.priority < best.priority) best = rule;
  }
  return best;
}
