import { safeEncode, type ZodType } from 'zod';

/**
 * Response serializers compiled once per route from the route's Zod response schema (docs/decisions/
 * developer-experience.md "Response serialization"). fastify-type-provider-zod's serializer encodes every
 * response through the schema (a new object per object, unknown keys stripped) and then runs JSON.stringify
 * over the copy: two walks and the garbage of a copy, for every response. A compiled writer does it in one walk:
 * the schema's keys in the schema's order (the order Zod's copy has), unknown keys never written, `undefined`
 * keys skipped (as JSON.stringify skips them in the copy).
 *
 * Exactness: a writer checks the JSON types it writes (string, finite number, boolean, null, enum and literal
 * members, arrays, plain objects), not Zod's refinements (formats, lengths, integer). Whenever a value does not
 * fit, or a schema uses a part the compiler does not know (transforms, pipes, defaults, lazy, strict or loose
 * objects, ...), the response goes through the Zod path as before, so an invalid response still fails as it did.
 * With `verify` (the test suites), every response is also serialized the Zod way and a difference is an error:
 * the suites' thousands of real responses check the equivalence.
 */

type Writer = (value: unknown) => string | undefined;

/**
 * Thrown inside a writer when a value does not fit its schema: the caller falls back to Zod. One instance made
 * once (its stack is captured at construction, not at each throw).
 */
const MISFIT = new Error('the value does not fit its response schema');

const misfit = (): never => {
  throw MISFIT;
};

interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  innerType?: ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: ZodType[];
  keyType?: ZodType;
  valueType?: ZodType;
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const json = (value: string | number | boolean) => JSON.stringify(value);

/** A schema's writer, or null when any part of it is one the compiler does not handle exactly. */
export function compileWriter(schema: ZodType): Writer | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? json(v) : misfit());
    case 'number':
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? json(v) : misfit());
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? (v ? 'true' : 'false') : misfit());
    case 'null':
      return (v) => (v === null ? 'null' : misfit());
    case 'date':
      return (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? JSON.stringify(v) : misfit());
    case 'unknown':
    case 'any':
      // Zod hands the value itself on; JSON.stringify of it is what the copy would give.
      return (v) => JSON.stringify(v);
    case 'enum': {
      const members = new Set(Object.values(def.entries ?? {}));
      return (v) => (members.has(v) && (typeof v === 'string' || typeof v === 'number') ? json(v) : misfit());
    }
    case 'literal': {
      const members = new Set(def.values ?? []);
      return (v) =>
        members.has(v) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
          ? json(v)
          : v === null && members.has(null)
            ? 'null'
            : misfit();
    }
    case 'nullable': {
      const inner = def.innerType && compileWriter(def.innerType);
      return inner ? (v) => (v === null ? 'null' : inner(v)) : null;
    }
    case 'optional': {
      const inner = def.innerType && compileWriter(def.innerType);
      return inner ? (v) => (v === undefined ? undefined : inner(v)) : null;
    }
    case 'array': {
      const element = def.element && compileWriter(def.element);
      if (!element) return null;
      return (v) => {
        if (!Array.isArray(v)) return misfit();
        let out = '[';
        for (let i = 0; i < v.length; i++) {
          // Zod's copy keeps an element that encodes to undefined; JSON.stringify writes it as null.
          out += (i > 0 ? ',' : '') + (element(v[i]) ?? 'null');
        }
        return `${out}]`;
      };
    }
    case 'object':
      return def.catchall ? null : objectWriter(def.shape ?? {});
    case 'record': {
      // Only string keys: other key schemas (enums) make Zod check the keys.
      if (!def.keyType || defOf(def.keyType).type !== 'string' || !def.valueType) return null;
      if ((def.keyType as unknown as { _zod: { def: { checks?: unknown[] } } })._zod.def.checks?.length) return null;
      const value = compileWriter(def.valueType);
      if (!value) return null;
      return (v) => {
        if (!isPlainObject(v)) return misfit();
        let out = '{';
        let first = true;
        for (const key of Object.keys(v)) {
          const written = value(v[key]);
          if (written === undefined) continue;
          out += `${first ? '' : ','}${JSON.stringify(key)}:${written}`;
          first = false;
        }
        return `${out}}`;
      };
    }
    case 'union': {
      const options = (def.options ?? []).map(compileWriter);
      if (options.length === 0 || options.some((o) => o === null)) return null;
      const writers = options as Writer[];
      // Zod answers with the first option that accepts the value.
      return (v) => {
        for (const write of writers) {
          try {
            return write(v);
          } catch (error) {
            if (error !== MISFIT) throw error;
          }
        }
        return misfit();
      };
    }
    default:
      return null;
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

function objectWriter(shape: Record<string, ZodType>): Writer | null {
  const fields: { prefix: string; write: Writer }[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const write = compileWriter(schema);
    if (!write) return null;
    fields.push({ prefix: `${JSON.stringify(key)}:`, write });
  }
  const keys = Object.keys(shape);
  return (v) => {
    if (!isPlainObject(v)) return misfit();
    let out = '{';
    let first = true;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      const written = field.write(v[keys[i]!]);
      if (written === undefined) continue;
      out += (first ? '' : ',') + field.prefix + written;
      first = false;
    }
    return `${out}}`;
  };
}

/** The Zod path (fastify-type-provider-zod's serializer): encode through the schema, then JSON.stringify. */
export class ResponseSerializationError extends Error {
  constructor(method: string, url: string, options: { cause: unknown }) {
    super(`Response doesn't match the schema (${method} ${url})`, options);
    this.name = 'ResponseSerializationError';
  }
}

function zodSerialize(schema: ZodType, data: unknown, method: string, url: string): string {
  const result = safeEncode(schema, data);
  if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
  return JSON.stringify(result.data);
}

function resolveSchema(maybeSchema: unknown): ZodType {
  const candidate =
    maybeSchema && typeof maybeSchema === 'object' && 'properties' in maybeSchema
      ? maybeSchema.properties
      : maybeSchema;
  if (!candidate || typeof candidate !== 'object' || !('_zod' in candidate))
    throw new Error(`Not a Zod response schema: ${JSON.stringify(maybeSchema)}`);
  return candidate as ZodType;
}

/** Which routes' responses got a compiled writer and which stay on the Zod path (the coverage test reads it). */
export const serializerCoverage = { compiled: new Set<string>(), zod: new Set<string>() };

/** Fastify's serializer compiler: a compiled writer per route and status, the Zod path where there is none. */
export function compiledSerializerCompiler(options: { verify: boolean }) {
  return ({
    schema: maybeSchema,
    method,
    url,
    httpStatus,
  }: {
    schema: unknown;
    method: string;
    url: string;
    httpStatus?: string;
  }) => {
    const schema = resolveSchema(maybeSchema);
    const writer = compileWriter(schema);
    (writer ? serializerCoverage.compiled : serializerCoverage.zod).add(`${method} ${url} ${httpStatus ?? ''}`);
    if (!writer) return (data: unknown) => zodSerialize(schema, data, method, url);
    return (data: unknown) => {
      let fast: string | undefined;
      try {
        fast = writer(data);
      } catch (error) {
        if (error !== MISFIT) throw error;
        return zodSerialize(schema, data, method, url);
      }
      if (fast === undefined) return zodSerialize(schema, data, method, url);
      if (options.verify) {
        const slow = zodSerialize(schema, data, method, url);
        if (slow !== fast)
          throw new Error(`compiled serializer differs from Zod's for ${method} ${url}:\n${fast}\n${slow}`);
      }
      return fast;
    };
  };
}
