import { luhnValid } from '../domain/pan.js';
import type { StoredCardNumbers, VaultHandle } from '../kernel/encryption-keys.js';
import { DecryptionFailed, openVault } from './vault.js';

/**
 * The adapter of the stored-card port (src/kernel/encryption-keys.ts `StoredCardNumbers`): the plaintext lives
 * in these functions' frames for the checks and is dropped; nothing here logs, stores or returns it.
 */
export function storedCardNumbers(handle: VaultHandle): StoredCardNumbers {
  const vault = openVault(handle);
  return {
    async verify(value, card) {
      let digits: string;
      try {
        digits = await vault.decrypt(value, 'pan');
      } catch (err) {
        if (err instanceof DecryptionFailed) return 'UNDECRYPTABLE';
        throw err;
      }
      if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return 'NOT_A_CARD_NUMBER';
      if (!digits.startsWith(card.bin)) return 'BIN_MISMATCH';
      if (!digits.endsWith(card.last_digits)) return 'LAST_DIGITS_MISMATCH';
      return 'OK';
    },
    async reencrypt(value) {
      try {
        return await vault.reencrypt(value, 'pan');
      } catch (err) {
        if (err instanceof DecryptionFailed) return null;
        throw err;
      }
    },
  };
}
