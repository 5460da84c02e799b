import type { z } from 'zod';
import { containsCardNumber, containsPan } from '../domain/pan.js';
import type { IssueType, ValidationIssue } from '../kernel/errors.js';
import { scanInput } from './input-guard.js';
import { suggestField } from './field-suggestions.js';

/** Keys whose values are never echoed in an error nor logged (product.md §2). */
const SENSITIVE_KEYS = new Set([
  'number',
  'cvv',
  'cvc',
  'security_code',
  // Nothing inside a card object is echoed: a CVV or card number sent in any of its fields stays unechoed.
  'card',
  'card_data',
  'network_token',
  'cryptogram',
  'password',
  'new_password',
  'current_password',
  'code',
  'api_key',
  'signing_secret',
  'token',
  'content_base64',
  // Provider account credentials (providers.md R1.3): no value inside is ever echoed in an issue.
  'credentials',
]);

const MAX_ECHO_CHARS = 200;

/** Thrown by the validator compiler: keeps the raw Zod issues and the input so the mapper can echo values. */
export class RequestValidationError extends Error {
  validationContext?: string;
  statusCode = 400;
  constructor(
    readonly issues: z.core.$ZodIssue[],
    readonly input: unknown,
    readonly part: string,
    /** Issues found before the schema ran (input-guard.ts): already mapped, never echoing a value. */
    readonly guarded: ValidationIssue[] = [],
    /** The schema that refused it: what an unknown field's "did you mean" is looked up in. */
    readonly schema?: z.ZodType,
  ) {
    super('Request validation failed');
  }
}

export function validatorCompiler({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const zodSchema = schema as z.ZodType;
  const part = httpPart ?? 'body';
  return (data: unknown) => {
    // Headers are not free text a route stores; params are ids (checked for unstorable characters only).
    const guarded =
      part === 'headers' ? [] : scanInput(data, part === 'querystring' ? 'query' : part, part !== 'params');
    const result = zodSchema.safeParse(data);
    if (result.success && guarded.length === 0) return { value: result.data };
    return {
      error: new RequestValidationError(result.success ? [] : result.error.issues, data, part, guarded, zodSchema),
    };
  };
}

export function isSensitivePath(path: readonly PropertyKey[]): boolean {
  return path.some((p) => typeof p === 'string' && SENSITIVE_KEYS.has(p));
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/** A value safe and small enough to echo back; undefined means "leave it out". */
function echo(path: readonly PropertyKey[], value: unknown): unknown {
  if (value === undefined || isSensitivePath(path)) return undefined;
  if (typeof value === 'string' && containsPan(value)) return undefined;
  if (typeof value === 'number' && containsPan(String(value))) return undefined;
  // An encrypted card credential is never echoed, whatever field it was sent in.
  if (typeof value === 'string' && value.startsWith('ev:')) return undefined;
  if (typeof value === 'string') return value.length > MAX_ECHO_CHARS ? `${value.slice(0, MAX_ECHO_CHARS)}…` : value;
  if (typeof value === 'object' && value !== null) {
    const json = JSON.stringify(value);
    return json.length > MAX_ECHO_CHARS || containsPan(json) ? undefined : value;
  }
  return value;
}

/**
 * Every error's `details` as sent (product.md §2, §14): a value that carries a card number is left out wherever
 * it sits (`value`, `receivedValue`, an issue's `value`, any nested echo), whoever built the error. Zod issues
 * are already filtered by `echo`; this catches the values services echo themselves (a PIX key, a request_id).
 */
export function withoutCardEchoes(details: unknown): unknown {
  // §14's rule (a brand's prefix and length, CPF and CNPJ exempt): a conflict's document number stays echoed.
  const carriesPan = (v: unknown) =>
    (typeof v === 'string' && containsCardNumber(v)) || (typeof v === 'number' && containsCardNumber(String(v)));
  const walk = (value: unknown, depth: number): unknown => {
    if (depth > 8 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.filter((item) => !carriesPan(item)).map((item) => walk(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (!carriesPan(item)) out[key] = walk(item, depth + 1);
    return out;
  };
  return walk(details, 0);
}

const fieldName = (path: readonly PropertyKey[]) => path.map(String).join('.');

function describeReceived(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'decimal number';
  return typeof value;
}

/** Maps Zod issues to the contract's `{ field, type, message, value, constraints }` (product.md §2). */
export function mapZodIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  schema?: z.ZodType,
): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = [...issue.path, key];
        const suggestion = suggestField(schema, issue.path, key);
        const hint = suggestion === null ? '' : `; did you mean \`${fieldName([...issue.path, suggestion])}\`?`;
        const constraints = suggestion === null ? undefined : { did_you_mean: fieldName([...issue.path, suggestion]) };
        out.push(
          build(
            path,
            'UNKNOWN_FIELD',
            `${fieldName(path)} is not a field of this request${hint}`,
            valueAt(input, path),
            constraints,
          ),
        );
      }
      continue;
    }
    const value = valueAt(input, issue.path);
    const field = fieldName(issue.path) || 'body';
    out.push(mapOne(issue, field, value));
  }
  return out;
}

function build(
  path: readonly PropertyKey[],
  type: IssueType,
  message: string,
  value: unknown,
  constraints?: Record<string, unknown>,
): ValidationIssue {
  const shown = type === 'ENCRYPTION_REQUIRED' || type === 'DECRYPTION_FAILED' ? undefined : echo(path, value);
  return {
    field: fieldName(path),
    type,
    message,
    ...(shown === undefined ? {} : { value: shown }),
    ...(constraints ? { constraints } : {}),
  };
}

function mapOne(issue: z.core.$ZodIssue, field: string, value: unknown): ValidationIssue {
  const path = issue.path.length ? issue.path : [field];
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return build(path, 'REQUIRED', `${field} is required`, value);
      return build(
        path,
        'INVALID_TYPE',
        `${field} must be ${article(issue.expected)}, received ${describeReceived(value)}`,
        value,
        {
          expected: issue.expected,
        },
      );
    case 'too_small': {
      const min = Number(issue.minimum);
      const what =
        issue.origin === 'string'
          ? `at least ${min} characters`
          : issue.origin === 'array'
            ? `at least ${min} items`
            : `at least ${min}`;
      return build(
        path,
        'TOO_SMALL',
        `${field} must be ${issue.inclusive === false ? `greater than ${min}` : what}`,
        value,
        { min },
      );
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      const what =
        issue.origin === 'string'
          ? `at most ${max} characters`
          : issue.origin === 'array'
            ? `at most ${max} items`
            : `at most ${max}`;
      return build(
        path,
        'TOO_LARGE',
        `${field} must be ${issue.inclusive === false ? `less than ${max}` : what}`,
        value,
        { max },
      );
    }
    case 'invalid_value':
      // A missing case-insensitive enum (upperEnum preprocesses, so Zod reports the enum, not the absence).
      if (value === undefined) return build(path, 'REQUIRED', `${field} is required`, value);
      return build(path, 'INVALID_ENUM', `${field} must be one of: ${issue.values.map(String).join(', ')}`, value, {
        allowed: issue.values,
      });
    case 'not_multiple_of':
      return build(path, 'INVALID_FORMAT', `${field} must be a multiple of ${String(issue.divisor)}`, value, {
        multipleOf: issue.divisor,
      });
    case 'invalid_format': {
      const constraints: Record<string, unknown> = { format: issue.format };
      if ('pattern' in issue && issue.pattern) constraints.pattern = String(issue.pattern);
      const message =
        issue.message && !issue.message.startsWith('Invalid')
          ? issue.message
          : `${field} has an invalid ${issue.format} format`;
      return build(path, 'INVALID_FORMAT', message, value, constraints);
    }
    case 'custom': {
      const params = (issue.params ?? {}) as { type?: IssueType; constraints?: Record<string, unknown> };
      return build(
        path,
        params.type ?? 'INVALID_FORMAT',
        issue.message || `${field} is invalid`,
        value,
        params.constraints,
      );
    }
    default:
      return build(path, 'INVALID_TYPE', `${field} is invalid`, value);
  }
}

function article(expected: string): string {
  const names: Record<string, string> = {
    int: 'an integer',
    number: 'a number',
    string: 'a string',
    boolean: 'a boolean',
    object: 'an object',
    array: 'an array',
  };
  return names[expected] ?? expected;
}
