import { z } from 'zod';
import type { AnticipationQuoteRow, AnticipationRow } from '../../db/schema/index.js';
import { commaList, listEnvelope, listQuery } from '../../http/pagination.js';
import { requiredRequestIdField, uuid } from '../../http/schemas.js';

export const ANTICIPATION_STATUSES = ['PENDING', 'COMPLETED', 'REFUSED', 'CANCELED'] as const;
export const ANTICIPATION_TYPES = ['SPOT', 'AUTOMATIC'] as const;
export const TIMEFRAMES = ['START', 'END'] as const;

/** Bounded so no sum or date can overflow (the fuzz test): a year of receivables at most. */
export const MAX_REQUESTED_AMOUNT = Number.MAX_SAFE_INTEGER;
const civilDate = () => z.iso.date().meta({ description: 'YYYY-MM-DD, a São Paulo calendar date' });

export const limitsQuery = z.strictObject({
  payment_date: civilDate().optional().meta({ description: "Default today (São Paulo, on the organization's clock)" }),
  timeframe: z.enum(TIMEFRAMES).optional().meta({ description: 'Default START' }),
});

const totals = z.object({ amount: z.int(), fee_amount: z.int(), net_amount: z.int() });
export const limitsSchema = z.object({
  payment_date: z.string(),
  rate_percentage: z.number(),
  minimum: totals,
  maximum: totals,
  receivable_count: z.int(),
});

export const quoteBody = z
  .strictObject({
    bank_account_id: uuid(),
    payment_date: civilDate().optional().meta({ description: 'Default today' }),
    timeframe: z.enum(TIMEFRAMES).optional().meta({ description: 'Default START' }),
    requested_amount: z.int().min(1).max(MAX_REQUESTED_AMOUNT).optional(),
    receivable_ids: z.array(uuid()).min(1).max(1000).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.requested_amount !== undefined && body.receivable_ids !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['receivable_ids'],
        message: 'give requested_amount or receivable_ids, not both',
        params: { type: 'INVALID_FORMAT' },
      });
    }
  });
export type QuoteBody = z.infer<typeof quoteBody>;

const item = z.object({
  receivable_id: z.string(),
  payment_date: z.string(),
  days: z.int(),
  net_amount: z.int(),
  fee_amount: z.int(),
});

export const quoteSchema = z.object({
  id: z.string(),
  bank_account_id: z.string(),
  type: z.enum(ANTICIPATION_TYPES),
  rate_percentage: z.number(),
  payment_date: z.string(),
  amount: z.int(),
  fee_amount: z.int(),
  net_amount: z.int(),
  average_days: z.number(),
  expires_at: z.string(),
  items: z.array(item),
});

export const createAnticipationBody = z.strictObject({ request_id: requiredRequestIdField(), quote_id: uuid() });

export const anticipationSchema = z.object({
  id: z.string(),
  request_id: z.string(),
  type: z.enum(ANTICIPATION_TYPES),
  status: z.enum(ANTICIPATION_STATUSES),
  bank_account_id: z.string(),
  company_id: z.string(),
  provider: z.string(),
  rate_percentage: z.number(),
  payment_date: z.string(),
  amount: z.int(),
  fee_amount: z.int(),
  net_amount: z.int(),
  receivable_ids: z.array(z.string()),
  refusal_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type AnticipationView = z.infer<typeof anticipationSchema>;

export const anticipationListQuery = listQuery({
  statuses: ANTICIPATION_STATUSES,
  amount: true,
  extra: {
    type: commaList(ANTICIPATION_TYPES, { signed: false }).optional(),
    bank_account_id: uuid().optional(),
    company_id: uuid().optional(),
  },
});
export const anticipationListSchema = listEnvelope(anticipationSchema);

export const decisionBody = z.strictObject({
  decision: z.enum(['APPROVED', 'REFUSED']),
  reason: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: 'The refusal reason (REFUSED); default REFUSED_BY_PROVIDER' }),
});

export function toQuoteView(q: AnticipationQuoteRow) {
  return {
    id: q.id,
    bank_account_id: q.bankAccountId,
    type: q.type,
    rate_percentage: Number(q.ratePercentage),
    payment_date: q.paymentDate,
    amount: q.amount,
    fee_amount: q.feeAmount,
    net_amount: q.netAmount,
    average_days: Number(q.averageDays),
    expires_at: q.expiresAt.toISOString(),
    items: q.items,
  };
}

export function toAnticipationView(a: AnticipationRow): AnticipationView {
  return {
    id: a.id,
    request_id: a.requestId,
    type: a.type,
    status: a.status,
    bank_account_id: a.bankAccountId,
    company_id: a.companyId,
    provider: a.provider,
    rate_percentage: Number(a.ratePercentage),
    payment_date: a.paymentDate,
    amount: a.amount,
    fee_amount: a.feeAmount,
    net_amount: a.netAmount,
    receivable_ids: a.items.map((i) => i.receivable_id),
    refusal_reason: a.refusalReason,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    completed_at: a.completedAt?.toISOString() ?? null,
  };
}

/** money.md M9: money events carry the account and its last ledger sequence. */
const moneyEventFields = { bank_account_id: z.string(), sequence: z.int() };
export const anticipationCreatedPayload = anticipationSchema.extend({
  anticipation_id: z.string(),
  ...moneyEventFields,
});
export const anticipationStatusChangedPayload = z.object({
  anticipation_id: z.string(),
  old_status: z.enum(ANTICIPATION_STATUSES),
  new_status: z.enum(ANTICIPATION_STATUSES),
  refusal_reason: z.string().nullable(),
  anticipation: anticipationSchema,
  ...moneyEventFields,
});
