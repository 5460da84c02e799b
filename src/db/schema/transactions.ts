import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Transactions (migration 0550_transactions.sql, payments.md P2). No card value is ever stored.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

export interface TransactionFeeJson {
  fee_policy_id: string;
  rule_id: string | null;
  amount: number;
}
export interface TransactionCustomerJson {
  name?: string;
  document_number?: string;
  email?: string;
  phone?: string;
}
/** P2 card_data: display fields only (never number, cvv, network token or cryptogram). */
export interface TransactionCardDataJson {
  brand: string | null;
  bin: string | null;
  last_digits: string | null;
  expiry_month: string | null;
  expiry_year: string | null;
  holder_name: string | null;
  funding: string | null;
  wallet: 'APPLE_PAY' | 'GOOGLE_PAY' | null;
  stored_card_id: string | null;
}
/** P2 three_ds: never the authentication value. */
export interface TransactionThreeDsJson {
  source: 'SESSION' | 'EXTERNAL';
  session_id: string | null;
  version: string | null;
  eci: string | null;
  trans_status: string | null;
  liability_shift: boolean;
}
/** providers.md R3.4: a due-date PIX's terms as the merchant gave them (defaults applied). */
export interface TransactionPixDueJson {
  due_date: string;
  days_after_due: number;
  last_payable_date: string;
  fine: { mode: 'FIXED' | 'PERCENTAGE'; value: number } | null;
  interest: { mode: 'FIXED_PER_DAY' | 'PERCENTAGE_PER_DAY' | 'PERCENTAGE_PER_MONTH'; value: number } | null;
  discount: {
    mode: 'FIXED_UNTIL_DATE' | 'PERCENTAGE_UNTIL_DATE' | 'FIXED_PER_DAY_IN_ADVANCE' | 'PERCENTAGE_PER_DAY_IN_ADVANCE';
    value?: number;
    tiers?: Array<{ until: string; value: number }>;
  } | null;
  debtor: {
    name: string;
    document_number: string;
    email: string | null;
    street: string | null;
    city: string | null;
    state: string | null;
    zipcode: string | null;
  } | null;
}
export interface TransactionPixJson {
  txid: string;
  br_code: string;
  qr_code_png_base64: string;
  /** ISO instants */
  expires_at: string;
  end_to_end_id: string | null;
  paid_at: string | null;
  payer: { name: string | null; document_number: string | null } | null;
  late_payment: boolean;
  /** the provider's charge id (internal; not in the view) */
  provider_charge_id?: string | null;
  /** providers.md R3.4: the due-date terms as given (null or absent for an immediate PIX) */
  due?: TransactionPixDueJson | null;
  /** providers.md R3.5: what the payer paid, cents (null until paid; absent on rows paid before it existed) */
  paid_amount?: number | null;
  /** R3.4: `cob` or `cobv` at an API Pix PSP (internal) */
  charge_kind?: 'cob' | 'cobv';
}
export interface TransactionRefusalJson {
  code: string;
  message: string;
  provider_code: string | null;
  retryable: boolean;
}

/** providers.md R6.8: one call of the create at one provider account. Dates as ISO strings. */
export interface TransactionAttemptJson {
  /** The operation id at the provider (its idempotency key): draw.ts attemptId(transaction, account). */
  id: string;
  number: number;
  provider: string;
  provider_account_id: string | null;
  routing_reason: string;
  outcome: 'APPROVED' | 'AUTHORIZED' | 'WAITING_PAYMENT' | 'REFUSED' | 'PROCESSING' | 'FAILED' | 'VOIDED';
  error: { code: string; message: string } | null;
  refusal: TransactionRefusalJson | null;
  failed_over: boolean;
  provider_reference: string | null;
  latency_ms: number | null;
  started_at: string;
  finished_at: string | null;
}

/** providers.md R6.8 `routing`. */
export interface TransactionRoutingJson {
  configuration_version: number | null;
  rule_id: string | null;
  strategy: string;
  draw: number | null;
  candidates: string[];
}

export const transactions = pgTable('transactions', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  requestId: text('request_id'),
  provider: text('provider').notNull(),
  paymentMethod: text('payment_method').$type<'CREDIT_CARD' | 'DEBIT_CARD' | 'PIX'>().notNull(),
  status: text('status')
    .$type<
      | 'PROCESSING'
      | 'AUTHORIZED'
      | 'APPROVED'
      | 'REFUSED'
      | 'WAITING_PAYMENT'
      | 'EXPIRED'
      | 'CANCELED'
      | 'PENDING_REFUND'
      | 'PARTIALLY_REFUNDED'
      | 'REFUNDED'
    >()
    .notNull(),
  amount: cents('amount').notNull(),
  currency: text('currency').$type<'BRL'>().notNull(),
  installments: integer('installments').notNull(),
  capture: boolean('capture').notNull(),
  capturedAmount: cents('captured_amount').notNull(),
  refundedAmount: cents('refunded_amount').notNull(),
  pendingRefundAmount: cents('pending_refund_amount').notNull(),
  bankAccountId: uuid('bank_account_id'),
  fee: jsonb('fee').$type<TransactionFeeJson | null>(),
  description: text('description'),
  statementDescriptor: text('statement_descriptor'),
  customer: jsonb('customer').$type<TransactionCustomerJson | null>(),
  cardData: jsonb('card_data').$type<TransactionCardDataJson | null>(),
  threeDs: jsonb('three_ds').$type<TransactionThreeDsJson | null>(),
  pix: jsonb('pix').$type<TransactionPixJson | null>(),
  refusal: jsonb('refusal').$type<TransactionRefusalJson | null>(),
  cancelReason: text('cancel_reason').$type<
    'REQUESTED' | 'AUTHORIZATION_EXPIRED' | 'PIX_CANCELED' | 'PIX_REMOVED_BY_PROVIDER' | null
  >(),
  authorizationCode: text('authorization_code'),
  providerReference: text('provider_reference'),
  providerPaymentId: text('provider_payment_id'),
  authorizedAt: ts('authorized_at'),
  capturedAt: ts('captured_at'),
  canceledAt: ts('canceled_at'),
  expiredAt: ts('expired_at'),
  metadata: jsonb('metadata').$type<Record<string, string> | null>(),
  attempts: jsonb('attempts').$type<TransactionAttemptJson[] | null>(),
  routing: jsonb('routing').$type<TransactionRoutingJson | null>(),
  announced: boolean('announced').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransactionRow = typeof transactions.$inferInsert;

/**
 * Migration 0850 (providers.md R5.1): an attempt's authorization request kept for its sync's replay at a provider
 * without a payment read (ADYEN_CHECKOUT). `request` is the port's request without `card.cvv`; `card.number` (and a
 * wallet's cryptogram) stay the ev: values the core received. No view reads it.
 */
export const keptAuthorizations = pgTable('kept_authorizations', {
  attemptId: uuid('attempt_id').primaryKey(),
  transactionId: uuid('transaction_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
