import { z } from 'zod';
import type { ReceivableRow, SettlementRow } from '../../db/schema/index.js';
import { listQuery } from '../../http/pagination.js';
import { uuid } from '../../http/schemas.js';

export const RECEIVABLE_STATUSES = ['PENDING', 'PAID', 'CANCELED'] as const;
export const RECEIVABLE_ROLES = ['MERCHANT', 'ORGANIZATION'] as const;
export const PAYMENT_METHODS = ['CREDIT_CARD', 'DEBIT_CARD', 'PIX'] as const;

/** Amount bounds (10^15 cents) keep filter values exact and inside PostgreSQL bigint. */
const AMOUNT_BOUND = 1_000_000_000_000_000;
const amountBound = () => z.coerce.number().int().min(0).max(AMOUNT_BOUND);

/** A calendar date `YYYY-MM-DD` (São Paulo, money.md), years 1900-9999 so no date arithmetic overflows. */
export const civilDate = () =>
  z.string().superRefine((value, ctx) => {
    const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
    const ok =
      !Number.isNaN(ms) && Number(value.slice(0, 4)) >= 1900 && new Date(ms).toISOString().slice(0, 10) === value;
    if (!ok) ctx.addIssue({ code: 'custom', message: 'must be a date YYYY-MM-DD', params: { type: 'INVALID_FORMAT' } });
  });

export const receivablesQuery = listQuery({
  sort: ['payment_date'],
  amount: true,
  statuses: RECEIVABLE_STATUSES,
  extra: {
    company_id: uuid().optional(),
    bank_account_id: uuid().optional(),
    provider: z.string().min(1).max(64).optional(),
    role: z.enum(RECEIVABLE_ROLES).optional(),
    transaction_id: uuid().optional(),
    payment_method: z.enum(PAYMENT_METHODS).optional(),
    payment_date_from: civilDate().optional(),
    payment_date_to: civilDate().optional(),
    anticipation_id: uuid().optional(),
    amount_from: amountBound().optional().meta({ description: 'On net_amount, inclusive' }),
    amount_to: amountBound().optional().meta({ description: 'On net_amount, inclusive' }),
  },
});
export type ReceivablesQuery = z.output<typeof receivablesQuery>;

export const scheduleQuery = z.strictObject({
  bank_account_id: uuid(),
  payment_date_from: civilDate().optional(),
  payment_date_to: civilDate().optional(),
});

export const settlementsQuery = listQuery({
  sort: ['payment_date'],
  extra: {
    bank_account_id: uuid().optional(),
    payment_date_from: civilDate().optional(),
    payment_date_to: civilDate().optional(),
  },
});
export type SettlementsQuery = z.output<typeof settlementsQuery>;

export const settlementReceivablesQuery = listQuery({
  sort: ['payment_date'],
  amount: true,
  extra: { amount_from: amountBound().optional(), amount_to: amountBound().optional() },
});

export const receivableSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  bank_account_id: z.string().nullable().meta({
    description: "Null only for an organization's fee share while the organization has no account at the provider",
  }),
  provider: z.string(),
  role: z.enum(RECEIVABLE_ROLES),
  transaction_id: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  card_brand: z.string().nullable(),
  installment: z.int(),
  installments: z.int(),
  gross_amount: z.int(),
  fee_amount: z.int(),
  anticipation_fee_amount: z.int(),
  net_amount: z.int(),
  status: z.enum(RECEIVABLE_STATUSES),
  payment_date: z.string(),
  original_payment_date: z.string(),
  paid_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  cancel_reason: z.enum(['REFUND', 'CHARGEBACK']).nullable(),
  anticipation_id: z.string().nullable(),
  settlement_id: z.string().nullable(),
  fee_policy_id: z.string().nullable(),
  fee_rule_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReceivableView = z.infer<typeof receivableSchema>;

export function toReceivableView(r: ReceivableRow): ReceivableView {
  return {
    id: r.id,
    company_id: r.companyId,
    bank_account_id: r.bankAccountId,
    provider: r.provider,
    role: r.role,
    transaction_id: r.transactionId,
    payment_method: r.paymentMethod,
    card_brand: r.cardBrand,
    installment: r.installment,
    installments: r.installments,
    gross_amount: r.grossAmount,
    fee_amount: r.feeAmount,
    anticipation_fee_amount: r.anticipationFeeAmount,
    net_amount: r.netAmount,
    status: r.status,
    payment_date: r.paymentDate,
    original_payment_date: r.originalPaymentDate,
    paid_at: r.paidAt?.toISOString() ?? null,
    canceled_at: r.canceledAt?.toISOString() ?? null,
    cancel_reason: r.cancelReason,
    anticipation_id: r.anticipationId,
    settlement_id: r.settlementId,
    fee_policy_id: r.feePolicyId,
    fee_rule_id: r.feeRuleId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export const settlementSchema = z.object({
  id: z.string(),
  bank_account_id: z.string(),
  company_id: z.string(),
  provider: z.string(),
  payment_date: z.string(),
  receivable_count: z.int(),
  gross_amount: z.int(),
  fee_amount: z.int(),
  anticipation_fee_amount: z.int(),
  net_amount: z.int(),
  created_at: z.string(),
});
export type SettlementView = z.infer<typeof settlementSchema>;

export function toSettlementView(s: SettlementRow): SettlementView {
  return {
    id: s.id,
    bank_account_id: s.bankAccountId,
    company_id: s.companyId,
    provider: s.provider,
    payment_date: s.paymentDate,
    receivable_count: s.receivableCount,
    gross_amount: s.grossAmount,
    fee_amount: s.feeAmount,
    anticipation_fee_amount: s.anticipationFeeAmount,
    net_amount: s.netAmount,
    created_at: s.createdAt.toISOString(),
  };
}

/** M9: settlement.completed is the record, with the account's last ledger sequence. */
export const settlementCompletedPayload = settlementSchema.extend({ sequence: z.int() });

export const agendaSchema = z.object({
  data: z.array(
    z.object({
      payment_date: z.string(),
      count: z.int(),
      gross_amount: z.int(),
      fee_amount: z.int(),
      anticipation_fee_amount: z.int(),
      net_amount: z.int(),
    }),
  ),
});
