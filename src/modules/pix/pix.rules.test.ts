import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cnpjFromBase, cpfFromBase } from '../../domain/brazilian-documents.js';
import { checkKey, isEvp, keyLimitFor } from './pix.rules.js';

describe('PIX key validation', () => {
  const cpf = cpfFromBase('123456789');
  const cnpj = cnpjFromBase('112223330001');
  it.each([
    ['CPF', cpf, cpf],
    ['CPF', `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`, cpf],
    ['CNPJ', cnpj, cnpj],
    ['EMAIL', ' Maria@Example.COM ', 'maria@example.com'],
    ['PHONE', '+5511999998888', '+5511999998888'],
    ['PHONE', '+551133334444', '+551133334444'],
  ] as const)('%s %s is accepted as %s', (type, raw, key) => expect(checkKey(type, raw)).toEqual({ ok: true, key }));

  it.each([
    ['CPF', '12345678900'],
    ['CPF', cnpj],
    ['CNPJ', cpf],
    ['CNPJ', '11222333000100'],
    ['EMAIL', 'not-an-email'],
    ['EMAIL', `${'a'.repeat(70)}@example.com`],
    ['EMAIL', '4111111111111111@example.com'], // §14: a card number is stored nowhere
    ['EMAIL', 'pay.4111-1111-1111-1111@example.com'],
    ['PHONE', '11999998888'],
    ['PHONE', '+14155552671'],
    ['PHONE', '+550199999888'],
    ['EVP', '6f1c8e52-3a7d-4b8e-9f0a-1c2d3e4f5a6b'],
  ] as const)('%s %s is refused', (type, raw) => expect(checkKey(type, raw).ok).toBe(false));

  it('requires a key except for EVP', () => {
    expect(checkKey('EMAIL', undefined)).toMatchObject({ ok: false, type: 'REQUIRED' });
    expect(checkKey('EVP', undefined)).toEqual({ ok: true, key: undefined });
  });

  // Mod 11 folds remainders 0 and 1, so only a changed check digit is always caught.
  it('accepts every valid CPF and rejects a changed check digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{9}$/),
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (base, pos, delta) => {
          const valid = cpfFromBase(base);
          fc.pre(!/^(\d)\1{10}$/.test(valid));
          expect(checkKey('CPF', valid)).toEqual({ ok: true, key: valid });
          const changed = valid.slice(0, pos) + String((Number(valid[pos]) + delta) % 10) + valid.slice(pos + 1);
          expect(checkKey('CPF', changed).ok).toBe(false);
        },
      ),
    );
  });

  it('knows EVPs and the per-account limits', () => {
    expect(isEvp('6f1c8e52-3a7d-4b8e-9f0a-1c2d3e4f5a6b')).toBe(true);
    expect(isEvp('nope')).toBe(false);
    expect([keyLimitFor('CPF'), keyLimitFor('CNPJ')]).toEqual([5, 20]);
  });
});
