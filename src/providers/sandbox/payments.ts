import { refused } from '../errors.js';
import type * as P from '../payments.js';
import type { ProviderName } from '../port.js';
import { alnum, digits, hex, uuidFrom } from './derive.js';
import { openCardInput, type CardOpener } from '../card-opening.js';

/**
 * payments.md P9's test cards, by plaintext number. The sandbox reads a card number as given when it is
 * digits; an `ev:` value is opened by the `openCard` hook the composition root hands in (the vault), and
 * without one behaves as an ordinary approved card. The transactions issue extends these rules.
 */
export const SANDBOX_CARDS = {
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  processingThenApproved: '4000000000000036',
  processingThenRefused: '4000000000000044',
  refundFails: '4000000000005126',
  refundStaysPending: '4000000000007726',
} as const;
const THREE_DS_FRICTIONLESS_FAIL = new Set(['4000000000002925', '5200000000002276']);
const THREE_DS_CHALLENGE = new Set(['4000000000002503', '5200000000002151', '6505290000002190']);
const THREE_DS_NOT_ENROLLED = '4000000000002420';

interface Payment {
  result: P.CardPaymentResult;
  number: string;
  request: P.AuthorizeCardRequest;
}

export class SandboxPayments {
  private readonly payments = new Map<string, Payment>();
  private readonly refunds = new Map<string, { result: P.RefundResult; number: string | null }>();
  private readonly charges = new Map<string, P.PixChargeResult>();
  private readonly sessions = new Map<string, P.ThreeDsResult>();

  constructor(
    private readonly name: ProviderName,
    private readonly openCard: CardOpener = async (v) => v,
  ) {}

  private id(kind: string, key: string) {
    return `${this.name.toLowerCase()}_${kind}_${hex(24, this.name, kind, key)}`;
  }

  async authorize(req: P.AuthorizeCardRequest): Promise<P.CardPaymentResult> {
    const known = this.payments.get(req.idempotencyKey);
    if (known) return known.result;
    // Opened and checked before anything is applied: a value that does not decrypt submits nothing.
    const number = await openCardInput(this.openCard, req.card, 'card.authorize');
    const again = this.payments.get(req.idempotencyKey);
    if (again) return again.result;
    const base = { providerPaymentId: this.id('pay', req.idempotencyKey), authorizedAmount: req.amount, capturedAmount: 0, authorizationCode: digits(6, 'auth', req.idempotencyKey) };
    let result: P.CardPaymentResult;
    if (number === SANDBOX_CARDS.declined) result = { ...base, status: 'REFUSED', authorizedAmount: 0, authorizationCode: null, refusal: { code: 'CARD_DECLINED', message: 'The card was declined', retryable: false } };
    else if (number === SANDBOX_CARDS.insufficientFunds) result = { ...base, status: 'REFUSED', authorizedAmount: 0, authorizationCode: null, refusal: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds', retryable: false } };
    else if (number === SANDBOX_CARDS.processingThenApproved || number === SANDBOX_CARDS.processingThenRefused) result = { ...base, status: 'PROCESSING', authorizedAmount: 0, authorizationCode: null, refusal: null };
    else result = { ...base, status: req.capture ? 'CAPTURED' : 'AUTHORIZED', capturedAmount: req.capture ? req.amount : 0, refusal: null };
    this.payments.set(req.idempotencyKey, { result, number, request: req });
    return result;
  }

  capture(req: P.CaptureCardRequest): P.CardPaymentResult {
    const payment = this.payments.get(req.paymentKey);
    if (!payment) throw refused('PAYMENT_NOT_FOUND', 'No payment under this key', 'card.capture');
    if (payment.result.status === 'CAPTURED') return payment.result;
    this.settledByControl(payment);
    if (payment.result.status !== 'AUTHORIZED') throw refused('INVALID_STATE', `A ${payment.result.status} payment cannot be captured`, 'card.capture');
    if (req.amount > payment.result.authorizedAmount) throw refused('AMOUNT_ABOVE_AUTHORIZED', 'The capture is above the authorized amount', 'card.capture');
    payment.result = { ...payment.result, status: 'CAPTURED', capturedAmount: req.amount };
    return payment.result;
  }

  void(req: P.VoidCardRequest): P.CardPaymentResult {
    const payment = this.payments.get(req.paymentKey);
    if (!payment) throw refused('PAYMENT_NOT_FOUND', 'No payment under this key', 'card.void');
    if (payment.result.status === 'VOIDED') return payment.result;
    this.settledByControl(payment);
    if (payment.result.status !== 'AUTHORIZED') throw refused('INVALID_STATE', `A ${payment.result.status} payment cannot be voided`, 'card.void');
    payment.result = { ...payment.result, status: 'VOIDED' };
    return payment.result;
  }

  /**
   * A PROCESSING payment the platform captures or voids was settled AUTHORIZED by the platform's sandbox control
   * (P9 settle), which speaks for the provider: the sandbox takes it as authorized.
   */
  private settledByControl(payment: Payment) {
    if (payment.result.status !== 'PROCESSING') return;
    payment.result = { ...payment.result, status: 'AUTHORIZED', authorizedAmount: payment.request.amount, authorizationCode: digits(6, 'auth', payment.request.idempotencyKey) };
  }

  /** PROCESSING cards settle on the first sync: 0036 approves, 0044 refuses. */
  syncCard(req: P.SyncCardRequest): P.SyncCardResult {
    const payment = this.payments.get(req.idempotencyKey);
    if (!payment) return { found: false };
    if (payment.result.status === 'PROCESSING') {
      payment.result = payment.number === SANDBOX_CARDS.processingThenRefused
        ? { ...payment.result, status: 'REFUSED', refusal: { code: 'CARD_DECLINED', message: 'The card was declined', retryable: false } }
        : {
            ...payment.result,
            status: payment.request.capture ? 'CAPTURED' : 'AUTHORIZED',
            authorizedAmount: payment.request.amount,
            capturedAmount: payment.request.capture ? payment.request.amount : 0,
            authorizationCode: digits(6, 'auth', req.idempotencyKey),
          };
    }
    return { found: true, ...payment.result };
  }

  /**
   * A refund is accepted PENDING; its outcome is decided at its first status sync (as a PROCESSING card's):
   * 5126 fails (EXPIRED_OR_CANCELED_CARD), 7726 stays PENDING (only the platform's settle control moves it),
   * any other succeeds. So nothing settles unless the platform asks (its autopilot job, payments.md P9).
   */
  refund(req: P.RefundRequest, rail: 'card' | 'pix'): P.RefundResult {
    const known = this.refunds.get(req.idempotencyKey);
    if (known) return known.result;
    const result: P.RefundResult = {
      providerRefundId: this.id('ref', req.idempotencyKey),
      status: 'PENDING',
      failure: null,
      endToEndId: rail === 'pix' ? `D${digits(8, 'ispb', this.name)}${alnum(23, 'e2e-refund', req.idempotencyKey)}` : null,
    };
    this.refunds.set(req.idempotencyKey, { result, number: this.payments.get(req.paymentKey)?.number ?? null });
    return result;
  }

  syncRefund(req: P.SyncRefundRequest): P.SyncRefundResult {
    const known = this.refunds.get(req.idempotencyKey);
    if (!known) return { found: false };
    if (known.result.status === 'PENDING' && known.number !== SANDBOX_CARDS.refundStaysPending) {
      known.result = known.number === SANDBOX_CARDS.refundFails
        ? { ...known.result, status: 'FAILED', failure: { code: 'EXPIRED_OR_CANCELED_CARD', message: 'The card is expired or canceled' } }
        : { ...known.result, status: 'SUCCEEDED' };
    }
    return { found: true, ...known.result };
  }

  charge(req: P.PixChargeRequest): P.PixChargeResult {
    const known = this.charges.get(req.idempotencyKey);
    if (known) return known;
    const txid = alnum(32, this.name, 'txid', req.idempotencyKey);
    const result: P.PixChargeResult = {
      providerChargeId: this.id('chg', req.idempotencyKey),
      txid,
      location: `pix.sandbox.${this.name.toLowerCase().replace('_', '-')}.example/qr/v2/${txid.toLowerCase()}`,
      status: 'WAITING_PAYMENT',
      paidAt: null,
      endToEndId: null,
      payer: null,
    };
    this.charges.set(req.idempotencyKey, result);
    return result;
  }

  cancelCharge(req: P.CancelPixChargeRequest): P.PixChargeResult {
    const known = this.charges.get(req.idempotencyKey);
    if (!known) throw refused('CHARGE_NOT_FOUND', 'No charge under this key', 'pix.cancel');
    if (known.status === 'PAID') throw refused('INVALID_STATE', 'A paid charge cannot be canceled', 'pix.cancel');
    known.status = 'CANCELED';
    return known;
  }

  syncCharge(req: P.SyncPixChargeRequest): P.SyncPixChargeResult {
    const known = this.charges.get(req.idempotencyKey);
    return known ? { found: true, ...known } : { found: false };
  }

  /** payments.md P7: frictionless success by default; the listed cards fail, challenge or are not enrolled. */
  async authenticate(req: P.ThreeDsRequest): Promise<P.ThreeDsResult> {
    const known = this.sessions.get(req.idempotencyKey);
    if (known) return known;
    const number = await openCardInput(this.openCard, req.card, 'three-ds.authenticate');
    const again = this.sessions.get(req.idempotencyKey);
    if (again) return again;
    const mastercard = number.startsWith('5');
    const ids = {
      version: '2.2.0',
      dsTransactionId: uuidFrom('ds', req.idempotencyKey),
      threeDsServerTransId: uuidFrom('server', req.idempotencyKey),
      acsTransactionId: uuidFrom('acs', req.idempotencyKey),
    };
    let result: P.ThreeDsResult;
    if (number === THREE_DS_NOT_ENROLLED) result = { ...ids, status: 'FAILED', flow: 'FRICTIONLESS', transStatus: null, eci: null, authenticationValue: null, failureReason: 'CARD_NOT_ENROLLED' };
    else if (THREE_DS_FRICTIONLESS_FAIL.has(number)) result = { ...ids, status: 'FAILED', flow: 'FRICTIONLESS', transStatus: 'N', eci: mastercard ? '00' : '07', authenticationValue: null, failureReason: 'AUTHENTICATION_FAILED' };
    else if (THREE_DS_CHALLENGE.has(number)) result = { ...ids, status: 'ACTION_REQUIRED', flow: 'CHALLENGE', transStatus: null, eci: null, authenticationValue: null, failureReason: null };
    else result = { ...ids, status: 'SUCCEEDED', flow: 'FRICTIONLESS', transStatus: 'Y', eci: mastercard ? '02' : '05', authenticationValue: Buffer.from(hex(40, 'cavv', req.idempotencyKey), 'hex').toString('base64'), failureReason: null };
    this.sessions.set(req.idempotencyKey, result);
    return result;
  }

  syncThreeDs(req: P.SyncThreeDsRequest): P.SyncThreeDsResult {
    const known = this.sessions.get(req.idempotencyKey);
    return known ? { found: true, ...known } : { found: false };
  }
}
