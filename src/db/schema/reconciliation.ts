import { bigint, date, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// providers.md R5.3 (migration 0770_reconciliation_runs.sql, src/modules/reconciliation/).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

export const RECONCILIATION_SOURCES = ['STATEMENT', 'PROVIDER_EVENTS'] as const;
export type ReconciliationSource = (typeof RECONCILIATION_SOURCES)[number];

export interface ReconciliationTotals {
  count: number;
  amount: number;
}
export interface ReconciliationSummary {
  captures_ours: ReconciliationTotals;
  captures_provider: ReconciliationTotals;
  refunds_ours: ReconciliationTotals;
  refunds_provider: ReconciliationTotals;
  matched: number;
  items: number;
}

export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: uuid('id').primaryKey(),
  requestId: text('request_id'),
  providerAccountId: uuid('provider_account_id').notNull(),
  provider: text('provider').notNull(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
  source: text('source').$type<ReconciliationSource>().notNull(),
  status: text('status').$type<'COMPLETED'>().notNull(),
  summary: jsonb('summary').$type<ReconciliationSummary>().notNull(),
  createdAt: ts('created_at').notNull(),
});
export type ReconciliationRunRow = typeof reconciliationRuns.$inferSelect;

export const reconciliationItems = pgTable('reconciliation_items', {
  id: uuid('id').primaryKey(),
  runId: uuid('run_id').notNull(),
  kind: text('kind').notNull(),
  transactionId: uuid('transaction_id'),
  refundId: uuid('refund_id'),
  disputeId: uuid('dispute_id'),
  providerEventId: uuid('provider_event_id'),
  providerReference: text('provider_reference'),
  ourAmount: cents('our_amount'),
  providerAmount: cents('provider_amount'),
  detail: text('detail').notNull(),
  createdAt: ts('created_at').notNull(),
});
export type ReconciliationItemRow = typeof reconciliationItems.$inferSelect;
