import { luhnValid } from '../domain/pan.js';
import type { EvPurpose } from '../crypto/ev.js';
import type { ValidationIssue } from '../kernel/errors.js';
import { brandFromBin } from '../domain/card-brands.js';

/**
 * What the PCI host does to a create body (payments.md P3, P7): plaintext `number` and `cvv` become `ev:v1`
 * values, `bin`, `last_digits` and `brand` are filled from the number when absent and checked against it when
 * present; every other field, and any `ev:` value, passes through untouched. Pure: the encrypter is given.
 */
export type Encrypt = (value: string, purpose: EvPurpose) => string;

export type CardFieldsResult = { ok: true; body: unknown } | { ok: false; issues: ValidationIssue[] };

/** Where the card object sits in each create body: transactions carry `card_data`, 3DS sessions `card`. */
export const CARD_OBJECT = { transactions: 'card_data', threeDs: 'card' } as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEncrypted = (v: unknown) => typeof v === 'string' && v.startsWith('ev:');

export function encryptCardFields(body: unknown, cardKey: 'card_data' | 'card', encrypt: Encrypt): CardFieldsResult {
  if (!isObject(body) || !isObject(body[cardKey])) return { ok: true, body };
  const card = { ...body[cardKey] };
  const issues: ValidationIssue[] = [];
  const field = (name: string) => `${cardKey}.${name}`;

  const number = card.number;
  if (number !== undefined && !isEncrypted(number)) {
    // Never the value in these issues: it is card data.
    if (typeof number !== 'string' || !/^\d{13,19}$/.test(number) || !luhnValid(number)) {
      issues.push({
        field: field('number'),
        type: 'INVALID_FORMAT',
        message: `${field('number')} must be 13 to 19 digits and Luhn-valid`,
      });
    } else {
      for (const [name, expected, ok] of [
        ['bin', number.slice(0, 6), (v: string) => /^\d{6,8}$/.test(v) && number.startsWith(v)],
        ['last_digits', number.slice(-4), (v: string) => v === number.slice(-4)],
        ['brand', brandFromBin(number), (v: string) => v.toUpperCase() === brandFromBin(number)],
      ] as const) {
        const sent = card[name];
        if (sent === undefined || sent === null) card[name] = expected;
        else if (typeof sent !== 'string' || !ok(sent)) {
          issues.push({
            field: field(name),
            type: 'INVALID_FORMAT',
            message: `${field(name)} does not match the card number`,
            ...(typeof sent === 'string' && sent.length <= 20 ? { value: sent } : {}),
          });
        }
      }
      card.number = encrypt(number, 'pan');
    }
  }

  const cvv = card.cvv;
  // Also in a 3DS card, which has no cvv: encrypted, the core refuses it as an unknown field without ever seeing it.
  if (cvv !== undefined && !isEncrypted(cvv)) {
    if (typeof cvv !== 'string' || !/^\d{3,4}$/.test(cvv)) {
      issues.push({ field: field('cvv'), type: 'INVALID_FORMAT', message: `${field('cvv')} must be 3 or 4 digits` });
    } else {
      card.cvv = encrypt(cvv, 'cvv');
    }
  }

  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, body: { ...body, [cardKey]: card } };
}
