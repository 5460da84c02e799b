import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeEncode, z, type ZodType } from 'zod';
import { compiledSerializerCompiler, compileWriter } from './serializer.js';

/** What fastify-type-provider-zod answered: the value encoded through the schema, then JSON.stringify. */
function zodWay(schema: ZodType, value: unknown): string | Error {
  const result = safeEncode(schema, value);
  return result.error ? new Error('misfit') : JSON.stringify(result.data);
}

function compiledWay(schema: ZodType, value: unknown): string | Error {
  const serialize = compiledSerializerCompiler({ verify: false })({ schema, method: 'GET', url: '/x' });
  try {
    return serialize(value);
  } catch {
    return new Error('misfit');
  }
}

const card = z.object({
  brand: z.enum(['VISA', 'MASTERCARD']),
  last_digits: z.string(),
  funding: z.enum(['CREDIT', 'DEBIT']).nullable(),
  wallet: z.string().nullable().optional(),
});
const transaction = z.object({
  id: z.uuid(),
  amount: z.int(),
  status: z.literal(['APPROVED', 'DECLINED']),
  capture: z.boolean(),
  card_data: card.nullable(),
  metadata: z.record(z.string(), z.string()).nullable(),
  attempts: z.array(z.object({ number: z.number(), error: z.object({ code: z.string() }).nullable() })),
  created_at: z.iso.datetime(),
  extra: z.unknown().optional(),
});
const union = z.union([
  z.object({ kind: z.literal('A'), a: z.string() }),
  z.object({ kind: z.literal('B'), b: z.number() }),
]);

const base = {
  id: '7f1c6d2e-0d7e-4c8e-9a55-1d9e0c7e2a11',
  amount: 4200,
  status: 'APPROVED',
  capture: true,
  card_data: { brand: 'VISA', last_digits: '1111', funding: null },
  metadata: { order: '42' },
  attempts: [{ number: 1, error: null }],
  created_at: '2026-11-28T08:00:00.000Z',
};

describe('compiled response serializers give the bytes of the Zod path', () => {
  it.each([
    ['the schema order, not the value order', Object.fromEntries(Object.entries(base).reverse())],
    ['unknown keys stripped at every level', { ...base, secret: 'x', card_data: { ...base.card_data, pan: '4111' } }],
    ['optional keys absent or undefined', { ...base, card_data: { ...base.card_data, wallet: undefined } }],
    ['nullable values', { ...base, card_data: null, metadata: null }],
    ['unknown values written as they are', { ...base, extra: { nested: [1, 'two', null] } }],
    ['a record keeps its keys in the value order', { ...base, metadata: { z: '1', a: '2' } }],
  ])('%s', (_, value) => {
    expect(compiledWay(transaction, value)).toEqual(zodWay(transaction, value));
    expect(compileWriter(transaction)).not.toBeNull();
  });

  it.each([
    ['a missing required key', { ...base, amount: undefined }],
    ['a wrong type', { ...base, capture: 'yes' }],
    ['a value outside the enum', { ...base, status: 'PENDING' }],
    ['a non-finite number', { ...base, amount: Number.NaN }],
    ['an array where an object is due', { ...base, card_data: [] }],
  ])('a value that does not fit goes the Zod way and fails as it did: %s', (_, value) => {
    expect(compiledWay(transaction, value)).toBeInstanceOf(Error);
    expect(zodWay(transaction, value)).toBeInstanceOf(Error);
  });

  it('a union answers with the first option that accepts the value, as Zod does', () => {
    for (const value of [
      { kind: 'A', a: 'x', b: 1 },
      { kind: 'B', b: 2, a: 'y' },
    ])
      expect(compiledWay(union, value)).toEqual(zodWay(union, value));
  });

  it('schemas with parts it does not know are not compiled (the route keeps the Zod path)', () => {
    expect(compileWriter(z.object({ a: z.string().default('x') }))).toBeNull();
    expect(compileWriter(z.object({ a: z.string().transform((s) => s.length) }))).toBeNull();
    expect(compileWriter(z.strictObject({ a: z.string() }))).toBeNull();
    expect(compileWriter(z.looseObject({ a: z.string() }))).toBeNull();
  });

  it('random values: the same bytes, or both fail', () => {
    const arbitrary = fc.record(
      {
        id: fc.oneof(fc.uuid(), fc.string()),
        amount: fc.oneof(fc.integer(), fc.double(), fc.constant(undefined)),
        status: fc.constantFrom('APPROVED', 'DECLINED', 'OTHER'),
        capture: fc.oneof(fc.boolean(), fc.constant(null)),
        card_data: fc.oneof(
          fc.constant(null),
          fc.record({
            brand: fc.constantFrom('VISA', 'MASTERCARD'),
            last_digits: fc.string(),
            funding: fc.constantFrom('CREDIT', 'DEBIT', null),
            wallet: fc.option(fc.string(), { nil: undefined }),
            junk: fc.anything(),
          }),
        ),
        metadata: fc.oneof(fc.constant(null), fc.dictionary(fc.string(), fc.string())),
        attempts: fc.array(fc.record({ number: fc.integer(), error: fc.constant(null) })),
        created_at: fc.constant(base.created_at),
        extra: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(arbitrary, (value) => {
        const fast = compiledWay(transaction, value);
        const slow = zodWay(transaction, value);
        // Zod also checks refinements the writer leaves to the tests (the uuid format): compare where it accepts.
        if (slow instanceof Error) return;
        expect(fast).toEqual(slow);
      }),
      { numRuns: 500 },
    );
  });

  it('with verify, a difference from the Zod path is an error', () => {
    const serialize = compiledSerializerCompiler({ verify: true })({
      schema: transaction,
      method: 'GET',
      url: '/x',
    });
    expect(serialize(base)).toEqual(zodWay(transaction, base));
  });
});
