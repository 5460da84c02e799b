import { bigint, boolean, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

export const bankAccounts = pgTable('bank_accounts', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  provider: text('provider').notNull(),
  branch: text('branch'),
  accountNumber: text('account_number'),
  status: text('status').$type<'ACTIVE' | 'CLOSED'>().notNull(),
  available: cents('available').notNull(),
  held: cents('held').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type LedgerBucket = 'AVAILABLE' | 'HELD' | 'EXTERNAL';

export const ledgerEntries = pgTable('ledger_entries', {
  id: uuid('id').primaryKey(),
  journalId: uuid('journal_id').notNull(),
  kind: text('kind').$type<'DEPOSIT' | 'HOLD' | 'SETTLE' | 'RELEASE'>().notNull(),
  bankAccountId: uuid('bank_account_id'),
  bucket: text('bucket').$type<LedgerBucket>().notNull(),
  amount: cents('amount').notNull(),
  internalTransferId: uuid('internal_transfer_id'),
  createdAt: ts('created_at').notNull(),
});

export type TransferStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';

export const internalTransfers = pgTable('internal_transfers', {
  id: uuid('id').primaryKey(),
  requestId: text('request_id').notNull(),
  externalRequestId: text('external_request_id'),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  destinationCompanyId: uuid('destination_company_id').notNull(),
  originBankAccountId: uuid('origin_bank_account_id').notNull(),
  destinationBankAccountId: uuid('destination_bank_account_id').notNull(),
  provider: text('provider').notNull(),
  amount: cents('amount').notNull(),
  status: text('status').$type<TransferStatus>().notNull(),
  providerTransferId: text('provider_transfer_id'),
  errorMessage: text('error_message'),
  metadata: jsonb('metadata').$type<Record<string, unknown> | null>(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const pixKeys = pgTable('pix_keys', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  bankAccountId: uuid('bank_account_id').notNull(),
  keyType: text('key_type').$type<'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP'>().notNull(),
  key: text('key').notNull(),
  primary: boolean('primary').notNull(),
  status: text('status').$type<'ACTIVE' | 'DELETED'>().notNull(),
  dictKeyInformation: jsonb('dict_key_information').$type<unknown>(),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const storedCards = pgTable('stored_cards', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  source: text('source').$type<'API' | 'TRANSACTION'>().notNull(),
  status: text('status').$type<'ACTIVE' | 'REPLACED' | 'CLOSED' | 'INVALID'>().notNull(),
  brand: text('brand').notNull(),
  lastDigits: text('last_digits').notNull(),
  expiryMonth: text('expiry_month').notNull(),
  expiryYear: text('expiry_year').notNull(),
  funding: text('funding'),
  issuer: text('issuer'),
  country: text('country'),
  bin: text('bin').notNull(),
  segment: text('segment'),
  currency: text('currency'),
  cardholderName: text('cardholder_name').notNull(),
  /** Stored for the provider only; no view ever reads it. */
  numberCiphertext: text('number_ciphertext').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const feePolicies = pgTable('fee_policies', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  isActive: boolean('is_active').notNull(),
  cashoutPrice: cents('cashout_price').notNull(),
  /** numeric(7,4) read as a decimal string: never a float on the way in or out of the database. */
  automaticAnticipationPercentage: numeric('automatic_anticipation_percentage').notNull(),
  spotAnticipationPercentage: numeric('spot_anticipation_percentage').notNull(),
  rules: jsonb('rules').$type<unknown[]>().notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type InternalTransferRow = typeof internalTransfers.$inferSelect;
export type PixKeyRow = typeof pixKeys.$inferSelect;
export type StoredCardRow = typeof storedCards.$inferSelect;
export type FeePolicyRow = typeof feePolicies.$inferSelect;
