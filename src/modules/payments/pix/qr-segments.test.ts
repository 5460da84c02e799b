import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import QRCode from 'qrcode';
import { qrSymbol } from './qr-png.js';
import { buildBrCode } from '../../pix/brcode.js';

/** The symbol is bit for bit the library's own (same segments, same version), with the fixed mask. */
const same = (text: string) => {
  const mine = qrSymbol(text);
  const library = QRCode.create(text, { errorCorrectionLevel: 'M', maskPattern: 2 }).modules;
  expect(mine.size).toBe(library.size);
  expect(Buffer.from(mine.data).equals(Buffer.from(library.data))).toBe(true);
};

describe('QR segments', () => {
  it("are the library's for BR Codes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999_999_999 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.stringMatching(/^[a-z0-9.-]{3,30}\/[a-zA-Z0-9/_-]{1,60}$/),
        (amount, name, city, location) =>
          same(buildBrCode({ location, amount, merchantName: name, merchantCity: city })),
      ),
      { numRuns: 300 },
    );
  });

  it("are the library's for any text", () => {
    const alphabet = fc.constantFrom(...'0123456789ABCXYZ $%*+-./:abcxyzé漢字\n'.split(''));
    fc.assert(
      fc.property(
        fc.array(alphabet, { minLength: 1, maxLength: 300 }).map((cs) => cs.join('')),
        same,
      ),
      { numRuns: 300 },
    );
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 200, unit: 'grapheme' }), same), { numRuns: 200 });
    for (const text of [
      '1',
      'A',
      'a',
      '0123456789',
      'HELLO WORLD',
      '00020101021226',
      'x'.repeat(1000),
      '9'.repeat(2000),
    ])
      same(text);
  });
});
