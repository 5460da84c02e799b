import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../../kernel/errors.js';
import type { PublicKeyRing } from '../../kernel/encryption-keys.js';

/** The card-data keys (payments.md P6) the app was built with: the test cards' encryption and the keys' routes read them. */
export function keyRing(app: FastifyInstance): PublicKeyRing {
  const ring = app.deps.vault;
  if (!ring) throw serviceUnavailable('Card encryption keys are not configured');
  return ring;
}
