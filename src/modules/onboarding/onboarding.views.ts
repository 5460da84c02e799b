import type { AffiliationRow, BiometricRow, DocumentRow, RequirementRow } from '../../db/schema/index.js';
import type { AffiliationView, DocumentView, RequirementView } from './onboarding.schemas.js';
import { acceptedDocumentTypes, type Derived } from './requirements.rules.js';
import type { DownloadSigner } from './signed-urls.js';

/** A requirement as the contract shows it: every field present, `satisfied_by` only when SATISFIED. */
export function toRequirementView(
  row: RequirementRow,
  derived: Derived,
  providerAccepts: readonly string[],
): RequirementView {
  return {
    id: row.id,
    company_id: row.companyId,
    provider: row.provider as RequirementView['provider'],
    type: row.type as RequirementView['type'],
    subject_document_number: row.subjectDocumentNumber,
    subject_role: row.subjectRole,
    origin: row.origin,
    description: row.origin === 'BASE' ? null : row.description,
    status: derived.status,
    accepted_document_types: acceptedDocumentTypes(row.type, providerAccepts),
    satisfied_by: derived.status === 'SATISFIED' ? derived.satisfiedBy : null,
    waived_at: derived.status === 'WAIVED' && row.waivedAt ? row.waivedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toDocumentView(row: DocumentRow, signer: DownloadSigner, baseUrl: string, now?: Date): DocumentView {
  const link = signer.sign(baseUrl, row.id, now);
  return {
    id: row.id,
    company_id: row.companyId,
    file_type: row.fileType,
    file_name: row.fileName,
    subject_document_number: row.subjectDocumentNumber,
    status: row.status,
    origin: row.origin,
    refusal_reason: row.refusalReason,
    content_type: row.contentType,
    file_size_bytes: row.fileSizeBytes,
    download_url: link.url,
    download_url_expires_at: link.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toBiometricView(row: BiometricRow) {
  return {
    id: row.id,
    company_id: row.companyId,
    subject_document_number: row.subjectDocumentNumber,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * `onboarding_url` only while WAITING_DOCUMENTS, signed by `linkOf` as of now (the stored column holds the
 * unsigned page location; callers without a signer, whose rows are never WAITING_DOCUMENTS, show that).
 */
export function toAffiliationView(row: AffiliationRow, linkOf?: (row: AffiliationRow) => string): AffiliationView {
  return {
    id: row.id,
    company_id: row.companyId,
    provider: row.provider,
    provider_account_id: row.providerAccountId,
    status: row.status,
    onboarding_url:
      row.status === 'WAITING_DOCUMENTS' && row.onboardingUrl ? (linkOf ? linkOf(row) : row.onboardingUrl) : null,
    provider_status_message: row.providerStatusMessage,
    settlement_account:
      row.settlementPixKey && row.settlementPixKeyType
        ? {
            pix_key_type: row.settlementPixKeyType,
            pix_key: row.settlementPixKey,
            dict_key_information: row.settlementDict ?? null,
          }
        : null,
    merchant_reference: row.merchantReference ?? null,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
