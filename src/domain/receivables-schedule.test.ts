import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  easterSunday,
  isBusinessDay,
  nationalHolidays,
  nextBusinessDay,
  rollForward,
  saoPauloDate,
  settlementInstant,
} from './business-calendar.js';
import { paymentDate, planReceivables, splitInstallments } from './receivables-schedule.js';

const civil = fc
  .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));

describe('Easter and the movable holidays', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2019, '2019-04-21'], // Easter on Tiradentes
    [2000, '2000-04-23'],
    [2038, '2038-04-25'], // the latest possible date
    [2285, '2285-03-22'], // the earliest possible date
  ])('Easter %s is %s', (year, date) => expect(easterSunday(year)).toBe(date));

  it.each([
    [2024, ['2024-02-12', '2024-02-13', '2024-03-29', '2024-05-30']],
    [2025, ['2025-03-03', '2025-03-04', '2025-04-18', '2025-06-19']],
    [2026, ['2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04']],
  ])('%s: Carnival Monday and Tuesday, Good Friday, Corpus Christi', (year, dates) => {
    for (const d of dates) expect(nationalHolidays(year).has(d)).toBe(true);
    expect(nationalHolidays(year).size).toBe(13);
  });

  it('Easter is always a Sunday between March 22 and April 25', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 4099 }), (year) => {
        const easter = easterSunday(year);
        expect(new Date(`${easter}T00:00:00Z`).getUTCDay()).toBe(0);
        expect(easter.slice(5) >= '03-22' && easter.slice(5) <= '04-25').toBe(true);
      }),
    );
  });
});

describe('business days', () => {
  it.each([
    ['2026-11-20', false], // Black Consciousness Day (Friday)
    ['2026-11-19', true],
    ['2025-12-25', false],
    ['2026-03-14', false], // Saturday
    ['2026-03-16', true],
    ['2024-02-13', false], // Carnival Tuesday
    ['2024-02-14', true], // Ash Wednesday is a business day nationally
  ])('%s business: %s', (date, ok) => expect(isBusinessDay(date)).toBe(ok));

  it('rolled dates are business days, never earlier, at most a week later', () => {
    fc.assert(
      fc.property(civil, (date) => {
        const rolled = rollForward(date);
        expect(isBusinessDay(rolled)).toBe(true);
        expect(rolled >= date).toBe(true);
        expect(rolled <= addDays(date, 7)).toBe(true);
        if (isBusinessDay(date)) expect(rolled).toBe(date);
        expect(nextBusinessDay(date) > date).toBe(true);
      }),
    );
  });
});

describe('schedule (M2)', () => {
  it.each([
    ['PIX', '2026-04-04', 1, '2026-04-04'], // at once, even on a Saturday
    ['DEBIT_CARD', '2025-04-17', 1, '2025-04-22'], // Good Friday, the weekend, Tiradentes
    ['DEBIT_CARD', '2026-03-16', 1, '2026-03-17'], // the next business day even after a business day
    ['CREDIT_CARD', '2026-01-17', 1, '2026-02-18'], // +30 = Carnival Monday, rolled past Tuesday
    ['CREDIT_CARD', '2026-01-10', 2, '2026-03-11'],
    ['CREDIT_CARD', '2025-10-21', 1, '2025-11-21'], // +30 = Thursday November 20, a holiday
    ['CREDIT_CARD', '2026-03-16', 12, '2027-03-11'], // +360 days, a Thursday
  ] as const)('%s captured %s installment %s pays %s', (method, capture, k, date) => {
    expect(paymentDate(method, capture, k)).toBe(date);
  });

  it('the capture date is the São Paulo date', () => {
    expect(saoPauloDate(new Date('2026-01-10T02:59:59Z'))).toBe('2026-01-09');
    expect(saoPauloDate(new Date('2026-01-10T03:00:00Z'))).toBe('2026-01-10');
    // Summer time (UTC-2) until 2019: a fixed UTC-3 would say November 30.
    expect(saoPauloDate(new Date('2018-12-01T02:30:00Z'))).toBe('2018-12-01');
  });

  it("the São Paulo date of the last hour asked is the formatter's, whatever the order of instants (DST years too)", () => {
    const icu = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const instant = fc.oneof(
      fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
      // around local midnights and the 2010s transitions, minute by minute
      fc.integer({ min: Date.UTC(2017, 9, 14, 0), max: Date.UTC(2017, 9, 16, 0) }),
      fc.integer({ min: Date.UTC(2018, 1, 17, 0), max: Date.UTC(2018, 1, 19, 0) }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(instant, fc.integer({ min: 0, max: 7_200_000 })), { minLength: 1, maxLength: 20 }),
        (list) => {
          for (const [ms, step] of list)
            for (const at of [ms, ms + step, ms - step]) expect(saoPauloDate(new Date(at))).toBe(icu.format(at));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('settlement of a date runs at 03:00 UTC', () =>
    expect(settlementInstant('2026-02-18').toISOString()).toBe('2026-02-18T03:00:00.000Z'));
});

describe('installment split', () => {
  it.each([
    [1000, 3, [334, 333, 333]],
    [10, 12, [10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    [100, 1, [100]],
    [0, 4, [0, 0, 0, 0]],
  ])('%s in %s -> %o', (total, n, parts) => expect(splitInstallments(total, n)).toEqual(parts));

  it('sums are preserved, parts differ by the remainder only on installment 1', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e12 }), fc.integer({ min: 1, max: 12 }), (total, n) => {
        const parts = splitInstallments(total, n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        for (const p of parts.slice(1)) expect(p).toBe(Math.floor(total / n));
        expect(parts[0]! - parts[1 % n]!).toBeLessThan(n);
      }),
    );
  });

  it('a credit plan: merchant and organization receivables per installment, on business days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 1, max: 12 }),
        fc.nat({ max: 100 }),
        (ms, amount, n, feePercent) => {
          const fee = Math.floor((amount * feePercent) / 1000);
          const plan = planReceivables({
            method: 'CREDIT_CARD',
            capturedAt: new Date(ms),
            amount,
            fee,
            installments: n,
          });
          const merchant = plan.filter((r) => r.role === 'MERCHANT');
          const org = plan.filter((r) => r.role === 'ORGANIZATION');
          expect(merchant).toHaveLength(n);
          expect(org).toHaveLength(fee > 0 ? n : 0);
          expect(merchant.reduce((s, r) => s + r.gross_amount, 0)).toBe(amount);
          expect(merchant.reduce((s, r) => s + r.net_amount + r.fee_amount, 0)).toBe(amount);
          expect(org.reduce((s, r) => s + r.net_amount, 0)).toBe(fee);
          for (const r of plan) expect(isBusinessDay(r.payment_date)).toBe(true);
          for (let k = 1; k < n; k++) expect(merchant[k]!.payment_date > merchant[k - 1]!.payment_date).toBe(true);
        },
      ),
    );
  });

  const credit = (amount: number, fee: number, installments: number) =>
    planReceivables({ method: 'CREDIT_CARD', capturedAt: new Date('2026-03-02T15:00:00Z'), amount, fee, installments });
  const merchantSplit = (amount: number, fee: number, n: number) =>
    credit(amount, fee, n)
      .filter((r) => r.role === 'MERCHANT')
      .map((r) => [r.gross_amount, r.fee_amount, r.net_amount]);

  it.each([
    // the README's walkthrough: M2's split as written (remainders on installment 1)
    [
      20000,
      598,
      3,
      [
        [6668, 200, 6468],
        [6666, 199, 6467],
        [6666, 199, 6467],
      ],
    ],
    [
      1000,
      30,
      3,
      [
        [334, 10, 324],
        [333, 10, 323],
        [333, 10, 323],
      ],
    ],
    // issue 24: a minimum price close to the amount; M2's split gave installment 1 gross 12, fee 13, net -1
    [100, 90, 12, [[12, 12, 0], [8, 8, 0], ...Array.from({ length: 10 }, () => [8, 7, 1])]],
    [100, 100, 12, [[12, 12, 0], ...Array.from({ length: 11 }, () => [8, 8, 0])]],
    [13, 13, 12, [[2, 2, 0], ...Array.from({ length: 11 }, () => [1, 1, 0])]],
    [23, 22, 12, [[12, 11, 1], ...Array.from({ length: 11 }, () => [1, 1, 0])]], // the remainder fits: M2's split
    [25, 25, 12, [[3, 3, 0], ...Array.from({ length: 11 }, () => [2, 2, 0])]],
    [24, 23, 12, [...Array.from({ length: 11 }, () => [2, 2, 0]), [2, 1, 1]]], // the remainder spread over installments 1-11
  ])('%s with fee %s in %s: [gross, fee, net] per installment %j', (amount, fee, n, rows) => {
    expect(merchantSplit(amount, fee, n)).toEqual(rows);
  });

  it('never a negative net: every amount >= fee >= 0 in 1-12 installments (merchant and organization)', () => {
    const amountAndFee = fc.nat({ max: 1e7 }).chain((amount) => fc.tuple(fc.constant(amount), fc.nat({ max: amount })));
    const small = fc.nat({ max: 200 }).chain((amount) => fc.tuple(fc.constant(amount), fc.nat({ max: amount })));
    fc.assert(
      fc.property(fc.oneof(small, amountAndFee), fc.integer({ min: 1, max: 12 }), ([amount, fee], n) => {
        const plan = credit(amount, fee, n);
        const merchant = plan.filter((r) => r.role === 'MERCHANT');
        const org = plan.filter((r) => r.role === 'ORGANIZATION');
        for (const r of plan) {
          expect(r.net_amount).toBeGreaterThanOrEqual(0);
          expect(r.fee_amount).toBeGreaterThanOrEqual(0);
          expect(r.net_amount).toBe(r.gross_amount - r.fee_amount - r.anticipation_fee_amount);
        }
        expect(merchant.reduce((s, r) => s + r.gross_amount, 0)).toBe(amount);
        expect(merchant.reduce((s, r) => s + r.fee_amount, 0)).toBe(fee);
        expect(org.map((r) => r.net_amount)).toEqual(fee > 0 ? merchant.map((r) => r.fee_amount) : []);
        // M2's split is kept whenever installment 1 can carry the fee's remainder
        const gross = splitInstallments(amount, n);
        const plain = splitInstallments(fee, n);
        if (plain[0]! <= gross[0]!) expect(merchant.map((r) => r.fee_amount)).toEqual(plain);
      }),
      { numRuns: 2000 },
    );
  });

  it('a PIX plan is one PAID receivable dated the payment day; no fee, no organization share', () => {
    expect(
      planReceivables({
        method: 'PIX',
        capturedAt: new Date('2026-04-04T15:00:00Z'),
        amount: 5000,
        fee: 0,
        installments: 1,
      }),
    ).toEqual([
      {
        role: 'MERCHANT',
        installment: 1,
        installments: 1,
        payment_date: '2026-04-04',
        gross_amount: 5000,
        fee_amount: 0,
        anticipation_fee_amount: 0,
        net_amount: 5000,
        status: 'PAID',
      },
    ]);
  });
});
