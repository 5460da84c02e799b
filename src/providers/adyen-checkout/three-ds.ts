import type { ThreeDsRequest, ThreeDsResult } from '../payments.js';
import type { OpenedCard } from './card.js';
import type { MerchantReference } from './requests.js';
import { textOf } from '../../kernel/text.js';

/**
 * 3DS sessions at an ADYEN_CHECKOUT account (providers.md R2.8): an authentication-only `/payments` whose
 * challenge goes through Adyen's redirect action, and `/payments/details` with the `redirectResult` our return
 * route receives. Pure: the request body and the reading of an answer.
 */
export interface BrowserInfo {
  acceptHeader: string;
  userAgent: string;
  language: string;
  colorDepth: number;
  screenWidth: number;
  screenHeight: number;
  timeZoneOffset: number;
  ip?: string | null;
}

export interface AdyenThreeDsRequest extends ThreeDsRequest {
  browser: BrowserInfo;
  /** `{core}/3ds/return/{session id}?t={token}` (the challenge page's signed token). */
  returnUrl: string;
  shopperEmail?: string | null;
  merchant?: MerchantReference;
  fundingSource?: 'credit' | 'debit';
  /** The session's id (Adyen's `reference`); the key is R6.8's derivation of it (R2.1). Defaults to the key. */
  reference?: string;
}

const CHALLENGE_IND: Record<ThreeDsRequest['challengePreference'], string> = {
  NO_PREFERENCE: '01',
  NO_CHALLENGE_REQUESTED: '02',
  CHALLENGE_REQUESTED: '03',
  CHALLENGE_MANDATED: '04',
};

export function authenticationBody(
  req: AdyenThreeDsRequest,
  card: OpenedCard,
  merchant: MerchantReference,
): Record<string, unknown> {
  const b = req.browser;
  return {
    merchantAccount: merchant.merchantAccount,
    ...(merchant.store ? { store: merchant.store } : {}),
    reference: req.reference ?? req.idempotencyKey,
    amount: { currency: 'BRL', value: req.amount },
    paymentMethod: {
      type: 'scheme',
      number: card.number,
      expiryMonth: req.card.expiryMonth,
      expiryYear: req.card.expiryYear,
      holderName: req.card.holderName,
      fundingSource: req.fundingSource ?? 'credit',
    },
    ...(req.installments > 1 ? { installments: { value: req.installments } } : {}),
    authenticationData: {
      authenticationOnly: true,
      attemptAuthentication: 'always',
      threeDSRequestData: { nativeThreeDS: 'disabled' },
    },
    threeDS2RequestData: { threeDSRequestorChallengeInd: CHALLENGE_IND[req.challengePreference] },
    browserInfo: {
      acceptHeader: b.acceptHeader,
      userAgent: b.userAgent,
      language: b.language,
      colorDepth: b.colorDepth,
      screenWidth: b.screenWidth,
      screenHeight: b.screenHeight,
      timeZoneOffset: b.timeZoneOffset,
      javaEnabled: false,
    },
    ...(b.ip ? { shopperIP: b.ip } : {}),
    channel: 'Web',
    countryCode: 'BR',
    ...(req.shopperEmail ? { shopperEmail: req.shopperEmail } : {}),
    returnUrl: req.returnUrl,
  };
}

export type AdyenThreeDsResult = ThreeDsResult & {
  /** The redirect action to send the browser to (kept by the platform for its challenge page). */
  action: { url: string; method: string; data: Record<string, string> } | null;
  liabilityShift: boolean;
  providerReference: string | null;
};

/** ECIs of a full or attempted authentication (payments.md P7): Visa/Amex/Elo 05, 06; Mastercard 01, 02. */
const LIABILITY_ECIS = new Set(['05', '06', '01', '02']);

/** R2.8: what an authentication answer means. `flow` is `CHALLENGE` for `/payments/details`. */
export function threeDsOutcome(
  body: Record<string, unknown>,
  flow: 'FRICTIONLESS' | 'CHALLENGE',
  ids: { dsTransactionId: string; threeDsServerTransId: string },
): AdyenThreeDsResult {
  const base: AdyenThreeDsResult = {
    status: 'FAILED',
    flow,
    version: '2.2.0',
    transStatus: null,
    eci: null,
    authenticationValue: null,
    dsTransactionId: ids.dsTransactionId,
    threeDsServerTransId: ids.threeDsServerTransId,
    acsTransactionId: '',
    failureReason: 'PROTOCOL_ERROR',
    action: null,
    liabilityShift: false,
    providerReference: typeof body.pspReference === 'string' ? body.pspReference : null,
  };
  const resultCode = textOf(body.resultCode ?? '');
  if (resultCode === 'RedirectShopper') {
    const a = (body.action ?? {}) as { type?: string; url?: string; method?: string; data?: Record<string, string> };
    if (a.type !== 'redirect' || !a.url) return base;
    return {
      ...base,
      status: 'ACTION_REQUIRED',
      flow: 'CHALLENGE',
      failureReason: null,
      action: { url: a.url, method: a.method ?? 'GET', data: a.data ?? {} },
    };
  }
  if (resultCode === 'AuthenticationFinished') {
    const r = (body.threeDS2Result ?? {}) as Record<string, string | undefined>;
    const transStatus = (
      ['Y', 'A', 'N', 'U', 'R'].includes(r.transStatus ?? '') ? r.transStatus : null
    ) as ThreeDsResult['transStatus'];
    const common = {
      ...base,
      transStatus,
      eci: r.eci ?? null,
      version: r.messageVersion ?? base.version,
      dsTransactionId: r.dsTransID ?? base.dsTransactionId,
      threeDsServerTransId: r.threeDSServerTransID ?? base.threeDsServerTransId,
    };
    if (transStatus === 'Y' || transStatus === 'A') {
      return {
        ...common,
        status: 'SUCCEEDED',
        failureReason: null,
        authenticationValue: r.authenticationValue ?? null,
        liabilityShift: LIABILITY_ECIS.has(r.eci ?? ''),
      };
    }
    return {
      ...common,
      status: 'FAILED',
      failureReason:
        transStatus === 'U'
          ? 'DIRECTORY_UNAVAILABLE'
          : transStatus === 'N' || transStatus === 'R'
            ? 'AUTHENTICATION_FAILED'
            : 'PROTOCOL_ERROR',
    };
  }
  if (resultCode === 'AuthenticationNotRequired') return { ...base, failureReason: 'CARD_NOT_ENROLLED' };
  if (
    (resultCode === 'Refused' || resultCode === 'Error') &&
    ['11', '39', '42'].includes(String(body.refusalReasonCode))
  )
    return { ...base, failureReason: 'AUTHENTICATION_FAILED' };
  return base;
}
