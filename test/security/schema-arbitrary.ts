import fc from 'fast-check';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
};

/** A Luhn-valid test card number: planted in fuzzed bodies, it must never come back in a response. */
export const PLANTED_CARD = '4111111111111111';
/** Other card numbers and groupings planted (product.md §14): none may be stored, logged, echoed or sent. */
// 6370950000000005: Itaú's Hiper (HIPERCARD), a BIN the §14 detector once missed (issue 24).
export const PLANTED_FORMS = [
  PLANTED_CARD,
  '4111 1111 1111 1111',
  'tx-4111-1111-1111-1111',
  'Ana 5555-5555-5555-4444',
  '378282246310005',
  'hiper 6370950000000005',
  `${PLANTED_CARD}@example.com`,
];
/** What must never be found anywhere: each planted number's digits in the forms they were sent in. */
export const PLANTED_NEEDLES = [
  PLANTED_CARD,
  '4111 1111 1111 1111',
  '4111-1111-1111-1111',
  '5555-5555-5555-4444',
  '5555555555554444',
  '378282246310005',
  '6370950000000005',
];

const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) });
/** Input classes of the audit (issue 11): unstorable strings, deep JSON, card numbers in free text, huge metadata. */
export const hostileString = fc.constantFrom('a\u0000b', '\u0000', 'x\ud800', '\udc00y', ...PLANTED_FORMS);
const hostile = fc.oneof(
  hostileString,
  fc.constant(Number(PLANTED_CARD)),
  fc.constant(nested(40)),
  fc.constant({ ['k\u0000']: 1 }),
  fc.constant(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`key${i}`, i]))),
  fc.constant({ ['k'.repeat(41)]: 'v' }),
);

const junk = fc.oneof(
  fc.constant(null),
  fc.constant(PLANTED_CARD),
  hostile,
  fc.constant('ev:short'),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
);

/**
 * Values for a JSON schema from the OpenAPI document: mostly shaped like the schema (so requests get past
 * the first check and reach deeper code), sometimes edge values and junk (so every error path is exercised).
 */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junk;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => fromSchema(s, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], depth + 1);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), junk);
  if (schema.enum?.length)
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: junk });
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        if (schema.format === 'uuid') return fc.uuid();
        if (schema.format === 'email') return fc.emailAddress();
        if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
        if (schema.format === 'uri') return fc.webUrl();
        return fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.stringMatching(/^[0-9]{5,14}$/),
          fc.constant(PLANTED_CARD),
          hostileString,
        );
      case 'integer':
        return fc.oneof(
          fc.integer({ min: -5, max: 10_000 }),
          fc.constantFrom(0, 1, -1, 2 ** 31, Number.MAX_SAFE_INTEGER),
        );
      case 'number':
        return fc.oneof(fc.integer({ min: -5, max: 10_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 3 });
      case 'object': {
        const props = schema.properties ?? {};
        const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fromSchema(s, depth + 1)]));
        return fc.record(model, { requiredKeys: [] });
      }
      default:
        return junk;
    }
  })();
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: junk });
}
