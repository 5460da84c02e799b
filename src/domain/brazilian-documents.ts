/**
 * CPF and CNPJ (numeric and alphanumeric) normalization and check digits.
 * Alphanumeric CNPJ (Receita Federal, from July 2026): 12 positions [A-Z0-9] and 2 numeric check digits,
 * each character valued as its ASCII code minus 48, then the classic mod-11 weights. A numeric CNPJ is the
 * special case where every character is a digit.
 */
export type DocumentType = 'CPF' | 'CNPJ';

/** Strips formatting (dots, dashes, slashes, spaces) and uppercases letters. */
export function normalizeDocument(input: string): string {
  return input.replace(/[.\-/\s]/g, '').toUpperCase();
}

export function documentTypeOf(normalized: string): DocumentType | null {
  if (normalized.length === 11) return 'CPF';
  if (normalized.length === 14) return 'CNPJ';
  return null;
}

function mod11Digit(values: number[], weights: number[]): number {
  // The weights are as long as the digits (both fixed by the document type); a missing one would weigh 0.
  const sum = values.reduce((acc, v, i) => acc + v * (weights[i] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const d1 = mod11Digit(digits.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11Digit(digits.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 === digits[9] && d2 === digits[10];
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function cnpjCheckDigits(base12: string): string {
  const values = [...base12].map((c) => c.charCodeAt(0) - 48);
  const d1 = mod11Digit(values, CNPJ_WEIGHTS_1);
  const d2 = mod11Digit([...values, d1], CNPJ_WEIGHTS_2);
  return `${d1}${d2}`;
}

export function isValidCnpj(value: string): boolean {
  if (!/^[A-Z0-9]{12}\d{2}$/.test(value)) return false;
  if (/^(\d)\1{13}$/.test(value)) return false;
  return cnpjCheckDigits(value.slice(0, 12)) === value.slice(12);
}

/** Normalizes and validates; returns the normalized number and its type, or null when invalid. */
export function parseDocument(input: string): { number: string; type: DocumentType } | null {
  const number = normalizeDocument(input);
  const type = documentTypeOf(number);
  if (type === 'CPF' && isValidCpf(number)) return { number, type };
  if (type === 'CNPJ' && isValidCnpj(number)) return { number, type };
  return null;
}

/** Makes a valid CPF from 9 base digits (tests and sandbox data). */
export function cpfFromBase(base9: string): string {
  const digits = [...base9].map(Number);
  const d1 = mod11Digit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11Digit([...digits, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base9}${d1}${d2}`;
}

export const cnpjFromBase = (base12: string) => `${base12}${cnpjCheckDigits(base12)}`;

export const BRAZILIAN_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

/**
 * A CPF or CNPJ as people write it (`390.533.447-05`, `11.444.777/0001-61`, alphanumeric CNPJ alike); anything
 * else as given. For pages: the API keeps and answers the normalized form.
 */
export function formatDocument(input: string): string {
  const n = normalizeDocument(input);
  if (!/^[0-9A-Z]+$/.test(n)) return input;
  if (documentTypeOf(n) === 'CPF' && /^\d{11}$/.test(n))
    return `${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6, 9)}-${n.slice(9)}`;
  if (documentTypeOf(n) === 'CNPJ')
    return `${n.slice(0, 2)}.${n.slice(2, 5)}.${n.slice(5, 8)}/${n.slice(8, 12)}-${n.slice(12)}`;
  return input;
}
