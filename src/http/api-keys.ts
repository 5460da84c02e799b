import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type KeyKind = 'ORGANIZATION' | 'MERCHANT' | 'PLATFORM';

const PREFIX: Record<KeyKind, string> = { ORGANIZATION: 'sk_org_', MERCHANT: 'sk_mer_', PLATFORM: 'sk_plat_' };

/** Opaque keys of 32 random bytes; only their SHA-256 is stored (a fast hash suffices for 256-bit secrets). */
export function generateApiKey(kind: KeyKind): string {
  return PREFIX[kind] + randomBytes(32).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What may be shown of a key (logs, listings): its kind prefix and a few characters. */
export function keyDisplayPrefix(key: string): string {
  return key.slice(0, 12);
}

/** Constant-time equality of two SHA-256 hex digests (as hashApiKey gives them). */
export function sameDigest(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
