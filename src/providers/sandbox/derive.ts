import { createHash } from 'node:crypto';

/**
 * The sandbox's answers are functions of the idempotency key (and the provider's name): the same key gives
 * the same account number, EVP key, transfer id, authorization code, across retries, instances and restarts,
 * which is what a real provider's idempotency gives us. Nothing here is random.
 */
export const digest = (...parts: string[]): Buffer => createHash('sha256').update(parts.join('\u0000')).digest();

/** `n` decimal digits derived from the parts. */
export function digits(n: number, ...parts: string[]): string {
  let out = '';
  for (let round = 0; out.length < n; round++) {
    for (const byte of digest(String(round), ...parts)) {
      if (byte < 250) out += String(byte % 10);
      if (out.length === n) break;
    }
  }
  return out;
}

export const hex = (n: number, ...parts: string[]): string =>
  digest(...parts)
    .toString('hex')
    .slice(0, n);

/** A version-4-shaped UUID derived from the parts. */
export function uuidFrom(...parts: string[]): string {
  const b = digest(...parts).subarray(0, 16);
  b.writeUInt8((b.readUInt8(6) & 0x0f) | 0x40, 6);
  b.writeUInt8((b.readUInt8(8) & 0x3f) | 0x80, 8);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Uppercase alphanumerics (a PIX txid, an end-to-end id's tail). */
export function alnum(n: number, ...parts: string[]): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let out = '';
  for (let round = 0; out.length < n; round++) {
    for (const byte of digest(String(round), ...parts)) {
      if (byte < 252) out += alphabet[byte % 36];
      if (out.length === n) break;
    }
  }
  return out;
}
