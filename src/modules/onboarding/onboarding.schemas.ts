import { z } from 'zod';
import { DOCUMENT_TYPES } from '../../providers/port.js';
import { documentNumber, requestIdField, timestamp, uuid } from '../../http/schemas.js';
import { REQUIREMENT_TYPES } from './requirements.rules.js';

/** Providers that offer company onboarding; INTERNAL (or anything else) is a VALIDATION_ERROR on `provider`. */
export const ONBOARDING_PROVIDERS = ['PROVIDER_A', 'PROVIDER_B'] as const;
export const AFFILIATION_PROVIDERS = ['PROVIDER_A', 'PROVIDER_B', 'INTERNAL'] as const;
export const UPLOAD_FILE_TYPES = [...DOCUMENT_TYPES, 'SELFIE'] as const;
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const SUBJECT_ROLES = ['COMPANY', 'CONTACT', 'PARTNER_COMPANY'] as const;
export const REQUIREMENT_STATUSES = ['PENDING', 'SATISFIED', 'REJECTED', 'WAIVED'] as const;
export const AFFILIATION_STATUSES = [
  'ACTIVE',
  'WAITING_DOCUMENTS',
  'WAITING_CONFIRMATION',
  'BLOCKED',
  'INVALID_SETTLEMENT_BANK_ACCOUNT',
] as const;
export const DOCUMENT_STATUSES = ['PENDING_REVIEW', 'APPROVED', 'REFUSED'] as const;
/** 10 MiB decoded (product.md §6). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Document uploads carry base64 (4/3 of the bytes) plus JSON: 15 MiB body limit (product.md §2). */
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

/** Case-insensitive enum that reports a missing value as REQUIRED (upperEnum alone reports it as INVALID_ENUM). */
const requiredUpperEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(values));

export const requirementsQuery = z.strictObject({ provider: requiredUpperEnum(ONBOARDING_PROVIDERS) });

/** The file part of every base64 JSON upload (onboarding documents, dispute evidence). */
export const uploadFileFields = {
  content_type: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(UPLOAD_CONTENT_TYPES)),
  content_base64: z.string().min(1),
  file_name: z
    .string()
    .trim()
    .min(1)
    .max(255)
    // eslint-disable-next-line no-control-regex -- the control characters are what this pattern refuses
    .regex(/^[^/\\\u0000-\u001f]+$/, 'must be a plain file name without path separators or control characters')
    .optional(),
  request_id: requestIdField(),
};

export const uploadDocumentBody = z.strictObject({
  file_type: requiredUpperEnum(UPLOAD_FILE_TYPES),
  subject_document_number: documentNumber(),
  ...uploadFileFields,
});
export type UploadDocumentInput = z.infer<typeof uploadDocumentBody>;

export const biometricBody = z.strictObject({
  subject_document_number: documentNumber(),
  request_id: requestIdField(),
});

export const answerBody = z.strictObject({
  answer: z.string().min(1).max(5000),
  onboarding_document_ids: z.array(uuid()).min(1).max(50).optional(),
  request_id: requestIdField(),
});

/** providers.md Changes 8: any provider account name (the organization's access is checked by the service, R1.5). */
export const providerAccountName = () =>
  z
    .string()
    .min(1)
    .max(32)
    .transform((v) => v.toUpperCase());
export const affiliationBody = z.strictObject({ provider: providerAccountName(), request_id: requestIdField() });

const requirementInputFields = {
  provider: requiredUpperEnum(ONBOARDING_PROVIDERS),
  type: requiredUpperEnum(REQUIREMENT_TYPES),
  subject_document_number: documentNumber(),
  subject_role: requiredUpperEnum(SUBJECT_ROLES),
  description: z.string().trim().min(1).max(2000),
};
export const staffRequirementBody = z.strictObject({ ...requirementInputFields, request_id: requestIdField() });
// Bodiless actions accept no body at all (Fastify hands the validator null then), or an object.
export const waiveBody = z.strictObject({ reason: z.string().trim().min(1).max(2000).optional() }).nullish();

export const providerReviewBody = z.strictObject({
  provider: requiredUpperEnum(ONBOARDING_PROVIDERS),
  requests: z
    .array(
      z.strictObject({
        type: requirementInputFields.type,
        subject_document_number: requirementInputFields.subject_document_number,
        subject_role: requirementInputFields.subject_role,
        description: requirementInputFields.description,
      }),
    )
    .min(1)
    .max(50),
});

export const documentReviewBody = z.strictObject({
  decision: requiredUpperEnum(['APPROVED', 'REFUSED'] as const),
  reason: z.string().trim().min(1).max(2000).optional(),
});
export const biometricReviewBody = z.strictObject({ decision: requiredUpperEnum(['APPROVED', 'REJECTED'] as const) });
export const refuseAnswerBody = z.strictObject({ reason: z.string().trim().min(1).max(2000).optional() }).nullish();

export const downloadQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
});

// ---- responses (plain shapes)

export const satisfiedBySchema = z.object({
  onboarding_document_ids: z.array(z.string()),
  biometric_verification_id: z.string().nullable(),
  answer: z.string().nullable(),
});

export const requirementSchema = z.object({
  id: uuid(),
  company_id: z.string(),
  provider: z.enum(ONBOARDING_PROVIDERS),
  type: z.enum(REQUIREMENT_TYPES),
  subject_document_number: z.string(),
  subject_role: z.enum(SUBJECT_ROLES),
  origin: z.enum(['BASE', 'PROVIDER_REQUEST', 'STAFF']),
  description: z.string().nullable(),
  status: z.enum(REQUIREMENT_STATUSES),
  accepted_document_types: z.array(z.string()).nullable(),
  satisfied_by: satisfiedBySchema.nullable(),
  waived_at: timestamp().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type RequirementView = z.infer<typeof requirementSchema>;
export const requirementListSchema = z.object({ data: z.array(requirementSchema) });

export const documentSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  file_type: z.string(),
  file_name: z.string(),
  subject_document_number: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  origin: z.enum(['UPLOAD', 'SHARED']),
  refusal_reason: z.string().nullable(),
  content_type: z.string(),
  file_size_bytes: z.int(),
  download_url: z.string(),
  download_url_expires_at: timestamp(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type DocumentView = z.infer<typeof documentSchema>;

export const biometricSchema = z.object({
  id: uuid(),
  company_id: z.string(),
  subject_document_number: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  created_at: timestamp(),
  updated_at: timestamp(),
});

export const affiliationSchema = z.object({
  id: uuid(),
  company_id: z.string(),
  provider: z.string().describe('The provider account, uppercase'),
  provider_account_id: uuid().nullable(),
  status: z.enum(AFFILIATION_STATUSES),
  onboarding_url: z
    .string()
    .nullable()
    .describe(
      'While WAITING_DOCUMENTS: the signed hosted onboarding page (no API key; valid 7 days; a later read gives a fresh link). Null otherwise',
    ),
  provider_status_message: z.string().nullable(),
  settlement_account: z
    .object({
      pix_key_type: z.string(),
      pix_key: z.string(),
      dict_key_information: z.record(z.string(), z.unknown()).nullable(),
    })
    .nullable()
    .describe('money.md M5: where cashouts of this affiliation go; null until set'),
  merchant_reference: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('ADYEN_CHECKOUT / PIX_API_BCB: what staff confirmed with the provider (R1.7); null otherwise'),
  confirmed_at: timestamp().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type AffiliationView = z.infer<typeof affiliationSchema>;
