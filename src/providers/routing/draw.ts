import { createHash } from 'node:crypto';

/**
 * The published draw of providers.md R6.4: the first 8 bytes of SHA-256 of `{seed}:{key}`, as an unsigned
 * big-endian integer, divided by 2^64. `Number(bigint)` rounds to nearest and the division by a power of two is
 * exact, so this equals the correctly rounded quotient any client computes (Python's `int / 2**64` included);
 * the one value that would round up to 1 is kept below it, so the result is always in [0, 1).
 */
export function drawUnit(seed: string, key: string): number {
  const head = createHash('sha256').update(`${seed}:${key}`, 'utf8').digest().readBigUInt64BE(0);
  const unit = Number(head) / 2 ** 64;
  return unit < 1 ? unit : 1 - Number.EPSILON / 2;
}

/**
 * An attempt's id at the provider (R6.8): the first 16 bytes of SHA-256 of `attempt:{transaction}:{account}` as a
 * UUID with version nibble 5 and variant `10`. A retry of the same create keeps the transaction id, so each account
 * always receives the same key for one payment, and two accounts never share one.
 */
export function attemptId(transactionId: string, providerAccountId: string): string {
  const bytes = createHash('sha256')
    .update(`attempt:${transactionId}:${providerAccountId}`, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
