import { MAX_AMOUNT, MAX_INSTALLMENTS, MAX_PIX_AMOUNT, PIX_EXPIRES_IN } from '../modules/transactions/transactions.rules.js';
import { HTTP_METHODS, type Json } from './openapi-operations.js';

/**
 * Rules the validators check beyond what their JSON Schema shows: refinements (a fee percentage's 0-100) and
 * rules a create checks after its schema, in the service's pure rules (so it answers their own codes: an amount of
 * 0 is `TOO_SMALL`, 1.5 `INVALID_TYPE`), stated in the document too: a client or mock generated from it must refuse
 * what the server refuses (issue 27, finding 6). The values come from the rules themselves; test/api/openapi-
 * strictness.test.ts checks each bound against them.
 */
const DUE_VALUE: Json = { type: 'number', minimum: 0.01, maximum: Number.MAX_SAFE_INTEGER, description: 'FIXED modes: cents, an integer of at least 1; percentage modes: 0.01-100 with at most 2 decimals' };

const TRANSACTION_CREATE: Record<string, Json> = {
  amount: { type: 'integer', minimum: 1, maximum: MAX_AMOUNT, description: `Cents, at least 1 (PIX: at most ${MAX_PIX_AMOUNT})` },
  installments: { type: 'integer', minimum: 1, maximum: MAX_INSTALLMENTS, description: `1-${MAX_INSTALLMENTS} for CREDIT_CARD, 1 otherwise (default 1)` },
  'pix.expires_in': { type: 'integer', minimum: PIX_EXPIRES_IN.min, maximum: PIX_EXPIRES_IN.max, description: `Seconds until the charge expires (default ${PIX_EXPIRES_IN.default})` },
  // Due-date PIX (pix-due.rules.ts): a value is cents (FIXED modes: an integer, at least 1) or a percentage
  // (at least 0.01, at most 100, 2 decimals), so the document states the smallest either takes.
  'pix.days_after_due': { type: 'integer', minimum: 0, maximum: 365, description: 'Days after due_date the charge may still be paid (default 0)' },
  'pix.fine.value': DUE_VALUE,
  'pix.interest.value': DUE_VALUE,
  'pix.discount.value': DUE_VALUE,
  'pix.discount.tiers[].value': DUE_VALUE,
};

/** fees.schemas.ts `percentage()`: a refinement, 0-100 with at most 4 decimals (checked on its decimal rendering). */
const PERCENTAGE: Json = { type: 'number', minimum: 0, maximum: 100, description: 'Percent, 0-100, at most 4 decimals' };
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
