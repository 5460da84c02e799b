import { refused } from '../errors.js';
import type * as P from '../payments.js';
import type { ProviderName } from '../port.js';
import { alnum, digits, hex, uuidFrom } from './derive.js';
import { openCardInput, type CardOpener } from '../card-opening.js';
import { MemoryRecords, ProviderRecords, type SandboxRecords } from './records.js';

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

/** What a test card does later (payments.md P9), kept with its payment instead of the card number. */
type LaterBehaviour = 'approve-on-sync' | 'refuse-on-sync' | 'refund-fails' | 'refund-stays-pending' | null;

function laterBehaviour(number: string): LaterBehaviour {
  if (number === SANDBOX_CARDS.processingThenApproved) return 'approve-on-sync';
  if (number === SANDBOX_CARDS.processingThenRefused) return 'refuse-on-sync';
  if (number === SANDBOX_CARDS.refundFails) return 'refund-fails';
  if (number === SANDBOX_CARDS.refundStaysPending) return 'refund-stays-pending';
  return null;
}

/** A payment as the sandbox remembers it: never the card (number, CVV or their ciphertext). */
interface Payment {
  result: P.CardPaymentResult;
  behaviour: LaterBehaviour;
  amount: number;
  capture: boolean;
}

interface Refund {
  result: P.RefundResult;
  behaviour: LaterBehaviour;
}

const KIND = { payment: 'card-payment', refund: 'refund', charge: 'pix-charge', session: 'three-ds-session' } as const;

export class SandboxPayments {
  private readonly records: ProviderRecords;

  constructor(
    private readonly name: ProviderName,
    private readonly openCard: CardOpener = async (v) => v,
    store: SandboxRecords = new MemoryRecords(),
  ) {
    this.records = new ProviderRecords(store, name);
  }

  private id(kind: string, key: string) {
    return `${this.name.toLowerCase()}_${kind}_${hex(24, this.name, kind, key)}`;
  }

  async authorize(req: P.AuthorizeCardRequest): Promise<P.CardPaymentResult> {
    // Opened and checked before anything is applied: a value that does not decrypt submits nothing. A retry
    // replays the first answer (the claim below), even when its values no longer open.
    let number: string;
    try {
      number = await openCardInput(this.openCard, req.card, 'card.authorize');
    } catch (err) {
      const known = await this.records.get<Payment>(KIND.payment, req.idempotencyKey);
      if (known) return known.result;
      throw err;
    }
    const base = {
      providerPaymentId: this.id('pay', req.idempotencyKey),
      authorizedAmount: req.amount,
      capturedAmount: 0,
      authorizationCode: digits(6, 'auth', req.idempotencyKey),
    };
    const behaviour = laterBehaviour(number);
    let result: P.CardPaymentResult;
    if (number === SANDBOX_CARDS.declined)
      result = {
        ...base,
        status: 'REFUSED',
        authorizedAmount: 0,
        authorizationCode: null,
        refusal: { code: 'CARD_DECLINED', message: 'The card was declined', retryable: false },
      };
    else if (number === SANDBOX_CARDS.insufficientFunds)
      result = {
        ...base,
        status: 'REFUSED',
        authorizedAmount: 0,
        authorizationCode: null,
        refusal: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds', retryable: false },
      };
    else if (behaviour === 'approve-on-sync' || behaviour === 'refuse-on-sync')
      result = { ...base, status: 'PROCESSING', authorizedAmount: 0, authorizationCode: null, refusal: null };
    else
      result = {
        ...base,
        status: req.capture ? 'CAPTURED' : 'AUTHORIZED',
        capturedAmount: req.capture ? req.amount : 0,
        refusal: null,
      };
    // The first of two concurrent authorizations under one key stands; both answer it.
    return (
      await this.records.claim<Payment>(KIND.payment, req.idempotencyKey, {
        result,
        behaviour,
        amount: req.amount,
        capture: req.capture,
      })
    ).result;
  }

  async capture(req: P.CaptureCardRequest): Promise<P.CardPaymentResult> {
    const payment = await this.records.update<Payment>(KIND.payment, req.paymentKey, (payment) => {
      if (payment.result.status === 'CAPTURED') return null;
      const result = settledByControl(payment, req.paymentKey);
      if (result.status !== 'AUTHORIZED')
        throw refused('INVALID_STATE', `A ${result.status} payment cannot be captured`, 'card.capture');
      if (req.amount > result.authorizedAmount)
        throw refused('AMOUNT_ABOVE_AUTHORIZED', 'The capture is above the authorized amount', 'card.capture');
      return { ...payment, result: { ...result, status: 'CAPTURED', capturedAmount: req.amount } };
    });
    if (!payment) throw refused('PAYMENT_NOT_FOUND', 'No payment under this key', 'card.capture');
    return payment.result;
  }

  async void(req: P.VoidCardRequest): Promise<P.CardPaymentResult> {
    const payment = await this.records.update<Payment>(KIND.payment, req.paymentKey, (payment) => {
      if (payment.result.status === 'VOIDED') return null;
      const result = settledByControl(payment, req.paymentKey);
      if (result.status !== 'AUTHORIZED')
        throw refused('INVALID_STATE', `A ${result.status} payment cannot be voided`, 'card.void');
      return { ...payment, result: { ...result, status: 'VOIDED' } };
    });
    if (!payment) throw refused('PAYMENT_NOT_FOUND', 'No payment under this key', 'card.void');
    return payment.result;
  }

  /** PROCESSING cards settle on the first sync: 0036 approves, 0044 refuses. */
  async syncCard(req: P.SyncCardRequest): Promise<P.SyncCardResult> {
    const payment = await this.records.update<Payment>(KIND.payment, req.idempotencyKey, (payment) => {
      if (payment.result.status !== 'PROCESSING') return null;
      const result: P.CardPaymentResult =
        payment.behaviour === 'refuse-on-sync'
          ? {
              ...payment.result,
              status: 'REFUSED',
              refusal: { code: 'CARD_DECLINED', message: 'The card was declined', retryable: false },
            }
          : {
              ...payment.result,
              status: payment.capture ? 'CAPTURED' : 'AUTHORIZED',
              authorizedAmount: payment.amount,
              capturedAmount: payment.capture ? payment.amount : 0,
              authorizationCode: digits(6, 'auth', req.idempotencyKey),
            };
      return { ...payment, result };
    });
    return payment ? { found: true, ...payment.result } : { found: false };
  }

  /**
   * A refund is accepted PENDING; its outcome is decided at its first status sync (as a PROCESSING card's):
   * 5126 fails (EXPIRED_OR_CANCELED_CARD), 7726 stays PENDING (only the platform's settle control moves it),
   * any other succeeds. So nothing settles unless the platform asks (its autopilot job, payments.md P9).
   */
  async refund(req: P.RefundRequest, rail: 'card' | 'pix'): Promise<P.RefundResult> {
    const result: P.RefundResult = {
      providerRefundId: this.id('ref', req.idempotencyKey),
      status: 'PENDING',
      failure: null,
      endToEndId:
        rail === 'pix' ? `D${digits(8, 'ispb', this.name)}${alnum(23, 'e2e-refund', req.idempotencyKey)}` : null,
    };
    const behaviour = (await this.records.get<Payment>(KIND.payment, req.paymentKey))?.behaviour ?? null;
    return (await this.records.claim<Refund>(KIND.refund, req.idempotencyKey, { result, behaviour })).result;
  }

  async syncRefund(req: P.SyncRefundRequest): Promise<P.SyncRefundResult> {
    const refund = await this.records.update<Refund>(KIND.refund, req.idempotencyKey, (refund) => {
      if (refund.result.status !== 'PENDING' || refund.behaviour === 'refund-stays-pending') return null;
      const result: P.RefundResult =
        refund.behaviour === 'refund-fails'
          ? {
              ...refund.result,
              status: 'FAILED',
              failure: { code: 'EXPIRED_OR_CANCELED_CARD', message: 'The card is expired or canceled' },
            }
          : { ...refund.result, status: 'SUCCEEDED' };
      return { ...refund, result };
    });
    return refund ? { found: true, ...refund.result } : { found: false };
  }

  async charge(req: P.PixChargeRequest): Promise<P.PixChargeResult> {
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
    return chargeOf(await this.records.claim(KIND.charge, req.idempotencyKey, result));
  }

  async cancelCharge(req: P.CancelPixChargeRequest): Promise<P.PixChargeResult> {
    const charge = await this.records.update<P.PixChargeResult>(
      KIND.charge,
      req.chargeKey ?? req.idempotencyKey,
      (charge) => {
        if (charge.status === 'PAID') throw refused('INVALID_STATE', 'A paid charge cannot be canceled', 'pix.cancel');
        return charge.status === 'CANCELED' ? null : { ...charge, status: 'CANCELED' };
      },
    );
    if (!charge) throw refused('CHARGE_NOT_FOUND', 'No charge under this key', 'pix.cancel');
    return chargeOf(charge);
  }

  async syncCharge(req: P.SyncPixChargeRequest): Promise<P.SyncPixChargeResult> {
    const known = await this.records.get<P.PixChargeResult>(KIND.charge, req.idempotencyKey);
    return known ? { found: true, ...chargeOf(known) } : { found: false };
  }

  /** payments.md P7: frictionless success by default; the listed cards fail, challenge or are not enrolled. */
  async authenticate(req: P.ThreeDsRequest): Promise<P.ThreeDsResult> {
    const known = await this.records.get<P.ThreeDsResult>(KIND.session, req.idempotencyKey);
    if (known) return known;
    const number = await openCardInput(this.openCard, req.card, 'three-ds.authenticate');
    const mastercard = number.startsWith('5');
    const ids = {
      version: '2.2.0',
      dsTransactionId: uuidFrom('ds', req.idempotencyKey),
      threeDsServerTransId: uuidFrom('server', req.idempotencyKey),
      acsTransactionId: uuidFrom('acs', req.idempotencyKey),
    };
    let result: P.ThreeDsResult;
    if (number === THREE_DS_NOT_ENROLLED)
      result = {
        ...ids,
        status: 'FAILED',
        flow: 'FRICTIONLESS',
        transStatus: null,
        eci: null,
        authenticationValue: null,
        failureReason: 'CARD_NOT_ENROLLED',
      };
    else if (THREE_DS_FRICTIONLESS_FAIL.has(number))
      result = {
        ...ids,
        status: 'FAILED',
        flow: 'FRICTIONLESS',
        transStatus: 'N',
        eci: mastercard ? '00' : '07',
        authenticationValue: null,
        failureReason: 'AUTHENTICATION_FAILED',
      };
    else if (THREE_DS_CHALLENGE.has(number))
      result = {
        ...ids,
        status: 'ACTION_REQUIRED',
        flow: 'CHALLENGE',
        transStatus: null,
        eci: null,
        authenticationValue: null,
        failureReason: null,
      };
    else
      result = {
        ...ids,
        status: 'SUCCEEDED',
        flow: 'FRICTIONLESS',
        transStatus: 'Y',
        eci: mastercard ? '02' : '05',
        authenticationValue: Buffer.from(hex(40, 'cavv', req.idempotencyKey), 'hex').toString('base64'),
        failureReason: null,
      };
    return this.records.claim(KIND.session, req.idempotencyKey, result);
  }

  async syncThreeDs(req: P.SyncThreeDsRequest): Promise<P.SyncThreeDsResult> {
    const known = await this.records.get<P.ThreeDsResult>(KIND.session, req.idempotencyKey);
    return known ? { found: true, ...known } : { found: false };
  }
}

/**
 * A PROCESSING payment the platform captures or voids was settled AUTHORIZED by the platform's sandbox control
 * (P9 settle), which speaks for the provider: the sandbox takes it as authorized.
 */
function settledByControl(payment: Payment, paymentKey: string): P.CardPaymentResult {
  if (payment.result.status !== 'PROCESSING') return payment.result;
  return {
    ...payment.result,
    status: 'AUTHORIZED',
    authorizedAmount: payment.amount,
    authorizationCode: digits(6, 'auth', paymentKey),
  };
}

/** A charge read back from JSON: its payment time is a Date again. */
const chargeOf = (charge: P.PixChargeResult): P.PixChargeResult => ({
  ...charge,
  paidAt: charge.paidAt === null ? null : new Date(charge.paidAt),
});
