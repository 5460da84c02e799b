/**
 * Payment operations of the provider port (payments.md): card authorize/capture/void/refund, PIX charges and
 * their refunds, 3DS authentication, each with its status sync (psync/rsync). A decline is a result (status
 * `REFUSED` with a code), not an error: it is a normal, definitive answer about the payment. `ProviderError`
 * `refused` is the provider refusing the operation itself (e.g. a capture above the authorized amount).
 */
export type Failure = { code: string; message: string };

/** Card data as the adapter receives it: `number` is an `ev:v1` value the adapter opens through the vault. */
export interface CardInput {
  number: string;
  cvv?: string;
  expiryMonth: string;
  expiryYear: string;
  holderName: string;
  brand?: string;
  bin?: string;
  lastDigits?: string;
  /** A network token from a wallet: `number` is then the token (ev:v1 `ntk`), with its cryptogram (`cry`). */
  networkToken?: { cryptogram: string; eci?: string; wallet?: string };
}

export interface ThreeDsProof {
  version: string;
  eci: string;
  authenticationValue: string;
  dsTransactionId: string;
  transStatus: string;
  /** How it was obtained: a session's frictionless or challenge result, or external data (Adyen's `mpiData`, R2.3). */
  flow?: 'FRICTIONLESS' | 'CHALLENGE' | 'EXTERNAL';
}

/** Our statuses of a card payment at the provider. */
export type CardPaymentStatus = 'AUTHORIZED' | 'CAPTURED' | 'REFUSED' | 'PROCESSING' | 'VOIDED';

/** `card.authorize`: idempotencyKey is our transaction id. `capture: true` authorizes and captures at once. */
export interface AuthorizeCardRequest {
  idempotencyKey: string;
  amount: number;
  currency: 'BRL';
  installments: number;
  capture: boolean;
  card: CardInput;
  threeDs?: ThreeDsProof;
  statementDescriptor?: string;
}
export interface CardPaymentResult {
  providerPaymentId: string;
  status: CardPaymentStatus;
  authorizedAmount: number;
  capturedAmount: number;
  authorizationCode: string | null;
  /** Set when status is REFUSED: a payments.md P11 refusal code. */
  refusal: (Failure & { retryable: boolean }) | null;
}

/** `card.capture`: idempotencyKey is our capture's id (its provider operation); paymentKey the authorization's key. */
export interface CaptureCardRequest {
  idempotencyKey: string;
  paymentKey: string;
  amount: number;
}
/** `card.void`: releases an authorization; idempotencyKey names the cancel (its provider operation), paymentKey the payment. */
export interface VoidCardRequest {
  idempotencyKey: string;
  paymentKey: string;
}
/** `card.sync` (psync): the payment authorized under this key. */
export interface SyncCardRequest {
  idempotencyKey: string;
}
export type SyncCardResult = { found: false } | ({ found: true } & CardPaymentResult);

export type RefundStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

/** `card.refund` / `pix.refund`: idempotencyKey is our refund id; paymentKey the transaction's. */
export interface RefundRequest {
  idempotencyKey: string;
  paymentKey: string;
  amount: number;
  reason?: string;
}
export interface RefundResult {
  providerRefundId: string;
  status: RefundStatus;
  /** payments.md P5 codes: INSUFFICIENT_BALANCE, EXPIRED_OR_CANCELED_CARD, PROVIDER_DECLINED, TIMEOUT. */
  failure: Failure | null;
  /** PIX returns carry the end-to-end id of the return. */
  endToEndId: string | null;
}
/** `card.refund-sync` / `pix.refund-sync` (rsync). */
export interface SyncRefundRequest {
  idempotencyKey: string;
}
export type SyncRefundResult = { found: false } | ({ found: true } & RefundResult);

export type PixChargeStatus = 'WAITING_PAYMENT' | 'PAID' | 'EXPIRED' | 'CANCELED';

/** `pix.charge`: issues a dynamic charge; idempotencyKey is our transaction id. */
export interface PixChargeRequest {
  idempotencyKey: string;
  amount: number;
  expiresAt: Date;
  description?: string;
  payer?: { name: string; document: string };
  receiver: { name: string; city: string; account: { branch: string; accountNumber: string } };
}
export interface PixChargeResult {
  providerChargeId: string;
  /** The txid of the charge (25-35 alphanumerics). */
  txid: string;
  /** The payload location for the BR Code (host and path, no scheme). */
  location: string;
  status: PixChargeStatus;
  paidAt: Date | null;
  endToEndId: string | null;
  payer: { name: string; document: string } | null;
}
/** `pix.cancel`: cancels a charge still waiting for payment. */
export interface CancelPixChargeRequest {
  /** The cancel's own key (its provider operation's id). */
  idempotencyKey: string;
  /** The charge: the key it was issued under (the transaction id); absent, the idempotencyKey names it. */
  chargeKey?: string;
}
/** `pix.sync`. */
export interface SyncPixChargeRequest {
  idempotencyKey: string;
}
export type SyncPixChargeResult = { found: false } | ({ found: true } & PixChargeResult);

export type ThreeDsStatus = 'ACTION_REQUIRED' | 'SUCCEEDED' | 'FAILED';

/** `three-ds.authenticate`: idempotencyKey is our 3DS session id. */
export interface ThreeDsRequest {
  idempotencyKey: string;
  amount: number;
  currency: 'BRL';
  installments: number;
  card: CardInput;
  challengePreference: 'NO_PREFERENCE' | 'CHALLENGE_REQUESTED' | 'CHALLENGE_MANDATED' | 'NO_CHALLENGE_REQUESTED';
}
export interface ThreeDsResult {
  status: ThreeDsStatus;
  flow: 'FRICTIONLESS' | 'CHALLENGE';
  version: string;
  transStatus: 'Y' | 'A' | 'N' | 'U' | 'R' | null;
  eci: string | null;
  authenticationValue: string | null;
  dsTransactionId: string;
  threeDsServerTransId: string;
  acsTransactionId: string;
  /** payments.md P7 failure reasons. */
  failureReason: string | null;
  /** A real provider's challenge as a redirect the platform's challenge page follows (Adyen, R2.8). */
  action?: { url: string; method: string; data: Record<string, string> } | null;
  /** The provider's own reference of the authentication (Adyen's `pspReference`). */
  providerReference?: string | null;
  /** When the provider's ECI decides it (R2.8); absent: `transStatus` Y or A. */
  liabilityShift?: boolean;
}
/** `three-ds.sync`: where a session stands (after a challenge). */
export interface SyncThreeDsRequest {
  idempotencyKey: string;
}
export type SyncThreeDsResult = { found: false } | ({ found: true } & ThreeDsResult);
