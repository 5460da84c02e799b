import { CARD_DATA_CODES, type CardOpener } from '../card-opening.js';
import { refused } from '../errors.js';
import type { CardInput } from '../payments.js';
import { DecryptionFailed } from '../../vault/index.js';
import type { EvPurpose } from '../../crypto/ev.js';

/** The card's plaintext values, alive only while the adapter builds one request body. */
export interface OpenedCard {
  number: string;
  cvc: string | undefined;
  cryptogram: string | undefined;
}

/**
 * Opens the number (or network token), the CVV (only when it goes into the request: an authorization's first
 * send, never a sync's replay) and a token's cryptogram through the vault (payments.md P6), with the shared
 * opener's rules (card-opening.ts): a value that does not decrypt is `refused` `DECRYPTION_FAILED`, `bin` and
 * `last_digits` must match the number. Nothing opened leaves the request body it goes into.
 */
export async function openCard(
  open: CardOpener,
  card: CardInput,
  operation: string,
  withCvc: boolean,
): Promise<OpenedCard> {
  const one = async (value: string | undefined, purpose: EvPurpose) => {
    if (value === undefined || !value.startsWith('ev:')) return value;
    try {
      return await open(value, purpose);
    } catch (err) {
      if (err instanceof DecryptionFailed) throw refused(CARD_DATA_CODES.decryption, purpose, operation);
      throw err;
    }
  };
  const number = (await one(card.number, card.networkToken ? 'ntk' : 'pan')) as string;
  const cvc = withCvc ? await one(card.cvv, 'cvv') : undefined;
  const cryptogram = await one(card.networkToken?.cryptogram, 'cry');
  if (card.bin !== undefined && !number.startsWith(card.bin))
    throw refused(CARD_DATA_CODES.bin, 'bin does not match the card number', operation);
  if (card.lastDigits !== undefined && !number.endsWith(card.lastDigits))
    throw refused(CARD_DATA_CODES.lastDigits, 'last_digits do not match the card number', operation);
  return { number, cvc, cryptogram };
}
