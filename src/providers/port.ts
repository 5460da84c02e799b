/**
 * The provider port: what the platform asks of a payment provider. One request/response type per operation
 * (after formancehq/payments' plugin model). Areas add their operations as separate interfaces beside this
 * one (e.g. banking.ts), implemented by the same adapters; calls never run inside a database transaction.
 */
export const PROVIDER_NAMES = ['PROVIDER_A', 'PROVIDER_B', 'INTERNAL'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const IDENTITY_DOCUMENT_TYPES = ['CNH_FRONT', 'CNH_BACK', 'CNH_DIGITAL', 'RG_FRONT', 'RG_BACK', 'RNE_FRONT', 'RNE_BACK'] as const;
export const OTHER_DOCUMENT_TYPES = ['ARTICLES_OF_INCORPORATION', 'POWER_OF_ATTORNEY', 'PROOF_OF_ADDRESS', 'PROOF_OF_INCOME', 'FINANCIAL_STATEMENT', 'OTHER'] as const;
export const DOCUMENT_TYPES = [...IDENTITY_DOCUMENT_TYPES, ...OTHER_DOCUMENT_TYPES] as const;
export type DocumentTypeName = (typeof DOCUMENT_TYPES)[number];

export interface ProviderCapabilities {
  /** Offers company onboarding (requirements, affiliations through documents). */
  companyOnboarding: boolean;
  /** Document types this provider accepts as evidence. */
  acceptedDocumentTypes: readonly DocumentTypeName[];
}

export interface HealthCheckResult {
  ok: boolean;
  responseTimeMs: number;
  error?: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly capabilities: ProviderCapabilities;
  healthCheck(): Promise<HealthCheckResult>;
}
