import { z } from 'zod';
import type { CashoutReturnRow, CashoutRow } from '../../db/schema/index.js';
import { listQuery } from '../../http/pagination.js';
import { metadataField, requiredRequestIdField, timestamp, upperEnum, uuid } from '../../http/schemas.js';
import { PIX_KEY_TYPES } from '../pix/pix.rules.js';
import { CASHOUT_ERROR_CODES, CASHOUT_STATUSES, RETURN_REASONS } from './cashouts.rules.js';

/** Amounts are capped (10 billion BRL, as deposits) so sums stay far inside exact integer range. */
const MAX_CENTS = 1_000_000_000_000;
const amountField = () => z.int().min(1).max(MAX_CENTS);

export const settlementAccountBody = z.strictObject({
  pix_key_type: upperEnum(PIX_KEY_TYPES),
  pix_key: z.string().trim().min(1).max(77),
});
export type SettlementAccountInput = z.infer<typeof settlementAccountBody>;

export const settlementReviewBody = z.strictObject({
  decision: upperEnum(['VALID', 'INVALID'] as const),
  reason: z.string().trim().min(1).max(500).optional(),
});

export const createCashoutBody = z.strictObject({
  request_id: requiredRequestIdField(),
  bank_account_id: uuid(),
  amount: amountField(),
  metadata: metadataField().optional(),
});
export type CreateCashoutInput = z.infer<typeof createCashoutBody>;

export const cashoutStatusBody = z.strictObject({
  status: upperEnum(['COMPLETED', 'FAILED'] as const),
  error_code: upperEnum(CASHOUT_ERROR_CODES).optional(),
  error_message: z.string().trim().min(1).max(500).optional(),
});

export const cashoutReturnBody = z.strictObject({
  amount: amountField(),
  reason: upperEnum(RETURN_REASONS),
});

const booleanFilter = z.enum(['true', 'false']).transform((v) => v === 'true');
export const cashoutListQuery = listQuery({
  statuses: CASHOUT_STATUSES,
  amount: true,
  extra: { bank_account_id: uuid().optional(), company_id: uuid().optional(), automatic: booleanFilter.optional() },
});

const returnSchema = z.object({
  id: uuid(),
  amount: z.int(),
  reason: z.enum(RETURN_REASONS),
  returned_at: timestamp(),
});

export const cashoutSchema = z.object({
  id: uuid(),
  request_id: z.string(),
  company_id: uuid(),
  bank_account_id: uuid(),
  provider: z.string(),
  amount: z.int(),
  price: z.int().describe("The effective fee policy's cashout_price when created"),
  total_debited: z.int().describe('amount + price'),
  currency: z.literal('BRL'),
  rail: z.literal('PIX'),
  destination: z.object({
    pix_key_type: z.string(),
    pix_key: z.string(),
    dict_key_information: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('The directory view, its document masked as the directory masks it'),
  }),
  status: z.enum(CASHOUT_STATUSES),
  automatic: z.boolean(),
  schedule_slot: z.string().nullable(),
  end_to_end_id: z.string().nullable(),
  returned_amount: z.int(),
  returns: z.array(returnSchema),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  completed_at: timestamp().nullable(),
  failed_at: timestamp().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type CashoutView = z.infer<typeof cashoutSchema>;

export const cashoutReturnSchema = returnSchema.extend({ cashout: cashoutSchema });

export const nextAutomaticSchema = z.object({
  data: z.array(z.object({ bank_account_id: uuid(), at: timestamp(), estimated_amount: z.int(), price: z.int() })),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toReturnView(r: CashoutReturnRow): z.infer<typeof returnSchema> {
  return {
    id: r.id,
    amount: r.amount,
    reason: r.reason as z.infer<typeof returnSchema>['reason'],
    returned_at: r.returnedAt.toISOString(),
  };
}

export function toCashoutView(row: CashoutRow, returns: CashoutReturnRow[]): CashoutView {
  return {
    id: row.id,
    request_id: row.requestId,
    company_id: row.companyId,
    bank_account_id: row.bankAccountId,
    provider: row.provider,
    amount: row.amount,
    price: row.price,
    total_debited: row.amount + row.price,
    currency: 'BRL',
    rail: 'PIX',
    destination: {
      pix_key_type: row.destination.pix_key_type,
      pix_key: row.destination.pix_key,
      dict_key_information: row.destination.dict_key_information,
    },
    status: row.status,
    automatic: row.automatic,
    schedule_slot: row.scheduleSlot,
    end_to_end_id: row.endToEndId,
    returned_amount: row.returnedAmount,
    returns: returns.map(toReturnView),
    error_code: row.errorCode,
    error_message: row.errorMessage,
    completed_at: iso(row.completedAt),
    failed_at: iso(row.failedAt),
    metadata: row.metadata ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
