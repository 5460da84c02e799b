import { z } from 'zod';
import { systemClock } from '../../kernel/clock.js';
import type { StoredCardRow } from '../../db/schema/index.js';
import { noCardData, requestIdField, upperEnum } from '../../http/schemas.js';
import { CARD_BRANDS } from '../../domain/card-brands.js';
import { EV_MAX_LENGTH, parseEv, type EvPurpose } from '../../crypto/ev.js';

export const CARD_STATUSES = ['ACTIVE', 'REPLACED', 'CLOSED', 'INVALID'] as const;

/** product.md §8: `ev:` then at least 16 characters of [A-Za-z0-9+/=:_$-]. */
export const ENCRYPTED_VALUE = /^ev:[A-Za-z0-9+/=:_$-]{16,}$/;

/**
 * A card credential that must arrive encrypted (platform-api.md rule 7, payments.md P6). Outside §8's alphabet
 * (a plaintext number included) it is ENCRYPTION_REQUIRED; inside it but not an `ev:v1` value of the field's
 * purpose with the right segment lengths, DECRYPTION_FAILED. Checked without decrypting; the value is never
 * echoed (the error mapper drops it for both types). Whether the kid is known is the service's check.
 */
export const encryptedValue = (purpose: EvPurpose) =>
  z
    .unknown()
    .transform((value, ctx) => {
      if (value === undefined) {
        ctx.addIssue({ code: 'custom', message: 'is required (encrypted, prefix ev:)', params: { type: 'REQUIRED' } });
        return z.NEVER;
      }
      if (typeof value !== 'string' || value.length > EV_MAX_LENGTH || !ENCRYPTED_VALUE.test(value)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be encrypted: send the ciphertext (prefix ev:), never the plaintext',
          params: { type: 'ENCRYPTION_REQUIRED' },
        });
        return z.NEVER;
      }
      const parts = parseEv(value);
      if (!parts || parts.purpose !== purpose) {
        ctx.addIssue({
          code: 'custom',
          message: `must be an ev:v1 value encrypted with the purpose ${purpose}`,
          params: { type: 'DECRYPTION_FAILED' },
        });
        return z.NEVER;
      }
      return value;
    })
    // Documented as what clients must send; the check above also turns non-strings into ENCRYPTION_REQUIRED.
    .meta({
      type: 'string',
      pattern: ENCRYPTED_VALUE.source,
      description: `Encrypted value (ev:v1, purpose ${purpose}), never plaintext`,
    });

// Card metadata is stored and returned: a card number or ciphertext in it would leak, so it is refused.
const optionalText = (max = 100) => noCardData(z.string().trim().min(1).max(max)).optional();

/** Not in the past: the current year or later (UTC). */
const expiryYear = z
  .string()
  .regex(/^\d{4}$/, 'must be 4 digits')
  .superRefine((v, ctx) => {
    // Validation runs before any dependency is at hand: real time (a card's expiry is a real-world fact).
    const min = systemClock.now().getUTCFullYear();
    if (/^\d{4}$/.test(v) && Number(v) < min)
      ctx.addIssue({
        code: 'custom',
        message: `must not be in the past (at least ${min})`,
        params: { type: 'TOO_SMALL', constraints: { min } },
      });
  });

export const storeCardBody = z.strictObject({
  card: z.strictObject({
    number: encryptedValue('pan'),
    expiry_month: z.string().regex(/^(0[1-9]|1[0-2])$/, 'must be 01 to 12'),
    expiry_year: expiryYear,
    last_digits: z.string().regex(/^\d{4}$/, 'must be 4 digits'),
    cardholder_name: noCardData(z.string().trim().min(1).max(100)),
    bin: z.string().regex(/^\d{6,8}$/, 'must be 6 to 8 digits'),
    brand: upperEnum(CARD_BRANDS).optional(),
    funding: optionalText(),
    issuer: optionalText(),
    country: optionalText(),
    segment: optionalText(),
    currency: optionalText(),
  }),
  request_id: requestIdField(),
});
export type StoreCardInput = z.infer<typeof storeCardBody>;

export const storedCardSchema = z.object({
  id: z.string(),
  source: z.enum(['API', 'TRANSACTION']),
  status: z.enum(CARD_STATUSES),
  brand: z.enum(CARD_BRANDS),
  last_digits: z.string(),
  expiry_month: z.string(),
  expiry_year: z.string(),
  funding: z.string().nullable(),
  issuer: z.string().nullable(),
  country: z.string().nullable(),
  bin: z.string(),
  segment: z.string().nullable(),
  currency: z.string().nullable(),
  cardholder_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** The stored card as returned: the ciphertext column is never read into a view. */
export function toCardView(row: StoredCardRow): z.infer<typeof storedCardSchema> {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    brand: row.brand as (typeof CARD_BRANDS)[number],
    last_digits: row.lastDigits,
    expiry_month: row.expiryMonth,
    expiry_year: row.expiryYear,
    funding: row.funding,
    issuer: row.issuer,
    country: row.country,
    bin: row.bin,
    segment: row.segment,
    currency: row.currency,
    cardholder_name: row.cardholderName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
