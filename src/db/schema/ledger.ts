import { bigint, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Ledger v2 tables (migration 0510_ledger.sql). Only src/ledger reads or writes them.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: uuid('id').primaryKey(),
  provider: text('provider').notNull(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  pending: cents('pending').notNull(),
  available: cents('available').notNull(),
  held: cents('held').notNull(),
  debt: cents('debt').notNull(),
  lastSequence: cents('last_sequence').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey(),
  idemKey: text('idem_key').notNull(),
  code: text('code').notNull(),
  sourceType: text('source_type').notNull(),
  sourceId: text('source_id').notNull(),
  createdAt: ts('created_at').notNull(),
});
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;

export const ledgerPostings = pgTable('ledger_postings', {
  id: uuid('id').primaryKey(),
  transactionId: uuid('transaction_id').notNull(),
  accountType: text('account_type').$type<'BANK_ACCOUNT' | 'CLEARING' | 'REVENUE'>().notNull(),
  accountId: text('account_id').notNull(),
  provider: text('provider').notNull(),
  companyId: uuid('company_id'),
  balanceType: text('balance_type')
    .$type<'PENDING' | 'AVAILABLE' | 'HELD' | 'DEBT' | 'CLEARING' | 'REVENUE'>()
    .notNull(),
  direction: text('direction').$type<'DEBIT' | 'CREDIT'>().notNull(),
  amount: cents('amount').notNull(),
  delta: cents('delta').notNull(),
  sequence: cents('sequence'),
  resultingBalance: cents('resulting_balance'),
  code: text('code').notNull(),
  sourceType: text('source_type').notNull(),
  sourceId: text('source_id').notNull(),
  createdAt: ts('created_at').notNull(),
});
export type LedgerPostingRow = typeof ledgerPostings.$inferSelect;

export const ledgerHolds = pgTable('ledger_holds', {
  id: text('id').primaryKey(),
  accountId: uuid('account_id').notNull(),
  amount: cents('amount').notNull(),
  status: text('status').$type<'PENDING' | 'POSTED' | 'VOIDED'>().notNull(),
  holdTransactionId: uuid('hold_transaction_id').notNull(),
  finalTransactionId: uuid('final_transaction_id'),
  /** Past it the hold-expiry job voids a PENDING hold with expiryCode (migration 0671); null: never expires. */
  expiresAt: ts('expires_at'),
  expiryCode: text('expiry_code'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

// Summaries of N consecutive entries of one bank account for `?at=` reads (migration 0590; src/ledger/balance-at.ts).
export const ledgerEntryChunks = pgTable(
  'ledger_entry_chunks',
  {
    accountId: uuid('account_id').notNull(),
    firstSeq: cents('first_seq').notNull(),
    lastSeq: cents('last_seq').notNull(),
    minCreatedAt: ts('min_created_at').notNull(),
    maxCreatedAt: ts('max_created_at').notNull(),
    dPending: cents('d_pending').notNull(),
    dAvailable: cents('d_available').notNull(),
    dHeld: cents('d_held').notNull(),
    dDebt: cents('d_debt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.firstSeq] })],
);
export type LedgerEntryChunkRow = typeof ledgerEntryChunks.$inferSelect;
