import { randomBytes } from 'node:crypto';
import { containsCardNumber } from '../../src/domain/pan.js';

/**
 * A random 32-byte HMAC key in hex, as Adyen issues them, that the platform accepts: product.md §14 refuses a
 * card-shaped digit run in any string field but the listed exceptions, credentials included, and about 1 random
 * key in 3,000 holds one (a Luhn-valid, branded 13-19 digit run among its hex digits), which failed a CI run.
 */
export function acceptedHmacKey(): string {
  for (;;) {
    const key = randomBytes(32).toString('hex');
    if (!containsCardNumber(key.toUpperCase())) return key;
  }
}
