import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Disputes and their evidence files (migration 0585_disputes.sql, money.md M6).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

export const DISPUTE_STATUSES = ['OPEN', 'UNDER_REVIEW', 'WON', 'LOST', 'ACCEPTED'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_REASONS = [
  'FRAUD',
  'COMMERCIAL_DISAGREEMENT',
  'PROCESSING_ERROR',
  'AUTHORIZATION',
  'OTHER',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_CLOSED_REASONS = ['WON', 'LOST', 'ACCEPTED', 'NO_RESPONSE'] as const;
export type DisputeClosedReason = (typeof DISPUTE_CLOSED_REASONS)[number];

export const disputes = pgTable('disputes', {
  id: uuid('id').primaryKey(),
  transactionId: uuid('transaction_id').notNull(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  bankAccountId: uuid('bank_account_id'),
  provider: text('provider').notNull(),
  amount: cents('amount').notNull(),
  currency: text('currency').notNull(),
  reason: text('reason').$type<DisputeReason>().notNull(),
  reasonCode: text('reason_code'),
  status: text('status').$type<DisputeStatus>().notNull(),
  evidenceDueBy: ts('evidence_due_by').notNull(),
  evidenceText: text('evidence_text'),
  evidenceDocumentIds: jsonb('evidence_document_ids').$type<string[]>().notNull(),
  evidenceSubmittedAt: ts('evidence_submitted_at'),
  heldAmount: cents('held_amount').notNull(),
  debtAmount: cents('debt_amount').notNull(),
  closedReason: text('closed_reason').$type<DisputeClosedReason | null>(),
  openedAt: ts('opened_at').notNull(),
  closedAt: ts('closed_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type DisputeRow = typeof disputes.$inferSelect;
export type NewDisputeRow = typeof disputes.$inferInsert;

export const disputeDocuments = pgTable('dispute_documents', {
  id: uuid('id').primaryKey(),
  disputeId: uuid('dispute_id').notNull(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  contentType: text('content_type').notNull(),
  fileName: text('file_name').notNull(),
  fileSizeBytes: integer('file_size_bytes').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: ts('created_at').notNull(),
});
export type DisputeDocumentRow = typeof disputeDocuments.$inferSelect;
