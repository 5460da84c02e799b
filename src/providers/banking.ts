import { integrationError } from '../http/errors.js';
import type { PaymentProvider } from './port.js';

/**
 * Banking operations a provider offers (accounts, internal transfers, the PIX directory). Implemented by the
 * adapters beside the port; every call happens outside any database transaction.
 */
export type PixKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';

export interface OpenAccountRequest {
  companyId: string;
  accountId: string;
}
export interface OpenAccountResult {
  branch: string;
  accountNumber: string;
}

export interface SubmitTransferRequest {
  transferId: string;
  origin: { branch: string; accountNumber: string };
  destination: { branch: string; accountNumber: string };
  amount: number;
}
export interface SubmitTransferResult {
  providerTransferId: string;
  externalRequestId: string;
}

/** A status the provider reports for a transfer it accepted. */
export interface TransferStatusReport {
  transferId: string;
  status: 'PROCESSING' | 'COMPLETED' | 'FAILED';
  errorMessage?: string;
}

/** The directory (DICT) lookup of a key, already masked as the central bank rules require. */
export interface DictKeyInformation {
  bank: string;
  account: string;
  branch: string;
  account_type: string;
  owner_name: string;
  owner_document: string;
  is_owned_by_company: boolean;
}

export interface RegisterPixKeyRequest {
  keyType: PixKeyType;
  /** Absent for EVP: the provider generates the random key. */
  key?: string;
  account: { branch: string; accountNumber: string };
  owner: { name: string; document: string };
}
export interface RegisterPixKeyResult {
  key: string;
  dict: DictKeyInformation;
}

export interface BankingOperations {
  openAccount(req: OpenAccountRequest): Promise<OpenAccountResult>;
  submitInternalTransfer(req: SubmitTransferRequest): Promise<SubmitTransferResult>;
  registerPixKey(req: RegisterPixKeyRequest): Promise<RegisterPixKeyResult>;
  deletePixKey(key: string): Promise<void>;
}

export interface BankingProvider extends PaymentProvider {
  readonly banking: BankingOperations;
}

/** The provider's banking operations, or 502 when the adapter has none. */
export function bankingOf(provider: PaymentProvider): BankingOperations {
  const banking = (provider as Partial<BankingProvider>).banking;
  if (!banking) throw integrationError(`Provider ${provider.name} offers no banking operations`);
  return banking;
}
