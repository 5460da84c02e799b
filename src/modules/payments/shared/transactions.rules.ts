import { badRequest, validationError, type DomainError, type ValidationIssue } from '../../../kernel/errors.js';
import type { PaymentMethod } from './transactions.states.js';
import { saoPauloDate } from '../../../domain/business-calendar.js';
import {
  MAX_AMOUNT,
  MAX_INSTALLMENTS,
  MAX_PIX_AMOUNT,
  PIX_EXPIRES_IN,
  REFUSAL_CODES,
  type RefusalCode,
} from '../../../domain/payment-limits.js';
import { dueExpiresAt, pixDueIssues, pixDueOf, type PixDueInput, type PixDueJson } from './pix-due.rules.js';

export { MAX_AMOUNT, MAX_INSTALLMENTS, MAX_PIX_AMOUNT, PIX_EXPIRES_IN, REFUSAL_CODES, type RefusalCode };
const RETRYABLE: ReadonlySet<RefusalCode> = new Set([
  'AUTHENTICATION_REQUIRED',
  'ISSUER_UNAVAILABLE',
  'PROCESSING_ERROR',
]);

export interface Refusal {
  code: RefusalCode;
  message: string;
  provider_code: string | null;
  retryable: boolean;
}
export const refusal = (code: RefusalCode, message: string, providerCode: string | null = null): Refusal => ({
  code,
  message,
  provider_code: providerCode,
  retryable: RETRYABLE.has(code),
});

/** P3: external 3DS `trans_status` N or R creates the transaction REFUSED without calling the provider. */
export function externalThreeDsRefusal(transStatus: 'Y' | 'A' | 'U' | 'N' | 'R'): Refusal | null {
  return transStatus === 'N' || transStatus === 'R'
    ? refusal('AUTHENTICATION_FAILED', 'The cardholder authentication failed')
    : null;
}

const DAY_MS = 86_400_000;

/** The body after Zod's structural parse: the cross-field rules below are what a schema cannot say. */
export interface CreationInput {
  payment_method: PaymentMethod;
  amount: number;
  installments?: number;
  capture?: boolean;
  statement_descriptor?: string;
  card_data?: Record<string, unknown> & {
    number?: string;
    network_token?: string;
    cvv?: string;
    expiry_month?: string;
    expiry_year?: string;
  };
  card_id?: string;
  three_ds?: { session_id?: string; external?: Record<string, unknown> };
  pix?: { expires_in?: number; expires_at?: Date } & PixDueInput;
  customer?: { name?: string; document_number?: string };
}

export type CardSource = 'number' | 'network_token' | 'card_id' | 'three_ds_session';

export type CreationCheck =
  | {
      ok: true;
      installments: number;
      capture: boolean;
      cardSource: CardSource | null;
      pixExpiresAt: Date | null;
      pixDue?: PixDueJson | null;
    }
  | { ok: false; error: DomainError };

const issue = (
  field: string,
  type: ValidationIssue['type'],
  message: string,
  extra: Partial<ValidationIssue> = {},
): ValidationIssue => ({ field, type, message, ...extra });

/** Amount: integer >= 1 (0 TOO_SMALL, a decimal INVALID_TYPE), within what the method can carry. */
export function amountIssues(amount: number, method: PaymentMethod): ValidationIssue[] {
  if (!Number.isInteger(amount))
    return [issue('amount', 'INVALID_TYPE', 'amount must be an integer of cents', { value: amount })];
  if (amount < 1)
    return [issue('amount', 'TOO_SMALL', 'amount must be at least 1', { value: amount, constraints: { min: 1 } })];
  const max = method === 'PIX' ? MAX_PIX_AMOUNT : MAX_AMOUNT;
  if (amount > max)
    return [issue('amount', 'TOO_LARGE', `amount must be at most ${max}`, { value: amount, constraints: { max } })];
  return [];
}

/** Installments: 1-12 for CREDIT_CARD, exactly 1 otherwise (`TOO_LARGE` with `max: 1`). */
export function installmentIssues(method: PaymentMethod, installments: number | undefined): ValidationIssue[] {
  const n = installments ?? 1;
  const max = method === 'CREDIT_CARD' ? MAX_INSTALLMENTS : 1;
  if (!Number.isInteger(n))
    return [issue('installments', 'INVALID_TYPE', 'installments must be an integer', { value: n })];
  if (n < 1)
    return [
      issue('installments', 'TOO_SMALL', 'installments must be at least 1', { value: n, constraints: { min: 1 } }),
    ];
  if (n > max)
    return [
      issue('installments', 'TOO_LARGE', `installments must be at most ${max}`, { value: n, constraints: { max } }),
    ];
  return [];
}

/** Fields that belong to one family of methods only: sent on the other, they are unknown fields. */
const CARD_ONLY = ['capture', 'card_data', 'card_id', 'three_ds', 'statement_descriptor'] as const;
export function methodFieldIssues(input: CreationInput): ValidationIssue[] {
  if (input.payment_method === 'PIX') {
    return CARD_ONLY.filter((f) => input[f] !== undefined).map((f) =>
      issue(f, 'UNKNOWN_FIELD', `${f} is not accepted for PIX`),
    );
  }
  return input.pix !== undefined ? [issue('pix', 'UNKNOWN_FIELD', 'pix is accepted for PIX only')] : [];
}

/**
 * Exactly one card source among `card_data.number`, `card_data.network_token`, `card_id` and
 * `three_ds.session_id`. Two: 400 BAD_REQUEST on `card_data`, never echoing a card value (checked before any
 * lookup). None: REQUIRED on `card_data`, or on `card_data.number` when `card_data` came without number or token.
 * With `card_id` or a session, `card_data` may carry `cvv` only.
 */
export function cardSource(
  input: CreationInput,
): { ok: true; source: CardSource } | { ok: false; error: DomainError; issue?: ValidationIssue } {
  const present: CardSource[] = [];
  if (input.card_data?.number !== undefined) present.push('number');
  if (input.card_data?.network_token !== undefined) present.push('network_token');
  if (input.card_id !== undefined) present.push('card_id');
  if (input.three_ds?.session_id !== undefined) present.push('three_ds_session');
  const [source, ...others] = present;
  if (others.length > 0) return { ok: false, error: badRequest('Send exactly one card source', 'card_data') };
  if (source === undefined) {
    const field = input.card_data === undefined ? 'card_data' : 'card_data.number';
    const missing = issue(field, 'REQUIRED', `${field} is required`);
    return { ok: false, error: validationError([missing]), issue: missing };
  }
  if ((source === 'card_id' || source === 'three_ds_session') && input.card_data !== undefined) {
    const extra = Object.keys(input.card_data).filter((k) => k !== 'cvv' && input.card_data![k] !== undefined);
    if (extra.length > 0)
      return {
        ok: false,
        error: badRequest('With card_id or a 3DS session, card_data may carry cvv only', 'card_data'),
      };
  }
  return { ok: true, source };
}

/** The card's expiry is the end of its month (the issuers' convention): valid through the last day, São Paulo time. */
export function cardExpired(expiryMonth: string, expiryYear: string, now: Date): boolean {
  const today = saoPauloYearMonth(now);
  const year = Number(expiryYear);
  const month = Number(expiryMonth);
  return year < today.year || (year === today.year && month < today.month);
}

function saoPauloYearMonth(now: Date): { year: number; month: number } {
  const date = saoPauloDate(now);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/**
 * PIX expiry: `expires_in` 60-2592000 s or `expires_at` at most 30 days ahead (and, like `expires_in`'s minimum,
 * at least 60 s ahead); both at once is a 400 on `pix.expires_at`; neither: 86400 s.
 */
export function pixExpiry(
  pix: CreationInput['pix'],
  now: Date,
): { ok: true; expiresAt: Date } | { ok: false; error: DomainError } {
  if (pix?.expires_in !== undefined && pix.expires_at !== undefined) {
    return { ok: false, error: badRequest('Send expires_in or expires_at, not both', 'pix.expires_at') };
  }
  if (pix?.expires_at !== undefined) {
    const ahead = pix.expires_at.getTime() - now.getTime();
    if (ahead < PIX_EXPIRES_IN.min * 1000) {
      return {
        ok: false,
        error: validationError([
          issue('pix.expires_at', 'TOO_SMALL', 'expires_at must be at least 60 seconds ahead', {
            value: pix.expires_at.toISOString(),
          }),
        ]),
      };
    }
    if (ahead > 30 * DAY_MS) {
      return {
        ok: false,
        error: validationError([
          issue('pix.expires_at', 'TOO_LARGE', 'expires_at must be at most 30 days ahead', {
            value: pix.expires_at.toISOString(),
          }),
        ]),
      };
    }
    return { ok: true, expiresAt: pix.expires_at };
  }
  const seconds = pix?.expires_in ?? PIX_EXPIRES_IN.default;
  if (!Number.isInteger(seconds))
    return {
      ok: false,
      error: validationError([
        issue('pix.expires_in', 'INVALID_TYPE', 'expires_in must be an integer', { value: seconds }),
      ]),
    };
  if (seconds < PIX_EXPIRES_IN.min || seconds > PIX_EXPIRES_IN.max) {
    const [type, constraints] =
      seconds < PIX_EXPIRES_IN.min
        ? (['TOO_SMALL', { min: PIX_EXPIRES_IN.min }] as const)
        : (['TOO_LARGE', { max: PIX_EXPIRES_IN.max }] as const);
    return {
      ok: false,
      error: validationError([
        issue('pix.expires_in', type, `expires_in must be within ${PIX_EXPIRES_IN.min}-${PIX_EXPIRES_IN.max}`, {
          value: seconds,
          constraints,
        }),
      ]),
    };
  }
  return { ok: true, expiresAt: new Date(now.getTime() + seconds * 1000) };
}

/**
 * A PIX payment arriving: WAITING_PAYMENT is paid on time unless `expires_at` has already passed (the expiry job
 * may not have run yet); EXPIRED or CANCELED is paid late. Any other status cannot take a payment.
 */
export function pixPayment(
  status: string,
  expiresAt: Date,
  paidAt: Date,
): { ok: true; latePayment: boolean } | { ok: false } {
  if (status === 'WAITING_PAYMENT') return { ok: true, latePayment: paidAt.getTime() > expiresAt.getTime() };
  if (status === 'EXPIRED' || status === 'CANCELED') return { ok: true, latePayment: true };
  return { ok: false };
}

/**
 * Every pure creation rule of P3 in one pass. Validation issues are gathered together (product.md §2: one 400
 * lists them, a missing card source among them); two card sources or two 3DS variants answer alone afterwards,
 * before any database lookup.
 */
export function checkCreation(input: CreationInput, now: Date): CreationCheck {
  const issues = [
    ...amountIssues(input.amount, input.payment_method),
    ...installmentIssues(input.payment_method, input.installments),
    ...methodFieldIssues(input),
  ];
  if (input.payment_method === 'DEBIT_CARD' && input.three_ds === undefined)
    issues.push(issue('three_ds', 'REQUIRED', 'DEBIT_CARD requires three_ds'));
  const card = input.card_data;
  if (
    input.payment_method !== 'PIX' &&
    card?.expiry_month !== undefined &&
    card.expiry_year !== undefined &&
    cardExpired(card.expiry_month, card.expiry_year, now)
  ) {
    issues.push(issue('card_data.expiry_year', 'INVALID_FORMAT', 'the card has expired', { value: card.expiry_year }));
  }
  // A missing card source is one more validation issue; two sources answer alone (below).
  const source = input.payment_method === 'PIX' ? null : cardSource(input);
  if (source && !source.ok && source.issue) issues.push(source.issue);
  const due = input.payment_method === 'PIX' && input.pix ? input.pix : undefined;
  // providers.md R3.4: a due date replaces the expiry (both: 400 on pix.expires_at, before the field checks).
  if (due?.due_date !== undefined && (due.expires_in !== undefined || due.expires_at !== undefined)) {
    return {
      ok: false,
      error: badRequest(
        'A due-date PIX has no expires_in or expires_at: it is payable until its last payable date',
        'pix.expires_at',
      ),
    };
  }
  if (due) issues.push(...pixDueIssues(due, input.amount, saoPauloDate(now), input.customer));
  if (issues.length > 0) return { ok: false, error: validationError(issues) };

  if (due?.due_date !== undefined) {
    const pixDue = pixDueOf({ ...due, due_date: due.due_date }, input.customer);
    return { ok: true, installments: 1, capture: true, cardSource: null, pixExpiresAt: dueExpiresAt(pixDue), pixDue };
  }
  if (input.payment_method === 'PIX' || source === null) {
    const expiry = pixExpiry(input.pix, now);
    if (!expiry.ok) return expiry;
    return { ok: true, installments: 1, capture: true, cardSource: null, pixExpiresAt: expiry.expiresAt };
  }
  if (input.three_ds?.session_id !== undefined && input.three_ds.external !== undefined) {
    return { ok: false, error: badRequest('Send three_ds.session_id or three_ds.external, not both', 'three_ds') };
  }
  if (!source.ok) return { ok: false, error: source.error };
  return {
    ok: true,
    installments: input.installments ?? 1,
    capture: input.capture ?? true,
    cardSource: source.source,
    pixExpiresAt: null,
  };
}
