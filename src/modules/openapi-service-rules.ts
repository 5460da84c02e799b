import { MAX_AMOUNT, MAX_INSTALLMENTS, MAX_PIX_AMOUNT, PIX_EXPIRES_IN } from '../domain/payment-limits.js';
import { DAYS_AFTER_DUE_DEFAULT } from './payments/index.js';
import { HTTP_METHODS, type Json } from '../http/openapi-operations.js';

/**
 * Rules the validators check beyond what their JSON Schema shows: refinements (a fee percentage's 0-100) and
 * rules a create checks after its schema, in the service's pure rules (so it answers their own codes: an amount of
 * 0 is `TOO_SMALL`, 1.5 `INVALID_TYPE`), stated in the document too: a client or mock generated from it must refuse
 * what the server refuses (issue 27, finding 6). The values come from the rules themselves; test/api/openapi-
 * strictness.test.ts checks each bound against them.
 */
/**
 * A due-date PIX's charges (pix-due.rules.ts): cents (an integer of at least 1) in the FIXED modes, a percentage
 * with two decimals in the others; the document states the bounds that hold in every mode, the description the rest.
 */
const DUE_VALUE = (what: string, fixedMax: string, percentMax: number): Json => ({
  type: 'number',
  minimum: 0.01,
  maximum: MAX_AMOUNT,
  description: `${what}: FIXED modes in integer cents, 1 to ${fixedMax}; percentage modes 0.01-${percentMax} with at most 2 decimals`,
});

const TRANSACTION_CREATE: Record<string, Json> = {
  amount: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_AMOUNT,
    description: `Cents, at least 1 (PIX: at most ${MAX_PIX_AMOUNT})`,
  },
  installments: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_INSTALLMENTS,
    description: `1-${MAX_INSTALLMENTS} for CREDIT_CARD, 1 otherwise (default 1)`,
  },
  'pix.expires_in': {
    type: 'integer',
    minimum: PIX_EXPIRES_IN.min,
    maximum: PIX_EXPIRES_IN.max,
    description: `Seconds until the charge expires (default ${PIX_EXPIRES_IN.default})`,
  },
  'pix.days_after_due': {
    type: 'integer',
    minimum: 0,
    maximum: 365,
    description: `Days after the due date it may still be paid, 0-365 (default ${DAYS_AFTER_DUE_DEFAULT})`,
  },
  'pix.fine.value': DUE_VALUE('The fine', 'the amount', 100),
  'pix.interest.value': { ...DUE_VALUE('The interest', 'any amount', 100), maximum: Number.MAX_SAFE_INTEGER },
  'pix.discount.value': DUE_VALUE('The discount', 'the amount less 1', 99.99),
  'pix.discount.tiers[].value': DUE_VALUE("A tier's discount", 'the amount less 1', 99.99),
};

/** fees.schemas.ts `percentage()`: a refinement, 0-100 with at most 4 decimals (checked on its decimal rendering). */
const PERCENTAGE: Json = {
  type: 'number',
  minimum: 0,
  maximum: 100,
  description: 'Percent, 0-100, at most 4 decimals',
};
const FEE_POLICY: Record<string, Json> = {
  automatic_anticipation_percentage: PERCENTAGE,
  spot_anticipation_percentage: PERCENTAGE,
  'rules[].price.percentage': PERCENTAGE,
};

export const SERVICE_RULES: Record<string, Record<string, Json>> = {
  'transactions.create': TRANSACTION_CREATE,
  'merchants.transactions.create': TRANSACTION_CREATE,
  'pricing.feePolicies.create': FEE_POLICY,
  'pricing.feePolicies.update': FEE_POLICY,
};

/** The property schema at a dotted path of an object schema (`name[]` steps into array items; through anyOf wrappers). */
function propertyAt(schema: Json | undefined, dotted: string): Json | undefined {
  let at = schema;
  for (const step of dotted.split('.')) {
    const name = step.replace(/\[\]$/, '');
    const object = at?.properties ? at : (at?.anyOf as Json[] | undefined)?.find((s) => s.properties);
    at = object?.properties?.[name];
    if (step.endsWith('[]')) at = at?.items;
  }
  return at;
}

/** Applies SERVICE_RULES over the request bodies (before they are named as components). */
export function applyServiceRules(doc: Json): void {
  for (const item of Object.values<Json>(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Json | undefined;
      const rules = operation && SERVICE_RULES[operation.operationId];
      const schema = operation?.requestBody?.content?.['application/json']?.schema as Json | undefined;
      if (!rules || !schema) continue;
      for (const [dotted, rule] of Object.entries(rules)) {
        const property = propertyAt(schema, dotted);
        if (!property) throw new Error(`${operation.operationId}: no request property ${dotted} for its service rule`);
        Object.assign(property, { ...rule, description: property.description ?? rule.description });
      }
    }
  }
}
