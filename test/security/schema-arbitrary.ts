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

const junk = fc.oneof(
  fc.constant(null),
  fc.constant(PLANTED_CARD),
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
  if (schema.enum?.length) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: junk });
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        if (schema.format === 'uuid') return fc.uuid();
        if (schema.format === 'email') return fc.emailAddress();
        if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
        if (schema.format === 'uri') return fc.webUrl();
        return fc.oneof(fc.string({ maxLength: 20 }), fc.stringMatching(/^[0-9]{5,14}$/), fc.constant(PLANTED_CARD));
      case 'integer':
        return fc.oneof(fc.integer({ min: -5, max: 10_000 }), fc.constantFrom(0, 1, -1, 2 ** 31, Number.MAX_SAFE_INTEGER));
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
