import { defineStateMachine } from '../../kernel/state-machine.js';

/**
 * Pure rules of cashouts (money.md M5): the status table, returns (window, ceiling, status after), the
 * sandbox's magic amounts, and automatic cashouts (slots of a transfer configuration, the amount). No I/O.
 */

export const CASHOUT_STATUSES = ['PENDING', 'COMPLETED', 'PARTIALLY_RETURNED', 'RETURNED', 'FAILED'] as const;
export type CashoutStatusName = (typeof CASHOUT_STATUSES)[number];

/** PENDING while the provider has not answered; FAILED and RETURNED are terminal. */
export const cashoutStates = defineStateMachine<CashoutStatusName>('Cashout', {
  PENDING: ['COMPLETED', 'FAILED'],
  COMPLETED: ['PARTIALLY_RETURNED', 'RETURNED'],
  PARTIALLY_RETURNED: ['PARTIALLY_RETURNED', 'RETURNED'],
  RETURNED: [],
  FAILED: [],
});

export const RETURN_REASONS = ['RETURNED_BY_RECEIVER', 'MED_FRAUDE', 'MED_OPERACIONAL'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const CASHOUT_ERROR_CODES = [
  'DESTINATION_ACCOUNT_CLOSED',
  'DESTINATION_KEY_NOT_FOUND',
  'DESTINATION_OWNER_MISMATCH',
  'PROVIDER_REJECTED',
  'PROVIDER_UNAVAILABLE',
] as const;
export type CashoutErrorCode = (typeof CASHOUT_ERROR_CODES)[number];

/** A provider's failure code in our vocabulary; anything else it says is PROVIDER_REJECTED. */
export function cashoutErrorCode(code: string | null | undefined): CashoutErrorCode {
  return (CASHOUT_ERROR_CODES as readonly string[]).includes(code ?? '')
    ? (code as CashoutErrorCode)
    : 'PROVIDER_REJECTED';
}

/** A return comes within 90 x 24 hours of completed_at. */
export const RETURN_WINDOW_MS = 90 * 24 * 3_600_000;

export type ReturnCheck =
  | { ok: true; status: 'PARTIALLY_RETURNED' | 'RETURNED'; returnedAmount: number }
  | { ok: false; reason: 'RETURN_WINDOW_CLOSED' | 'RETURN_EXCEEDS_AMOUNT' | 'NOT_RETURNABLE' };

/** Whether a return of `amount` is accepted now, and the cashout's status and returned total after it. */
export function checkReturn(
  c: { status: CashoutStatusName; amount: number; returnedAmount: number; completedAt: Date | null },
  amount: number,
  now: Date,
): ReturnCheck {
  if ((c.status !== 'COMPLETED' && c.status !== 'PARTIALLY_RETURNED') || !c.completedAt)
    return { ok: false, reason: 'NOT_RETURNABLE' };
  if (now.getTime() - c.completedAt.getTime() > RETURN_WINDOW_MS) return { ok: false, reason: 'RETURN_WINDOW_CLOSED' };
  const returnedAmount = c.returnedAmount + amount;
  if (amount < 1 || returnedAmount > c.amount) return { ok: false, reason: 'RETURN_EXCEEDS_AMOUNT' };
  return { ok: true, status: returnedAmount === c.amount ? 'RETURNED' : 'PARTIALLY_RETURNED', returnedAmount };
}

/** A return of half is rounded down. */
export const halfOf = (amount: number) => Math.floor(amount / 2);

/** SANDBOX_AUTOPILOT magic amounts (money.md M8), by the cents of the amount. */
export type SandboxScript =
  | { outcome: 'FAILED'; errorCode: 'DESTINATION_ACCOUNT_CLOSED' }
  | { outcome: 'COMPLETED'; returnAfterMs: number | null; returnAmount: number };
export const SANDBOX_RETURN_AFTER_MS = 3_600_000;
export function sandboxScript(amount: number): SandboxScript {
  const cents = amount % 100;
  if (cents === 91) return { outcome: 'FAILED', errorCode: 'DESTINATION_ACCOUNT_CLOSED' };
  if (cents === 92) return { outcome: 'COMPLETED', returnAfterMs: SANDBOX_RETURN_AFTER_MS, returnAmount: amount };
  if (cents === 93)
    return { outcome: 'COMPLETED', returnAfterMs: SANDBOX_RETURN_AFTER_MS, returnAmount: halfOf(amount) };
  return { outcome: 'COMPLETED', returnAfterMs: null, returnAmount: 0 };
}

// Automatic cashouts.

export interface TransferConfiguration {
  automatic_transfer_enabled?: boolean;
  transfer_frequency?: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  rail?: 'PIX';
  utc_hour_of_day?: number;
  day_of_week?: number | null;
  day_of_month?: number | null;
  min_balance?: number;
}

/** What an enabled configuration schedules; null when automatic cashouts are off or the configuration is incomplete. */
export interface Schedule {
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  hour: number;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  minBalance: number;
}

export function scheduleOf(config: TransferConfiguration | null | undefined): Schedule | null {
  if (!config?.automatic_transfer_enabled || !config.transfer_frequency || config.utc_hour_of_day === undefined)
    return null;
  const f = config.transfer_frequency;
  if (f === 'WEEKLY' && (config.day_of_week === undefined || config.day_of_week === null)) return null;
  if (f === 'MONTHLY' && (config.day_of_month === undefined || config.day_of_month === null)) return null;
  return {
    frequency: f,
    hour: config.utc_hour_of_day,
    dayOfWeek: f === 'WEEKLY' ? config.day_of_week! : null,
    dayOfMonth: f === 'MONTHLY' ? config.day_of_month! : null,
    minBalance: config.min_balance ?? 0,
  };
}

/** The problems of a configuration, each naming its field (money.md M5), for the request validation. */
export function configurationIssues(
  config: TransferConfiguration,
): { field: keyof TransferConfiguration; message: string }[] {
  const issues: { field: keyof TransferConfiguration; message: string }[] = [];
  const f = config.transfer_frequency;
  const has = (v: number | null | undefined) => v !== undefined && v !== null;
  if (config.automatic_transfer_enabled) {
    if (!f)
      issues.push({
        field: 'transfer_frequency',
        message: 'transfer_frequency is required when automatic transfers are enabled',
      });
    if (config.utc_hour_of_day === undefined)
      issues.push({
        field: 'utc_hour_of_day',
        message: 'utc_hour_of_day is required when automatic transfers are enabled',
      });
  }
  if (f === 'WEEKLY' && !has(config.day_of_week))
    issues.push({ field: 'day_of_week', message: 'day_of_week (0-6, 0 Sunday) is required for WEEKLY' });
  if (f === 'MONTHLY' && !has(config.day_of_month))
    issues.push({ field: 'day_of_month', message: 'day_of_month (1-31) is required for MONTHLY' });
  if (f !== 'WEEKLY' && has(config.day_of_week))
    issues.push({ field: 'day_of_week', message: `day_of_week must be null for ${f ?? 'no'} frequency` });
  if (f !== 'MONTHLY' && has(config.day_of_month))
    issues.push({ field: 'day_of_month', message: `day_of_month must be null for ${f ?? 'no'} frequency` });
  return issues;
}

const DAY_MS = 86_400_000;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** Whether the UTC day of `at` is one of the schedule's days (shorter months use their last day). */
export function isScheduledDay(s: Schedule, at: Date): boolean {
  if (s.frequency === 'DAILY') return true;
  if (s.frequency === 'WEEKLY') return at.getUTCDay() === s.dayOfWeek;
  const last = daysInMonth(at.getUTCFullYear(), at.getUTCMonth());
  return at.getUTCDate() === Math.min(s.dayOfMonth!, last);
}

/** Whether `at` is exactly one of the schedule's slots (HH:00:00.000 UTC on a scheduled day). */
export function isSlot(s: Schedule, at: Date): boolean {
  return at.getTime() % 3_600_000 === 0 && at.getUTCHours() === s.hour && isScheduledDay(s, at);
}

/** The first slot strictly after `after`. */
export function nextSlot(s: Schedule, after: Date): Date {
  const start = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), s.hour);
  // A month holds every day of the week and every (clamped) day of the month: 32 days always find one.
  for (let i = 0; i <= 32; i++) {
    const at = new Date(start + i * DAY_MS);
    if (at.getTime() > after.getTime() && isScheduledDay(s, at)) return at;
  }
  throw new Error('no slot within 32 days');
}

/** `schedule_slot` as returned and in `auto:{bank_account_id}:{slot}`: the slot's instant, whole seconds, UTC. */
export const slotName = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');
export const automaticRequestId = (bankAccountId: string, slot: Date) => `auto:${bankAccountId}:${slotName(slot)}`;

/** The amount an automatic cashout takes: what is above min_balance once the price is paid (< 1: none). */
export const automaticAmount = (available: number, minBalance: number, price: number) => available - minBalance - price;
