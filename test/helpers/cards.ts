import { encryptEv, type EvPurpose } from '../../src/crypto/ev.js';
import type { TestApp } from './app.js';

/** Encrypts a value as the browser library or the PCI host would, with the test app's current public key. */
export async function encryptFor(t: Pick<TestApp, 'deps'>, value: string, purpose: EvPurpose = 'pan'): Promise<string> {
  return encryptEv(value, purpose, await t.deps.vault!.current());
}

/** A stored-card input for a test card, its number encrypted for real. */
export async function storedCardInput(
  t: Pick<TestApp, 'deps'>,
  number = '4111111111111111',
  overrides: Record<string, unknown> = {},
) {
  return {
    number: await encryptFor(t, number),
    expiry_month: '09',
    expiry_year: String(new Date().getUTCFullYear() + 3),
    last_digits: number.slice(-4),
    cardholder_name: 'MARIA SILVA',
    bin: number.slice(0, 6),
    ...overrides,
  };
}
