import { bigint, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Receivables and settlements (migration 0580_receivables.sql, money.md M2).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });
const civil = (name: string) => date(name, { mode: 'string' });

export type ReceivableStatusValue = 'PENDING' | 'PAID' | 'CANCELED';
export type ReceivableRoleValue = 'MERCHANT' | 'ORGANIZATION';

export const settlements = pgTable('settlements', {
  id: uuid('id').primaryKey(),
  bankAccountId: uuid('bank_account_id').notNull(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  provider: text('provider').notNull(),
  paymentDate: civil('payment_date').notNull(),
  runKey: text('run_key').notNull(),
  receivableCount: integer('receivable_count').notNull(),
  grossAmount: cents('gross_amount').notNull(),
  feeAmount: cents('fee_amount').notNull(),
  anticipationFeeAmount: cents('anticipation_fee_amount').notNull(),
  netAmount: cents('net_amount').notNull(),
  createdAt: ts('created_at').notNull(),
});
export type SettlementRow = typeof settlements.$inferSelect;

export const receivables = pgTable('receivables', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  bankAccountId: uuid('bank_account_id'),
  provider: text('provider').notNull(),
  role: text('role').$type<ReceivableRoleValue>().notNull(),
  transactionId: uuid('transaction_id').notNull(),
  paymentMethod: text('payment_method').$type<'CREDIT_CARD' | 'DEBIT_CARD' | 'PIX'>().notNull(),
  cardBrand: text('card_brand'),
  installment: integer('installment').notNull(),
  installments: integer('installments').notNull(),
  grossAmount: cents('gross_amount').notNull(),
  feeAmount: cents('fee_amount').notNull(),
  anticipationFeeAmount: cents('anticipation_fee_amount').notNull(),
  netAmount: cents('net_amount').notNull(),
  status: text('status').$type<ReceivableStatusValue>().notNull(),
  paymentDate: civil('payment_date').notNull(),
  originalPaymentDate: civil('original_payment_date').notNull(),
  paidAt: ts('paid_at'),
  canceledAt: ts('canceled_at'),
  cancelReason: text('cancel_reason').$type<'REFUND' | 'CHARGEBACK' | null>(),
  anticipationId: uuid('anticipation_id'),
  settlementId: uuid('settlement_id'),
  feePolicyId: uuid('fee_policy_id'),
  feeRuleId: text('fee_rule_id'),
  /** internal: the refund that canceled (consumed) or created (rest, restore) this receivable */
  refundId: uuid('refund_id'),
  /** internal: how much of its net a refund (or a chargeback) consumed when it canceled this receivable */
  consumedAmount: cents('consumed_amount'),
  /** internal (0606): the dispute whose chargeback canceled (consumed) or created (rest) this receivable */
  disputeId: uuid('dispute_id'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type ReceivableRow = typeof receivables.$inferSelect;
export type NewReceivableRow = typeof receivables.$inferInsert;

/** Internal (migration 0605): a cashout price or anticipation fee waiting for the organization's sweep. */
export const organizationRevenue = pgTable('organization_revenue', {
  id: uuid('id').primaryKey(),
  organizationId: uuid('organization_id').notNull(),
  provider: text('provider').notNull(),
  bankAccountId: uuid('bank_account_id'),
  sourceType: text('source_type').$type<'CASHOUT' | 'ANTICIPATION'>().notNull(),
  sourceId: uuid('source_id').notNull(),
  amount: cents('amount').notNull(),
  dueDate: civil('due_date').notNull(),
  settlementId: uuid('settlement_id'),
  createdAt: ts('created_at').notNull(),
});
export type OrganizationRevenueRow = typeof organizationRevenue.$inferSelect;
