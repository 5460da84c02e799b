import { addDays, rollForward, type CivilDate } from '../../domain/business-calendar.js';

/**
 * Due-date PIX (providers.md R3.4): the last payable date and the amount due on a payment date, computed in
 * integers exactly as every API Pix PSP computes them for the modes the platform offers. Percentages are
 * integers `P` = percent × 100 (2.5 % is 250); `round` is round-half-up; dates are São Paulo calendar dates
 * and business days are money.md M2's (the calendar of src/domain/receivables-schedule.ts).
 */
export type Fine = { mode: 'FIXED' | 'PERCENTAGE'; value: number };
export type Interest = { mode: 'FIXED_PER_DAY' | 'PERCENTAGE_PER_DAY' | 'PERCENTAGE_PER_MONTH'; value: number };
export type DiscountTier = { until: CivilDate; value: number };
export type Discount =
  | { mode: 'FIXED_UNTIL_DATE' | 'PERCENTAGE_UNTIL_DATE'; tiers: readonly DiscountTier[] }
  | { mode: 'FIXED_PER_DAY_IN_ADVANCE' | 'PERCENTAGE_PER_DAY_IN_ADVANCE'; value: number };

export interface DueDateTerms {
  /** `A`, cents. */
  amount: number;
  /** `V`. */
  dueDate: CivilDate;
  daysAfterDue: number;
  fine: Fine | null;
  interest: Interest | null;
  discount: Discount | null;
}

export interface AmountDue {
  date: CivilDate;
  payable: boolean;
  originalAmount: number;
  discountAmount: number;
  fineAmount: number;
  interestAmount: number;
  /** Null when not payable on `date`. */
  amountDue: number | null;
  lastPayableDate: CivilDate;
}

const DAY_MS = 86_400_000;
/** Calendar days from `a` to `b` (negative when `b` is earlier). */
export const daysBetween = (a: CivilDate, b: CivilDate): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** round(n / d) half up, for non-negative integers, without floating point (BigInt: A × P × d can pass 2^53). */
export function roundDiv(n: bigint, d: bigint): number {
  return Number((2n * n + d) / (2n * d));
}

/** `V'`: the due date, or the next business day when it is not one. */
export const effectiveDueDate = (terms: Pick<DueDateTerms, 'dueDate'>): CivilDate => rollForward(terms.dueDate);

/** `L` = `V'` + `days_after_due`, moved to the next business day (the document's `validadeAposVencimento` rule). */
export const lastPayableDate = (terms: Pick<DueDateTerms, 'dueDate' | 'daysAfterDue'>): CivilDate =>
  rollForward(addDays(effectiveDueDate(terms), terms.daysAfterDue));

export function discountOn(terms: DueDateTerms, date: CivilDate): number {
  const { amount: A, discount } = terms;
  if (!discount) return 0;
  let value: number;
  switch (discount.mode) {
    case 'FIXED_UNTIL_DATE':
    case 'PERCENTAGE_UNTIL_DATE': {
      const tier = discount.tiers.find((t) => date <= t.until);
      if (!tier) return 0;
      value = discount.mode === 'FIXED_UNTIL_DATE' ? tier.value : roundDiv(BigInt(A) * BigInt(tier.value), 10_000n);
      break;
    }
    case 'FIXED_PER_DAY_IN_ADVANCE':
    case 'PERCENTAGE_PER_DAY_IN_ADVANCE': {
      const a = Math.max(0, daysBetween(date, terms.dueDate));
      value =
        discount.mode === 'FIXED_PER_DAY_IN_ADVANCE'
          ? discount.value * a
          : roundDiv(BigInt(A) * BigInt(discount.value) * BigInt(a), 10_000n);
      break;
    }
  }
  return Math.min(value, A - 1);
}

export function fineOf(terms: DueDateTerms): number {
  if (!terms.fine) return 0;
  return terms.fine.mode === 'FIXED'
    ? terms.fine.value
    : roundDiv(BigInt(terms.amount) * BigInt(terms.fine.value), 10_000n);
}

export function interestOn(terms: DueDateTerms, date: CivilDate): number {
  const { interest } = terms;
  if (!interest) return 0;
  // d counts from V (not V'): the boleto practice; a payment on V' itself is on time and pays none.
  const d = BigInt(Math.max(0, daysBetween(terms.dueDate, date)));
  const A = BigInt(terms.amount);
  const P = BigInt(interest.value);
  switch (interest.mode) {
    case 'FIXED_PER_DAY':
      return interest.value * Number(d);
    case 'PERCENTAGE_PER_DAY':
      return roundDiv(A * P * d, 10_000n);
    case 'PERCENTAGE_PER_MONTH':
      return roundDiv(A * P * d, 300_000n);
  }
}

/** What is due on `date` (R3.4). */
export function amountDueOn(terms: DueDateTerms, date: CivilDate): AmountDue {
  const last = lastPayableDate(terms);
  const base = { date, originalAmount: terms.amount, lastPayableDate: last };
  if (date > last)
    return { ...base, payable: false, discountAmount: 0, fineAmount: 0, interestAmount: 0, amountDue: null };
  if (date <= effectiveDueDate(terms)) {
    const discountAmount = discountOn(terms, date);
    return {
      ...base,
      payable: true,
      discountAmount,
      fineAmount: 0,
      interestAmount: 0,
      amountDue: terms.amount - discountAmount,
    };
  }
  const fineAmount = fineOf(terms);
  const interestAmount = interestOn(terms, date);
  return {
    ...base,
    payable: true,
    discountAmount: 0,
    fineAmount,
    interestAmount,
    amountDue: terms.amount + fineAmount + interestAmount,
  };
}
