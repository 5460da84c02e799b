import type { EvPurpose } from '../crypto/ev.js';
import type { VaultHandle } from '../kernel/encryption-keys.js';
import { DecryptionFailed, openVault } from '../vault/index.js';
import { refused } from './errors.js';
import type { CardInput } from './payments.js';

/**
 * How an adapter opens the card values it receives (payments.md P6: only the code that calls the provider
 * decrypts, through the vault). The plaintext lives in the adapter's call and is never returned to the core.
 */
export type CardOpener = (value: string, purpose: EvPurpose) => Promise<string>;

export function vaultCardOpener(handle: VaultHandle): CardOpener {
  const vault = openVault(handle);
  return (value, purpose) => vault.decrypt(value, purpose);
}

/**
 * Refusal codes an adapter answers before submitting anything when the card data itself is wrong; the core
 * turns them into validation issues (DECRYPTION_FAILED on the field, INVALID_FORMAT on bin / last digits).
 * The message is the field's purpose (DECRYPTION_FAILED) and never carries a value.
 */
export const CARD_DATA_CODES = {
  decryption: 'DECRYPTION_FAILED',
  bin: 'CARD_BIN_MISMATCH',
  lastDigits: 'CARD_LAST_DIGITS_MISMATCH',
} as const;

/**
 * Opens a card's number (or network token) and CVV (or cryptogram) and checks `bin` and `last_digits` against
 * the number. A value that is not encrypted passes as given (the sandbox reads test numbers in plaintext; the
 * core never sends one). Answers the number's digits.
 */
export async function openCardInput(open: CardOpener, card: CardInput, operation: string): Promise<string> {
  const tokenized = card.networkToken !== undefined;
  const attempt = async (value: string, purpose: EvPurpose) => {
    if (!value.startsWith('ev:')) return value;
    try {
      return await open(value, purpose);
    } catch (err) {
      if (err instanceof DecryptionFailed) throw refused(CARD_DATA_CODES.decryption, purpose, operation);
      throw err;
    }
  };
  // Opened together (their thread calls then share one message, runtime/thread-calls.ts); a failure is judged in
  // the order they were opened one by one before: the number's first, then the CVV's, then the cryptogram's.
  const opened = await Promise.allSettled([
    attempt(card.number, tokenized ? 'ntk' : 'pan'),
    card.cvv !== undefined ? attempt(card.cvv, 'cvv') : Promise.resolve(''),
    card.networkToken ? attempt(card.networkToken.cryptogram, 'cry') : Promise.resolve(''),
  ]);
  for (const o of opened) if (o.status === 'rejected') throw o.reason;
  const number = (opened[0] as PromiseFulfilledResult<string>).value;
  // Without an opener (contract tests) an ev: value stays as given: nothing to compare.
  if (number.startsWith('ev:')) return number;
  if (card.bin !== undefined && !number.startsWith(card.bin))
    throw refused(CARD_DATA_CODES.bin, 'bin does not match the card number', operation);
  if (card.lastDigits !== undefined && !number.endsWith(card.lastDigits))
    throw refused(CARD_DATA_CODES.lastDigits, 'last_digits do not match the card number', operation);
  return number;
}
