import { randomInt } from 'node:crypto';
import { cnpjFromBase, cpfFromBase } from '../../src/domain/brazilian-documents.js';

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random valid documents, so tests never collide on unique constraints. */
export const randomCpf = () => cpfFromBase(digits(9));
export const randomCnpj = () => cnpjFromBase(digits(12));
export const randomAlphanumericCnpj = () =>
  cnpjFromBase(Array.from({ length: 12 }, () => ALNUM[randomInt(ALNUM.length)]).join(''));

export const address = () => ({
  street: 'Avenida Paulista',
  street_number: '1000',
  neighborhood: 'Bela Vista',
  zipcode: '01310100',
  country: '076',
  state: 'SP',
  city: 'São Paulo',
});

export const contact = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Maria',
  last_name: 'Silva',
  email: 'maria@example.com',
  phone: '+5511999998888',
  document_number: randomCpf(),
  role: 'PARTNER',
  ...overrides,
});

/** A CPF merchant by default; pass document_number/document_tax_type for CNPJ shapes. */
export function merchantBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Loja Teste',
    full_name: 'Loja Teste Ltda',
    document_number: randomCpf(),
    contact: contact(),
    address: address(),
    ...overrides,
  };
}

export function organizationBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Org Teste',
    full_name: 'Organização Teste S.A.',
    document_number: randomCnpj(),
    document_tax_type: 'PJ',
    contact: contact(),
    address: address(),
    ...overrides,
  };
}
