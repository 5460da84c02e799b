import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildBrCode,
  crc16Hex,
  END_TO_END_PATTERN,
  foldAscii,
  formatAmount,
  newTxid,
  parseBrCode,
  TXID_PATTERN,
} from './brcode.js';

// The static example of the central bank's BR Code manual (Manual de Padrões para Iniciação do Pix).
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('CRC16-CCITT-FALSE', () => {
  it.each([
    ['123456789', '29B1'], // the catalogue check value of CRC-16/CCITT-FALSE
    ['', 'FFFF'],
    [BCB_EXAMPLE.slice(0, -4), '1D3D'],
  ])('%s -> %s', (text, crc) => expect(crc16Hex(text)).toBe(crc));
});

describe('parse', () => {
  it("reads the central bank's example", () => {
    const parsed = parseBrCode(BCB_EXAMPLE);
    expect(parsed).toEqual({
      ok: true,
      code: expect.objectContaining({
        gui: 'br.gov.bcb.pix',
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
        amount: null,
        referenceLabel: '***',
        crc: '1D3D',
      }),
    });
  });

  it.each([
    [BCB_EXAMPLE.slice(0, -4) + '1D3E', 'CRC mismatch'],
    [BCB_EXAMPLE.replace('000201', '000202'), 'must start with 000201'],
    [BCB_EXAMPLE.slice(0, -8), 'must end with the CRC field 6304'],
    ['0002016304' + crc16Hex('0002016304'), 'field 26 is not a PIX account'],
  ])('refuses %s (%s)', (payload, reason) => expect(parseBrCode(payload)).toEqual({ ok: false, reason }));

  it('any single changed character is detected', () => {
    // The CRC's own hex digits are read case-insensitively (readers print either case): a case-only change
    // there is the same code, not a corruption.
    const sameCode = (changed: string, at: number) =>
      at >= BCB_EXAMPLE.length - 4 && changed.toUpperCase() === BCB_EXAMPLE.toUpperCase();
    fc.assert(
      fc.property(fc.nat({ max: BCB_EXAMPLE.length - 1 }), fc.integer({ min: 0x20, max: 0x7e }), (at, code) => {
        const changed = BCB_EXAMPLE.slice(0, at) + String.fromCharCode(code) + BCB_EXAMPLE.slice(at + 1);
        if (changed !== BCB_EXAMPLE && !sameCode(changed, at)) expect(parseBrCode(changed).ok).toBe(false);
      }),
    );
  });
});

describe('build (P3)', () => {
  const code = buildBrCode({
    location: 'pix.example.com/qr/v2/abc',
    amount: 12_345,
    merchantName: 'Padaria São João Ltda. Comércio de Pães',
    merchantCity: 'São Paulo',
  });

  it('has the fields P3 names, in order', () => {
    expect(code).toBe(
      '00020101021226470014br.gov.bcb.pix2525pix.example.com/qr/v2/abc5204000053039865406123.455802BR5925Padaria Sao Joao Ltda. Co6009Sao Paulo62070503***6304' +
        crc16Hex(code.slice(0, -4)),
    );
    expect(code.startsWith('000201010212')).toBe(true);
  });

  it.each([
    [1, '0.01'],
    [100, '1.00'],
    [123_456, '1234.56'],
    [5_000_000_00, '5000000.00'],
  ])('amount %s -> %s', (cents, text) => expect(formatAmount(cents)).toBe(text));

  it.each([
    ['Açaí & Cia — Ñandú', 25, 'Acai & Cia Nandu'],
    ['  Straße   Größe ', 25, 'Strasse Grosse'],
    ['日本', 25, 'NA'],
    ['Florianópolis do Sul', 15, 'Florianopolis d'],
  ])('folds %s', (text, max, out) => expect(foldAscii(text, max)).toBe(out));

  it('refuses a location with a scheme', () => {
    expect(() =>
      buildBrCode({ location: 'https://x.example/qr', amount: 1, merchantName: 'A', merchantCity: 'B' }),
    ).toThrow(RangeError);
  });

  it('round-trips any charge, with names folded and capped', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9.-]{1,20}\/[A-Za-z0-9/]{1,40}$/),
        fc.integer({ min: 1, max: 99_999_999_999 }),
        fc.string({ maxLength: 60 }),
        fc.string({ maxLength: 40 }),
        (location, amount, name, city) => {
          const payload = buildBrCode({ location, amount, merchantName: name, merchantCity: city });
          expect(payload).toMatch(/^[\x20-\x7e]+$/);
          const parsed = parseBrCode(payload);
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          expect(parsed.code).toMatchObject({
            pointOfInitiation: '12',
            location,
            amount,
            mcc: '0000',
            currency: '986',
            country: 'BR',
            referenceLabel: '***',
          });
          expect(parsed.code.merchantName.length).toBeLessThanOrEqual(25);
          expect(parsed.code.merchantCity.length).toBeLessThanOrEqual(15);
          expect(parsed.code.merchantName).toBe(foldAscii(name, 25));
        },
      ),
    );
  });
});

describe('identifiers (P2)', () => {
  it('txids are 32 alphanumerics', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        let s = seed;
        const id = newTxid((max) => (s = (s * 1_103_515_245 + 12_345) >>> 0) % max);
        expect(id).toMatch(TXID_PATTERN);
      }),
    );
  });
  it('end-to-end ids', () => {
    expect(END_TO_END_PATTERN.test('E' + 'a'.repeat(31))).toBe(true);
    expect(END_TO_END_PATTERN.test('E' + 'a'.repeat(30))).toBe(false);
  });
});
