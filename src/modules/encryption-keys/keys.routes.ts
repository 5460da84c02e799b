import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBody } from '../../http/schemas.js';
import { scheduleKeyRotationWork } from '../cards/cards.jobs.js';
import { keyRing } from '../cards/key-ring.js';

export const publicKeySchema = z.object({
  kid: z.string(),
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  use: z.literal('enc'),
  alg: z.literal('ECDH-P256+HKDF-SHA256+A256GCM'),
  format: z.literal('ev:v1'),
  status: z.enum(['ACTIVE', 'RETIRING', 'RETIRED']),
  created_at: z.string(),
  not_after: z.string().nullable(),
});

const keysDocumentSchema = z.object({
  environment: z.enum(['sandbox', 'production']),
  current_kid: z.string(),
  keys: z.array(publicKeySchema),
});

/** The card-data public keys (payments.md P6) and their rotation by staff. */
export default async function encryptionKeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/encryption-keys',
    {
      // No credential; the standard pool per client address (the pipeline buckets anonymous callers by address).
      config: { auth: 'public', ratePool: 'standard' },
      schema: { summary: 'Public keys for ev:v1 card-data encryption', response: { 200: keysDocumentSchema } },
    },
    async (_request, reply) => {
      // Any merchant page, on any origin, encrypts with these (P6), so any origin may read them.
      reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*');
      return keyRing(app).document();
    },
  );

  r.post(
    '/v1/platform/encryption-keys/rotate',
    {
      config: { auth: 'platform' },
      schema: {
        summary: 'Rotate the card-data key: a new ACTIVE key, the old one RETIRING',
        body: emptyBody,
        response: { 201: publicKeySchema },
      },
    },
    async (_request, reply) => {
      // Re-encryption of stored cards and the old key's retirement are queued in the rotation's transaction.
      const key = await keyRing(app).rotate((tx, rotation) =>
        scheduleKeyRotationWork(tx, rotation, app.deps.clock.now()),
      );
      reply.code(201);
      return key;
    },
  );
}
