import { z } from 'zod';
import { documentNumber, noCardData, requestIdField, upperEnum, uuid } from '../../../http/schemas.js';
import { commaList, listQuery } from '../../../http/pagination.js';
import { parseEv } from '../../../crypto/ev.js';
import { PROVIDER_NAMES } from '../../../providers/port.js';
import { CARD_BRANDS } from '../../../domain/card-brands.js';
import { encryptedValue, ENCRYPTED_VALUE } from '../../cards/cards.schemas.js';
import { PAYMENT_METHODS, TRANSACTION_STATUSES } from './transactions.states.js';
import { BRAZILIAN_STATES } from '../../../domain/brazilian-documents.js';
import { DISCOUNT_MODES, FINE_MODES, INTEREST_MODES } from './pix-due.rules.js';

/**
 * payments.md P3: the create body. The schema checks each field's own shape; the rules between fields (card
 * source, method-only fields, installments, amount ceilings, expiry, PIX expiry) are `checkCreation`'s
 * (transactions.rules.ts), applied by the service, so they are tested as pure rules.
 */
const twoDigits = /^\d{2}$/;

// Amount and installments are checked by `checkCreation` (TOO_SMALL / TOO_LARGE per method); the schema only
// insists on numbers within the safe range (a decimal is still INVALID_TYPE there), so nothing overflows.
const boundedNumber = z.number().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
/** A due-date PIX value (pix-due.rules.ts): cents (an integer >= 1) or a percentage (0.01-100); its own floor here, the rest there. */
const dueValue = z.number().min(0.01).max(Number.MAX_SAFE_INTEGER);

const cardDataInput = z.strictObject({
  number: encryptedValue('pan').optional(),
  cvv: encryptedValue('cvv').optional(),
  network_token: encryptedValue('ntk').optional(),
  cryptogram: encryptedValue('cry').optional(),
  eci: z.string().regex(twoDigits, 'must be 2 digits').optional(),
  wallet: upperEnum(['APPLE_PAY', 'GOOGLE_PAY']).optional(),
  expiry_month: z
    .string()
    .regex(/^(0[1-9]|1[0-2])$/, 'must be 01 to 12')
    .optional(),
  expiry_year: z
    .string()
    .regex(/^\d{4}$/, 'must be 4 digits')
    .optional(),
  holder_name: noCardData(z.string().trim().min(2).max(45)).optional(),
  bin: z
    .string()
    .regex(/^\d{6,8}$/, 'must be 6 to 8 digits')
    .optional(),
  last_digits: z
    .string()
    .regex(/^\d{4}$/, 'must be 4 digits')
    .optional(),
  brand: upperEnum(CARD_BRANDS).optional(),
});
export type CardDataInput = z.infer<typeof cardDataInput>;

/** 28 base64 characters in plaintext, or an ev:v1 value of purpose `gen` (P3). Never echoed. */
const authenticationValue = z
  .string()
  .max(4096)
  .superRefine((value, ctx) => {
    if (value.startsWith('ev:')) {
      const parts = ENCRYPTED_VALUE.test(value) ? parseEv(value) : undefined;
      if (!parts || parts.purpose !== 'gen')
        ctx.addIssue({
          code: 'custom',
          message: 'must be an ev:v1 value encrypted with the purpose gen',
          params: { type: 'DECRYPTION_FAILED' },
        });
    } else if (!/^[A-Za-z0-9+/]{27}[A-Za-z0-9+/=]$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'must be 28 base64 characters', params: { type: 'INVALID_FORMAT' } });
    }
  });

const externalThreeDs = z.strictObject({
  version: z.enum(['2.1.0', '2.2.0', '2.3.1']),
  eci: z.enum(['01', '02', '05', '06', '07']),
  authentication_value: authenticationValue,
  ds_transaction_id: uuid(),
  trans_status: upperEnum(['Y', 'A', 'U', 'N', 'R']),
  three_ds_server_trans_id: uuid().optional(),
  exemption: upperEnum(['LOW_VALUE', 'TRA', 'TRUSTED_BENEFICIARY', 'SECURE_CORPORATE']).optional(),
});
export type ExternalThreeDsInput = z.infer<typeof externalThreeDs>;

const customerInput = z.strictObject({
  name: noCardData(z.string().trim().min(1).max(100)).optional(),
  document_number: documentNumber().optional(),
  email: z.email().max(254).optional(),
  phone: z
    .string()
    .regex(/^\+?\d{10,15}$/, 'must be 10 to 15 digits, optionally with a leading +')
    .optional(),
});

const metadataInput = z.record(z.string().min(1).max(40), noCardData(z.string().max(500))).superRefine((value, ctx) => {
  if (Object.keys(value).length > 50)
    ctx.addIssue({
      code: 'custom',
      message: 'metadata must have at most 50 keys',
      params: { type: 'TOO_LARGE', constraints: { max: 50 } },
    });
});

const pixInput = z.strictObject({
  expires_in: z.int().optional(),
  expires_at: z.iso
    .datetime({ offset: true })
    .transform((v) => new Date(v))
    .optional(),
  additional_information: z
    .array(
      z.strictObject({ name: noCardData(z.string().min(1).max(50)), value: noCardData(z.string().min(1).max(200)) }),
    )
    .max(10)
    .optional(),
  // providers.md R3.4 (due-date PIX): each field's shape here, the rules between them in pix-due.rules.ts.
  due_date: z.iso.date().optional(),
  days_after_due: z.int().min(0).max(365).optional(),
  fine: z
    .strictObject({ mode: upperEnum(FINE_MODES), value: dueValue })
    .nullable()
    .optional(),
  interest: z
    .strictObject({ mode: upperEnum(INTEREST_MODES), value: dueValue })
    .nullable()
    .optional(),
  discount: z
    .strictObject({
      mode: upperEnum(DISCOUNT_MODES),
      value: dueValue.optional(),
      tiers: z
        .array(z.strictObject({ until: z.iso.date(), value: dueValue }))
        .max(10)
        .optional(),
    })
    .nullable()
    .optional(),
  debtor: z
    .strictObject({
      name: noCardData(z.string().trim().min(1).max(200)),
      document_number: documentNumber(),
      email: z.email().max(254).optional(),
      street: noCardData(z.string().max(200)).optional(),
      city: noCardData(z.string().max(200)).optional(),
      state: upperEnum(BRAZILIAN_STATES).optional(),
      zipcode: z
        .string()
        .regex(/^\d{8}$/, 'must be 8 digits')
        .optional(),
    })
    .optional(),
});

export const createTransactionBody = z.strictObject({
  request_id: requestIdField(),
  payment_method: upperEnum(PAYMENT_METHODS),
  amount: boundedNumber,
  currency: upperEnum(['BRL']).optional(),
  installments: boundedNumber.optional(),
  capture: z.boolean().optional(),
  // Any provider account name (providers.md Changes 1), case-insensitive; checked against the accounts the organization may use.
  provider: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.toUpperCase() : v),
      z.string().regex(/^[A-Z][A-Z0-9_]{2,31}$/, 'must be a provider account name'),
    )
    .optional(),
  description: noCardData(z.string().max(255)).optional(),
  statement_descriptor: z
    .string()
    .regex(/^[A-Za-z0-9 .*-]{1,13}$/, 'at most 13 characters of A-Z a-z 0-9 space . * -')
    .optional(),
  customer: customerInput.optional(),
  metadata: metadataInput.optional(),
  card_data: cardDataInput.optional(),
  card_id: uuid().optional(),
  three_ds: z.strictObject({ session_id: uuid().optional(), external: externalThreeDs.optional() }).optional(),
  pix: pixInput.optional(),
});
export type CreateTransactionInput = z.infer<typeof createTransactionBody>;

const listExtra = {
  payment_method: commaList(PAYMENT_METHODS, { signed: false }).optional(),
  provider: commaList(PROVIDER_NAMES, { signed: false }).optional(),
};
export const transactionListQuery = listQuery({ statuses: TRANSACTION_STATUSES, amount: true, extra: listExtra });
export const merchantTransactionListQuery = listQuery({
  statuses: TRANSACTION_STATUSES,
  amount: true,
  extra: { ...listExtra, merchant_id: uuid().optional() },
});
