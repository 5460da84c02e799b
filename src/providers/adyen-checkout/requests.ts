import type { AuthorizeCardRequest, ThreeDsProof } from '../payments.js';
import type { OpenedCard } from './card.js';
import { REFUND_REASONS } from './mapping.js';

/**
 * The bodies the connector sends (providers.md R2.3, R2.6), built from plain inputs. "No other field is sent":
 * every field below is one the contract names; nothing card-shaped leaves these bodies.
 */

/** Where the payment lands at Adyen: the affiliation's merchant reference (R1.7). */
export interface MerchantReference {
  merchantAccount: string;
  store?: string | null;
}

export interface Customer {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  documentNumber?: string | null;
}

/** R2.3 `payment_facilitator`: the affiliation's sub-merchant data, sent as `mcc` and `additionalData.subMerchant*`. */
export interface SubMerchant {
  mcc: string;
  subMerchantId: string;
  name: string;
  taxId: string;
  street: string;
  streetNumber?: string | null;
  city: string;
  state: string;
  postalCode: string;
  email: string;
  phone: string;
}

/** ASCII-folded (as payments.md's BR Code): accents dropped, anything else outside printable ASCII removed. */
export const asciiFold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '');

export function subMerchantFields(m: SubMerchant): { mcc: string; additionalData: Record<string, string> } {
  const street = [m.street, m.streetNumber].filter(Boolean).join(' ');
  return {
    mcc: m.mcc,
    additionalData: {
      subMerchantID: m.subMerchantId,
      subMerchantName: asciiFold(m.name).slice(0, 22),
      subMerchantTaxId: m.taxId,
      subMerchantStreet: street.slice(0, 60),
      subMerchantCity: m.city.slice(0, 13),
      subMerchantState: m.state,
      subMerchantPostalCode: m.postalCode,
      subMerchantCountry: 'BRA',
      subMerchantEmail: m.email.slice(0, 40),
      subMerchantPhoneNumber: m.phone.slice(0, 20),
    },
  };
}

/** The port's authorization plus what an Adyen request needs that the port does not carry. */
export interface AdyenAuthorizeRequest extends AuthorizeCardRequest {
  /** The transaction's id (`reference`); the idempotency key is the attempt's id (R6.8). Defaults to the key. */
  reference?: string;
  fundingSource?: 'credit' | 'debit';
  merchant?: MerchantReference;
  customer?: Customer;
  /** Where the 3DS data came from: a session's flow, or external input (R2.3 `mpiData`). */
  threeDsFlow?: 'FRICTIONLESS' | 'CHALLENGE' | 'EXTERNAL';
  paymentFacilitator?: SubMerchant | null;
}

const PHONE = /^\+\d{5,18}$/;

export function authorizationBody(
  req: AdyenAuthorizeRequest,
  card: OpenedCard,
  merchant: MerchantReference,
  returnUrl: string,
): Record<string, unknown> {
  const tokenized = req.card.networkToken !== undefined;
  const paymentMethod: Record<string, unknown> = {
    type: tokenized ? 'networkToken' : 'scheme',
    number: card.number,
    expiryMonth: req.card.expiryMonth,
    expiryYear: req.card.expiryYear,
    holderName: req.card.holderName,
    ...(card.cvc !== undefined && !tokenized ? { cvc: card.cvc } : {}),
    fundingSource: req.fundingSource ?? 'credit',
  };
  const body: Record<string, unknown> = {
    merchantAccount: merchant.merchantAccount,
    ...(merchant.store ? { store: merchant.store } : {}),
    reference: req.reference ?? req.idempotencyKey,
    amount: { currency: 'BRL', value: req.amount },
    paymentMethod,
    ...(req.installments > 1 ? { installments: { value: req.installments } } : {}),
    ...(req.capture ? { captureDelayHours: 0 } : { additionalData: { manualCapture: 'true' } }),
    authenticationData: { attemptAuthentication: 'never' },
    shopperInteraction: 'Ecommerce',
    countryCode: 'BR',
    returnUrl,
  };
  const mpi = mpiData(
    req.threeDs,
    req.threeDsFlow ?? req.threeDs?.flow ?? 'EXTERNAL',
    tokenized ? { cryptogram: card.cryptogram, eci: req.card.networkToken?.eci } : null,
  );
  if (mpi) body.mpiData = mpi;
  if (req.statementDescriptor) body.shopperStatement = req.statementDescriptor;
  const c = req.customer;
  if (c?.email) body.shopperEmail = c.email;
  if (c?.phone && PHONE.test(c.phone)) body.telephoneNumber = c.phone;
  if (c?.documentNumber) body.socialSecurityNumber = c.documentNumber;
  if (c?.name) body.shopperName = shopperName(c.name);
  if (req.paymentFacilitator) {
    const { mcc, additionalData } = subMerchantFields(req.paymentFacilitator);
    body.mcc = mcc;
    body.additionalData = { ...(body.additionalData as Record<string, string> | undefined), ...additionalData };
  }
  return body;
}

/** `customer.name` split at the first space, each part cut at 80 (R2.3). */
export function shopperName(name: string): { firstName: string; lastName: string } {
  const at = name.indexOf(' ');
  const [first, last] = at < 0 ? [name, ''] : [name.slice(0, at), name.slice(at + 1)];
  return { firstName: first.slice(0, 80), lastName: last.slice(0, 80) };
}

/**
 * R2.3 `mpiData`: a session's frictionless result sends `directoryResponse` = transStatus; its challenge result
 * `directoryResponse` C and `authenticationResponse` = transStatus; external data `directoryResponse` only.
 * A wallet token adds its cryptogram (TAVV) and ECI.
 */
export function mpiData(
  proof: ThreeDsProof | undefined,
  flow: 'FRICTIONLESS' | 'CHALLENGE' | 'EXTERNAL',
  token: { cryptogram: string | undefined; eci: string | undefined } | null,
): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  if (proof) {
    Object.assign(out, {
      cavv: proof.authenticationValue,
      eci: proof.eci,
      dsTransID: proof.dsTransactionId,
      threeDSVersion: proof.version,
    });
    if (flow === 'CHALLENGE') Object.assign(out, { directoryResponse: 'C', authenticationResponse: proof.transStatus });
    else out.directoryResponse = proof.transStatus;
  }
  if (token?.cryptogram) {
    out.tokenAuthenticationVerificationValue = token.cryptogram;
    if (token.eci) out.eci = token.eci;
  }
  return Object.keys(out).length ? out : null;
}

export const captureBody = (merchant: MerchantReference, amount: number, reference: string) => ({
  merchantAccount: merchant.merchantAccount,
  amount: { currency: 'BRL', value: amount },
  reference,
});
export const cancelBody = (merchant: MerchantReference, reference: string) => ({
  merchantAccount: merchant.merchantAccount,
  reference,
});
export function refundBody(merchant: MerchantReference, amount: number, reference: string, reason: string | undefined) {
  return {
    merchantAccount: merchant.merchantAccount,
    amount: { currency: 'BRL', value: amount },
    reference,
    merchantRefundReason: REFUND_REASONS[reason ?? 'OTHER'] ?? 'OTHER',
  };
}
