import { bigint, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** payments.md P7 (migration 0555). `card_number_ciphertext` is an ev:v1 value; no view reads it. */
export const threeDsSessions = pgTable('three_ds_sessions', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  provider: text('provider').notNull(),
  requestId: text('request_id'),
  status: text('status').$type<'ACTION_REQUIRED' | 'SUCCEEDED' | 'FAILED' | 'EXPIRED'>().notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  installments: integer('installments').notNull(),
  cardNumberCiphertext: text('card_number_ciphertext').notNull(),
  storedCardId: uuid('stored_card_id'),
  cardBrand: text('card_brand').notNull(),
  cardBin: text('card_bin').notNull(),
  cardLastDigits: text('card_last_digits').notNull(),
  cardExpiryMonth: text('card_expiry_month').notNull(),
  cardExpiryYear: text('card_expiry_year').notNull(),
  cardHolderName: text('card_holder_name').notNull(),
  customer: jsonb('customer').$type<Record<string, unknown>>(),
  browser: jsonb('browser').$type<Record<string, unknown>>(),
  challengePreference: text('challenge_preference').notNull(),
  initiatorType: text('initiator_type').notNull(),
  initiatorReason: text('initiator_reason'),
  returnUrl: text('return_url'),
  awaitingProvider: boolean('awaiting_provider').notNull(),
  flow: text('flow'),
  version: text('version'),
  transStatus: text('trans_status'),
  eci: text('eci'),
  liabilityShift: boolean('liability_shift').notNull(),
  authenticationValue: text('authentication_value'),
  dsTransactionId: text('ds_transaction_id'),
  threeDsServerTransId: text('three_ds_server_trans_id'),
  acsTransactionId: text('acs_transaction_id'),
  failureReason: text('failure_reason'),
  challengeUrl: text('challenge_url'),
  challengeTokenId: text('challenge_token_id'),
  /** R2.8 (migration 0810): Adyen's redirect action, followed by the challenge page; null for sandbox sessions. */
  providerAction: jsonb('provider_action').$type<{ url: string; method: string; data: Record<string, string> }>(),
  providerReference: text('provider_reference'),
  transactionId: uuid('transaction_id'),
  /** Migration 0840: false from its operation's claim until the provider's answer is recorded (never shown). */
  announced: boolean('announced').notNull().default(true),
  expiresAt: ts('expires_at').notNull(),
  succeededAt: ts('succeeded_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type ThreeDsSessionRow = typeof threeDsSessions.$inferSelect;
