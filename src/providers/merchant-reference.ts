/**
 * providers.md R1.7: before staff confirm an affiliation's merchant reference, the connector checks it with the
 * provider. `rejected` is the provider saying no to the reference (400, 404, 422, or no card method); `failed`
 * is a credentials, capacity or transport problem of the account (the R2.2 / R3.8 class in `reason`).
 */
export type MerchantReferenceAnswer =
  | { kind: 'confirmed'; cardBrands?: string[] }
  | { kind: 'rejected'; message: string }
  | { kind: 'failed'; reason: string };

export interface MerchantReferenceInput {
  /** ADYEN_CHECKOUT */
  merchantAccount?: string;
  store?: string | null;
  /** PIX_API_BCB: the key, and the webhook URL registered for it (R3.7). */
  chave?: string;
  webhookUrl?: string;
}

export interface MerchantReferenceChecker {
  checkMerchantReference(input: MerchantReferenceInput): Promise<MerchantReferenceAnswer>;
}

export const checksMerchantReference = (adapter: unknown): adapter is MerchantReferenceChecker =>
  typeof (adapter as Partial<MerchantReferenceChecker> | null)?.checkMerchantReference === 'function';

/** Adyen's `brands` to ours (R1.7); others dropped. */
export const ADYEN_BRANDS: Record<string, string> = {
  visa: 'VISA',
  mc: 'MASTERCARD',
  amex: 'AMEX',
  elo: 'ELO',
  hipercard: 'HIPERCARD',
  diners: 'DINERS',
  discover: 'DISCOVER',
  jcb: 'JCB',
};
