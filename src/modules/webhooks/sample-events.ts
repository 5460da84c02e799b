import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { EVENT_PAYLOADS, type EventType } from '../event-payloads.js';

type Json = Record<string, any>; // an untyped JSON Schema tree (eslint.config.js says why)

/**
 * A sample payload for any event type, built from the type's own schema (src/events/payloads.ts), so a type
 * added later has one without anything written here. Values are plausible rather than real: ids are fresh
 * uuids naming no resource, enums take their first value, nullable fields are filled when they can be, amounts
 * are 1990 cents. Checked against the schema before it is used (a sample that does not parse is a bug, and
 * `test/api/event-stream-order.test.ts` builds one for every type).
 */
export function samplePayload(type: EventType, now: Date): Record<string, unknown> {
  const schema = EVENT_PAYLOADS[type] as z.ZodType;
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json;
  const sample = new Sampler(json, now).of(json, '');
  const parsed = schema.safeParse(sample);
  if (!parsed.success) throw new Error(`sample payload of ${type} does not match its schema: ${parsed.error.message}`);
  return sample as Record<string, unknown>;
}

class Sampler {
  constructor(
    private readonly root: Json,
    private readonly now: Date,
  ) {}

  of(schema: Json | boolean | undefined, name: string): unknown {
    if (schema === undefined || typeof schema === 'boolean') return null;
    if (schema.$ref) return this.of(this.resolve(schema.$ref), name);
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) {
      // A status change moves from the first value to the second.
      const values = schema.enum.filter((v: unknown) => v !== null);
      return (name === 'new_status' && values.length > 1 ? values[1] : values[0]) ?? null;
    }
    if (schema.default !== undefined) return schema.default;
    const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
    if (options) {
      const first = options.find((o) => o.type !== 'null') ?? options[0];
      return this.of(first, name);
    }
    if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s: Json) => this.of(s, name)));
    const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
    switch (type) {
      case 'object':
        return Object.fromEntries(
          Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([key, s]) => [key, this.of(s, key)]),
        );
      case 'array':
        return schema.minItems > 0 ? Array.from({ length: schema.minItems }, () => this.of(schema.items, name)) : [];
      case 'string':
        return this.string(schema, name);
      case 'integer':
      case 'number':
        return this.number(schema, name);
      case 'boolean':
        return false;
      case 'null':
        return null;
      default:
        return null;
    }
  }

  private resolve(ref: string): Json {
    const path = ref.replace(/^#\//, '').split('/');
    return path.reduce<Json>((node, key) => node?.[key], this.root);
  }

  private string(schema: Json, name: string): string {
    switch (schema.format) {
      case 'date-time':
        return this.now.toISOString();
      case 'date':
        return this.now.toISOString().slice(0, 10);
      case 'uuid':
        return randomUUID();
      case 'email':
        return 'ana@example.com';
      case 'uri':
      case 'url':
        return 'https://example.com/sample';
    }
    if (/(^|_)id$/.test(name)) return randomUUID();
    if (/_at$/.test(name)) return this.now.toISOString();
    const text = name ? `sample ${name.replace(/_/g, ' ')}` : 'sample';
    const min = Number(schema.minLength ?? 0);
    const max = Number(schema.maxLength ?? Infinity);
    return text.padEnd(min, 'x').slice(0, max);
  }

  private number(schema: Json, name: string): number {
    const preferred = /amount|value|debt|total/.test(name) ? 1990 : /installment/.test(name) ? 1 : 1;
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -Infinity);
    const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Infinity);
    return Math.min(Math.max(preferred, min), max);
  }
}
