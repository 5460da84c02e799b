import type { TransactionPixDueJson } from '../../../db/schema/index.js';
import type { ValidationIssue } from '../../../kernel/errors.js';
import type { Debtor } from '../../../providers/pix-api-bcb/bodies.js';
import {
  amountDueOn,
  lastPayableDate,
  type AmountDue,
  type Discount,
  type DueDateTerms,
  type Fine,
  type Interest,
} from '../../../providers/pix-api-bcb/due-date.rules.js';
import { addDays, settlementInstant, type CivilDate } from '../../../domain/business-calendar.js';

/**
 * Due-date PIX input (providers.md R3.4), pure: the `pix` fields of a create checked exactly as the contract
 * lists them, the terms the amount-due rules (`due-date.rules.ts`) take, and the `pix.due` shown on the
 * transaction. Values are kept as the merchant sent them (a percentage 2.5 stays 2.5); the terms carry
 * integers (cents, or percent × 100) converted without floating point.
 */
export const FINE_MODES = ['FIXED', 'PERCENTAGE'] as const;
export const INTEREST_MODES = ['FIXED_PER_DAY', 'PERCENTAGE_PER_DAY', 'PERCENTAGE_PER_MONTH'] as const;
export const DISCOUNT_MODES = [
  'FIXED_UNTIL_DATE',
  'PERCENTAGE_UNTIL_DATE',
  'FIXED_PER_DAY_IN_ADVANCE',
  'PERCENTAGE_PER_DAY_IN_ADVANCE',
] as const;
export const DAYS_AFTER_DUE_DEFAULT = 30;

export interface PixDueInput {
  due_date?: CivilDate;
  days_after_due?: number;
  fine?: { mode: Fine['mode']; value: number } | null;
  interest?: { mode: Interest['mode']; value: number } | null;
  discount?: { mode: Discount['mode']; value?: number; tiers?: Array<{ until: CivilDate; value: number }> } | null;
  debtor?: DebtorJson;
}
export interface DebtorJson {
  name: string;
  document_number: string;
  email?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
}

/** `pix.due` as stored and shown (without `amount_due_today`, which depends on the day it is read). */
export type PixDueJson = TransactionPixDueJson;

const issue = (
  field: string,
  type: ValidationIssue['type'],
  message: string,
  extra: Partial<ValidationIssue> = {},
): ValidationIssue => ({ field, type, message, ...extra });

/** A percentage with at most 2 decimals as an integer of hundredths (2.5 -> 250); null when it has more. */
export function hundredths(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(value));
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** Cents `min`..`max` (integers). */
function centsIssues(field: string, value: number, min: number, max: number | null): ValidationIssue[] {
  if (!Number.isInteger(value)) return [issue(field, 'INVALID_TYPE', 'must be an integer of cents', { value })];
  if (value < min) return [issue(field, 'TOO_SMALL', `must be at least ${min}`, { value, constraints: { min } })];
  if (max !== null && value > max)
    return [issue(field, 'TOO_LARGE', `must be at most ${max}`, { value, constraints: { max } })];
  return [];
}

/** A percentage `min`..`max` (in hundredths) with at most two decimals, checked on its decimal digits. */
function percentIssues(field: string, value: number, min: number, max: number): ValidationIssue[] {
  const p = hundredths(value);
  if (p === null && Number.isFinite(value) && value >= 0)
    return [issue(field, 'INVALID_FORMAT', 'a percentage has at most 2 decimals', { value })];
  if (p === null || p < min)
    return [issue(field, 'TOO_SMALL', `must be at least ${min / 100}`, { value, constraints: { min: min / 100 } })];
  if (p > max)
    return [issue(field, 'TOO_LARGE', `must be at most ${max / 100}`, { value, constraints: { max: max / 100 } })];
  return [];
}

const isFixed = (mode: string) => mode.startsWith('FIXED');

/**
 * R3.4's checks of the due-date fields (the schema has checked each field's own shape). `today` is the
 * organization clock's São Paulo date; `customer` is the create's, which stands in for a missing debtor.
 */
export function pixDueIssues(
  pix: PixDueInput,
  amount: number,
  today: CivilDate,
  customer: { name?: string; document_number?: string } | undefined,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const due = pix.due_date;
  if (due === undefined) {
    for (const field of ['days_after_due', 'fine', 'interest', 'discount', 'debtor'] as const) {
      if (pix[field] !== undefined)
        issues.push(issue('pix.due_date', 'REQUIRED', `pix.${field} belongs to a due-date PIX: send pix.due_date`));
    }
    return issues.slice(0, 1);
  }
  const max = addDays(today, 365);
  if (due < today)
    issues.push(
      issue('pix.due_date', 'TOO_SMALL', 'due_date may not be in the past', {
        value: due,
        constraints: { min: today },
      }),
    );
  else if (due > max)
    issues.push(
      issue('pix.due_date', 'TOO_LARGE', 'due_date is at most 365 days ahead', { value: due, constraints: { max } }),
    );
  if (pix.days_after_due !== undefined) {
    const d = pix.days_after_due;
    if (!Number.isInteger(d))
      issues.push(issue('pix.days_after_due', 'INVALID_TYPE', 'must be an integer', { value: d }));
    else if (d < 0 || d > 365)
      issues.push(
        issue('pix.days_after_due', d < 0 ? 'TOO_SMALL' : 'TOO_LARGE', 'must be within 0-365', {
          value: d,
          constraints: { min: 0, max: 365 },
        }),
      );
  }
  if (pix.fine) {
    const f = pix.fine;
    issues.push(
      ...(f.mode === 'FIXED'
        ? centsIssues('pix.fine.value', f.value, 1, amount)
        : percentIssues('pix.fine.value', f.value, 1, 10_000)),
    );
  }
  if (pix.interest) {
    const i = pix.interest;
    issues.push(
      ...(isFixed(i.mode)
        ? centsIssues('pix.interest.value', i.value, 1, null)
        : percentIssues('pix.interest.value', i.value, 1, 10_000)),
    );
  }
  if (pix.discount) issues.push(...discountIssues(pix.discount, amount, due));
  if (!pix.debtor && !(customer?.name && customer.document_number)) {
    issues.push(
      issue(
        'pix.debtor',
        'REQUIRED',
        'a due-date PIX names its debtor: pix.debtor, or customer.name and customer.document_number',
      ),
    );
  }
  return issues;
}

function discountIssues(d: NonNullable<PixDueInput['discount']>, amount: number, due: CivilDate): ValidationIssue[] {
  const fixed = isFixed(d.mode);
  if (d.mode === 'FIXED_UNTIL_DATE' || d.mode === 'PERCENTAGE_UNTIL_DATE') {
    if (d.value !== undefined)
      return [issue('pix.discount.value', 'UNKNOWN_FIELD', `${d.mode} takes tiers, not a value`)];
    const tiers = d.tiers;
    if (!tiers) return [issue('pix.discount.tiers', 'REQUIRED', `${d.mode} takes 1 to 3 tiers`)];
    if (tiers.length < 1)
      return [issue('pix.discount.tiers', 'TOO_SMALL', 'at least 1 tier', { constraints: { min: 1 } })];
    if (tiers.length > 3)
      return [issue('pix.discount.tiers', 'TOO_LARGE', 'at most 3 tiers', { constraints: { max: 3 } })];
    const out: ValidationIssue[] = [];
    tiers.forEach((t, i) => {
      const field = `pix.discount.tiers.${i}`;
      out.push(
        ...(fixed
          ? centsIssues(`${field}.value`, t.value, 1, amount - 1)
          : percentIssues(`${field}.value`, t.value, 1, 9_999)),
      );
      if (t.until > due)
        out.push(
          issue(`${field}.until`, 'INVALID_FORMAT', 'a discount tier ends at most on the due date', { value: t.until }),
        );
      else if (i > 0 && t.until <= tiers[i - 1].until)
        out.push(issue(`${field}.until`, 'INVALID_FORMAT', 'tier dates are strictly increasing', { value: t.until }));
    });
    return out;
  }
  if (d.tiers !== undefined)
    return [issue('pix.discount.tiers', 'UNKNOWN_FIELD', `${d.mode} takes a value, not tiers`)];
  if (d.value === undefined) return [issue('pix.discount.value', 'REQUIRED', `${d.mode} takes a value`)];
  return fixed
    ? centsIssues('pix.discount.value', d.value, 1, null)
    : percentIssues('pix.discount.value', d.value, 1, 9_999);
}

/** What a valid due-date input stores (defaults applied; the debtor from the customer when absent). */
export function pixDueOf(
  pix: PixDueInput & { due_date: CivilDate },
  customer: { name?: string; document_number?: string } | undefined,
): PixDueJson {
  const days = pix.days_after_due ?? DAYS_AFTER_DUE_DEFAULT;
  const d = pix.debtor;
  const debtor = d
    ? {
        name: d.name,
        document_number: d.document_number,
        email: d.email ?? null,
        street: d.street ?? null,
        city: d.city ?? null,
        state: d.state ?? null,
        zipcode: d.zipcode ?? null,
      }
    : {
        name: customer!.name!,
        document_number: customer!.document_number!,
        email: null,
        street: null,
        city: null,
        state: null,
        zipcode: null,
      };
  return {
    due_date: pix.due_date,
    days_after_due: days,
    last_payable_date: lastPayableDate({ dueDate: pix.due_date, daysAfterDue: days }),
    fine: pix.fine ?? null,
    interest: pix.interest ?? null,
    discount: pix.discount ?? null,
    debtor,
  };
}

/** The integers the amount-due rules take: cents stay cents, percentages become hundredths. */
export function termsOf(amount: number, due: PixDueJson): DueDateTerms {
  const units = (mode: string, value: number) => (isFixed(mode) ? value : hundredths(value)!);
  const discount: Discount | null = !due.discount
    ? null
    : due.discount.tiers
      ? {
          mode: due.discount.mode as 'FIXED_UNTIL_DATE' | 'PERCENTAGE_UNTIL_DATE',
          tiers: due.discount.tiers.map((t) => ({ until: t.until, value: units(due.discount!.mode, t.value) })),
        }
      : {
          mode: due.discount.mode as 'FIXED_PER_DAY_IN_ADVANCE' | 'PERCENTAGE_PER_DAY_IN_ADVANCE',
          value: units(due.discount.mode, due.discount.value!),
        };
  return {
    amount,
    dueDate: due.due_date,
    daysAfterDue: due.days_after_due,
    fine: due.fine ? { mode: due.fine.mode, value: units(due.fine.mode, due.fine.value) } : null,
    interest: due.interest ? { mode: due.interest.mode, value: units(due.interest.mode, due.interest.value) } : null,
    discount,
  };
}

/** The debtor as the connector takes it. */
export const debtorOf = (due: PixDueJson): Debtor | null =>
  due.debtor
    ? {
        name: due.debtor.name,
        documentNumber: due.debtor.document_number,
        email: due.debtor.email,
        street: due.debtor.street,
        city: due.debtor.city,
        state: due.debtor.state,
        zipcode: due.debtor.zipcode,
      }
    : null;

/** `pix.expires_at` of a due-date PIX: the end of `L` in São Paulo (23:59:59.999). */
export const dueExpiresAt = (due: Pick<PixDueJson, 'last_payable_date'>): Date =>
  new Date(settlementInstant(addDays(due.last_payable_date, 1)).getTime() - 1);

/** The amount due on `date` (São Paulo) of a due-date PIX of `amount`. */
export const amountDue = (amount: number, due: PixDueJson, date: CivilDate): AmountDue =>
  amountDueOn(termsOf(amount, due), date);
