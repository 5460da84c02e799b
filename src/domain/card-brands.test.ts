import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BIN_RANGES, brandFromBin, CARD_BRANDS } from './card-brands.js';

describe('brand from BIN', () => {
  it.each([
    ['411111', 'VISA'],
    ['45320151', 'VISA'],
    ['555555', 'MASTERCARD'],
    ['222100', 'MASTERCARD'],
    ['272099', 'MASTERCARD'],
    ['378282', 'AMEX'],
    ['340000', 'AMEX'],
    ['636368', 'ELO'],
    ['438935', 'ELO'], // inside the Visa range
    ['504175', 'ELO'],
    ['509123', 'ELO'],
    ['650032', 'ELO'], // inside the Discover 65 range
    ['655021', 'ELO'],
    ['606282', 'HIPERCARD'],
    ['384100', 'HIPERCARD'], // inside the Diners 38 range
    ['637095', 'HIPERCARD'],
    ['507860', 'AURA'],
    ['604201', 'CABAL'],
    ['604400', 'CABAL'],
    ['589657', 'CABAL'],
    ['305693', 'DINERS'],
    ['361234', 'DINERS'],
    ['381234', 'DINERS'],
    ['601111', 'DISCOVER'],
    ['622126', 'DISCOVER'],
    ['644123', 'DISCOVER'],
    ['651000', 'DISCOVER'],
    ['352800', 'JCB'],
    ['358999', 'JCB'],
    ['999999', 'OTHER'],
    ['100000', 'OTHER'],
    ['272100', 'OTHER'],
  ])('%s is %s', (bin, brand) => expect(brandFromBin(bin)).toBe(brand));

  it('covers every brand of the enum (OTHER as the fallback)', () => {
    const covered = new Set(BIN_RANGES.map(([brand]) => brand));
    expect(CARD_BRANDS.filter((b) => b !== 'OTHER' && !covered.has(b))).toEqual([]);
  });

  it('every range boundary maps to its own brand', () => {
    for (const [brand, from, to] of BIN_RANGES) {
      expect(brandFromBin(from.padEnd(6, '0')), from).toBe(brand);
      expect(brandFromBin(to.padEnd(6, '9')), to).toBe(brand);
    }
  });

  it('always answers a brand of the enum, and only the first 6-8 digits matter', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6,8}$/), (bin) => {
        expect(CARD_BRANDS).toContain(brandFromBin(bin));
        expect(brandFromBin(bin)).toBe(brandFromBin(bin.slice(0, 6)));
      }),
    );
  });
});
