import { invalidField } from '../../kernel/errors.js';
import type { StoredCardNumbers } from '../../kernel/encryption-keys.js';

/**
 * The stored-card verifier (payments.md P6): asks the stored-card port (its adapter is in src/vault) whether
 * the number opens and matches, and turns the verdict into the contract's errors. No plaintext reaches this area.
 */
export async function verifyStoredCardNumber(
  cards: StoredCardNumbers | undefined,
  card: { number: string; bin: string; last_digits: string },
): Promise<void> {
  if (!cards) throw new Error('the vault is not configured');
  // P6: INVALID_FORMAT on the number (not Luhn-valid) or on the mismatching field. No value: nothing inside a
  // card object is echoed (a CVV sent as last_digits would otherwise come back), as for schema issues.
  switch (await cards.verify(card.number, card)) {
    case 'OK':
      return;
    case 'UNDECRYPTABLE':
      throw invalidField(
        'card.number',
        'DECRYPTION_FAILED',
        'card.number did not decrypt: encrypt it again with a current key from GET /v1/encryption-keys',
      );
    case 'NOT_A_CARD_NUMBER':
      throw invalidField('card.number', 'INVALID_FORMAT', 'card.number does not decrypt to a valid card number');
    case 'BIN_MISMATCH':
      throw invalidField('card.bin', 'INVALID_FORMAT', 'card.bin does not match the card number');
    case 'LAST_DIGITS_MISMATCH':
      throw invalidField('card.last_digits', 'INVALID_FORMAT', 'card.last_digits does not match the card number');
  }
}
