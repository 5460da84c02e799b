import { luhnValid } from '../../domain/pan.js';
import type { EvPurpose } from '../../crypto/ev.js';
import { invalidField } from '../../kernel/errors.js';
import type { VaultHandle } from '../../kernel/encryption-keys.js';
import { DecryptionFailed, openVault } from '../../vault/index.js';

/**
 * The stored-card verifier: with the provider adapters, the only caller of the vault. The plaintext lives in
 * this function's frame for the checks and is dropped; nothing here logs, stores or returns it.
 */
export async function verifyStoredCardNumber(
  handle: VaultHandle | undefined,
  card: { number: string; bin: string; last_digits: string },
): Promise<void> {
  const digits = await decryptOrFail(handle, card.number, 'pan', 'card.number');
  // P6: INVALID_FORMAT on the number (not Luhn-valid) or on the mismatching field. No value: nothing inside a
  // card object is echoed (a CVV sent as last_digits would otherwise come back), as for schema issues.
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits))
    throw invalidField('card.number', 'INVALID_FORMAT', 'card.number does not decrypt to a valid card number');
  if (!digits.startsWith(card.bin))
    throw invalidField('card.bin', 'INVALID_FORMAT', 'card.bin does not match the card number');
  if (!digits.endsWith(card.last_digits))
    throw invalidField('card.last_digits', 'INVALID_FORMAT', 'card.last_digits does not match the card number');
}

/** The stored number under the ACTIVE key (background re-encryption after a rotation). */
export async function reencryptStoredNumber(handle: VaultHandle, value: string): Promise<string> {
  return openVault(handle).reencrypt(value, 'pan');
}

export { DecryptionFailed };

async function decryptOrFail(
  handle: VaultHandle | undefined,
  value: string,
  purpose: EvPurpose,
  field: string,
): Promise<string> {
  if (!handle) throw new Error('the vault is not configured');
  try {
    return await openVault(handle).decrypt(value, purpose);
  } catch (err) {
    if (err instanceof DecryptionFailed)
      throw invalidField(
        field,
        'DECRYPTION_FAILED',
        `${field} did not decrypt: encrypt it again with a current key from GET /v1/encryption-keys`,
      );
    throw err;
  }
}
