import { describe, expect, it } from 'vitest';
import { BIN_RANGES, brandFromBin, type CardBrand } from '../../src/domain/card-brands.js';
import { containsCardNumber, isCardNumber, luhnValid } from '../../src/domain/pan.js';

/**
 * The two card tables agree (issue 24): the brand table (`brands.ts`, product.md §8) answers the same brand for a
 * BIN read at 6 or 8 digits, and every Elo and Hipercard range it names is a card number for §14's detector
 * (which defers to "Elo and Hipercard ranges: 16 or 19"), so such a number is refused in free text and never
 * echoed. Itaú's Hiper BINs (637095, 637568, 637599, 637609, 637612) were HIPERCARD to one and unknown to the other.
 */

/** A Luhn-valid number of `length` digits opening with `prefix`. */
function cardNumber(prefix: string, length: number): string {
  const body = prefix.padEnd(length - 1, '0');
  for (let d = 0; d < 10; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

const DOMESTIC: readonly CardBrand[] = ['ELO', 'HIPERCARD'];

describe('the BIN table', () => {
  it.each(BIN_RANGES.map(([brand, from, to]) => [brand, from, to] as const))(
    '%s %s-%s: the same brand at 6 and 8 digits, at both ends',
    (brand, from, to) => {
      for (const bin of [
        from.padEnd(6, '0'),
        to.padEnd(6, '9'),
        from.padEnd(8, '0'),
        to.padEnd(8, '9'),
        from.padEnd(8, '5'),
        to.padEnd(8, '4'),
      ]) {
        expect(brandFromBin(bin), bin).toBe(brand);
        expect(brandFromBin(bin.slice(0, 6)), bin).toBe(brandFromBin(bin));
      }
    },
  );

  it.each(
    BIN_RANGES.filter(([brand]) => DOMESTIC.includes(brand)).map(([brand, from, to]) => [brand, from, to] as const),
  )('%s %s-%s: its 16- and 19-digit numbers are card numbers for §14 (refused in free text)', (_brand, from, to) => {
    for (const prefix of [from.padEnd(6, '0'), to.padEnd(6, '9')]) {
      for (const length of [16, 19]) {
        const pan = cardNumber(prefix, length);
        expect(isCardNumber(pan), pan).toBe(true);
        expect(containsCardNumber(`note ${pan}`), pan).toBe(true);
      }
    }
  });
});
