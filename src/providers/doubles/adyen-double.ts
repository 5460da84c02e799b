import { randomBytes } from 'node:crypto';
import { systemClock } from '../../kernel/clock.js';
import { request } from 'undici';
import { signNotificationItem, type NotificationItemFields } from '../adyen-checkout/hmac.js';
import { REFUSAL_REASONS } from '../adyen-checkout/mapping.js';
import { adyenCheckoutDocument, adyenWebhooksDocument } from './documents.js';
import { callbackDispatcher, DoubleServer, type DoubleAnswer, type DoubleRequest } from './double-server.js';
import { textOf } from '../../kernel/text.js';
import { must } from '../../kernel/must.js';

/**
 * `platform double adyen` (providers.md R7.2): a stateful stand-in for Adyen Checkout v71 on 127.0.0.1.
 * Every request is checked against `CheckoutService-v71.json` (a request that does not validate answers 422
 * `errorType: "validation"` and is listed with its problems), authorizations answer by `holderName` as Adyen's
 * test environment does, a repeated `Idempotency-Key` answers its first answer. Controls besides the shared
 * ones: `POST /__double/result { resultCode, refusalReasonCode?, count? }` (the next authorizations answer it),
 * `POST /__double/notify { url, items }` (signs each item with the HMAC key and posts it).
 */
export interface AdyenDoubleOptions {
  hmacKey: string;
  /** When set, `X-API-Key` must equal it (else `401`). Any key is accepted otherwise. */
  apiKey?: string;
  basicAuth?: { username: string; password: string } | null;
}

interface Payment {
  psp: string;
  amount: number;
  captured: number;
  refunded: number;
  status: 'AUTHORISED' | 'CAPTURED' | 'CANCELLED' | 'REFUSED' | 'RECEIVED';
  merchantReference: string;
}

const CODE_OF_TEXT = new Map(REFUSAL_REASONS.map((r) => [r.code, r.text]));
/** Adyen's test holder names (docs.adyen.com "Testing result codes and refusal reasons"). */
const HOLDER_NAMES: Record<string, { resultCode: string; code?: string }> = {
  DECLINED: { resultCode: 'Refused', code: '2' },
  REFERRAL: { resultCode: 'Refused', code: '3' },
  ERROR: { resultCode: 'Error', code: '4' },
  BLOCK_CARD: { resultCode: 'Refused', code: '5' },
  CARD_EXPIRED: { resultCode: 'Refused', code: '6' },
  INVALID_AMOUNT: { resultCode: 'Refused', code: '7' },
  INVALID_CARD_NUMBER: { resultCode: 'Refused', code: '8' },
  ISSUER_UNAVAILABLE: { resultCode: 'Refused', code: '9' },
  NOT_SUPPORTED: { resultCode: 'Refused', code: '10' },
  NOT_3D_AUTHENTICATED: { resultCode: 'Refused', code: '11' },
  NOT_ENOUGH_BALANCE: { resultCode: 'Refused', code: '12' },
  ACQUIRER_FRAUD: { resultCode: 'Refused', code: '14' },
  CANCELLED: { resultCode: 'Cancelled', code: '15' },
  SHOPPER_CANCELLED: { resultCode: 'Cancelled', code: '16' },
  FRAUD: { resultCode: 'Refused', code: '20' },
  NOT_SUBMITTED: { resultCode: 'Refused', code: '21' },
  FRAUD_CANCELLED: { resultCode: 'Refused', code: '22' },
  TRANSACTION_NOT_PERMITTED: { resultCode: 'Refused', code: '23' },
  CVC_DECLINED: { resultCode: 'Refused', code: '24' },
  RESTRICTED_CARD: { resultCode: 'Refused', code: '25' },
  REVOCATION_OF_AUTH: { resultCode: 'Refused', code: '26' },
  DECLINED_NON_GENERIC: { resultCode: 'Refused', code: '27' },
  ISSUER_SUSPECTED_FRAUD: { resultCode: 'Refused', code: '31' },
  AUTHENTICATION_REQUIRED: { resultCode: 'Refused', code: '38' },
  PENDING: { resultCode: 'Received' },
};
const CHALLENGE_CARDS = new Set(['4000000000002503', '5200000000002151', '6505290000002190']);
const FRICTIONLESS_FAIL_CARDS = new Set(['4000000000002925', '5200000000002276']);
const NOT_ENROLLED_CARD = '4000000000002420';

export class AdyenDouble {
  readonly server: DoubleServer;
  private readonly answers = new Map<string, DoubleAnswer>();
  private readonly payments = new Map<string, Payment>();
  private readonly challenges = new Map<string, string>();
  private readonly forced: Array<{ resultCode: string; refusalReasonCode?: string; count: number }> = [];

  constructor(private readonly options: AdyenDoubleOptions) {
    const doc = adyenCheckoutDocument();
    this.server = new DoubleServer({
      handler: (req) => this.handle(req),
      check: (req) => {
        const route = routeOf(req.path);
        if (!route) return [];
        return doc.checkRequest({
          method: req.method,
          path: route.template,
          pathParams: route.params,
          headers: req.headers,
          body: req.body,
        });
      },
      invalid: (problems) => ({
        status: 422,
        json: {
          status: 422,
          errorCode: '702',
          message: `Structure of the request is invalid: ${problems[0]}`,
          errorType: 'validation',
        },
      }),
      faultBody: (status) => ({
        status,
        errorCode: String(status === 401 ? '000' : status === 429 ? '000' : '905'),
        message: `double fault ${status}`,
        errorType: status >= 500 ? 'internal' : status === 401 || status === 403 ? 'security' : 'validation',
      }),
      redact: (req) => ({
        headers: {
          ...req.headers,
          'x-api-key': req.headers['x-api-key'] ? `…${req.headers['x-api-key'].slice(-4)}` : undefined,
        },
        body: redactCard(req.body),
      }),
    });
  }

  listen(port = 0): Promise<string> {
    return this.server.listen(port);
  }
  close(): Promise<void> {
    return this.server.close();
  }
  /** The base URL a connector is given: `{url}/v71`. */
  get baseUrl(): string {
    return `${this.server.url}/v71`;
  }

  /** The next `count` authorizations answer this `resultCode` (and R2.5's text for the reason code). */
  forceResult(resultCode: string, refusalReasonCode?: string, count = 1): void {
    this.forced.push({ resultCode, ...(refusalReasonCode === undefined ? {} : { refusalReasonCode }), count });
  }

  /**
   * A pending (`Received`) payment becomes authorised at Adyen, as an asynchronous authorization does (the
   * `AUTHORISATION` notification is the test's to send). Also `POST /__double/payments/{psp}/authorise`.
   */
  authorise(psp: string): boolean {
    const payment = this.payments.get(psp);
    if (!payment || payment.status !== 'RECEIVED') return false;
    payment.status = 'AUTHORISED';
    return true;
  }

  /** Signs the items and posts them to `url` as one notification request; answers the receiver's status and body. */
  async notify(
    url: string,
    items: Array<Omit<NotificationItemFields, 'additionalData'> & Record<string, unknown>>,
  ): Promise<{ status: number; body: string }> {
    const notificationItems = items.map((item) => {
      const additionalData = { ...((item.additionalData as Record<string, string>) ?? {}) };
      additionalData.hmacSignature = signNotificationItem({ ...item, additionalData }, this.options.hmacKey);
      return { NotificationRequestItem: { eventDate: systemClock.now().toISOString(), ...item, additionalData } };
    });
    const body = { live: 'false', notificationItems };
    // Checked before signing: the document's NotificationAdditionalData is closed (additionalProperties false)
    // and does not list `hmacSignature`, which every signed item carries.
    const unsigned = {
      live: 'false',
      notificationItems: items.map((item) => ({
        NotificationRequestItem: { eventDate: systemClock.now().toISOString(), ...item },
      })),
    };
    const problems = adyenWebhooksDocument().checkComponent('NotificationRequest', unsigned);
    if (problems.length) throw new Error(`the notification does not validate: ${problems.join('; ')}`);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.basicAuth)
      headers.authorization = `Basic ${Buffer.from(`${this.options.basicAuth.username}:${this.options.basicAuth.password}`).toString('base64')}`;
    const dispatcher = callbackDispatcher(url);
    const res = await request(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      ...(dispatcher && { dispatcher }),
    });
    return { status: res.statusCode, body: await res.body.text() };
  }

  private async handle(req: DoubleRequest): Promise<DoubleAnswer> {
    if (req.path === '/__double/result' && req.method === 'POST') {
      const b = req.body as { resultCode: string; refusalReasonCode?: string; count?: number };
      this.forceResult(b.resultCode, b.refusalReasonCode, b.count ?? 1);
      return { status: 200, json: { queued: true } };
    }
    if (req.path === '/__double/notify' && req.method === 'POST') {
      const b = req.body as { url: string; items: Array<Omit<NotificationItemFields, 'additionalData'>> };
      const answer = await this.notify(b.url, b.items);
      return { status: 200, json: { delivered: answer.status, answer: answer.body } };
    }
    const authorise = /^\/__double\/payments\/([^/]+)\/authorise$/.exec(req.path);
    if (authorise && req.method === 'POST')
      return this.authorise(decodeURIComponent(authorise[1]!))
        ? { status: 200, json: { authorised: true } }
        : { status: 404, json: { authorised: false } };
    const challenge = /^\/__double\/challenge\/([^/]+)$/.exec(req.path);
    if (challenge && req.method === 'GET') {
      // The issuer's challenge page, completed at once: back to the returnUrl with redirectResult = ?result (Y).
      const returnUrl = this.challenges.get(must(challenge[1], 'the pattern has one group'));
      if (!returnUrl) return { status: 404, text: 'no challenge' };
      const result = req.query.get('result') === 'N' ? 'N' : 'Y';
      return {
        status: 303,
        headers: { location: `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}redirectResult=${result}` },
        text: '',
      };
    }
    const route = routeOf(req.path);
    if (!route || req.method !== 'POST')
      return { status: 404, json: { status: 404, errorCode: '000', message: 'Not found', errorType: 'validation' } };
    if (!req.headers['x-api-key'] || (this.options.apiKey && req.headers['x-api-key'] !== this.options.apiKey)) {
      return {
        status: 401,
        json: { status: 401, errorCode: '000', message: 'HTTP Status Response - Unauthorized', errorType: 'security' },
      };
    }
    const key = req.headers['idempotency-key'];
    const known = key ? this.answers.get(key) : undefined;
    if (known) return known;
    const answer = this.apply(route, req.body as Record<string, unknown>);
    if (key) this.answers.set(key, answer);
    return answer;
  }

  private apply(route: Route, body: Record<string, unknown>): DoubleAnswer {
    switch (route.template) {
      case '/paymentMethods':
        return {
          status: 200,
          json: {
            paymentMethods: [
              {
                type: 'scheme',
                name: 'Cards',
                brands: ['visa', 'mc', 'amex', 'elo', 'hipercard', 'diners', 'discover', 'jcb'],
              },
            ],
          },
        };
      case '/payments':
        return this.payment(body);
      case '/payments/details':
        return this.details(body);
      default:
        return this.modification(route, body);
    }
  }

  private payment(body: Record<string, unknown>): DoubleAnswer {
    const method = body.paymentMethod as { number?: string; holderName?: string };
    const amount = body.amount as { value: number; currency: string };
    const psp = newPsp();
    const auth = body.authenticationData as { authenticationOnly?: boolean } | undefined;
    if (auth?.authenticationOnly) {
      if (CHALLENGE_CARDS.has(method.number ?? '')) this.challenges.set(psp, String(body.returnUrl));
      return { status: 200, json: this.authentication(psp, method.number ?? '', String(body.reference), amount) };
    }
    const forced = this.forced[0];
    if (forced && (forced.count -= 1) <= 0) this.forced.shift();
    const rule = forced
      ? { resultCode: forced.resultCode, code: forced.refusalReasonCode }
      : (HOLDER_NAMES[
          String(method.holderName ?? '')
            .trim()
            .toUpperCase()
        ] ?? { resultCode: 'Authorised' });
    const merchantReference = String(body.reference);
    const out: Record<string, unknown> = { pspReference: psp, resultCode: rule.resultCode, amount, merchantReference };
    if (rule.resultCode === 'Authorised' || rule.resultCode === 'PartiallyAuthorised') {
      const manual = (body.additionalData as Record<string, string> | undefined)?.manualCapture === 'true';
      out.additionalData = { authCode: psp.slice(-6) };
      this.payments.set(psp, {
        psp,
        amount: amount.value,
        captured: manual ? 0 : amount.value,
        refunded: 0,
        status: manual ? 'AUTHORISED' : 'CAPTURED',
        merchantReference,
      });
    } else if (rule.resultCode === 'Received' || rule.resultCode === 'Pending') {
      this.payments.set(psp, {
        psp,
        amount: amount.value,
        captured: 0,
        refunded: 0,
        status: 'RECEIVED',
        merchantReference,
      });
    } else if (rule.code !== undefined) {
      out.refusalReasonCode = rule.code;
      out.refusalReason = CODE_OF_TEXT.get(rule.code) ?? 'Refused';
    }
    return { status: 200, json: out };
  }

  private authentication(psp: string, number: string, reference: string, amount: unknown): Record<string, unknown> {
    if (CHALLENGE_CARDS.has(number)) {
      return {
        pspReference: psp,
        resultCode: 'RedirectShopper',
        merchantReference: reference,
        amount,
        action: {
          type: 'redirect',
          method: 'GET',
          url: `${this.server.url}/__double/challenge/${psp}`,
          paymentMethodType: 'scheme',
        },
      };
    }
    if (number === NOT_ENROLLED_CARD)
      return { pspReference: psp, resultCode: 'AuthenticationNotRequired', merchantReference: reference, amount };
    return {
      pspReference: psp,
      resultCode: 'AuthenticationFinished',
      merchantReference: reference,
      amount,
      threeDS2Result: threeDsResult(psp, FRICTIONLESS_FAIL_CARDS.has(number) ? 'N' : 'Y'),
    };
  }

  private details(body: Record<string, unknown>): DoubleAnswer {
    const result = textOf((body.details as Record<string, unknown> | undefined)?.redirectResult ?? '');
    if (result !== 'Y' && result !== 'N')
      return {
        status: 422,
        json: { status: 422, errorCode: '14_018', message: 'Invalid payload provided', errorType: 'validation' },
      };
    const psp = newPsp();
    return {
      status: 200,
      json: { pspReference: psp, resultCode: 'AuthenticationFinished', threeDS2Result: threeDsResult(psp, result) },
    };
  }

  private modification(route: Route, body: Record<string, unknown>): DoubleAnswer {
    const payment = this.payments.get(route.params.paymentPspReference ?? '');
    const reject = (code: string, message: string): DoubleAnswer => ({
      status: 422,
      json: { status: 422, errorCode: code, message, errorType: 'validation' },
    });
    if (!payment) return reject('167', 'Original pspReference required for this operation');
    const value = (body.amount as { value: number } | undefined)?.value ?? 0;
    const what = route.template.split('/').pop();
    if (what === 'captures') {
      if (payment.status !== 'AUTHORISED' || value > payment.amount) return reject('137', 'Invalid amount specified');
      Object.assign(payment, { status: 'CAPTURED', captured: value });
    } else if (what === 'cancels') {
      if (payment.status !== 'AUTHORISED' && payment.status !== 'CANCELLED')
        return reject('167', 'Original pspReference required for this operation');
      payment.status = 'CANCELLED';
    } else {
      if (payment.status !== 'CAPTURED' || payment.refunded + value > payment.captured)
        return reject('137', 'Invalid amount specified');
      payment.refunded += value;
    }
    return {
      status: 201,
      json: {
        merchantAccount: body.merchantAccount,
        paymentPspReference: payment.psp,
        pspReference: newPsp(),
        reference: body.reference,
        status: 'received',
        ...(body.amount ? { amount: body.amount } : {}),
      },
    };
  }
}

interface Route {
  template: string;
  params: Record<string, string>;
}

/** `/v71/...` to the document's path template. */
function routeOf(path: string): Route | null {
  const rest = path.replace(/^\/v71/, '');
  if (rest === '/payments' || rest === '/payments/details' || rest === '/paymentMethods')
    return { template: rest, params: {} };
  const m = /^\/payments\/([^/]+)\/(captures|cancels|refunds)$/.exec(rest);
  return m
    ? {
        template: `/payments/{paymentPspReference}/${m[2]}`,
        params: { paymentPspReference: decodeURIComponent(must(m[1], 'the pattern has two groups')) },
      }
    : null;
}

/** 16 characters like Adyen's: digits and uppercase hex. */
const newPsp = () => `${String(systemClock.now().getTime()).slice(-10)}${randomBytes(3).toString('hex').toUpperCase()}`;

function threeDsResult(psp: string, transStatus: string) {
  return {
    transStatus,
    eci: transStatus === 'Y' ? '05' : '07',
    ...(transStatus === 'Y'
      ? { authenticationValue: Buffer.from(`cavv-${psp}`.padEnd(20, '0').slice(0, 20)).toString('base64') }
      : {}),
    dsTransID: `ds-${psp}`,
    messageVersion: '2.2.0',
    threeDSServerTransID: `srv-${psp}`,
  };
}

/** The request as listed: card number and CVC masked to their last 4 / nothing. */
function redactCard(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const b = body as Record<string, unknown>;
  const pm = b.paymentMethod as Record<string, unknown> | undefined;
  if (!pm) return body;
  const { number, cvc, ...rest } = pm;
  return {
    ...b,
    paymentMethod: {
      ...rest,
      ...(typeof number === 'string' ? { number: `…${number.slice(-4)}` } : {}),
      ...(cvc !== undefined ? { cvc: '[REDACTED]' } : {}),
    },
  };
}
