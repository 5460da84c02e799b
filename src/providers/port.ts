/**
 * The provider port: what the platform asks of a payment provider. One request and one result type per
 * operation (after formancehq/payments' plugin model and hyperswitch's connector flows: authorize, capture,
 * void, psync, refund, rsync), named `area.verb`. An adapter implements the operations it offers and lists
 * exactly those in `capabilities.operations`; the registry refuses any other (`registry.require`).
 * Calls never run inside a database transaction; failures are `ProviderError`s (errors.ts).
 */
import type * as B from './banking.js';
import type * as C from './cashouts.js';
import type * as P from './payments.js';
import type { ParsedWebhook, ProviderWebhook } from './webhooks.js';

export const PROVIDER_NAMES = ['PROVIDER_A', 'PROVIDER_B', 'INTERNAL'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const IDENTITY_DOCUMENT_TYPES = [
  'CNH_FRONT',
  'CNH_BACK',
  'CNH_DIGITAL',
  'RG_FRONT',
  'RG_BACK',
  'RNE_FRONT',
  'RNE_BACK',
] as const;
export const OTHER_DOCUMENT_TYPES = [
  'ARTICLES_OF_INCORPORATION',
  'POWER_OF_ATTORNEY',
  'PROOF_OF_ADDRESS',
  'PROOF_OF_INCOME',
  'FINANCIAL_STATEMENT',
  'OTHER',
] as const;
export const DOCUMENT_TYPES = [...IDENTITY_DOCUMENT_TYPES, ...OTHER_DOCUMENT_TYPES] as const;
export type DocumentTypeName = (typeof DOCUMENT_TYPES)[number];

/** Every operation of the port: request and result. */
export interface ProviderOperations {
  'bank-account.open'(req: B.OpenAccountRequest): Promise<B.OpenAccountResult>;
  'bank-account.sync'(req: B.SyncAccountRequest): Promise<B.SyncAccountResult>;
  'internal-transfer.submit'(req: B.SubmitTransferRequest): Promise<B.SubmitTransferResult>;
  'internal-transfer.sync'(req: B.SyncTransferRequest): Promise<B.SyncTransferResult>;
  'pix-key.register'(req: B.RegisterPixKeyRequest): Promise<B.RegisterPixKeyResult>;
  'pix-key.delete'(req: B.DeletePixKeyRequest): Promise<B.DeletePixKeyResult>;
  'pix-key.sync'(req: B.SyncPixKeyRequest): Promise<B.SyncPixKeyResult>;
  'dict.lookup'(req: B.DictLookupRequest): Promise<B.DictLookupResult>;
  'card.authorize'(req: P.AuthorizeCardRequest): Promise<P.CardPaymentResult>;
  'card.capture'(req: P.CaptureCardRequest): Promise<P.CardPaymentResult>;
  'card.void'(req: P.VoidCardRequest): Promise<P.CardPaymentResult>;
  'card.sync'(req: P.SyncCardRequest): Promise<P.SyncCardResult>;
  'card.refund'(req: P.RefundRequest): Promise<P.RefundResult>;
  'card.refund-sync'(req: P.SyncRefundRequest): Promise<P.SyncRefundResult>;
  'pix.charge'(req: P.PixChargeRequest): Promise<P.PixChargeResult>;
  'pix.cancel'(req: P.CancelPixChargeRequest): Promise<P.PixChargeResult>;
  'pix.sync'(req: P.SyncPixChargeRequest): Promise<P.SyncPixChargeResult>;
  'pix.refund'(req: P.RefundRequest): Promise<P.RefundResult>;
  'pix.refund-sync'(req: P.SyncRefundRequest): Promise<P.SyncRefundResult>;
  'three-ds.authenticate'(req: P.ThreeDsRequest): Promise<P.ThreeDsResult>;
  'three-ds.sync'(req: P.SyncThreeDsRequest): Promise<P.SyncThreeDsResult>;
  'cashout.submit'(req: C.SubmitCashoutRequest): Promise<C.CashoutResult>;
  'cashout.sync'(req: C.SyncCashoutRequest): Promise<C.SyncCashoutResult>;
  /** Verifies (signature) and normalizes one of the provider's webhooks; a bad signature is `refused`. */
  'webhook.parse'(req: ProviderWebhook): Promise<ParsedWebhook>;
}

export type OperationName = keyof ProviderOperations;
export type RequestOf<K extends OperationName> = Parameters<ProviderOperations[K]>[0];
export type ResultOf<K extends OperationName> = Awaited<ReturnType<ProviderOperations[K]>>;

export const OPERATION_NAMES = [
  'bank-account.open',
  'bank-account.sync',
  'internal-transfer.submit',
  'internal-transfer.sync',
  'pix-key.register',
  'pix-key.delete',
  'pix-key.sync',
  'dict.lookup',
  'card.authorize',
  'card.capture',
  'card.void',
  'card.sync',
  'card.refund',
  'card.refund-sync',
  'pix.charge',
  'pix.cancel',
  'pix.sync',
  'pix.refund',
  'pix.refund-sync',
  'three-ds.authenticate',
  'three-ds.sync',
  'cashout.submit',
  'cashout.sync',
  'webhook.parse',
] as const satisfies readonly OperationName[];

// Compile-time check that the list names every operation.
type Missing = Exclude<OperationName, (typeof OPERATION_NAMES)[number]>;
const _allListed: Missing extends never ? true : never = true;
void _allListed;

export interface ProviderCapabilities {
  /** The operations this adapter implements; the registry refuses any other. */
  operations: readonly OperationName[];
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

/** An adapter: its name, what it offers, a health check, and the operations it lists. */
export interface PaymentProvider extends Partial<ProviderOperations> {
  readonly name: ProviderName;
  readonly capabilities: ProviderCapabilities;
  healthCheck(): Promise<HealthCheckResult>;
}
