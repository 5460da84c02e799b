import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import QRCode from 'qrcode';
import { modulesOfPng, qrPng, qrSymbol } from './qr-png.js';
import { buildBrCode } from '../../pix/brcode.js';

describe('QR PNG', () => {
  it('is a PNG whose modules are exactly the QR symbol of the text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999_999_999 }),
        fc.string({ minLength: 1, maxLength: 30 }),
        (amount, name) => {
          const text = buildBrCode({
            location: 'pix.example.com/qr/v2/abc123',
            amount,
            merchantName: name,
            merchantCity: 'Sao Paulo',
          });
          const png = qrPng(text);
          expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
          const symbol = qrSymbol(text);
          // Only the mask is fixed: the same symbol size as the library's own choice.
          expect(symbol.size).toBe(QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size);
          const read = modulesOfPng(png);
          expect(read.size).toBe(symbol.size);
          for (let y = 0; y < symbol.size; y++)
            for (let x = 0; x < symbol.size; x++) expect(read.dark(x, y)).toBe(symbol.data[y * symbol.size + x] === 1);
        },
      ),
      { numRuns: 20 },
    );
  });
});
