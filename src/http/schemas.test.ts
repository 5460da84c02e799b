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
    ['name 4111-1111-1111-1111 here', false, true],
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

  it('refuses any Luhn-valid 13-19 digit number wherever it sits in the text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 13, max: 19 }).chain(pan), fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), (number, before, after) => {
        expect(text.safeParse(`${before} ${number} ${after}`).success).toBe(false);
      }),
    );
  });
});
