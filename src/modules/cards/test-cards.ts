import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { encryptEv } from '../../crypto/ev.js';
import { keyRing } from './key-ring.js';
import { brandFromBin, CARD_BRANDS } from '../../domain/card-brands.js';

/** The sandbox test cards of payments.md P9 (any future expiry, any CVV). */
export const TEST_CARDS: readonly { number: string; outcome: string; three_ds: string | null }[] = [
  { number: '4111111111111111', outcome: 'APPROVED', three_ds: null },
  { number: '5555555555554444', outcome: 'APPROVED', three_ds: null },
  { number: '4000000000000010', outcome: 'APPROVED', three_ds: null },
  { number: '4000000000000002', outcome: 'REFUSED CARD_DECLINED', three_ds: null },
  { number: '4000000000009995', outcome: 'REFUSED INSUFFICIENT_FUNDS', three_ds: null },
  { number: '4000000000000036', outcome: 'PROCESSING, then APPROVED', three_ds: null },
  { number: '4000000000000044', outcome: 'PROCESSING, then REFUSED', three_ds: null },
  { number: '4000000000005126', outcome: 'APPROVED; refunds go PENDING then FAILED', three_ds: null },
  { number: '4000000000007726', outcome: 'APPROVED; refunds stay PENDING until settled', three_ds: null },
  { number: '4000000000002701', outcome: 'APPROVED', three_ds: 'FRICTIONLESS_SUCCEEDED' },
  { number: '5200000000002235', outcome: 'APPROVED', three_ds: 'FRICTIONLESS_SUCCEEDED' },
  { number: '6505290000002000', outcome: 'APPROVED', three_ds: 'FRICTIONLESS_SUCCEEDED' },
  { number: '4000000000002925', outcome: 'APPROVED', three_ds: 'FRICTIONLESS_FAILED' },
  { number: '5200000000002276', outcome: 'APPROVED', three_ds: 'FRICTIONLESS_FAILED' },
  { number: '4000000000002503', outcome: 'APPROVED', three_ds: 'CHALLENGE' },
  { number: '5200000000002151', outcome: 'APPROVED', three_ds: 'CHALLENGE' },
  { number: '6505290000002190', outcome: 'APPROVED', three_ds: 'CHALLENGE' },
  { number: '4000000000002420', outcome: 'APPROVED', three_ds: 'CARD_NOT_ENROLLED' },
];

const testCardSchema = z.object({
  outcome: z.string(),
  three_ds: z.string().nullable(),
  card_data: z.object({
    number: z.string(),
    cvv: z.string(),
    bin: z.string(),
    last_digits: z.string(),
    brand: z.enum(CARD_BRANDS),
    expiry_month: z.string(),
    expiry_year: z.string(),
    holder_name: z.string(),
  }),
});

/** GET /v1/sandbox/test-cards (P9): every test card with its number and CVV encrypted under the current key. */
export default async function testCardRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/sandbox/test-cards',
    {
      config: { permission: 'sandbox.test_card.list', sandboxOnly: true },
      schema: {
        summary: 'Sandbox test cards, encrypted (ev:v1) under the current key',
        response: { 200: z.object({ data: z.array(testCardSchema) }) },
      },
    },
    async () => {
      const key = await keyRing(app).current();
      const expiryYear = String(app.deps.clock.now().getUTCFullYear() + 3);
      return {
        data: TEST_CARDS.map((c) => ({
          outcome: c.outcome,
          three_ds: c.three_ds,
          card_data: {
            number: encryptEv(c.number, 'pan', key),
            cvv: encryptEv(c.number.startsWith('3') ? '1234' : '123', 'cvv', key),
            bin: c.number.slice(0, 6),
            last_digits: c.number.slice(-4),
            brand: brandFromBin(c.number.slice(0, 6)),
            expiry_month: '12',
            expiry_year: expiryYear,
            holder_name: 'TEST CARDHOLDER',
          },
        })),
      };
    },
  );
}
