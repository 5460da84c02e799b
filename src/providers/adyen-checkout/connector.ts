import { performance } from 'node:perf_hooks';
import type { CardOpener } from '../card-opening.js';
import { ConnectorError } from '../connector-error.js';
import type * as P from '../payments.js';
import type { HealthCheckResult, OperationName, PaymentProvider, ProviderCapabilities, ProviderName } from '../port.js';
import type { ProviderWebhook } from '../webhooks.js';
import { ADYEN_BRANDS, type MerchantReferenceAnswer, type MerchantReferenceInput } from '../merchant-reference.js';
import { openCard } from './card.js';
import { AdyenTransport, type AdyenAnswer, type AdyenCallLog } from './http.js';
import { outcomeOfResultCode, refusalOf } from './mapping.js';
import { parseNotifications, type AdyenParsedWebhook } from './notifications.js';
import {
  authorizationBody,
  cancelBody,
  captureBody,
  refundBody,
  type AdyenAuthorizeRequest,
  type MerchantReference,
} from './requests.js';
import type { AdyenCheckoutSettings } from './settings.js';
import { authenticationBody, threeDsOutcome, type AdyenThreeDsRequest, type AdyenThreeDsResult } from './three-ds.js';
import { textOf } from '../../kernel/text.js';

export const ADYEN_OPERATIONS: readonly OperationName[] = [
  'card.authorize',
  'card.capture',
  'card.void',
  'card.sync',
  'card.refund',
  'card.refund-sync',
  'three-ds.authenticate',
  'webhook.parse',
];

/** A modification acts on the payment Adyen knows by its `pspReference` (the attempt's `provider_reference`). */
interface ModificationExtras {
  providerReference: string;
  merchant?: MerchantReference;
  /** Our transaction's id (R2.1 keys `{transaction id}-capture`/`-cancel`, R2.6 `reference`); default `paymentKey`. */
  transactionId?: string;
}
export type AdyenCaptureRequest = P.CaptureCardRequest & ModificationExtras & { authorizedAmount?: number };
export type AdyenVoidRequest = P.VoidCardRequest & ModificationExtras;
export type AdyenRefundRequest = P.RefundRequest & ModificationExtras;
/** Adyen has no payment read: a sync replays the authorization (no `cvc`, never kept) under its key (R5.1). */
export type AdyenSyncCardRequest = P.SyncCardRequest & { authorization?: AdyenAuthorizeRequest };
export type AdyenSyncRefundRequest = P.SyncRefundRequest & { refund?: AdyenRefundRequest };

export type AdyenRefusal = P.Failure & { retryable: boolean; providerCode: string | null; technical: boolean };
export type AdyenPaymentResult = P.CardPaymentResult & {
  refusal: AdyenRefusal | null;
  providerReference: string | null;
};

/**
 * The ADYEN_CHECKOUT connector (providers.md R2): Checkout API v71 over undici. Knows no table; its settings
 * come from its account (constructor). The card is opened from the vault here and only goes into the body of
 * `/payments`; bodies are never logged (the transport logs path, status and class).
 */
export class AdyenCheckoutConnector implements PaymentProvider {
  readonly name: ProviderName;
  readonly capabilities: ProviderCapabilities = {
    operations: ADYEN_OPERATIONS,
    companyOnboarding: false,
    acceptedDocumentTypes: [],
  };
  private readonly http: AdyenTransport;

  constructor(
    accountName: string,
    private readonly settings: AdyenCheckoutSettings,
    private readonly openCardValue: CardOpener = async (v) => v,
    log?: AdyenCallLog,
  ) {
    // Accounts are named by staff (R1); the port's name type predates them.
    this.name = accountName as ProviderName;
    this.http = new AdyenTransport(settings, log);
  }

  private merchant(m?: MerchantReference): MerchantReference {
    return m ?? { merchantAccount: this.settings.merchantAccount, store: this.settings.store ?? null };
  }

  async healthCheck(): Promise<HealthCheckResult> {
    const started = performance.now();
    const answer = await this.http.post(
      '/paymentMethods',
      { merchantAccount: this.settings.merchantAccount },
      null,
      false,
    );
    return {
      ok: answer.class === 'ANSWERED',
      responseTimeMs: Math.round(performance.now() - started),
      ...(answer.class === 'ANSWERED' ? {} : { error: answer.class }),
    };
  }

  /**
   * R1.4's credentials check: `POST /paymentMethods` for the account's default merchant account (no key). `OK` on a
   * `200`; otherwise `FAILED` with R2.2's class and Adyen's message (a wrong API key is Adyen's `401`/`403`:
   * `AUTH_FAILED`). Never throws for the provider; never shows the key.
   */
  async checkCredentials(): Promise<{ status: 'OK' | 'FAILED'; error: string | null }> {
    const answer = await this.http.post(
      '/paymentMethods',
      { merchantAccount: this.settings.merchantAccount },
      null,
      false,
    );
    if (answer.class === 'ANSWERED') return { status: 'OK', error: null };
    const message = typeof answer.body?.message === 'string' ? answer.body.message : null;
    const what =
      answer.class === 'AUTH_FAILED'
        ? 'Adyen refused the API key'
        : answer.class === 'NOT_SENT'
          ? 'Adyen could not be reached'
          : answer.status === null
            ? 'Adyen gave no readable answer'
            : `Adyen answered ${answer.status}`;
    return { status: 'FAILED', error: `${answer.class}: ${what}${message ? ` (${message})` : ''}` };
  }

  /** R1.7: the payment method types Adyen offers this merchant account (`scheme` confirms card payments). */
  async paymentMethods(merchantAccount: string): Promise<string[]> {
    const answer = await this.http.post('/paymentMethods', { merchantAccount }, null, false);
    if (answer.class !== 'ANSWERED') throw this.failure(answer, 'card.authorize');
    const methods = (answer.body?.paymentMethods ?? []) as Array<{ type?: string }>;
    return methods.map((m) => m.type ?? '').filter(Boolean);
  }

  /** R1.7: `/paymentMethods` for the merchant account must offer `scheme`; its brands become ours. */
  async checkMerchantReference(input: MerchantReferenceInput): Promise<MerchantReferenceAnswer> {
    const body = {
      merchantAccount: input.merchantAccount ?? '',
      ...(input.store ? { store: input.store } : {}),
      countryCode: 'BR',
      amount: { currency: 'BRL', value: 1000 },
      channel: 'Web',
    };
    const answer = await this.http.post('/paymentMethods', body, null, false);
    if (answer.class === 'REJECTED' || answer.status === 404)
      return {
        kind: 'rejected',
        message: typeof answer.body?.message === 'string' ? answer.body.message : `Adyen answered ${answer.status}`,
      };
    if (answer.class !== 'ANSWERED') return { kind: 'failed', reason: answer.class };
    const methods = (answer.body?.paymentMethods ?? []) as Array<{ type?: string; brands?: string[] }>;
    const scheme = methods.find((m) => m.type === 'scheme');
    if (!scheme)
      return { kind: 'rejected', message: 'Adyen offers no card payments (scheme) to this merchant account' };
    const cardBrands = [...new Set((scheme.brands ?? []).map((b) => ADYEN_BRANDS[b]).filter((b): b is string => !!b))];
    return { kind: 'confirmed', cardBrands };
  }

  async 'card.authorize'(req: AdyenAuthorizeRequest): Promise<AdyenPaymentResult> {
    return this.authorize(req, true);
  }

  private async authorize(req: AdyenAuthorizeRequest, withCvc: boolean): Promise<AdyenPaymentResult> {
    const card = await openCard(this.openCardValue, req.card, 'card.authorize', withCvc);
    const returnUrl = `${this.settings.coreUrl.replace(/\/$/, '')}/3ds/return/${req.idempotencyKey}`;
    const answer = await this.http.post(
      '/payments',
      authorizationBody(req, card, this.merchant(req.merchant), returnUrl),
      req.idempotencyKey,
      true,
    );
    const base = {
      providerPaymentId: '',
      providerReference: null,
      authorizedAmount: 0,
      capturedAmount: 0,
      authorizationCode: null,
    };
    if (answer.class === 'INVALID_CARD_NUMBER') {
      const message = textOf(answer.body?.message ?? 'Invalid card number');
      return {
        ...base,
        status: 'REFUSED',
        refusal: { code: 'INVALID_CARD_NUMBER', message, retryable: false, providerCode: '101', technical: false },
      };
    }
    if (answer.class !== 'ANSWERED') throw this.failure(answer, 'card.authorize');
    const body = answer.body ?? {};
    const psp = typeof body.pspReference === 'string' ? body.pspReference : null;
    const ids = { providerPaymentId: psp ?? '', providerReference: psp };
    const outcome = outcomeOfResultCode(body.resultCode as string | undefined);
    switch (outcome.kind) {
      case 'authorized': {
        const authCode = (body.additionalData as Record<string, string> | undefined)?.authCode ?? null;
        return {
          ...base,
          ...ids,
          status: req.capture ? 'CAPTURED' : 'AUTHORIZED',
          authorizedAmount: req.amount,
          capturedAmount: req.capture ? req.amount : 0,
          authorizationCode: authCode,
          refusal: null,
        };
      }
      case 'partially-authorized':
        // R2.4: a partial authorization is released at once; the payment is refused for lack of funds.
        if (psp) await this.voidOrphan(req.idempotencyKey, psp, req.merchant).catch(() => undefined);
        return {
          ...base,
          ...ids,
          status: 'REFUSED',
          refusal: {
            code: 'INSUFFICIENT_FUNDS',
            message: 'Partially authorised',
            retryable: false,
            providerCode: (body.refusalReasonCode as string) ?? null,
            technical: false,
          },
        };
      case 'refused':
        return {
          ...base,
          ...ids,
          status: 'REFUSED',
          refusal: refusalOf(
            outcome,
            body.refusalReasonCode as string | undefined,
            body.refusalReason as string | undefined,
          ),
        };
      case 'processing':
        return { ...base, ...ids, status: 'PROCESSING', refusal: null };
    }
  }

  async 'card.capture'(req: AdyenCaptureRequest): Promise<AdyenPaymentResult & { captureReference: string | null }> {
    const answer = await this.modify(
      req.providerReference,
      'captures',
      captureBody(this.merchant(req.merchant), req.amount, req.transactionId ?? req.paymentKey),
      `${req.transactionId ?? req.paymentKey}-capture`,
      'card.capture',
    );
    const authorized = req.authorizedAmount ?? req.amount;
    return {
      providerPaymentId: req.providerReference,
      providerReference: req.providerReference,
      status: 'CAPTURED',
      authorizedAmount: authorized,
      capturedAmount: req.amount,
      authorizationCode: null,
      refusal: null,
      captureReference: pspOf(answer),
    };
  }

  async 'card.void'(req: AdyenVoidRequest): Promise<AdyenPaymentResult> {
    await this.modify(
      req.providerReference,
      'cancels',
      cancelBody(this.merchant(req.merchant), req.transactionId ?? req.paymentKey),
      `${req.transactionId ?? req.paymentKey}-cancel`,
      'card.void',
    );
    return {
      providerPaymentId: req.providerReference,
      providerReference: req.providerReference,
      status: 'VOIDED',
      authorizedAmount: 0,
      capturedAmount: 0,
      authorizationCode: null,
      refusal: null,
    };
  }

  /** R2.9 / R2.4: releases an authorization nobody will use, under `{attempt id}-void`. */
  async voidOrphan(attemptId: string, pspReference: string, merchant?: MerchantReference): Promise<void> {
    await this.modify(
      pspReference,
      'cancels',
      cancelBody(this.merchant(merchant), attemptId),
      `${attemptId}-void`,
      'card.void',
    );
  }

  async 'card.sync'(req: AdyenSyncCardRequest): Promise<P.SyncCardResult> {
    if (!req.authorization)
      throw new ConnectorError(
        'unknown_outcome',
        'REPLAY_NEEDS_REQUEST',
        'Adyen has no payment read: the sync replays the authorization, which this request does not carry',
        'card.sync',
      );
    const { cvv: _dropped, ...card } = req.authorization.card;
    const result = await this.authorize({ ...req.authorization, idempotencyKey: req.idempotencyKey, card }, false);
    return { found: true, ...result };
  }

  async 'card.refund'(req: AdyenRefundRequest): Promise<P.RefundResult> {
    const answer = await this.http.post(
      `/payments/${encodeURIComponent(req.providerReference)}/refunds`,
      refundBody(this.merchant(req.merchant), req.amount, req.idempotencyKey, req.reason),
      req.idempotencyKey,
      false,
    );
    if (answer.class === 'REJECTED') {
      return {
        providerRefundId: '',
        status: 'FAILED',
        failure: { code: 'PROVIDER_DECLINED', message: textOf(answer.body?.message ?? 'Adyen refused the refund') },
        endToEndId: null,
      };
    }
    if (answer.class !== 'ANSWERED') throw this.failure(answer, 'card.refund');
    // Accepted: Adyen settles refunds by notification (REFUND / REFUND_FAILED, R2.9).
    return { providerRefundId: pspOf(answer) ?? '', status: 'PENDING', failure: null, endToEndId: null };
  }

  async 'card.refund-sync'(req: AdyenSyncRefundRequest): Promise<P.SyncRefundResult> {
    if (!req.refund)
      throw new ConnectorError(
        'unknown_outcome',
        'REPLAY_NEEDS_REQUEST',
        'Adyen has no refund read: the sync replays the refund, which this request does not carry',
        'card.refund-sync',
      );
    return { found: true, ...(await this['card.refund']({ ...req.refund, idempotencyKey: req.idempotencyKey })) };
  }

  /**
   * R2.8: an authentication-only `/payments` (key: the session's derived id, the port's `idempotencyKey`). A
   * session without browser data is not one Adyen can run (`CAPABILITY_MISMATCH`: routing checks it first).
   */
  async 'three-ds.authenticate'(req: AdyenThreeDsRequest): Promise<AdyenThreeDsResult> {
    if (!req.browser || !req.returnUrl)
      throw new ConnectorError(
        'refused',
        'CAPABILITY_MISMATCH',
        'Adyen runs web 3DS2 sessions only: browser data and a return URL are required',
        'three-ds.authenticate',
      );
    const card = await openCard(this.openCardValue, req.card, 'three-ds.authenticate', false);
    const answer = await this.http.post(
      '/payments',
      authenticationBody(req, card, this.merchant(req.merchant)),
      req.idempotencyKey,
      false,
    );
    if (answer.class !== 'ANSWERED') throw this.failure(answer, 'three-ds.authenticate');
    return threeDsOutcome(answer.body ?? {}, 'FRICTIONLESS', { dsTransactionId: '', threeDsServerTransId: '' });
  }

  /**
   * R2.8: the challenge's result (`redirectResult` from our return route), under the key given (the platform's
   * `three-ds-session.details` operation's id), else `{session id}-details`.
   */
  async completeChallenge(
    sessionId: string,
    redirectResult: string,
    idempotencyKey?: string,
  ): Promise<AdyenThreeDsResult> {
    const answer = await this.http.post(
      '/payments/details',
      { details: { redirectResult } },
      idempotencyKey ?? `${sessionId}-details`,
      false,
    );
    if (answer.class !== 'ANSWERED') throw this.failure(answer, 'three-ds.authenticate');
    return threeDsOutcome(answer.body ?? {}, 'CHALLENGE', { dsTransactionId: '', threeDsServerTransId: '' });
  }

  async 'webhook.parse'(req: ProviderWebhook): Promise<AdyenParsedWebhook> {
    return parseNotifications(req, {
      hmacKeys: this.settings.hmacKeys,
      ...(this.settings.live === undefined ? {} : { live: this.settings.live }),
      basicAuth: this.settings.notificationBasicAuth ?? null,
    });
  }

  async close(): Promise<void> {
    await this.http.close();
  }

  /** A capture or cancel (R2.6): `201` is done; `400`/`422` is Adyen refusing it (`PROVIDER_REFUSED`). */
  private async modify(
    psp: string,
    what: 'captures' | 'cancels',
    body: object,
    key: string,
    operation: string,
  ): Promise<AdyenAnswer> {
    const answer = await this.http.post(`/payments/${encodeURIComponent(psp)}/${what}`, body, key, false);
    if (answer.class === 'REJECTED') {
      const code = answer.body?.errorCode === undefined ? null : textOf(answer.body.errorCode);
      throw new ConnectorError(
        'refused',
        'PROVIDER_REFUSED',
        textOf(answer.body?.message ?? 'Adyen refused the modification'),
        operation,
        code,
        answer.status,
      );
    }
    if (answer.class !== 'ANSWERED') throw this.failure(answer, operation);
    return answer;
  }

  /** R2.2's classes as the port's kinds: nothing applied is `unavailable`; a possible application is `unknown_outcome`. */
  private failure(answer: AdyenAnswer, operation: string): ConnectorError {
    const providerCode = answer.body?.errorCode === undefined ? null : textOf(answer.body.errorCode);
    switch (answer.class) {
      case 'NOT_SENT':
        return new ConnectorError(
          'unavailable',
          'PROVIDER_UNAVAILABLE',
          'Adyen could not be reached; nothing was sent',
          operation,
          null,
          null,
        );
      case 'AUTH_FAILED':
        return new ConnectorError(
          'unavailable',
          'PROVIDER_AUTH_FAILED',
          'Adyen refused the credentials',
          operation,
          providerCode,
          answer.status,
        );
      case 'RATE_LIMITED':
        return new ConnectorError(
          'unavailable',
          'PROVIDER_RATE_LIMITED',
          'Adyen rate limited the call',
          operation,
          providerCode,
          answer.status,
        );
      case 'REJECTED':
        return new ConnectorError(
          'unavailable',
          'PROVIDER_REQUEST_REJECTED',
          textOf(answer.body?.message ?? 'Adyen rejected the request'),
          operation,
          providerCode,
          answer.status,
        );
      default:
        return new ConnectorError(
          'unknown_outcome',
          'PROVIDER_OUTCOME_UNKNOWN',
          `Adyen gave no readable answer after ${answer.sent} tries`,
          operation,
          null,
          answer.status,
        );
    }
  }
}

const pspOf = (answer: AdyenAnswer): string | null =>
  typeof answer.body?.pspReference === 'string' ? answer.body.pspReference : null;
