import type { CompanyRow } from '../../db/schema/index.js';
import {
  ANTICIPATION_DEFAULTS,
  type MerchantView,
  type MyCompanyView,
  type OrganizationView,
} from './companies.schemas.js';

/** A company as the Merchant resource shows it; `kyc_enabled` is null on merchants (platform-api.md). */
export function toMerchantView(row: CompanyRow): MerchantView {
  return {
    id: row.id,
    name: row.name,
    full_name: row.fullName,
    document_number: row.documentNumber,
    document_type: row.documentType,
    document_tax_type: row.documentTaxType,
    status: row.status,
    contact: row.contact as MerchantView['contact'],
    address: row.address as MerchantView['address'],
    transfer_configurations: row.transferConfigurations ?? null,
    company_logo_url: row.companyLogoUrl,
    website_url: row.websiteUrl,
    webhook_enabled: row.webhookEnabled,
    kyc_enabled: row.kind === 'ORGANIZATION' ? (row.kycEnabled ?? false) : null,
    declared_revenue: row.declaredRevenue,
    fee_policy_id: row.feePolicyId,
    anticipation_configurations: { ...ANTICIPATION_DEFAULTS, ...(row.anticipationConfigurations ?? {}) },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toOrganizationView(row: CompanyRow): OrganizationView {
  return {
    ...toMerchantView(row),
    kyc_enabled: row.kycEnabled ?? false,
    share_documents: row.shareDocuments,
    company_onboarding_enabled: row.companyOnboardingEnabled,
    default_fee_policy_id: row.defaultFeePolicyId,
  };
}

/** The authenticated company (GET/PATCH /v1/companies/me): an organization shows its default fee policy. */
export function toMyCompanyView(row: CompanyRow): MyCompanyView {
  return row.kind === 'ORGANIZATION'
    ? { ...toMerchantView(row), default_fee_policy_id: row.defaultFeePolicyId }
    : toMerchantView(row);
}
