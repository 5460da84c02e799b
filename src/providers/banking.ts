/**
 * Banking operations of the provider port: bank accounts, internal transfers, PIX keys and the directory
 * (DICT). One request and one result type per operation. Every request carries `idempotencyKey`: our id of
 * the resource it creates or acts on, so a retry (after a timeout, a crash, a second instance) is the same
 * request to the provider and gives the same result.
 */
export type PixKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';

export interface AccountRef {
  branch: string;
  accountNumber: string;
}

/** `bank-account.open`: idempotencyKey is our bank account id. */
export interface OpenAccountRequest {
  idempotencyKey: string;
  companyId: string;
  owner: { name: string; document: string };
}
export interface OpenAccountResult extends AccountRef {
  /** The provider's id of the account. */
  providerAccountId: string;
  status: 'ACTIVE' | 'PENDING';
}

/** `bank-account.sync`: what the provider knows of the account opened under this key. */
export interface SyncAccountRequest {
  idempotencyKey: string;
}
export type SyncAccountResult = { found: false } | ({ found: true } & OpenAccountResult);

/** Our statuses of an internal transfer (the adapter maps the provider's onto these). */
export type TransferStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';

/** `internal-transfer.submit`: idempotencyKey is our transfer id. */
export interface SubmitTransferRequest {
  idempotencyKey: string;
  origin: AccountRef;
  destination: AccountRef;
  amount: number;
}
export interface SubmitTransferResult {
  providerTransferId: string;
  externalRequestId: string;
  status: TransferStatus;
}

/** `internal-transfer.sync` (psync): the status of the transfer submitted under this key, if any. */
export interface SyncTransferRequest {
  idempotencyKey: string;
}
export type SyncTransferResult =
  /** The provider never received it: resubmitting with the same key is safe. */
  | { found: false }
  | {
      found: true;
      providerTransferId: string;
      externalRequestId: string;
      status: TransferStatus;
      failure?: { code: string; message: string };
    };

/** A status the provider reports for a transfer it accepted (webhook, sandbox autopilot or control). */
export interface TransferStatusReport {
  transferId: string;
  status: 'PROCESSING' | 'COMPLETED' | 'FAILED';
  errorMessage?: string;
}

/** The directory (DICT) view of a key, already masked as the central bank rules require. */
export interface DictKeyInformation {
  bank: string;
  account: string;
  branch: string;
  account_type: string;
  owner_name: string;
  owner_document: string;
  is_owned_by_company: boolean;
}

/** `pix-key.register`: idempotencyKey is our PIX key id. A key someone else holds is `refused` `KEY_ALREADY_REGISTERED`. */
export interface RegisterPixKeyRequest {
  idempotencyKey: string;
  keyType: PixKeyType;
  /** Absent for EVP: the provider generates the random key (the same one for the same idempotency key). */
  key?: string;
  account: AccountRef;
  owner: { name: string; document: string };
}
export interface RegisterPixKeyResult {
  key: string;
  dict: DictKeyInformation;
}

/**
 * `pix-key.delete`: idempotencyKey is the id of the key's own resource. The provider removes the key only
 * when that resource registered it: a key another resource holds is never removed (deleting twice is fine).
 */
export interface DeletePixKeyRequest {
  idempotencyKey: string;
  key: string;
}
export interface DeletePixKeyResult {
  deleted: boolean;
}

/** `pix-key.sync`: the key registered under this idempotency key, if any. */
export interface SyncPixKeyRequest {
  idempotencyKey: string;
}
export type SyncPixKeyResult =
  { found: false } | ({ found: true; status: 'ACTIVE' | 'DELETED' } & RegisterPixKeyResult);

/** `dict.lookup`: who owns a key in the national directory (for cashout destinations). */
export interface DictLookupRequest {
  /** A lookup has no side effect; the key only correlates the call (our resource asking). */
  idempotencyKey: string;
  key: string;
  keyType?: PixKeyType;
  /** The document the caller expects as owner: `is_owned_by_company` says whether it is. */
  expectedOwnerDocument?: string;
}
export type DictLookupResult = { found: false } | { found: true; keyType: PixKeyType; dict: DictKeyInformation };
