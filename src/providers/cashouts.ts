import type { AccountRef, DictKeyInformation, PixKeyType } from './banking.js';
import type { Failure } from './payments.js';

/** Cashouts (money.md M5): a PIX out of a bank account to the settlement account's key. */
export type CashoutStatus = 'PENDING' | 'COMPLETED' | 'FAILED';

/** `cashout.submit`: idempotencyKey is our cashout id. */
export interface SubmitCashoutRequest {
  idempotencyKey: string;
  origin: AccountRef;
  amount: number;
  destination: { keyType: PixKeyType; key: string; ownerDocument: string };
}
export interface CashoutResult {
  providerCashoutId: string;
  status: CashoutStatus;
  endToEndId: string | null;
  /** money.md M5 error codes (DESTINATION_ACCOUNT_CLOSED, DESTINATION_KEY_NOT_FOUND, ...). */
  failure: Failure | null;
  destination: DictKeyInformation | null;
}
/** `cashout.sync`. */
export interface SyncCashoutRequest {
  idempotencyKey: string;
}
export type SyncCashoutResult = { found: false } | ({ found: true } & CashoutResult);
