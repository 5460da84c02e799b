import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Server-side secrets at rest (webhook signing secrets): AES-256-GCM from node:crypto.
 *
 *   enc:v1:{kid}:{iv}:{ct}     iv 12 bytes, ct = ciphertext || 16-byte tag, both base64url
 *   AAD = "enc:v1:{kid}:" + the caller's context (which row and column), so a value copied to another row or
 *   column no longer opens.
 *
 * The kid is a fingerprint of the key (not the key), so a value sealed under a key this process does not hold
 * fails with "unknown key" rather than a bare tag mismatch. A value without the `enc:` prefix is a legacy plain
 * value and is returned as is (rows written before encryption; `isSealed` lets a re-encryption step find them).
 */
export const SEALED_PREFIX = 'enc:';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const B64URL = /^[A-Za-z0-9_-]+$/;

export class SecretBoxError extends Error {}

export interface SecretBox {
  /** The kid new values are sealed under. */
  readonly kid: string;
  seal(plain: string, context: string): string;
  /** Opens a sealed value, or returns a legacy plain value unchanged. Throws SecretBoxError (never with the value). */
  open(stored: string, context: string): string;
  isSealed(stored: string): boolean;
}

/** A key's public name: 8 bytes of SHA-256 over a label and the key, hex. */
export const keyId = (key: Buffer) =>
  createHash('sha256').update('secret-box.kid.v1').update(key).digest('hex').slice(0, 16);

/**
 * `current` seals and opens; `older` keys only open (a key rotation: keep the old one here until a re-encryption
 * step has moved every row to the current one).
 */
export function createSecretBox(current: Buffer, older: readonly Buffer[] = []): SecretBox {
  for (const k of [current, ...older]) if (k.length !== 32) throw new SecretBoxError('a secret box key is 32 bytes');
  const kid = keyId(current);
  const keys = new Map<string, Buffer>([[kid, current], ...older.map((k) => [keyId(k), k] as [string, Buffer])]);
  const aad = (k: string, context: string) => Buffer.from(`${SEALED_PREFIX}${VERSION}:${k}:${context}`, 'utf8');

  return {
    kid,
    isSealed: (stored) => stored.startsWith(SEALED_PREFIX),
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(kid, context));
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${SEALED_PREFIX}${VERSION}:${kid}:${iv.toString('base64url')}:${ct.toString('base64url')}`;
    },
    open(stored, context) {
      if (!stored.startsWith(SEALED_PREFIX)) return stored;
      const [, version, k, ivText, ctText, extra] = stored.split(':');
      if (version !== VERSION)
        throw new SecretBoxError(`sealed secret: unknown version ${String(version).slice(0, 8)}`);
      if (extra !== undefined || k === undefined || !ivText || !ctText || !B64URL.test(ivText) || !B64URL.test(ctText))
        throw new SecretBoxError('sealed secret: malformed');
      const key = keys.get(k);
      if (!key) throw new SecretBoxError(`sealed secret: unknown key ${k.slice(0, 16)}`);
      const iv = Buffer.from(ivText, 'base64url');
      const ct = Buffer.from(ctText, 'base64url');
      if (iv.length !== IV_BYTES || ct.length < TAG_BYTES) throw new SecretBoxError('sealed secret: malformed');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(k, context));
        decipher.setAuthTag(ct.subarray(ct.length - TAG_BYTES));
        return Buffer.concat([decipher.update(ct.subarray(0, ct.length - TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // Tampered, copied from another row/column, or sealed under another key with the same kid: all the same to callers.
        throw new SecretBoxError("sealed secret: does not open (tampered or not this row's)");
      }
    },
  };
}
