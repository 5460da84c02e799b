/**
 * The vault: private keys and decryption (payments.md P6). Only the composition root, provider adapters and the
 * stored-card verifier may import this directory (test/architecture/vault-boundary.test.ts fails otherwise);
 * everyone else sees the public face, `PublicKeyRing` in src/kernel/encryption-keys.ts.
 */
export { Vault, DecryptionFailed, openVault, RETIRING_MS, type VaultOptions } from './vault.js';
export { KeyFileError, readKeyFile, newKeyFile, writeKeyFile, type KeyFile } from './key-file.js';
