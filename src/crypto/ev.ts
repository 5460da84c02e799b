import { createCipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';

/**
 * The `ev:v1` card-data format (payments.md P6), shared by everything that encrypts (the PCI host, the sandbox
 * test cards, the vault when it re-encrypts) and by the core's shape check. Encryption needs only a public key;
 * decryption lives in src/vault/ alone.
 *
 *   ev:v1:{kid}:{purpose}:{epk}:{iv}:{ct}:$      header (the AAD) = ev:v1:{kid}:{purpose}:{epk}
 *   K = HKDF-SHA256(ikm ECDH(ephemeral, platform), salt epk (65-byte point), info "ev:v1:kid:purpose"), 32 bytes
 *   ct = AES-256-GCM(K, iv 12 bytes, value UTF-8, AAD header) || 16-byte tag
 */
export const EV_PURPOSES = ['pan', 'cvv', 'ntk', 'cry', 'gen'] as const;
export type EvPurpose = (typeof EV_PURPOSES)[number];

export const KID_PATTERN = /^[a-z0-9_]{3,32}$/;
/** 65 bytes of an uncompressed P-256 point and 12 bytes of IV, base64url without padding. */
const EPK_CHARS = 87;
const IV_CHARS = 16;
/** At least the 16-byte tag (an empty value); at most what a 4096-char value can hold. */
const CT_MIN_CHARS = 22;
export const EV_MAX_LENGTH = 4096;
const B64URL = /^[A-Za-z0-9_-]+$/;

export interface EvParts {
  kid: string;
  purpose: EvPurpose;
  epk: Buffer;
  iv: Buffer;
  ct: Buffer;
  header: string;
}

/** The platform's public key as served by GET /v1/encryption-keys (JWK coordinates). */
export interface EvPublicKey {
  kid: string;
  x: string;
  y: string;
}

/**
 * Parses the form without decrypting: segments, kid and purpose syntax, segment lengths, and a point that at
 * least looks uncompressed. Undefined when the value is not `ev:v1` (the caller's DECRYPTION_FAILED).
 */
export function parseEv(value: string): EvParts | undefined {
  if (value.length > EV_MAX_LENGTH || !value.startsWith('ev:v1:') || !value.endsWith(':$')) return undefined;
  const segments = value.split(':');
  if (segments.length !== 8) return undefined;
  const [, , kid, purpose, epk, iv, ct] = segments;
  if (kid === undefined || purpose === undefined || epk === undefined || iv === undefined || ct === undefined)
    return undefined;
  if (!KID_PATTERN.test(kid) || !(EV_PURPOSES as readonly string[]).includes(purpose)) return undefined;
  if (epk.length !== EPK_CHARS || iv.length !== IV_CHARS || ct.length < CT_MIN_CHARS) return undefined;
  if (!B64URL.test(epk) || !B64URL.test(iv) || !B64URL.test(ct)) return undefined;
  const epkBytes = Buffer.from(epk, 'base64url');
  // Base64url without padding round-trips exactly; anything else hides extra bits.
  if (epkBytes.length !== 65 || epkBytes[0] !== 0x04 || epkBytes.toString('base64url') !== epk) return undefined;
  const ivBytes = Buffer.from(iv, 'base64url');
  const ctBytes = Buffer.from(ct, 'base64url');
  if (ivBytes.toString('base64url') !== iv || ctBytes.toString('base64url') !== ct) return undefined;
  return {
    kid,
    purpose: purpose as EvPurpose,
    epk: epkBytes,
    iv: ivBytes,
    ct: ctBytes,
    header: `ev:v1:${kid}:${purpose}:${epk}`,
  };
}

export const hkdfInfo = (kid: string, purpose: string) => `ev:v1:${kid}:${purpose}`;

/** K from the shared secret, as P6 defines it (also used by the vault on the other side). */
export function deriveEvKey(sharedSecret: Buffer, epk: Buffer, kid: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sharedSecret, epk, hkdfInfo(kid, purpose), 32));
}

/** Uncompressed point 0x04 || x || y of a JWK public key. */
export function publicPoint(key: Pick<EvPublicKey, 'x' | 'y'>): Buffer {
  return Buffer.concat([Buffer.from([0x04]), Buffer.from(key.x, 'base64url'), Buffer.from(key.y, 'base64url')]);
}

/**
 * One ephemeral key pair. Fresh per value by default; the PCI host may keep one for up to 15 s (P6), and the IV
 * stays fresh per value either way.
 */
export interface Ephemeral {
  ecdh: ECDH;
  point: Buffer;
  /**
   * With a reused pair, K depends only on (platform key, purpose): derived once and kept for the pair's life
   * (at most 15 s on the PCI host), so each value costs one AES-GCM under a fresh IV, not an ECDH.
   */
  derived?: Map<string, Buffer>;
}

export function newEphemeral(reuse = false): Ephemeral {
  const ecdh = createECDH('prime256v1');
  const point = ecdh.generateKeys();
  return reuse ? { ecdh, point, derived: new Map() } : { ecdh, point };
}

function keyFor(ephemeral: Ephemeral, key: EvPublicKey, purpose: EvPurpose): Buffer {
  const cacheKey = `${key.kid}:${key.x}:${purpose}`;
  const cached = ephemeral.derived?.get(cacheKey);
  if (cached) return cached;
  const z = ephemeral.ecdh.computeSecret(publicPoint(key));
  const k = deriveEvKey(z, ephemeral.point, key.kid, purpose);
  z.fill(0);
  ephemeral.derived?.set(cacheKey, k);
  return k;
}

/** Encrypts one value under a platform public key. */
export function encryptEv(
  value: string,
  purpose: EvPurpose,
  key: EvPublicKey,
  ephemeral: Ephemeral = newEphemeral(),
): string {
  const k = keyFor(ephemeral, key, purpose);
  const iv = randomBytes(12);
  const header = `ev:v1:${key.kid}:${purpose}:${ephemeral.point.toString('base64url')}`;
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  cipher.setAAD(Buffer.from(header, 'utf8'));
  const ct = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  if (!ephemeral.derived) k.fill(0);
  return `${header}:${iv.toString('base64url')}:${ct.toString('base64url')}:$`;
}

/** The purpose each card field must carry (P6). */
export const FIELD_PURPOSE: Record<string, EvPurpose> = {
  number: 'pan',
  cvv: 'cvv',
  network_token: 'ntk',
  cryptogram: 'cry',
  authentication_value: 'gen',
};
