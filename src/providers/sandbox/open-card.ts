import type { VaultHandle } from '../../kernel/encryption-keys.js';
import { DecryptionFailed, openVault } from '../../vault/index.js';
import { refused } from '../errors.js';

/**
 * How the sandbox adapters read a test card: an `ev:v1` number is opened through the vault (an adapter is one
 * of the vault's allowed callers, payments.md P6), plain digits are taken as they are. A value that does not
 * decrypt is the provider refusing it (`DECRYPTION_FAILED`); services map that onto the card field. The
 * plaintext lives only in the adapter's call.
 */
export function sandboxCardOpener(handle: VaultHandle): (value: string) => Promise<string> {
  return async (value) => {
    if (!value.startsWith('ev:')) return value;
    try {
      return await openVault(handle).decrypt(value, 'pan');
    } catch (err) {
      if (err instanceof DecryptionFailed) throw refused('DECRYPTION_FAILED', 'The card number did not decrypt');
      throw err;
    }
  };
}
