import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  automaticAmount,
  automaticRequestId,
  cashoutErrorCode,
  cashoutStates,
  checkReturn,
  configurationIssues,
  halfOf,
  isSlot,
  nextSlot,
  RETURN_WINDOW_MS,
  sandboxScript,
  scheduleOf,
  slotName,
  type Schedule,
} from './cashouts.rules.js';

const at = (iso: string) => new Date(iso);
const daily = (hour: number): Schedule => ({
  frequency: 'DAILY',
  hour,
  dayOfWeek: null,
  dayOfMonth: null,
  minBalance: 0,
});
const weekly = (hour: number, dayOfWeek: number): Schedule => ({
  frequency: 'WEEKLY',
  hour,
  dayOfWeek,
  dayOfMonth: null,
  minBalance: 0,
});
const monthly = (hour: number, dayOfMonth: number): Schedule => ({
  frequency: 'MONTHLY',
  hour,
  dayOfWeek: null,
  dayOfMonth,
  minBalance: 0,
});

describe('cashout states', () => {
  it.each([
    ['PENDING', 'COMPLETED', true],
    ['PENDING', 'FAILED', true],
    ['PENDING', 'RETURNED', false],
    ['COMPLETED', 'PARTIALLY_RETURNED', true],
    ['COMPLETED', 'RETURNED', true],
    ['COMPLETED', 'FAILED', false],
    ['PARTIALLY_RETURNED', 'PARTIALLY_RETURNED', true],
    ['PARTIALLY_RETURNED', 'RETURNED', true],
    ['FAILED', 'COMPLETED', false],
    ['RETURNED', 'PARTIALLY_RETURNED', false],
  ] as const)('%s -> %s is %s', (from, to, ok) => {
    expect(cashoutStates.can(from, to)).toBe(ok);
  });
  it('FAILED and RETURNED are terminal', () => {
    expect(cashoutStates.isTerminal('FAILED')).toBe(true);
    expect(cashoutStates.isTerminal('RETURNED')).toBe(true);
    expect(cashoutStates.isTerminal('COMPLETED')).toBe(false);
  });
});

describe('returns', () => {
  const completedAt = at('2026-01-01T00:00:00Z');
  const c = { status: 'COMPLETED' as const, amount: 1000, returnedAmount: 0, completedAt };
  it.each([
    [{ ...c }, 400, 0, { ok: true, status: 'PARTIALLY_RETURNED', returnedAmount: 400 }],
    [{ ...c }, 1000, 0, { ok: true, status: 'RETURNED', returnedAmount: 1000 }],
    [
      { ...c, status: 'PARTIALLY_RETURNED' as const, returnedAmount: 600 },
      400,
      0,
      { ok: true, status: 'RETURNED', returnedAmount: 1000 },
    ],
    [
      { ...c, status: 'PARTIALLY_RETURNED' as const, returnedAmount: 600 },
      401,
      0,
      { ok: false, reason: 'RETURN_EXCEEDS_AMOUNT' },
    ],
    [{ ...c }, 1, RETURN_WINDOW_MS, { ok: true, status: 'PARTIALLY_RETURNED', returnedAmount: 1 }],
    [{ ...c }, 1, RETURN_WINDOW_MS + 1, { ok: false, reason: 'RETURN_WINDOW_CLOSED' }],
    [{ ...c, status: 'PENDING' as const, completedAt: null }, 1, 0, { ok: false, reason: 'NOT_RETURNABLE' }],
    [{ ...c, status: 'FAILED' as const }, 1, 0, { ok: false, reason: 'NOT_RETURNABLE' }],
  ])('%o return %d after %d ms', (cashout, amount, after, expected) => {
    expect(checkReturn(cashout, amount, new Date(completedAt.getTime() + after))).toEqual(expected);
  });

  it('never lets the returns exceed the amount, whatever the sequence', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 20 }),
        (amount, tries) => {
          let state = {
            status: 'COMPLETED' as 'COMPLETED' | 'PARTIALLY_RETURNED' | 'RETURNED',
            amount,
            returnedAmount: 0,
            completedAt,
          };
          for (const r of tries) {
            const check = checkReturn(state, r, completedAt);
            if (check.ok) state = { ...state, status: check.status, returnedAmount: check.returnedAmount };
            expect(state.returnedAmount).toBeLessThanOrEqual(amount);
            expect(state.status === 'RETURNED').toBe(state.returnedAmount === amount);
          }
        },
      ),
    );
  });

  it('a return of half is rounded down', () => {
    expect(halfOf(1093)).toBe(546);
    expect(halfOf(1092)).toBe(546);
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e12 }), (n) => halfOf(n) * 2 <= n && halfOf(n) * 2 >= n - 1));
  });
});

describe('sandbox magic amounts', () => {
  it.each([
    [1091, { outcome: 'FAILED', errorCode: 'DESTINATION_ACCOUNT_CLOSED' }],
    [1092, { outcome: 'COMPLETED', returnAfterMs: 3_600_000, returnAmount: 1092 }],
    [1093, { outcome: 'COMPLETED', returnAfterMs: 3_600_000, returnAmount: 546 }],
    [1090, { outcome: 'COMPLETED', returnAfterMs: null, returnAmount: 0 }],
    [91, { outcome: 'FAILED', errorCode: 'DESTINATION_ACCOUNT_CLOSED' }],
  ])('%d', (amount, script) => expect(sandboxScript(amount)).toEqual(script));

  it('maps provider codes to M5 error codes', () => {
    expect(cashoutErrorCode('DESTINATION_ACCOUNT_CLOSED')).toBe('DESTINATION_ACCOUNT_CLOSED');
    expect(cashoutErrorCode('SOMETHING_ELSE')).toBe('PROVIDER_REJECTED');
    expect(cashoutErrorCode(null)).toBe('PROVIDER_REJECTED');
  });
});

describe('slots', () => {
  it.each([
    ['daily, later today', daily(10), '2026-03-04T09:30:00Z', '2026-03-04T10:00:00Z'],
    ['daily, exactly on a slot gives the next', daily(10), '2026-03-04T10:00:00Z', '2026-03-05T10:00:00Z'],
    ['daily, weekends included', daily(0), '2026-03-07T12:00:00Z', '2026-03-08T00:00:00Z'],
    ['weekly on Sunday', weekly(8, 0), '2026-03-04T00:00:00Z', '2026-03-08T08:00:00Z'],
    ['weekly on the same day, past the hour', weekly(8, 3), '2026-03-04T09:00:00Z', '2026-03-11T08:00:00Z'],
    ['monthly on the 31st in February: its last day', monthly(23, 31), '2026-02-01T00:00:00Z', '2026-02-28T23:00:00Z'],
    ['monthly on the 31st in a leap February', monthly(23, 31), '2028-02-01T00:00:00Z', '2028-02-29T23:00:00Z'],
    ['monthly on the 31st in April: the 30th', monthly(5, 31), '2026-04-15T00:00:00Z', '2026-04-30T05:00:00Z'],
    ['monthly across the year', monthly(5, 15), '2026-12-20T00:00:00Z', '2027-01-15T05:00:00Z'],
  ])('%s', (_name, schedule, after, expected) => {
    expect(nextSlot(schedule, at(after)).toISOString()).toBe(at(expected).toISOString());
  });

  const schedules = fc.oneof(
    fc.integer({ min: 0, max: 23 }).map(daily),
    fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 6 })).map(([h, d]) => weekly(h, d)),
    fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 31 })).map(([h, d]) => monthly(h, d)),
  );
  const instants = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }).map((ms) => new Date(ms));

  it('the next slot is a slot, after the instant, and no slot lies between', () => {
    fc.assert(
      fc.property(schedules, instants, (s, after) => {
        const next = nextSlot(s, after);
        expect(next.getTime()).toBeGreaterThan(after.getTime());
        expect(isSlot(s, next)).toBe(true);
        for (let h = Math.floor(after.getTime() / 3_600_000) + 1; h * 3_600_000 < next.getTime(); h++) {
          expect(isSlot(s, new Date(h * 3_600_000))).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('names a slot in whole seconds and builds the automatic request_id from it', () => {
    const slot = at('2026-03-04T10:00:00Z');
    expect(slotName(slot)).toBe('2026-03-04T10:00:00Z');
    expect(automaticRequestId('acc', slot)).toBe('auto:acc:2026-03-04T10:00:00Z');
  });
});

describe('automatic amounts and configurations', () => {
  it.each([
    [10_000, 0, 0, 10_000],
    [10_000, 2_000, 150, 7_850],
    [100, 100, 0, 0],
    [100, 50, 60, -10],
  ])('available %d, min %d, price %d -> %d', (available, min, price, amount) =>
    expect(automaticAmount(available, min, price)).toBe(amount),
  );

  it('an automatic cashout never leaves less than min_balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e6 }),
        (available, min, price) => {
          const amount = automaticAmount(available, min, price);
          if (amount >= 1) expect(available - amount - price).toBe(min);
        },
      ),
    );
  });

  it.each([
    [{ automatic_transfer_enabled: true, transfer_frequency: 'DAILY', utc_hour_of_day: 3 }, []],
    [{ automatic_transfer_enabled: true, transfer_frequency: 'WEEKLY', utc_hour_of_day: 3 }, ['day_of_week']],
    [
      {
        automatic_transfer_enabled: true,
        transfer_frequency: 'WEEKLY',
        utc_hour_of_day: 3,
        day_of_week: 2,
        day_of_month: 4,
      },
      ['day_of_month'],
    ],
    [
      {
        automatic_transfer_enabled: true,
        transfer_frequency: 'MONTHLY',
        utc_hour_of_day: 3,
        day_of_month: 31,
        day_of_week: null,
      },
      [],
    ],
    [
      { automatic_transfer_enabled: true, transfer_frequency: 'DAILY', utc_hour_of_day: 3, day_of_week: 1 },
      ['day_of_week'],
    ],
    [{ automatic_transfer_enabled: true }, ['transfer_frequency', 'utc_hour_of_day']],
    [{ automatic_transfer_enabled: false }, []],
  ] as const)('%o -> issues on %o', (config, fields) => {
    expect(configurationIssues(config as never).map((i) => i.field)).toEqual(fields);
  });

  it('schedules only enabled, complete configurations', () => {
    expect(scheduleOf(null)).toBeNull();
    expect(
      scheduleOf({ automatic_transfer_enabled: false, transfer_frequency: 'DAILY', utc_hour_of_day: 1 }),
    ).toBeNull();
    expect(
      scheduleOf({ automatic_transfer_enabled: true, transfer_frequency: 'DAILY', utc_hour_of_day: 1, min_balance: 5 }),
    ).toEqual({ ...daily(1), minBalance: 5 });
  });
});
