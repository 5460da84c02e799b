import { bigint, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Refunds and capture/cancel claims (migration 0552_refunds.sql, payments.md P5).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

export type RefundStatusValue = 'PENDING' | 'SUCCEEDED' | 'FAILED';
export interface RefundFailureJson {
  code: 'INSUFFICIENT_BALANCE' | 'EXPIRED_OR_CANCELED_CARD' | 'PROVIDER_DECLINED' | 'TIMEOUT';
  message: string;
}

export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey(),
  transactionId: uuid('transaction_id').notNull(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  requestId: text('request_id'),
  provider: text('provider').notNull(),
  paymentMethod: text('payment_method').$type<'CREDIT_CARD' | 'DEBIT_CARD' | 'PIX'>().notNull(),
  amount: cents('amount').notNull(),
  status: text('status').$type<RefundStatusValue>().notNull(),
  reason: text('reason').$type<'REQUESTED_BY_CUSTOMER' | 'DUPLICATE' | 'FRAUDULENT' | 'OTHER'>().notNull(),
  description: text('description'),
  origin: text('origin').$type<'MERCHANT' | 'MED' | 'PROVIDER'>().notNull(),
  medNature: text('med_nature').$type<'MED_FRAUDE' | 'MED_OPERACIONAL' | null>(),
  failure: jsonb('failure').$type<RefundFailureJson | null>(),
  providerRefundId: text('provider_refund_id'),
  pixReturnId: text('pix_return_id'),
  bankAccountId: uuid('bank_account_id'),
  reservedPending: cents('reserved_pending').notNull(),
  reservedAvailable: cents('reserved_available').notNull(),
  reservedDebt: cents('reserved_debt').notNull(),
  submittedAt: ts('submitted_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  settledAt: ts('settled_at'),
});
export type RefundRow = typeof refunds.$inferSelect;
export type NewRefundRow = typeof refunds.$inferInsert;

export const transactionOperations = pgTable('transaction_operations', {
  transactionId: uuid('transaction_id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  kind: text('kind').$type<'CAPTURE' | 'CANCEL'>().notNull(),
  amount: cents('amount'),
  cancelReason: text('cancel_reason').$type<'REQUESTED' | 'AUTHORIZATION_EXPIRED' | 'PIX_CANCELED' | null>(),
  status: text('status').$type<'IN_FLIGHT' | 'DONE'>().notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type TransactionOperationRow = typeof transactionOperations.$inferSelect;
