/**
 * The vault: private keys and decryption (payments.md P6). Only the composition root and provider adapters
 * may import this directory (areas reach stored numbers through the port `StoredCardNumbers`, adapter stored-cards.ts) (test/architecture/vault-boundary.test.ts fails otherwise);
 * everyone else sees the public face, `PublicKeyRing` in src/kernel/encryption-keys.ts.
 */
export { Vault, DecryptionFailed, openVault, RETIRING_MS, type VaultOptions } from './vault.js';
export { KeyFileError, readKeyFile, newKeyFile, writeKeyFile, type KeyFile } from './key-file.js';
