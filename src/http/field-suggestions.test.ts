import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { editDistance, suggestField } from './field-suggestions.js';
import { mapZodIssues } from './validation.js';

const body = z.strictObject({
  amount: z.int(),
  payment_method: z.string(),
  card_data: z.strictObject({ number: z.string(), holder_name: z.string() }).optional(),
  items: z.array(z.strictObject({ sku: z.string(), quantity: z.int() })).default([]),
});

describe('did you mean (unknown fields)', () => {
  it.each([
    [[], 'ammount', 'amount'],
    [[], 'payment_methd', 'payment_method'],
    [[], 'Amount', 'amount'],
    [['card_data'], 'holder_nme', 'holder_name'],
    [['items', 0], 'quantiy', 'quantity'],
    [[], 'zebra', null],
    [[], 'x', null],
  ] as const)('at %j, %s -> %s', (path, key, expected) => {
    expect(suggestField(body, path, key)).toBe(expected);
  });

  it('names the closest known field in the issue', () => {
    const input = { amount: 1, payment_method: 'PIX', card_data: { number: '1', holder_nme: 'A' } };
    const result = body.safeParse(input);
    const issues = mapZodIssues(result.error!.issues, input, body);
    expect(issues).toContainEqual(
      expect.objectContaining({
        field: 'card_data.holder_nme',
        type: 'UNKNOWN_FIELD',
        message: 'card_data.holder_nme is not a field of this request; did you mean `card_data.holder_name`?',
        constraints: { did_you_mean: 'card_data.holder_name' },
      }),
    );
  });

  it('edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('limit', 'limit')).toBe(0);
  });
});
