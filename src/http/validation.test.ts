import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mapZodIssues, withoutCardEchoes } from './validation.js';
import { isCardNumber, luhnValid } from '../domain/pan.js';

const schema = z.strictObject({
  name: z.string().min(2).max(5),
  amount: z.int().min(1),
  kind: z.enum(['A', 'B']),
  email: z.email().optional(),
  nested: z.strictObject({ count: z.int() }).optional(),
  card: z.strictObject({ number: z.string().startsWith('ev:') }).optional(),
  password: z.string().min(10).optional(),
  provider: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['P1', 'P2'])).optional(),
});
const withRequiredUpperEnum = z.strictObject({
  provider: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['P1', 'P2'])),
});

function issuesFor(input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected failure');
  return mapZodIssues(result.error.issues, input);
}

describe('mapZodIssues', () => {
  const valid = { name: 'abc', amount: 1, kind: 'A' };
  it.each([
    [
      { ...valid, name: undefined },
      { field: 'name', type: 'REQUIRED' },
    ],
    [
      { ...valid, amount: '1' },
      { field: 'amount', type: 'INVALID_TYPE', value: '1' },
    ],
    [
      { ...valid, amount: 1.5 },
      { field: 'amount', type: 'INVALID_TYPE', value: 1.5 },
    ],
    [
      { ...valid, amount: 0 },
      { field: 'amount', type: 'TOO_SMALL', value: 0, constraints: { min: 1 } },
    ],
    [
      { ...valid, name: 'abcdef' },
      { field: 'name', type: 'TOO_LARGE', constraints: { max: 5 } },
    ],
    [
      { ...valid, kind: 'C' },
      { field: 'kind', type: 'INVALID_ENUM', value: 'C', constraints: { allowed: ['A', 'B'] } },
    ],
    [
      { ...valid, email: 'nope' },
      { field: 'email', type: 'INVALID_FORMAT', value: 'nope' },
    ],
    [
      { ...valid, extra: 1 },
      { field: 'extra', type: 'UNKNOWN_FIELD', value: 1 },
    ],
    [
      { ...valid, nested: { count: 'x' } },
      { field: 'nested.count', type: 'INVALID_TYPE', value: 'x' },
    ],
  ])('%j', (input, expected) => {
    expect(issuesFor(input)[0]).toMatchObject(expected);
  });

  it('a missing case-insensitive enum is REQUIRED, not INVALID_ENUM', () => {
    const result = withRequiredUpperEnum.safeParse({});
    expect(result.success).toBe(false);
    expect(mapZodIssues(result.error!.issues, {})[0]).toMatchObject({ field: 'provider', type: 'REQUIRED' });
    expect(issuesFor({ ...valid, provider: 'p3' })[0]).toMatchObject({
      field: 'provider',
      type: 'INVALID_ENUM',
      value: 'p3',
    });
  });

  it('never echoes card numbers, passwords or codes', () => {
    const issues = issuesFor({ ...valid, card: { number: '4111111111111111' }, password: 'short' });
    expect(issues).toHaveLength(2);
    for (const issue of issues) expect(issue).not.toHaveProperty('value');
    expect(JSON.stringify(issues)).not.toContain('4111');
  });
});

describe('withoutCardEchoes (issue 24)', () => {
  it('leaves out every value carrying a card number, wherever it sits; keeps documents, ids and the rest', () => {
    // A valid CNPJ that is also Luhn-valid with a Diners prefix and length: a document, echoed as such.
    const cnpj = '36476246001820';
    expect(luhnValid(cnpj) && isCardNumber(cnpj)).toBe(true);
    const details = {
      field: 'key',
      value: '4111111111111111',
      receivedValue: 4111111111111111,
      issues: [
        { field: 'a', value: 'x 4111-1111-1111-1111' },
        { field: 'b', value: 'kept' },
      ],
      document: cnpj,
      id: '0b5e3b1c-2c3f-4c57-9d1e-0a6f2f6c1a11',
    };
    expect(withoutCardEchoes(details)).toEqual({
      field: 'key',
      issues: [{ field: 'a' }, { field: 'b', value: 'kept' }],
      document: cnpj,
      id: details.id,
    });
  });
});
