import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { luhnValid } from '../domain/pan.js';
import { noCardData, requestIdField } from './schemas.js';

const text = noCardData(z.string());

/** A Luhn-valid number of `length` digits from a random prefix. */
const pan = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length - 1, maxLength: length - 1 }).map((digits) => {
    const body = digits.join('');
    for (let d = 0; d < 10; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
    throw new Error('unreachable');
  });

describe('noCardData', () => {
  // value, accepted as card text, accepted as a request_id
  it.each([
    ['MARIA SILVA', true, true],
    ['CREDIT', true, true],
    ['076', true, true],
    ['order-2026-000123', true, true],
    ['4111111111111111', false, false],
    ['4111 1111 1111 1111', false, false],
    ['4111-1111-1111-1111', false, false],
    ['order 4111111111111111', false, false],
    ['name 4111-1111-1111-1111 here', false, false],
    ['tx-4111-1111-1111-1111', false, false],
    // Luhn-valid but no brand has this prefix and length (product.md §14): not a card number.
    ['1234567812345670', true, true],
    ['ev:Q2lwaGVydGV4dE9mQUNhcmQxyz', false, false],
    ['prefix ev:Q2lwaGVydGV4dE9mQUNhcmQxyz', false, false],
    ['ev:short', true, true],
  ])('%s -> card text %s, request_id %s', (value, asText, asRequestId) => {
    expect(text.safeParse(value).success).toBe(asText);
    expect(requestIdField().safeParse(value).success).toBe(asRequestId);
  });

  it('takes every UUID as a request_id (digit groups joined by dashes are not a card number there)', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.stringMatching(/^\d{8}-\d{4}-\d{4}-\d{4}-\d{12}$/), (uuid, digits) => {
        expect(requestIdField().safeParse(uuid).success).toBe(true);
        expect(requestIdField().safeParse(digits).success).toBe(true);
      }),
    );
  });

  it('refuses any branded Luhn-valid number wherever it sits in the text', () => {
    const branded = fc
      .constantFrom('4', '51', '55', '2221', '2720', '6011', '65')
      .chain((prefix) => pan(16 - prefix.length + 1).map((rest) => prefix + rest.slice(0, 16 - prefix.length)))
      .map((raw) => {
        const body = raw.slice(0, 15);
        for (let d = 0; d < 10; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
        throw new Error('unreachable');
      });
    fc.assert(
      fc.property(branded, fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), (number, before, after) => {
        expect(text.safeParse(`${before} ${number} ${after}`).success).toBe(false);
      }),
    );
  });
});
