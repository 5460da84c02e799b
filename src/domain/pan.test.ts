import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { containsPan, luhnValid } from './pan.js';

describe('card-number detection', () => {
  it.each([
    ['4111111111111111', true],
    ['4111 1111 1111 1111', true],
    ['card 5555-5555-5555-4444 here', true],
    ['4111111111111112', false],
    ['52998224725', false],
    ['12ABC34501DE35', false],
    ['ev:abcdefghijklmnop', false],
    // Digits beside a number do not hide it.
    ['4111111111111111 7', true],
    ['7 4111 1111 1111 1111 12', true],
    ['12-4111111111111111', true],
  ])('%s -> %s', (text, expected) => expect(containsPan(text)).toBe(expected));

  it('any Luhn-valid 16-digit number is detected', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), (body) => {
        const check = [...'0123456789'].find((d) => luhnValid(body + d))!;
        expect(containsPan(`x ${body}${check} y`)).toBe(true);
      }),
    );
  });
});
