import { z } from 'zod';
import type { TransactionRow } from '../../../db/schema/index.js';
import { attemptsView, routingView } from './attempts.view.js';
import { amountDue, DISCOUNT_MODES, FINE_MODES, INTEREST_MODES } from './pix-due.rules.js';
import { saoPauloDate, type CivilDate } from '../../../domain/business-calendar.js';
import { CANCEL_REASONS, PAYMENT_METHODS, TRANSACTION_STATUSES } from './transactions.states.js';

/** payments.md P2: the transaction as every read, create and `transaction.created` event shows it. */
const nullableString = z.string().nullable();
const iso = z.string().nullable();

export const transactionFeeSchema = z.object({
  fee_policy_id: z.string(),
  rule_id: z.string().nullable(),
  amount: z.int(),
});

const refusalSchema = z.object({
  code: z.string(),
  message: z.string(),
  provider_code: nullableString,
  retryable: z.boolean(),
});

/** providers.md R6.8: one call of the create at one provider account. */
export const attemptSchema = z.object({
  id: z.string(),
  number: z.int(),
  provider: z.string(),
  provider_account_id: nullableString,
  routing_reason: z.enum([
    'EXPLICIT',
    'RULE',
    'RULE_WARMUP',
    'RULE_EXPLORATION',
    'FALLBACK',
    'DEFAULT_LIST',
    'AFFILIATION_ORDER',
  ]),
  outcome: z.enum(['APPROVED', 'AUTHORIZED', 'WAITING_PAYMENT', 'REFUSED', 'PROCESSING', 'FAILED', 'VOIDED']),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  refusal: refusalSchema.nullable(),
  failed_over: z.boolean(),
  provider_reference: nullableString,
  latency_ms: z.int().nullable(),
  started_at: z.string(),
  finished_at: iso,
});

const amountSpec = (modes: readonly [string, ...string[]]) =>
  z.object({ mode: z.enum(modes), value: z.number() }).nullable();
/** providers.md R3.4: the due-date terms as given (defaults applied) and what is due today (null when not payable). */
export const pixDueSchema = z.object({
  due_date: z.string(),
  days_after_due: z.int(),
  last_payable_date: z.string(),
  fine: amountSpec(FINE_MODES),
  interest: amountSpec(INTEREST_MODES),
  discount: z
    .object({
      mode: z.enum(DISCOUNT_MODES),
      value: z.number().optional(),
      tiers: z.array(z.object({ until: z.string(), value: z.number() })).optional(),
    })
    .nullable(),
  debtor: z
    .object({
      name: z.string(),
      document_number: z.string(),
      email: nullableString,
      street: nullableString,
      city: nullableString,
      state: nullableString,
      zipcode: nullableString,
    })
    .nullable(),
  amount_due_today: z.int().nullable(),
});

export const transactionSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  request_id: nullableString,
  provider: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.int(),
  currency: z.literal('BRL'),
  installments: z.int(),
  capture: z.boolean(),
  captured_amount: z.int(),
  refunded_amount: z.int(),
  pending_refund_amount: z.int(),
  refundable_amount: z.int(),
  fee: transactionFeeSchema.nullable(),
  description: nullableString,
  statement_descriptor: nullableString,
  customer: z
    .object({ name: nullableString, document_number: nullableString, email: nullableString, phone: nullableString })
    .nullable(),
  card_data: z
    .object({
      brand: nullableString,
      bin: nullableString,
      last_digits: nullableString,
      expiry_month: nullableString,
      expiry_year: nullableString,
      holder_name: nullableString,
      funding: nullableString,
      wallet: z.enum(['APPLE_PAY', 'GOOGLE_PAY']).nullable(),
      stored_card_id: nullableString,
    })
    .nullable(),
  three_ds: z
    .object({
      source: z.enum(['SESSION', 'EXTERNAL']),
      session_id: nullableString,
      version: nullableString,
      eci: nullableString,
      trans_status: nullableString,
      liability_shift: z.boolean(),
    })
    .nullable(),
  pix: z
    .object({
      txid: z.string(),
      br_code: z.string(),
      qr_code_png_base64: z.string(),
      expires_at: z.string(),
      end_to_end_id: nullableString,
      paid_at: iso,
      payer: z.object({ name: nullableString, document_number: nullableString }).nullable(),
      late_payment: z.boolean(),
      paid_amount: z.int().nullable(),
      due: pixDueSchema.nullable(),
    })
    .nullable(),
  refusal: z
    .object({ code: z.string(), message: z.string(), provider_code: nullableString, retryable: z.boolean() })
    .nullable(),
  cancel_reason: z.enum(CANCEL_REASONS).nullable(),
  authorization_code: nullableString,
  provider_reference: nullableString,
  authorized_at: iso,
  captured_at: iso,
  canceled_at: iso,
  expired_at: iso,
  metadata: z.record(z.string(), z.string()).nullable(),
  attempts: z.array(attemptSchema),
  routing: z.object({
    configuration_version: z.int().nullable(),
    rule_id: nullableString,
    strategy: z.enum(['EXPLICIT', 'PRIORITY', 'VOLUME', 'SUCCESS_RATE', 'DEFAULT_LIST', 'AFFILIATION_ORDER']),
    draw: z.number().nullable(),
    candidates: z.array(z.string()),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TransactionView = z.infer<typeof transactionSchema>;

const isoOf = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * `today` (São Paulo) gives a due-date PIX its `amount_due_today`: the reader's clock date on reads, the date
 * of the change (`updated_at`) when omitted (events describe the resource as it was then).
 */
export function toTransactionView(
  row: TransactionRow,
  today: CivilDate = saoPauloDate(row.updatedAt),
): TransactionView {
  const pix = row.pix;
  return {
    id: row.id,
    company_id: row.companyId,
    request_id: row.requestId,
    provider: row.provider,
    payment_method: row.paymentMethod,
    status: row.status,
    amount: row.amount,
    currency: 'BRL',
    installments: row.installments,
    capture: row.capture,
    captured_amount: row.capturedAmount,
    refunded_amount: row.refundedAmount,
    pending_refund_amount: row.pendingRefundAmount,
    refundable_amount: row.capturedAmount - row.refundedAmount - row.pendingRefundAmount,
    fee: row.fee ? { fee_policy_id: row.fee.fee_policy_id, rule_id: row.fee.rule_id, amount: row.fee.amount } : null,
    description: row.description,
    statement_descriptor: row.statementDescriptor,
    customer: row.customer
      ? {
          name: row.customer.name ?? null,
          document_number: row.customer.document_number ?? null,
          email: row.customer.email ?? null,
          phone: row.customer.phone ?? null,
        }
      : null,
    card_data: row.cardData
      ? {
          brand: row.cardData.brand,
          bin: row.cardData.bin,
          last_digits: row.cardData.last_digits,
          expiry_month: row.cardData.expiry_month,
          expiry_year: row.cardData.expiry_year,
          holder_name: row.cardData.holder_name,
          funding: row.cardData.funding,
          wallet: row.cardData.wallet,
          stored_card_id: row.cardData.stored_card_id,
        }
      : null,
    three_ds: row.threeDs
      ? {
          source: row.threeDs.source,
          session_id: row.threeDs.session_id,
          version: row.threeDs.version,
          eci: row.threeDs.eci,
          trans_status: row.threeDs.trans_status,
          liability_shift: row.threeDs.liability_shift,
        }
      : null,
    pix: pix
      ? {
          txid: pix.txid,
          br_code: pix.br_code,
          qr_code_png_base64: pix.qr_code_png_base64,
          expires_at: pix.expires_at,
          end_to_end_id: pix.end_to_end_id,
          paid_at: pix.paid_at,
          payer: pix.payer,
          late_payment: pix.late_payment,
          paid_amount: pix.paid_amount ?? (pix.paid_at ? row.capturedAmount : null),
          due: pix.due ? { ...pix.due, amount_due_today: amountDue(row.amount, pix.due, today).amountDue } : null,
        }
      : null,
    refusal: row.refusal,
    cancel_reason: row.cancelReason,
    authorization_code: row.authorizationCode,
    provider_reference: row.providerReference,
    authorized_at: isoOf(row.authorizedAt),
    captured_at: isoOf(row.capturedAt),
    canceled_at: isoOf(row.canceledAt),
    expired_at: isoOf(row.expiredAt),
    metadata: row.metadata,
    attempts: attemptsView(row) as TransactionView['attempts'],
    routing: routingView(row) as TransactionView['routing'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
