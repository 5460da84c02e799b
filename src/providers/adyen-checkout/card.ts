import { CARD_DATA_CODES, openCardInput, type CardOpener } from '../card-opening.js';
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
 * Opens the number (checked against `bin` and `last_digits` by the shared opener), the CVV and a network
 * token's cryptogram through the vault (payments.md P6). Nothing opened leaves the request body it goes into.
 */
export async function openCard(open: CardOpener, card: CardInput, operation: string, withCvc: boolean): Promise<OpenedCard> {
  const number = await openCardInput(open, card, operation);
  const one = async (value: string | undefined, purpose: EvPurpose) => {
    if (value === undefined || !value.startsWith('ev:')) return value;
    try {
      return await open(value, purpose);
    } catch (err) {
      if (err instanceof DecryptionFailed) throw refused(CARD_DATA_CODES.decryption, purpose, operation);
      throw err;
    }
  };
  return {
    number,
    cvc: withCvc ? await one(card.cvv, 'cvv') : undefined,
    cryptogram: await one(card.networkToken?.cryptogram, 'cry'),
  };
}
