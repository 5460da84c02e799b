import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cnpjCheckDigits,
  cnpjFromBase,
  cpfFromBase,
  isValidCnpj,
  isValidCpf,
  formatDocument,
  normalizeDocument,
  parseDocument,
} from './brazilian-documents.js';

describe('CPF', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['111.444.777-35', true],
    ['529.982.247-26', false],
    ['111.111.111-11', false],
    ['1234567890', false],
  ])('%s valid=%s', (input, valid) => expect(isValidCpf(normalizeDocument(input))).toBe(valid));

  // Mod 11 folds remainders 0 and 1 together, so not every changed body digit is caught; a changed check digit always is.
  it('every generated CPF is valid and a changed check digit breaks it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{9}$/),
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (base, pos, delta) => {
          const cpf = cpfFromBase(base);
          fc.pre(!/^(\d)\1{10}$/.test(cpf));
          expect(isValidCpf(cpf)).toBe(true);
          const mutated = cpf.slice(0, pos) + ((Number(cpf[pos]) + delta) % 10) + cpf.slice(pos + 1);
          expect(isValidCpf(mutated)).toBe(false);
        },
      ),
    );
  });
});

describe('CNPJ', () => {
  // Official examples: Receita Federal's alphanumeric CNPJ note (12.ABC.345/01DE-35) and a classic numeric one.
  it.each([
    ['12.ABC.345/01DE-35', true],
    ['12abc34501de35', true],
    ['11.222.333/0001-81', true],
    ['11.444.777/0001-61', true],
    ['12.ABC.345/01DE-34', false],
    ['11.222.333/0001-82', false],
    ['00.000.000/0000-00', false],
    ['12.ABC.345/01DE-3A', false],
  ])('%s valid=%s', (input, valid) => expect(isValidCnpj(normalizeDocument(input))).toBe(valid));

  it('computes the documented check digits of the alphanumeric example', () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
  });

  it('every generated alphanumeric CNPJ is valid; a changed check digit is not', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{12}$/), fc.integer({ min: 1, max: 9 }), (base, delta) => {
        const cnpj = cnpjFromBase(base);
        fc.pre(!/^(\d)\1{13}$/.test(cnpj));
        expect(isValidCnpj(cnpj)).toBe(true);
        const last = (Number(cnpj[13]) + delta) % 10;
        expect(isValidCnpj(cnpj.slice(0, 13) + last)).toBe(false);
      }),
    );
  });
});

describe('parseDocument', () => {
  it('strips formatting, uppercases and types the number', () => {
    expect(parseDocument(' 12.abc.345/01de-35 ')).toEqual({ number: '12ABC34501DE35', type: 'CNPJ' });
    expect(parseDocument('529.982.247-25')).toEqual({ number: '52998224725', type: 'CPF' });
    expect(parseDocument('123')).toBeNull();
  });
});

describe('formatDocument (pages show CPF and CNPJ as people write them, issue 27 finding 9)', () => {
  it.each([
    ['39053344705', '390.533.447-05'],
    ['390.533.447-05', '390.533.447-05'],
    ['11444777000161', '11.444.777/0001-61'],
    ['12abc34501de35', '12.ABC.345/01DE-35'],
    ['123', '123'],
    ['<script>', '<script>'],
  ])('%s -> %s', (input, expected) => expect(formatDocument(input)).toBe(expected));

  it('keeps the characters: normalizing the formatted value gives the normalized input back', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11}$|^[0-9A-Z]{12}\d{2}$/), (n) => normalizeDocument(formatDocument(n)) === n),
    );
  });
});
