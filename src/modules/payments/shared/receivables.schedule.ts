import type { PaymentMethod } from './transactions.states.js';

/**
 * money.md M2: when an approved transaction's money reaches the merchant. Dates are calendar dates
 * (`YYYY-MM-DD`) in America/Sao_Paulo; date arithmetic is done on UTC midnights so no time zone or
 * daylight-saving rule can shift a day.
 */
export type CivilDate = string; // YYYY-MM-DD

const DAY_MS = 86_400_000;
const fromCivil = (date: CivilDate): number => Date.parse(`${date}T00:00:00Z`);
const toCivil = (ms: number): CivilDate => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: CivilDate, days: number): CivilDate => toCivil(fromCivil(date) + days * DAY_MS);

const saoPaulo = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const HOUR_MS = 3_600_000;
let cachedHour = Number.NaN;
let cachedDate: CivilDate = '';

/**
 * The São Paulo calendar date of an instant (ICU's zone data, so historic daylight saving counts too). ICU's
 * formatting costs ~1% of a card create's CPU (it runs for the expiry check and the receivables), so the date
 * of the last UTC hour asked is kept, but only when its first and last millisecond have the same date: the local
 * date never goes back as time runs (every transition is at local midnight), so it is then the date throughout.
 */
export function saoPauloDate(instant: Date): CivilDate {
  const ms = instant.getTime();
  const hour = Math.floor(ms / HOUR_MS);
  if (hour === cachedHour) return cachedDate;
  const date = saoPaulo.format(instant);
  if (
    Number.isFinite(hour) &&
    saoPaulo.format(hour * HOUR_MS) === date &&
    saoPaulo.format(hour * HOUR_MS + HOUR_MS - 1) === date
  ) {
    cachedHour = hour;
    cachedDate = date;
  }
  return date;
}

/** Easter Sunday (Gregorian; the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): CivilDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIXED_HOLIDAYS = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'];

const holidayCache = new Map<number, ReadonlySet<CivilDate>>();
/** Brazil's national holidays of a year as M2 lists them (Carnival Monday and Tuesday, Good Friday, Corpus Christi from Easter). */
export function nationalHolidays(year: number): ReadonlySet<CivilDate> {
  let set = holidayCache.get(year);
  if (!set) {
    const easter = easterSunday(year);
    set = new Set([
      ...FIXED_HOLIDAYS.map((md) => `${year}-${md}`),
      addDays(easter, -48), // Carnival Monday
      addDays(easter, -47), // Carnival Tuesday
      addDays(easter, -2), // Good Friday
      addDays(easter, 60), // Corpus Christi
    ]);
    holidayCache.set(year, set);
  }
  return set;
}

export function isBusinessDay(date: CivilDate): boolean {
  const weekday = new Date(fromCivil(date)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !nationalHolidays(Number(date.slice(0, 4))).has(date);
}

/** The date itself when a business day, else the next one. */
export function rollForward(date: CivilDate): CivilDate {
  let d = date;
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

export const nextBusinessDay = (date: CivilDate): CivilDate => rollForward(addDays(date, 1));

/** Payment date of installment k (1-based) of a transaction captured on `captureDate` (São Paulo). */
export function paymentDate(method: PaymentMethod, captureDate: CivilDate, installment: number): CivilDate {
  switch (method) {
    case 'PIX':
      return captureDate; // at once, any day
    case 'DEBIT_CARD':
      return nextBusinessDay(captureDate);
    case 'CREDIT_CARD':
      return rollForward(addDays(captureDate, 30 * installment));
  }
}

/** Splits `total` into `n` integer parts: floor(total / n) each, the remainder on part 1. */
export function splitInstallments(total: number, n: number): number[] {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('n must be a positive integer');
  const base = Math.floor(total / n);
  const parts = Array.from({ length: n }, () => base);
  parts[0] += total - base * n;
  return parts;
}

/**
 * Splits the fee over installments whose gross is `gross` (M2: floor(fee / n) each, the remainder on
 * installment 1) so that no installment's fee is above its gross: a net below 0 cannot be paid, settled nor
 * stored. floor(fee / n) never exceeds floor(amount / n) when fee <= amount, so only the remainder can
 * overflow; what installment 1 cannot carry moves to installment 2, then 3, ... (their room is gross - base
 * fee, and the rooms add up to amount - n·floor(fee / n) >= the remainder). When the remainder fits on
 * installment 1 (every ordinary fee) the split is exactly M2's. A fee above the amount (never priced: the fee
 * is capped at the amount) keeps M2's plain split.
 */
export function splitFees(fee: number, gross: readonly number[]): number[] {
  const parts = splitInstallments(fee, gross.length);
  const total = gross.reduce((a, b) => a + b, 0);
  if (fee > total) return parts;
  const base = Math.floor(fee / gross.length);
  let rest = fee - base * gross.length;
  for (let k = 0; k < gross.length; k++) {
    const take = Math.min(rest, gross[k] - base);
    parts[k] = base + take;
    rest -= take;
  }
  return parts;
}

export interface PlannedReceivable {
  role: 'MERCHANT' | 'ORGANIZATION';
  installment: number;
  installments: number;
  payment_date: CivilDate;
  gross_amount: number;
  fee_amount: number;
  anticipation_fee_amount: number;
  net_amount: number;
  /** PIX receivables are created PAID with no settlement. */
  status: 'PENDING' | 'PAID';
}

/**
 * The receivables an approval creates (M2): one per installment for the merchant (gross - fee) and, when the
 * fee is above 0, one per installment for the organization (the fee share as gross and net, fee 0).
 * `amount` is the captured amount (a partial capture schedules on it, with its fee evaluated again).
 */
export function planReceivables(input: {
  method: PaymentMethod;
  capturedAt: Date;
  amount: number;
  fee: number;
  installments: number;
}): PlannedReceivable[] {
  const n = input.method === 'CREDIT_CARD' ? input.installments : 1;
  const captureDate = saoPauloDate(input.capturedAt);
  const gross = splitInstallments(input.amount, n);
  const fees = splitFees(input.fee, gross);
  const status = input.method === 'PIX' ? 'PAID' : 'PENDING';
  const out: PlannedReceivable[] = [];
  for (let k = 1; k <= n; k++) {
    const payment_date = paymentDate(input.method, captureDate, k);
    const [g, f] = [gross[k - 1], fees[k - 1]];
    out.push({
      role: 'MERCHANT',
      installment: k,
      installments: n,
      payment_date,
      gross_amount: g,
      fee_amount: f,
      anticipation_fee_amount: 0,
      net_amount: g - f,
      status,
    });
    if (input.fee > 0) {
      out.push({
        role: 'ORGANIZATION',
        installment: k,
        installments: n,
        payment_date,
        gross_amount: f,
        fee_amount: 0,
        anticipation_fee_amount: 0,
        net_amount: f,
        status,
      });
    }
  }
  return out;
}

/** Settlement of a date runs at 03:00 UTC of that date (M2). */
export const settlementInstant = (date: CivilDate): Date => new Date(fromCivil(date) + 3 * 3_600_000);
