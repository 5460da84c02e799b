/**
 * The business calendar of money.md M2 (São Paulo dates, Brazil's national holidays). Dates are calendar dates
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

/** Settlement of a date runs at 03:00 UTC of that date (M2). */
export const settlementInstant = (date: CivilDate): Date => new Date(fromCivil(date) + 3 * 3_600_000);
