import { bigserial, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type RequirementStatus = 'PENDING' | 'SATISFIED' | 'REJECTED' | 'WAIVED';
export type RequirementOrigin = 'BASE' | 'PROVIDER_REQUEST' | 'STAFF';
export type SubjectRole = 'COMPANY' | 'CONTACT' | 'PARTNER_COMPANY';
export type DocumentStatus = 'PENDING_REVIEW' | 'APPROVED' | 'REFUSED';
export type BiometricStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
export type AffiliationStatus =
  'ACTIVE' | 'WAITING_DOCUMENTS' | 'WAITING_CONFIRMATION' | 'BLOCKED' | 'INVALID_SETTLEMENT_BANK_ACCOUNT';

export const onboardingRequirements = pgTable('onboarding_requirements', {
  id: uuid('id').primaryKey(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  subjectDocumentNumber: text('subject_document_number').notNull(),
  subjectRole: text('subject_role').$type<SubjectRole>().notNull(),
  origin: text('origin').$type<RequirementOrigin>().notNull(),
  description: text('description'),
  status: text('status').$type<RequirementStatus>().notNull(),
  waivedBy: text('waived_by').$type<'STAFF' | 'SHAPE'>(),
  waivedAt: ts('waived_at'),
  waiveReason: text('waive_reason'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const onboardingDocuments = pgTable('onboarding_documents', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  fileType: text('file_type').notNull(),
  subjectDocumentNumber: text('subject_document_number').notNull(),
  contentType: text('content_type').notNull(),
  fileSizeBytes: integer('file_size_bytes').notNull(),
  fileName: text('file_name').notNull(),
  storageKey: text('storage_key').notNull(),
  status: text('status').$type<DocumentStatus>().notNull(),
  origin: text('origin').$type<'UPLOAD' | 'SHARED'>().notNull(),
  refusalReason: text('refusal_reason'),
  sourceDocumentId: uuid('source_document_id'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const biometricVerifications = pgTable('biometric_verifications', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  subjectDocumentNumber: text('subject_document_number').notNull(),
  status: text('status').$type<BiometricStatus>().notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const onboardingAnswers = pgTable('onboarding_answers', {
  id: uuid('id').primaryKey(),
  requirementId: uuid('requirement_id').notNull(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  answer: text('answer').notNull(),
  onboardingDocumentIds: jsonb('onboarding_document_ids').$type<string[]>().notNull(),
  refusedAt: ts('refused_at'),
  refusalReason: text('refusal_reason'),
  createdAt: ts('created_at').notNull(),
});

export const affiliations = pgTable('affiliations', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  provider: text('provider').notNull(),
  status: text('status').$type<AffiliationStatus>().notNull(),
  onboardingUrl: text('onboarding_url'),
  providerStatusMessage: text('provider_status_message'),
  // money.md M5: the settlement account (migration 0570), null until set.
  settlementPixKeyType: text('settlement_pix_key_type'),
  settlementPixKey: text('settlement_pix_key'),
  settlementDict: jsonb('settlement_dict').$type<Record<string, unknown> | null>(),
  // providers.md R1.7 (migration 0740): the account, and what staff confirmed with the provider.
  providerAccountId: uuid('provider_account_id'),
  merchantReference: jsonb('merchant_reference').$type<Record<string, unknown> | null>(),
  confirmedAt: ts('confirmed_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export type RequirementRow = typeof onboardingRequirements.$inferSelect;
export type DocumentRow = typeof onboardingDocuments.$inferSelect;
export type BiometricRow = typeof biometricVerifications.$inferSelect;
export type AnswerRow = typeof onboardingAnswers.$inferSelect;
export type AffiliationRow = typeof affiliations.$inferSelect;
