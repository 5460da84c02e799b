import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mergeIdempotencyKey } from './idempotency-key.rules.js';

describe('mergeIdempotencyKey', () => {
  it.each([
    ['no header: unchanged', undefined, { a: 1 }, { ok: true, body: { a: 1 } }],
    ['header only: becomes request_id', 'k1', { a: 1 }, { ok: true, body: { a: 1, request_id: 'k1' } }],
    ['both equal', 'k1', { request_id: 'k1' }, { ok: true, body: { request_id: 'k1' } }],
    ['both different', 'k1', { request_id: 'k2' }, { ok: false }],
    ['a non-string request_id differs', '5', { request_id: 5 }, { ok: false }],
    ['empty header', '', { a: 1 }, { ok: false }],
    ['256 characters', 'x'.repeat(256), {}, { ok: false }],
    ['255 characters', 'x'.repeat(255), {}, { ok: true, body: { request_id: 'x'.repeat(255) } }],
    ['repeated header', ['a', 'b'], {}, { ok: false }],
    ['a body that is not an object is left to the schema', 'k1', [1], { ok: true, body: [1] }],
    ['no body is left to the schema', 'k1', undefined, { ok: true, body: undefined }],
  ])('%s', (_name, header, body, expected) => {
    expect(mergeIdempotencyKey(header, body)).toMatchObject(expected);
  });

  it('the header and the field are interchangeable: either alone gives the same body', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 255 }),
        fc.dictionary(
          fc.string().filter((k) => k !== 'request_id' && k !== '__proto__'),
          fc.jsonValue(),
        ),
        (key, rest) => {
          const byHeader = mergeIdempotencyKey(key, rest);
          const byField = mergeIdempotencyKey(undefined, { ...rest, request_id: key });
          const both = mergeIdempotencyKey(key, { ...rest, request_id: key });
          expect(byHeader).toEqual(byField);
          expect(both).toEqual(byField);
        },
      ),
    );
  });

  it('never accepts two different values', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 255 }), fc.string(), (header, field) => {
        fc.pre(header !== field);
        expect(mergeIdempotencyKey(header, { request_id: field }).ok).toBe(false);
      }),
    );
  });
});
