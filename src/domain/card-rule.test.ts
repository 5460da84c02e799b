import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjFromBase, cpfFromBase, parseDocument } from './brazilian-documents.js';
import { containsCardNumber, isCardNumber, luhnValid } from './pan.js';

/** Completes a prefix to a Luhn-valid number of `length` digits with random middle digits. */
const card = (prefix: string, length: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), {
      minLength: length - prefix.length - 1,
      maxLength: length - prefix.length - 1,
    })
    .map((d) => {
      const body = prefix + d.join('');
      for (let c = 0; c < 10; c++) if (luhnValid(`${body}${c}`)) return `${body}${c}`;
      throw new Error('unreachable');
    });

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const ALNUM = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

describe('the §14 card-number rule', () => {
  it.each([
    ['4111111111111111', true],
    ['4111 1111 1111 1111', true],
    ['tx-4111-1111-1111-1111', true],
    ['5555-5555-5555-4444', true],
    ['378282246310005', true], // Amex 15
    ['30569309025904', true], // Diners 14
    ['6011111111111117', true],
    ['3530111333300000', true], // JCB
    ['4222222222222', true], // Visa 13
    ['1234567812345670', false], // Luhn-valid, no brand
    ['378282246310005 1', true],
    ['4111111111111112', false],
    ['pedido 9b2f6c1e-4111-4111-8111-111111111111', false], // a UUID's groups are an id
  ])('%s -> %s', (text, expected) => expect(containsCardNumber(text)).toBe(expected));

  it('refuses every brand at each of its lengths, plain, spaced and dashed', () => {
    const brands: [string, number][] = [
      ['4', 13],
      ['4', 16],
      ['4', 19],
      ['51', 16],
      ['2221', 16],
      ['2720', 16],
      ['34', 15],
      ['37', 15],
      ['36', 14],
      ['38', 14],
      ['300', 14],
      ['305', 14],
      ['6011', 16],
      ['6011', 19],
      ['644', 16],
      ['65', 17],
      ['3528', 16],
      ['3589', 19],
      ['5066', 16],
      ['606282', 16],
      ['3841', 19],
    ];
    for (const [prefix, length] of brands) {
      fc.assert(
        fc.property(card(prefix, length), fc.constantFrom('', ' ', '-'), (n, sep) => {
          // A 14-digit number that is also a valid CNPJ is a document by the rule's own exception.
          fc.pre(!parseDocument(n));
          expect(isCardNumber(n)).toBe(true);
          expect(containsCardNumber(`ref ${n.replace(/(\d{4})(?=\d)/g, `$1${sep}`)} end`)).toBe(true);
        }),
        { numRuns: 30 },
      );
    }
  });

  // False refusals measured on thousands of generated documents and phones: the rule must refuse none.
  const RUNS = 4000;
  const formats = {
    cpf: digits(9).map(cpfFromBase),
    cnpj: digits(12).map(cnpjFromBase),
    alphanumericCnpj: fc
      .array(fc.constantFrom(...ALNUM), { minLength: 12, maxLength: 12 })
      .map((c) => cnpjFromBase(c.join(''))),
    phone: fc.tuple(fc.integer({ min: 11, max: 99 }), digits(8)).map(([ddd, n]) => `+55${ddd}9${n}`),
  };
  it.each(Object.keys(formats))('refuses no generated %s, bare, formatted or in a sentence', (kind) => {
    let refused = 0;
    fc.assert(
      fc.property(formats[kind as keyof typeof formats], (value) => {
        const formatted =
          kind === 'cpf'
            ? value.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4')
            : kind === 'phone'
              ? value.replace(/^\+55(\d{2})(\d{5})(\d{4})$/, '+55 $1 $2-$3')
              : value.replace(/^(.{2})(.{3})(.{3})(.{4})(\d{2})$/, '$1.$2.$3/$4-$5');
        for (const text of [value, formatted, `doc ${value} ok`, `${formatted}, ${value}`])
          if (containsCardNumber(text)) refused++;
      }),
      { numRuns: RUNS },
    );
    expect(refused).toBe(0);
  });
});
