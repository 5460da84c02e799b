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
  // A frozen list (the cached configuration's, shared by every decision of its version) is compiled once; any other
  // is scanned as it is: compiling a list used once costs more than the scan (a create's own read).
  if (Object.isFrozen(rules)) return firstMatch(compiledRules(rules), payment);
  let best: R | null = null;
  for (const rule of rules) {
    if (!rule.enabled || !rule.conditions.every((c) => routingConditionHolds(payment, c))) continue;
    if (best === null || rule.priority < best.priority) best = rule;
  }
  return best;
}

/** A condition with its values prepared: the uppercase strings and the numbers a set operator compares with. */
interface CompiledCondition {
  field: RoutingField;
  operator: RoutingOperator;
  strings: ReadonlySet<string>;
  numbers: ReadonlySet<number>;
  prefixes: readonly string[];
  bound: Scalar | undefined;
}

interface CompiledRule<R> {
  rule: R;
  conditions: readonly CompiledCondition[];
}

/**
 * The enabled rules in the order a decision tries them: `priority` ascending, ties in list order (a stable sort),
 * so the first whose conditions hold is `winningRule`'s. Per frozen list; a 50-rule configuration's sorting and
 * uppercasing was redone by each decision (docs/performance.md, 2026-11-28 08:30).
 */
const compiled = new WeakMap<readonly MatchableRule[], readonly CompiledRule<MatchableRule>[]>();

function compiledRules<R extends MatchableRule>(rules: readonly R[]): readonly CompiledRule<R>[] {
  let list = compiled.get(rules) as readonly CompiledRule<R>[] | undefined;
  if (list) return list;
  list = rules
    .filter((rule) => rule.enabled)
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => a.rule.priority - b.rule.priority || a.index - b.index)
    .map(({ rule }) => ({ rule, conditions: rule.conditions.map(compileCondition) }));
  compiled.set(rules, list);
  return list;
}

function compileCondition(condition: RoutingCondition): CompiledCondition {
  const values = Array.isArray(condition.value) ? condition.value : [condition.value];
  return {
    field: condition.field,
    operator: condition.operator,
    strings: new Set(values.filter((v): v is string => typeof v === 'string').map((v) => v.toUpperCase())),
    numbers: new Set(values.filter((v): v is number => typeof v === 'number')),
    prefixes: values.filter((v): v is string => typeof v === 'string'),
    bound: values[0],
  };
}

function firstMatch<R>(rules: readonly CompiledRule<R>[], payment: RoutedPayment): R | null {
  for (const { rule, conditions } of rules) if (conditions.every((c) => compiledHolds(payment, c))) return rule;
  return null;
}

/** `routingConditionHolds` on a compiled condition: the same answers (conditions.test.ts compares them). */
function compiledHolds(payment: RoutedPayment, condition: CompiledCondition): boolean {
  const actual = fieldValue(payment, condition.field);
  if (actual === null) return false;
  switch (condition.operator) {
    case 'EQUALS':
    case 'IN':
    case 'NOT_EQUALS':
    case 'NOT_IN': {
      const found =
        typeof actual === 'string' ? condition.strings.has(actual.toUpperCase()) : condition.numbers.has(actual);
      return condition.operator === 'EQUALS' || condition.operator === 'IN' ? found : !found;
    }
    case 'STARTS_WITH':
      return typeof actual === 'string' && condition.prefixes.some((prefix) => actual.startsWith(prefix));
    default: {
      const bound = condition.bound;
      if (typeof actual !== 'number' || typeof bound !== 'number') return false;
      if (condition.operator === 'GREATER_THAN') return actual > bound;
      if (condition.operator === 'GREATER_THAN_OR_EQUAL') return actual >= bound;
      if (condition.operator === 'LESS_THAN') return actual < bound;
      return actual <= bound;
    }
  }
}
