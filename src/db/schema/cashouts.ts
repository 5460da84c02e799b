import { bigint, boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

export type CashoutStatus = 'PENDING' | 'COMPLETED' | 'PARTIALLY_RETURNED' | 'RETURNED' | 'FAILED';

/** The settlement account a cashout goes to, as it was when the cashout was created. */
export interface CashoutDestination {
  pix_key_type: string;
  pix_key: string;
  owner_document: string;
  dict_key_information: Record<string, unknown> | null;
}

export const cashouts = pgTable('cashouts', {
  id: uuid('id').primaryKey(),
  requestId: text('request_id').notNull(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  bankAccountId: uuid('bank_account_id').notNull(),
  provider: text('provider').notNull(),
  amount: cents('amount').notNull(),
  price: cents('price').notNull(),
  status: text('status').$type<CashoutStatus>().notNull(),
  destination: jsonb('destination').$type<CashoutDestination>().notNull(),
  automatic: boolean('automatic').notNull(),
  scheduleSlot: text('schedule_slot'),
  providerCashoutId: text('provider_cashout_id'),
  endToEndId: text('end_to_end_id'),
  returnedAmount: cents('returned_amount').notNull(),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  completedAt: ts('completed_at'),
  failedAt: ts('failed_at'),
  metadata: jsonb('metadata').$type<Record<string, unknown> | null>(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const cashoutReturns = pgTable('cashout_returns', {
  id: uuid('id').primaryKey(),
  cashoutId: uuid('cashout_id').notNull(),
  amount: cents('amount').notNull(),
  reason: text('reason').notNull(),
  returnedAt: ts('returned_at').notNull(),
});

export type CashoutRow = typeof cashouts.$inferSelect;
export type CashoutReturnRow = typeof cashoutReturns.$inferSelect;
