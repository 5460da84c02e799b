/**
 * Automatic cashout schedules (money.md M5): a merchant's transfer_configurations, what it schedules and its slots.
 * Pure rules shared by the company settings (validation, scheduling the first slot) and the cashouts area (the slot
 * job), so neither area imports the other for them.
 */

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
    dayOfWeek: f === 'WEEKLY' ? (config.day_of_week ?? null) : null,
    dayOfMonth: f === 'MONTHLY' ? (config.day_of_month ?? null) : null,
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
  return at.getUTCDate() === Math.min(s.dayOfMonth ?? last, last);
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
