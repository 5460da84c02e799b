import { z } from 'zod';
import { documentNumber, noCardData, requestIdField, upperEnum, uuid } from '../../../http/schemas.js';
import { CARD_BRANDS } from '../../../domain/card-brands.js';
import { encryptedValue } from '../../cards/cards.schemas.js';
import { MAX_AMOUNT, MAX_INSTALLMENTS } from '../shared/transactions.rules.js';
import { THREE_DS_STATUSES } from './three-ds.rules.js';
import { returnUrlProblem } from './three-ds.session.rules.js';

export const CHALLENGE_PREFERENCES = [
  'NO_PREFERENCE',
  'CHALLENGE_REQUESTED',
  'CHALLENGE_MANDATED',
  'NO_CHALLENGE_REQUESTED',
] as const;
export const INITIATOR_REASONS = ['RECURRING', 'INSTALLMENT', 'ADD_CARD'] as const;
export const FAILURE_REASONS = [
  'AUTHENTICATION_FAILED',
  'CARD_NOT_ENROLLED',
  'CHALLENGE_CANCELLED',
  'TIMED_OUT',
  'DIRECTORY_UNAVAILABLE',
  'PROTOCOL_ERROR',
] as const;
/** Providers a caller may name; INTERNAL does no 3DS, so naming it is the P1 409 (no affiliation offers it). */

const text = (max: number) => noCardData(z.string().trim().min(1).max(max));

/** payments.md P7 `card`, as for transactions (P3): on the core the number is an `ev:` value of purpose `pan`. */
const cardInput = z.strictObject({
  number: encryptedValue('pan'),
  expiry_month: z.string().regex(/^(0[1-9]|1[0-2])$/, 'must be 01 to 12'),
  // The past is checked against the organization's clock in the service (INVALID_FORMAT, as transactions).
  expiry_year: z.string().regex(/^\d{4}$/, 'must be 4 digits'),
  holder_name: noCardData(z.string().trim().min(2).max(45)),
  bin: z.string().regex(/^\d{6,8}$/, 'must be 6 to 8 digits'),
  last_digits: z.string().regex(/^\d{4}$/, 'must be 4 digits'),
  brand: upperEnum(CARD_BRANDS).optional(),
});

const customerInput = z.strictObject({
  name: text(100).optional(),
  document_number: documentNumber().optional(),
  email: z.email().max(254).optional(),
  phone: z
    .string()
    .regex(/^\+?\d{8,15}$/, 'must be 8 to 15 digits, optionally with a leading +')
    .optional(),
});

const browserInput = z.strictObject({
  accept_header: text(2048).optional(),
  user_agent: text(2048).optional(),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/, 'must be a language tag such as pt-BR')
    .optional(),
  color_depth: z.int().min(1).max(64).optional(),
  screen_height: z.int().min(1).max(100_000).optional(),
  screen_width: z.int().min(1).max(100_000).optional(),
  time_zone_offset: z
    .int()
    .min(-840)
    .max(840)
    .optional()
    .meta({ description: 'Minutes, as JavaScript getTimezoneOffset()' }),
  ip: z.union([z.ipv4(), z.ipv6()]).optional(),
});

const initiatorInput = z
  .strictObject({ type: upperEnum(['CUSTOMER', 'MERCHANT']), reason: upperEnum(INITIATOR_REASONS).optional() })
  .superRefine((v, ctx) => {
    if (v.type === 'MERCHANT' && v.reason === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'is required when type is MERCHANT',
        params: { type: 'REQUIRED' },
      });
    if (v.type === 'CUSTOMER' && v.reason !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'applies only when type is MERCHANT',
        params: { type: 'UNKNOWN_FIELD' },
      });
  });

/** The body of both create routes; `sandbox` admits http://localhost and http://127.0.0.1 return URLs. */
export const createSessionBody = (sandbox: boolean) =>
  z
    .strictObject({
      request_id: requestIdField(),
      amount: z.int().min(1).max(MAX_AMOUNT),
      currency: upperEnum(['BRL']).optional(),
      installments: z.int().min(1).max(MAX_INSTALLMENTS).optional(),
      card: cardInput.optional(),
      card_id: uuid().optional(),
      provider: z
        .preprocess(
          (v) => (typeof v === 'string' ? v.toUpperCase() : v),
          z.string().regex(/^[A-Z][A-Z0-9_]{2,31}$/, 'must be a provider account name'),
        )
        .optional(),
      customer: customerInput.optional(),
      challenge_preference: upperEnum(CHALLENGE_PREFERENCES).optional(),
      initiator: initiatorInput.optional(),
      browser: browserInput.optional(),
      return_url: z
        .string()
        .max(2048)
        .superRefine((v, ctx) => {
          const problem = returnUrlProblem(v, sandbox);
          if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { type: 'INVALID_FORMAT' } });
        })
        .optional()
        .meta({
          description:
            'https URL the challenge page sends the browser to when done (sandbox: also http://localhost and http://127.0.0.1)',
        }),
    })
    .superRefine((v, ctx) => {
      // One card source: neither is REQUIRED on `card` here; both is the 400 on `card` the service answers alone.
      if (v.card === undefined && v.card_id === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['card'],
          message: 'card or card_id is required',
          params: { type: 'REQUIRED' },
        });
    });
export type CreateSessionInput = z.infer<ReturnType<typeof createSessionBody>>;

export const controlBody = z.strictObject({ outcome: upperEnum(['SUCCEEDED', 'FAILED', 'CANCELLED']) });

export const sessionSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  provider: z.string().meta({ description: 'The provider account the session was routed to' }),
  status: z.enum(THREE_DS_STATUSES),
  amount: z.int(),
  currency: z.literal('BRL'),
  installments: z.int(),
  card: z.object({
    brand: z.string(),
    bin: z.string(),
    last_digits: z.string(),
    expiry_month: z.string(),
    expiry_year: z.string(),
  }),
  challenge_preference: z.enum(CHALLENGE_PREFERENCES),
  initiator: z.object({ type: z.enum(['CUSTOMER', 'MERCHANT']), reason: z.enum(INITIATOR_REASONS).nullable() }),
  next_action: z
    .object({ type: z.literal('CHALLENGE'), challenge_url: z.string(), expires_at: z.string() })
    .nullable()
    .meta({
      description: 'While ACTION_REQUIRED: open challenge_url (a page of the platform) in a browser or an iframe',
    }),
  result: z.object({
    flow: z.enum(['FRICTIONLESS', 'CHALLENGE']).nullable(),
    version: z.string().nullable(),
    trans_status: z.string().nullable(),
    eci: z.string().nullable(),
    liability_shift: z.boolean(),
    authentication_value: z.string().nullable().meta({ description: 'For one hour after success, then null' }),
    ds_transaction_id: z.string().nullable(),
    three_ds_server_trans_id: z.string().nullable(),
    acs_transaction_id: z.string().nullable(),
  }),
  failure_reason: z.enum(FAILURE_REASONS).nullable(),
  transaction_id: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SessionView = z.infer<typeof sessionSchema>;
