import { bigint, date, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Anticipations and their quotes (migration 0575_anticipations.sql, money.md M4).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });
const civil = (name: string) => date(name, { mode: 'string' });

export type AnticipationType = 'SPOT' | 'AUTOMATIC';
export type AnticipationStatus = 'PENDING' | 'COMPLETED' | 'REFUSED' | 'CANCELED';

/** One receivable of a quote or an anticipation, with its fee fixed when quoted. */
export interface AnticipationItemJson {
  receivable_id: string;
  payment_date: string;
  days: number;
  net_amount: number;
  fee_amount: number;
}

export const anticipationQuotes = pgTable('anticipation_quotes', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  bankAccountId: uuid('bank_account_id').notNull(),
  provider: text('provider').notNull(),
  type: text('type').$type<AnticipationType>().notNull(),
  ratePercentage: numeric('rate_percentage').notNull(),
  paymentDate: civil('payment_date').notNull(),
  amount: cents('amount').notNull(),
  feeAmount: cents('fee_amount').notNull(),
  netAmount: cents('net_amount').notNull(),
  averageDays: numeric('average_days').notNull(),
  items: jsonb('items').$type<AnticipationItemJson[]>().notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull(),
});
export type AnticipationQuoteRow = typeof anticipationQuotes.$inferSelect;

export const anticipations = pgTable('anticipations', {
  id: uuid('id').primaryKey(),
  requestId: text('request_id').notNull(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  bankAccountId: uuid('bank_account_id').notNull(),
  provider: text('provider').notNull(),
  type: text('type').$type<AnticipationType>().notNull(),
  status: text('status').$type<AnticipationStatus>().notNull(),
  quoteId: uuid('quote_id'),
  ratePercentage: numeric('rate_percentage').notNull(),
  paymentDate: civil('payment_date').notNull(),
  amount: cents('amount').notNull(),
  feeAmount: cents('fee_amount').notNull(),
  netAmount: cents('net_amount').notNull(),
  items: jsonb('items').$type<AnticipationItemJson[]>().notNull(),
  refusalReason: text('refusal_reason'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  completedAt: ts('completed_at'),
});
export type AnticipationRow = typeof anticipations.$inferSelect;
