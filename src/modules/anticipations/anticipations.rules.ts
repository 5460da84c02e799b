import { must } from '../../kernel/must.js'; /**
 * money.md M4, pure: the anticipation fee in integers, calendar days, eligibility, timeframe order, limits and
 * quotes. No I/O, no clock: the anticipation date is given. Dates are São Paulo calendar dates (`YYYY-MM-DD`).
 */
export type CivilDate = string;
export type Timeframe = 'START' | 'END';

/** The rate as integer ten-thousandths of a percent ("2.9900" -> 29900): numeric(7,4) holds at most 4 decimals. */
export type RateE4 = bigint;

const RATE_PATTERN = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/** Parses a policy percentage (the numeric column's text, or a number) exactly, never through a float product. */
export function parseRate(rate: string | number): RateE4 {
  const text = typeof rate === 'number' ? rate.toFixed(4) : rate.trim();
  const m = RATE_PATTERN.exec(text);
  if (!m) throw new RangeError(`not a percentage with at most 4 decimals: ${text}`);
  return BigInt(must(m[1], 'the pattern requires the integer part')) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'));
}

/** "2.9900" style text of a rate, for responses (`rate_percentage` as a number keeps its 4 decimals exactly). */
export const rateToNumber = (rate: RateE4): number => Number(rate) / 10_000;

/** round-half-up(numerator / denominator) for non-negative integers. */
function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * fee = round-half-up(net x rate x days / 3000) with rate a monthly percentage (30-day months: / 30 / 100).
 * With the rate in ten-thousandths the divisor is 3000 x 10 000. BigInt: net x rate x days can pass 2^53.
 */
export function anticipationFee(net: number, rate: RateE4, days: number): number {
  if (!Number.isSafeInteger(net) || net < 0) throw new RangeError(`net must be whole non-negative cents, got ${net}`);
  if (!Number.isSafeInteger(days) || days < 0)
    throw new RangeError(`days must be a whole non-negative number, got ${days}`);
  if (rate < 0n) throw new RangeError('rate must not be negative');
  const fee = divRoundHalfUp(BigInt(net) * rate * BigInt(days), 30_000_000n);
  // A high rate over many months could charge more than the receivable: never more than it carries.
  return fee > BigInt(net) ? net : Number(fee);
}

const DAY_MS = 86_400_000;
const civilMs = (date: CivilDate): number => Date.parse(`${date}T00:00:00Z`);

/** Calendar days from `from` to `to` (negative when `to` is earlier); UTC midnights, so no DST shift. */
export const daysBetween = (from: CivilDate, to: CivilDate): number =>
  Math.round((civilMs(to) - civilMs(from)) / DAY_MS);

export const addDays = (date: CivilDate, days: number): CivilDate =>
  new Date(civilMs(date) + days * DAY_MS).toISOString().slice(0, 10);

/** What eligibility needs to know of a receivable (M4). */
export interface EligibilityFacts {
  role: string;
  paymentMethod: string;
  status: string;
  /** Reserved by a pending or completed anticipation (or any other reservation the receivables area marks). */
  reserved: boolean;
  paymentDate: CivilDate;
  /** The receivable's transaction has an open dispute. */
  openDispute: boolean;
}

/** M4: a merchant CREDIT_CARD receivable, PENDING, not reserved, due at least one day after the date, no open dispute. */
export function isEligible(r: EligibilityFacts, anticipationDate: CivilDate): boolean {
  return (
    r.role === 'MERCHANT' &&
    r.paymentMethod === 'CREDIT_CARD' &&
    r.status === 'PENDING' &&
    !r.reserved &&
    !r.openDispute &&
    daysBetween(anticipationDate, r.paymentDate) >= 1
  );
}

export interface Candidate {
  id: string;
  paymentDate: CivilDate;
  netAmount: number;
}

/** START: earliest first; END: latest first; ties by id ascending either way. */
export function inTimeframeOrder<T extends Candidate>(items: readonly T[], timeframe: Timeframe): T[] {
  const sign = timeframe === 'START' ? 1 : -1;
  return [...items].sort((a, b) =>
    a.paymentDate === b.paymentDate
      ? a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0
      : a.paymentDate < b.paymentDate
        ? -sign
        : sign,
  );
}

export interface QuoteItem {
  receivable_id: string;
  payment_date: CivilDate;
  days: number;
  net_amount: number;
  fee_amount: number;
}

export interface Totals {
  amount: number;
  fee_amount: number;
  net_amount: number;
}

export function itemOf(c: Candidate, anticipationDate: CivilDate, rate: RateE4): QuoteItem {
  const days = daysBetween(anticipationDate, c.paymentDate);
  return {
    receivable_id: c.id,
    payment_date: c.paymentDate,
    days,
    net_amount: c.netAmount,
    fee_amount: anticipationFee(c.netAmount, rate, days),
  };
}

export function totalsOf(items: readonly QuoteItem[]): Totals {
  const amount = items.reduce((s, i) => s + i.net_amount, 0);
  const fee = items.reduce((s, i) => s + i.fee_amount, 0);
  return { amount, fee_amount: fee, net_amount: amount - fee };
}

/** Days weighted by net amount, 2 decimals (half up); 0 with no money. */
export function averageDays(items: readonly QuoteItem[]): number {
  const weight = items.reduce((s, i) => s + BigInt(i.net_amount), 0n);
  if (weight === 0n) return 0;
  const sum = items.reduce((s, i) => s + BigInt(i.days) * BigInt(i.net_amount), 0n);
  return Number(divRoundHalfUp(sum * 100n, weight)) / 100;
}

export interface Limits {
  minimum: Totals;
  maximum: Totals;
  receivable_count: number;
}

/** M4 limits: `maximum` every eligible receivable, `minimum` the first one in timeframe order (zeros with none). */
export function limitsOf(
  eligible: readonly Candidate[],
  anticipationDate: CivilDate,
  rate: RateE4,
  timeframe: Timeframe,
): Limits {
  const ordered = inTimeframeOrder(eligible, timeframe).map((c) => itemOf(c, anticipationDate, rate));
  return { minimum: totalsOf(ordered.slice(0, 1)), maximum: totalsOf(ordered), receivable_count: ordered.length };
}

export type Selection =
  { kind: 'all' } | { kind: 'amount'; requestedAmount: number } | { kind: 'ids'; ids: readonly string[] };

export type SelectionOutcome =
  | { ok: true; items: QuoteItem[] }
  | { ok: false; reason: 'NO_ELIGIBLE_RECEIVABLES'; field: string; value: unknown }
  | { ok: false; reason: 'ANTICIPATION_LIMIT_EXCEEDED'; maximum: number };

/**
 * The receivables a quote takes (M4). All: every eligible one. Amount: whole receivables in timeframe order
 * until the next would take the sum above the request (a request above the maximum is LIMIT_EXCEEDED; one below
 * the first receivable takes nothing: NO_ELIGIBLE_RECEIVABLES). Ids: exactly those, each must be eligible.
 */
export function selectForQuote(
  eligible: readonly Candidate[],
  anticipationDate: CivilDate,
  rate: RateE4,
  timeframe: Timeframe,
  selection: Selection,
): SelectionOutcome {
  const ordered = inTimeframeOrder(eligible, timeframe);
  if (ordered.length === 0)
    return { ok: false, reason: 'NO_ELIGIBLE_RECEIVABLES', field: 'bank_account_id', value: null };
  const items = (cs: readonly Candidate[]) => cs.map((c) => itemOf(c, anticipationDate, rate));
  switch (selection.kind) {
    case 'all':
      return { ok: true, items: items(ordered) };
    case 'amount': {
      const maximum = ordered.reduce((s, c) => s + c.netAmount, 0);
      if (selection.requestedAmount > maximum) return { ok: false, reason: 'ANTICIPATION_LIMIT_EXCEEDED', maximum };
      const taken: Candidate[] = [];
      let sum = 0;
      for (const c of ordered) {
        if (sum + c.netAmount > selection.requestedAmount) break;
        sum += c.netAmount;
        taken.push(c);
      }
      if (taken.length === 0)
        return {
          ok: false,
          reason: 'NO_ELIGIBLE_RECEIVABLES',
          field: 'requested_amount',
          value: selection.requestedAmount,
        };
      return { ok: true, items: items(taken) };
    }
    case 'ids': {
      const byId = new Map(ordered.map((c) => [c.id, c]));
      const unique = [...new Set(selection.ids)];
      const missing = unique.find((id) => !byId.has(id));
      if (missing !== undefined)
        return { ok: false, reason: 'NO_ELIGIBLE_RECEIVABLES', field: 'receivable_ids', value: missing };
      const wanted = new Set(unique);
      return { ok: true, items: items(ordered.filter((c) => wanted.has(c.id))) };
    }
  }
}

/** A receivable after completion (M4): paid at the anticipation's date, its net reduced by its anticipation fee. */
export function anticipatedReceivable(
  r: { netAmount: number; paymentDate: CivilDate; originalPaymentDate: CivilDate | null },
  fee: number,
  anticipationDate: CivilDate,
) {
  if (fee > r.netAmount) throw new RangeError('an anticipation fee above the receivable');
  return {
    netAmount: r.netAmount - fee,
    anticipationFeeAmount: fee,
    paymentDate: anticipationDate,
    originalPaymentDate: r.originalPaymentDate ?? r.paymentDate,
  };
}

/** M4 completion postings' amounts: merchant pending -N, merchant available +(N - G), the organization +G. */
export function completionAmounts(items: readonly { net_amount: number; fee_amount: number }[]): {
  pendingOut: number;
  merchantIn: number;
  organizationIn: number;
} {
  const n = items.reduce((s, i) => s + i.net_amount, 0);
  const g = items.reduce((s, i) => s + i.fee_amount, 0);
  return { pendingOut: n, merchantIn: n - g, organizationIn: g };
}

/** The quote lives 15 minutes (M4). */
export const QUOTE_TTL_MS = 15 * 60_000;
export const quoteExpiry = (createdAt: Date): Date => new Date(createdAt.getTime() + QUOTE_TTL_MS);

/** Automatic anticipation (M4): transactions approved at least `delayDays` São Paulo days before `date`. */
export const approvedOnOrBefore = (date: CivilDate, delayDays: number): CivilDate => addDays(date, -delayDays);
