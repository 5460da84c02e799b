import type { PaymentMethod } from './payment-methods.js';
import { type CivilDate, addDays, nextBusinessDay, rollForward, saoPauloDate } from './business-calendar.js';
import { must } from './must.js';

/** money.md M2: when an approved transaction's money reaches the merchant (the calendar: src/domain). */

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
  return Array.from({ length: n }, (_, k) => (k === 0 ? base + (total - base * n) : base));
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
  for (const [k, g] of gross.entries()) {
    const take = Math.min(rest, g - base);
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
  for (const [i, g] of gross.entries()) {
    const k = i + 1;
    const payment_date = paymentDate(input.method, captureDate, k);
    const f = must(fees[i], 'splitFees answers one fee per installment');
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
