import type { Executor } from '../db/client.js';

/**
 * The public face of the card-data keys (payments.md P6), what any module may use: the key document, the
 * current public key, a kid's state, rotation. It holds no private key and cannot decrypt; the vault
 * (src/vault/) implements it, and only its allowed importers can reach the decrypting side (see
 * test/architecture/vault-boundary.test.ts).
 */
export type PublicKeyStatus = 'ACTIVE' | 'RETIRING' | 'RETIRED';

export interface PublicKeyView {
  kid: string;
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  use: 'enc';
  alg: 'ECDH-P256+HKDF-SHA256+A256GCM';
  format: 'ev:v1';
  status: PublicKeyStatus;
  created_at: string;
  not_after: string | null;
}

export interface KeysDocument {
  environment: 'sandbox' | 'production';
  current_kid: string;
  keys: PublicKeyView[];
}

export interface KeyRotation {
  previousKid: string;
  kid: string;
  /** When the previous key may become RETIRED (at least 90 days on). */
  notAfter: Date;
}

export interface PublicKeyRing {
  readonly environment: 'sandbox' | 'production';
  document(): Promise<KeysDocument>;
  /** The ACTIVE key: what every new value is encrypted under. */
  current(): Promise<{ kid: string; x: string; y: string }>;
  /** The state of a kid of this environment's ring; undefined for a kid it does not know. */
  statusOf(kid: string): Promise<PublicKeyStatus | undefined>;
  /**
   * A new ACTIVE key, the old one RETIRING. `scheduled` runs inside the same transaction (the background
   * re-encryption of stored cards is queued there).
   */
  rotate(scheduled?: (tx: Executor, rotation: KeyRotation) => Promise<void>): Promise<PublicKeyView>;
  /** RETIRING -> RETIRED once its time has come; the caller checks nothing references it. */
  retire(kid: string): Promise<boolean>;
}

/**
 * The port through which areas check and re-encrypt stored card numbers (payments.md P6) without ever holding
 * one: the adapter (src/vault/stored-cards.ts, built by the composition root) decrypts inside the vault and
 * answers only a verdict or a new ciphertext.
 */
export type StoredNumberVerdict =
  'OK' | 'UNDECRYPTABLE' | 'NOT_A_CARD_NUMBER' | 'BIN_MISMATCH' | 'LAST_DIGITS_MISMATCH';
export interface StoredCardNumbers {
  /** Whether the ciphertext opens to a Luhn-valid number of 13-19 digits with this bin and these last digits. */
  verify(value: string, card: { bin: string; last_digits: string }): Promise<StoredNumberVerdict>;
  /** The same number under the ACTIVE key; null when the value does not decrypt any more. */
  reencrypt(value: string): Promise<string | null>;
}

/** Opaque: what AppDeps carries; only the vault's allowed importers can open it to decrypt. */
export interface VaultHandle extends PublicKeyRing {
  readonly vaultHandle: true;
}
