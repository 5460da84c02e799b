import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountDueOn, daysBetween, lastPayableDate, roundDiv, type DueDateTerms } from './due-date.rules.js';
import { addDays, isBusinessDay } from '../../domain/business-calendar.js';

// 2026-11-20 is a Friday and a national holiday (Consciência Negra): V' is Monday 2026-11-23.
const terms: DueDateTerms = {
  amount: 100_000,
  dueDate: '2026-11-20',
  daysAfterDue: 30,
  fine: { mode: 'PERCENTAGE', value: 200 },
  interest: { mode: 'PERCENTAGE_PER_MONTH', value: 100 },
  discount: {
    mode: 'FIXED_UNTIL_DATE',
    tiers: [
      { until: '2026-11-10', value: 5_000 },
      { until: '2026-11-20', value: 2_000 },
    ],
  },
};

describe('due-date PIX amount due (R3.4)', () => {
  it.each([
    ['2026-11-05', true, 5_000, 0, 0, 95_000],
    ['2026-11-10', true, 5_000, 0, 0, 95_000],
    ['2026-11-11', true, 2_000, 0, 0, 98_000],
    ['2026-11-20', true, 2_000, 0, 0, 98_000], // on V
    ['2026-11-23', true, 0, 0, 0, 100_000], // on V' (a holiday moved it): on time, past the tiers
    ['2026-11-24', true, 0, 2_000, 133, 102_133], // d = 4 from V: 100000 × 100 × 4 / 300000 = 133.3
    ['2026-12-23', true, 0, 2_000, 1_100, 103_100], // L: d = 33 -> 1100
    ['2026-12-24', false, 0, 0, 0, null], // after L
  ] as const)(
    'on %s: payable %s, discount %i, fine %i, interest %i, due %s',
    (date, payable, discountAmount, fineAmount, interestAmount, amountDue) => {
      expect(amountDueOn(terms, date)).toEqual({
        date,
        payable,
        originalAmount: 100_000,
        discountAmount,
        fineAmount,
        interestAmount,
        amountDue,
        lastPayableDate: '2026-12-23',
      });
    },
  );

  it.each([
    // V on a Saturday: V' Monday; L = V' + n moved past a weekend or holiday.
    ['2026-11-28', 0, '2026-11-30'],
    ['2026-11-28', 26, '2026-12-28'], // V' + 26 = 2026-12-26 (Saturday) -> Monday 28
    ['2026-12-23', 2, '2026-12-28'], // 12-25 is Christmas (Friday) -> Monday 28
    ['2026-12-22', 1, '2026-12-23'],
  ])('due %s + %i days after: last payable %s', (dueDate, daysAfterDue, expected) => {
    expect(lastPayableDate({ dueDate, daysAfterDue })).toBe(expected);
  });

  it.each([
    [{ mode: 'FIXED', value: 1_500 } as const, 1_500],
    [{ mode: 'PERCENTAGE', value: 250 } as const, 2_500],
  ])('fine %j is charged once', (fine, expected) => {
    const t = { ...terms, fine, interest: null };
    expect(amountDueOn(t, '2026-11-24').fineAmount).toBe(expected);
    expect(amountDueOn(t, '2026-12-20').fineAmount).toBe(expected);
  });

  it.each([
    [{ mode: 'FIXED_PER_DAY', value: 50 } as const, 200],
    [{ mode: 'PERCENTAGE_PER_DAY', value: 33 } as const, 1_320], // 100000 × 33 × 4 / 10000
    [{ mode: 'PERCENTAGE_PER_MONTH', value: 200 } as const, 267], // 266.67 rounds up
  ])('interest %j for d = 4', (interest, expected) => {
    expect(amountDueOn({ ...terms, interest }, '2026-11-24').interestAmount).toBe(expected);
  });

  it.each([
    [{ mode: 'PERCENTAGE_UNTIL_DATE', tiers: [{ until: '2026-11-15', value: 1_050 }] } as const, '2026-11-15', 10_500],
    [{ mode: 'FIXED_PER_DAY_IN_ADVANCE', value: 100 } as const, '2026-11-15', 500], // 5 days before V
    [{ mode: 'PERCENTAGE_PER_DAY_IN_ADVANCE', value: 15 } as const, '2026-11-17', 450], // 100000 × 15 × 3 / 10000
    [{ mode: 'FIXED_PER_DAY_IN_ADVANCE', value: 100 } as const, '2026-11-23', 0], // between V and V': a = 0
    [{ mode: 'FIXED_PER_DAY_IN_ADVANCE', value: 90_000 } as const, '2026-11-10', 99_999], // capped at A − 1
  ])('discount %j on %s', (discount, date, expected) => {
    expect(amountDueOn({ ...terms, discount }, date).discountAmount).toBe(expected);
  });

  it('rounds half up in integers', () => {
    expect(roundDiv(5n, 10n)).toBe(1);
    expect(roundDiv(4n, 10n)).toBe(0);
    expect(roundDiv(15n, 10n)).toBe(2);
    expect(roundDiv(10n ** 20n + 5n, 10n)).toBe(Number(10n ** 19n + 1n));
  });

  const arbitraryTerms = fc.record({
    amount: fc.integer({ min: 2, max: 10_000_000_000 }),
    dueOffset: fc.integer({ min: 0, max: 700 }),
    daysAfterDue: fc.integer({ min: 0, max: 365 }),
    fineP: fc.integer({ min: 1, max: 10_000 }),
    interestP: fc.integer({ min: 1, max: 10_000 }),
    discountP: fc.integer({ min: 1, max: 9_999 }),
    dateOffset: fc.integer({ min: -400, max: 800 }),
  });

  it("properties: L is a business day on or after V' + n; early never pays more than A, late never less; after L nothing is payable", () => {
    fc.assert(
      fc.property(arbitraryTerms, (x) => {
        const dueDate = addDays('2026-01-01', x.dueOffset);
        const t: DueDateTerms = {
          amount: x.amount,
          dueDate,
          daysAfterDue: x.daysAfterDue,
          fine: { mode: 'PERCENTAGE', value: x.fineP },
          interest: { mode: 'PERCENTAGE_PER_DAY', value: x.interestP },
          discount: { mode: 'PERCENTAGE_PER_DAY_IN_ADVANCE', value: x.discountP },
        };
        const L = lastPayableDate(t);
        expect(isBusinessDay(L)).toBe(true);
        expect(daysBetween(dueDate, L)).toBeGreaterThanOrEqual(x.daysAfterDue);
        const date = addDays(dueDate, x.dateOffset);
        const due = amountDueOn(t, date);
        if (date > L) {
          expect(due).toMatchObject({ payable: false, amountDue: null });
          return;
        }
        expect(Number.isSafeInteger(due.amountDue)).toBe(true);
        expect(due.amountDue).toBe(t.amount - due.discountAmount + due.fineAmount + due.interestAmount);
        if (date <= dueDate) expect(due.amountDue!).toBeGreaterThanOrEqual(1);
        if (date <= dueDate) expect(due.amountDue!).toBeLessThanOrEqual(t.amount);
        else expect(due.amountDue!).toBeGreaterThanOrEqual(t.amount);
      }),
    );
  });

  it('property: interest never decreases as the payment date moves later', () => {
    fc.assert(
      fc.property(arbitraryTerms, fc.integer({ min: 1, max: 60 }), (x, step) => {
        const t: DueDateTerms = {
          amount: x.amount,
          dueDate: '2026-03-02',
          daysAfterDue: 365,
          fine: null,
          interest: { mode: 'PERCENTAGE_PER_MONTH', value: x.interestP },
          discount: null,
        };
        const d1 = addDays('2026-03-03', x.dueOffset % 200);
        const d2 = addDays(d1, step);
        expect(amountDueOn(t, d2).interestAmount).toBeGreaterThanOrEqual(amountDueOn(t, d1).interestAmount);
      }),
    );
  });
});
