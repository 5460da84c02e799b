import { z } from 'zod';
import { parseDocument, type DocumentType } from '../domain/brazilian-documents.js';
import { containsCardNumber } from '../domain/pan.js';

/** Shared building blocks of request and response schemas. */

export const uuid = () => z.guid();
export const timestamp = () => z.iso.datetime();

/** Path params: a malformed id answers 400 BAD_REQUEST (the pipeline maps uuid format issues in params). */
export const idParams = <K extends string>(...names: K[]) =>
  z.strictObject(Object.fromEntries(names.map((n) => [n, z.guid()])) as Record<K, z.ZodGUID>);

/** Integer cents (or whole units): a decimal is INVALID_TYPE, never rounded. */
export const cents = () => z.int().min(0);

/** An `ev:` ciphertext anywhere in a text (product.md §8 shape). */
const CIPHERTEXT_IN_TEXT = /(^|[^A-Za-z0-9])ev:[A-Za-z0-9+/=:_$-]{16,}/;

/**
 * Free text that is stored and returned must never carry card data: a Luhn-valid card number or an `ev:`
 * ciphertext in it is refused (the error mapper never echoes such values), so it reaches no table or response.
 */
export const noCardData = <T extends z.ZodString>(schema: T, detect: (value: string) => boolean = containsCardNumber) =>
  schema.superRefine((value, ctx) => {
    if (detect(value) || CIPHERTEXT_IN_TEXT.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'must not contain card data', params: { type: 'INVALID_FORMAT' } });
    }
  });

/** A client-generated request_id (1-255 chars); never a card number, since it is echoed in 409s. */
export const requiredRequestIdField = () => noCardData(z.string().min(1).max(255));
export const requestIdField = () => requiredRequestIdField().optional();

/** Case-insensitive enum: input is uppercased before it is checked (provider names, states). */
export const upperEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(values));

/** A CPF or CNPJ: formatting stripped, letters uppercased, check digits verified (INVALID_FORMAT otherwise). */
export const documentNumber = (accept: readonly DocumentType[] = ['CPF', 'CNPJ']) =>
  z.string().transform((value, ctx) => {
    const parsed = parseDocument(value);
    if (!parsed || !accept.includes(parsed.type)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a valid ${accept.join(' or ')} (check digits did not match or the length is wrong)`,
        params: { type: 'INVALID_FORMAT' },
      });
      return z.NEVER;
    }
    return parsed.number;
  });

/** Bodiless actions accept no body at all, or `{}` (product.md §2). */
// Fastify hands a bodiless request over as `null`, so null is accepted like undefined.
export const emptyBody = z.strictObject({}).nullish();

export const METADATA_MAX_KEYS = 50;
export const METADATA_KEY_MAX = 40;

/**
 * `metadata` (product.md §14): at most 50 keys of 1-40 characters; values strings of at most 500 characters,
 * numbers, booleans or null. Too many keys is TOO_LARGE on `metadata`, a bad key TOO_LARGE on its path.
 */
export const metadataField = () =>
  z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).superRefine((value, ctx) => {
    const keys = Object.keys(value);
    if (keys.length > METADATA_MAX_KEYS) {
      ctx.addIssue({
        code: 'custom',
        message: `metadata must have at most ${METADATA_MAX_KEYS} keys`,
        params: { type: 'TOO_LARGE', constraints: { max: METADATA_MAX_KEYS } },
      });
    }
    for (const key of keys) {
      if (key.length < 1 || key.length > METADATA_KEY_MAX) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `metadata keys must have 1-${METADATA_KEY_MAX} characters`,
          params: { type: 'TOO_LARGE', constraints: { min: 1, max: METADATA_KEY_MAX } },
        });
      }
    }
  });
