import { z } from 'zod';
import type { RefundRow } from '../../../db/schema/index.js';
import { noCardData, requestIdField } from '../../../http/schemas.js';
import { REFUND_FAILURE_CODES, REFUND_REASONS, REFUND_STATUSES } from './refunds.rules.js';

/** The largest amount a body may carry: the card ceiling of docs/decisions/transactions.md (no overflow in any sum). */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

/** POST /v1/transactions/{id}/refunds (payments.md P5). */
export const createRefundBody = z.strictObject({
  request_id: requestIdField(),
  amount: z.int().min(1).max(MAX_AMOUNT).optional().meta({ description: 'Cents; defaults to the refundable amount' }),
  reason: z.enum(REFUND_REASONS).optional().meta({ description: 'Default REQUESTED_BY_CUSTOMER' }),
  description: noCardData(z.string().max(140)).optional(),
});
export type CreateRefundBody = z.infer<typeof createRefundBody>;

/** POST /v1/transactions/{id}/capture: `{ amount? }` or no body. */
export const captureBody = z
  .strictObject({
    amount: z.int().min(1).max(MAX_AMOUNT).optional().meta({ description: 'Cents; defaults to the authorized amount' }),
  })
  .nullish();

/** P5: every field always present, null when it does not apply. */
export const refundSchema = z.object({
  id: z.string(),
  transaction_id: z.string(),
  company_id: z.string(),
  request_id: z.string().nullable(),
  amount: z.int(),
  status: z.enum(REFUND_STATUSES),
  reason: z.enum(REFUND_REASONS),
  description: z.string().nullable(),
  origin: z.enum(['MERCHANT', 'MED', 'PROVIDER']),
  failure: z.object({ code: z.enum(REFUND_FAILURE_CODES), message: z.string() }).nullable(),
  provider_refund_id: z.string().nullable(),
  pix_return_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  settled_at: z.string().nullable(),
});
export type RefundView = z.infer<typeof refundSchema>;

export const refundListSchema = z.object({ data: z.array(refundSchema) });

export function toRefundView(r: RefundRow): RefundView {
  return {
    id: r.id,
    transaction_id: r.transactionId,
    company_id: r.companyId,
    request_id: r.requestId,
    amount: r.amount,
    status: r.status,
    reason: r.reason,
    description: r.description,
    origin: r.origin,
    failure: r.failure,
    provider_refund_id: r.providerRefundId,
    pix_return_id: r.pixReturnId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    settled_at: r.settledAt?.toISOString() ?? null,
  };
}

/** money.md M9: money events carry the account whose balances moved and its last ledger sequence. */
export const moneyEventFields = { bank_account_id: z.string().nullable(), sequence: z.int().nullable() };

export const refundCreatedPayload = refundSchema.extend(moneyEventFields);
export const refundStatusChangedPayload = z.object({
  refund_id: z.string(),
  transaction_id: z.string(),
  old_status: z.enum(REFUND_STATUSES),
  new_status: z.enum(REFUND_STATUSES),
  failure: z.object({ code: z.enum(REFUND_FAILURE_CODES), message: z.string() }).nullable(),
  ...moneyEventFields,
});

/** Staff sandbox controls (P9). */
export const settleRefundBody = z.strictObject({
  status: z.enum(['SUCCEEDED', 'FAILED']),
  failure_code: z
    .enum(REFUND_FAILURE_CODES)
    .optional()
    .meta({ description: 'Only with FAILED; default PROVIDER_DECLINED' }),
});
export const medBody = z.strictObject({
  amount: z.int().min(1).max(MAX_AMOUNT),
  nature: z.enum(['MED_FRAUDE', 'MED_OPERACIONAL']),
});
