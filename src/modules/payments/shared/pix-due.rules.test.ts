import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountDue,
  dueExpiresAt,
  hundredths,
  pixDueIssues,
  pixDueOf,
  termsOf,
  type PixDueInput,
} from './pix-due.rules.js';
import { checkCreation } from './transactions.rules.js';

const today = '2026-11-02';
const customer = { name: 'Ana Souza', document_number: '52998224725' };
const fieldsOf = (pix: PixDueInput, amount = 10_000, c: typeof customer | null = customer) =>
  pixDueIssues(pix, amount, today, c ?? undefined).map((i) => `${i.field}:${i.type}`);

describe('due-date PIX input (providers.md R3.4)', () => {
  it.each<[string, PixDueInput, string[]]>([
    ['a bare due date', { due_date: today }, []],
    ['due date in the past', { due_date: '2026-11-01' }, ['pix.due_date:TOO_SMALL']],
    ['due date 365 days ahead', { due_date: '2027-11-02' }, []],
    ['due date 366 days ahead', { due_date: '2027-11-03' }, ['pix.due_date:TOO_LARGE']],
    ['terms without a due date', { fine: { mode: 'FIXED', value: 100 } }, ['pix.due_date:REQUIRED']],
    ['days_after_due 365', { due_date: today, days_after_due: 365 }, []],
    ['days_after_due 366', { due_date: today, days_after_due: 366 }, ['pix.days_after_due:TOO_LARGE']],
    ['days_after_due -1', { due_date: today, days_after_due: -1 }, ['pix.days_after_due:TOO_SMALL']],
    ['days_after_due 1.5', { due_date: today, days_after_due: 1.5 }, ['pix.days_after_due:INVALID_TYPE']],
    ['fixed fine = amount', { due_date: today, fine: { mode: 'FIXED', value: 10_000 } }, []],
    [
      'fixed fine above amount',
      { due_date: today, fine: { mode: 'FIXED', value: 10_001 } },
      ['pix.fine.value:TOO_LARGE'],
    ],
    ['fixed fine 0', { due_date: today, fine: { mode: 'FIXED', value: 0 } }, ['pix.fine.value:TOO_SMALL']],
    [
      'fixed fine in decimals',
      { due_date: today, fine: { mode: 'FIXED', value: 1.5 } },
      ['pix.fine.value:INVALID_TYPE'],
    ],
    ['percentage fine 0.01', { due_date: today, fine: { mode: 'PERCENTAGE', value: 0.01 } }, []],
    ['percentage fine 100', { due_date: today, fine: { mode: 'PERCENTAGE', value: 100 } }, []],
    [
      'percentage fine 100.01',
      { due_date: today, fine: { mode: 'PERCENTAGE', value: 100.01 } },
      ['pix.fine.value:TOO_LARGE'],
    ],
    ['percentage fine 0', { due_date: today, fine: { mode: 'PERCENTAGE', value: 0 } }, ['pix.fine.value:TOO_SMALL']],
    [
      'percentage fine 3 decimals',
      { due_date: today, fine: { mode: 'PERCENTAGE', value: 1.005 } },
      ['pix.fine.value:INVALID_FORMAT'],
    ],
    ['null fine', { due_date: today, fine: null }, []],
    ['interest per day cents', { due_date: today, interest: { mode: 'FIXED_PER_DAY', value: 1 } }, []],
    [
      'interest per day 0',
      { due_date: today, interest: { mode: 'FIXED_PER_DAY', value: 0 } },
      ['pix.interest.value:TOO_SMALL'],
    ],
    ['interest monthly 1', { due_date: today, interest: { mode: 'PERCENTAGE_PER_MONTH', value: 1 } }, []],
    [
      'interest daily 3 decimals',
      { due_date: today, interest: { mode: 'PERCENTAGE_PER_DAY', value: 0.033 } },
      ['pix.interest.value:INVALID_FORMAT'],
    ],
    [
      'fixed tiers',
      {
        due_date: '2026-11-20',
        discount: {
          mode: 'FIXED_UNTIL_DATE',
          tiers: [
            { until: '2026-11-10', value: 500 },
            { until: '2026-11-20', value: 200 },
          ],
        },
      },
      [],
    ],
    [
      'tier = amount',
      {
        due_date: '2026-11-20',
        discount: { mode: 'FIXED_UNTIL_DATE', tiers: [{ until: '2026-11-10', value: 10_000 }] },
      },
      ['pix.discount.tiers.0.value:TOO_LARGE'],
    ],
    [
      'tier after due date',
      { due_date: '2026-11-20', discount: { mode: 'FIXED_UNTIL_DATE', tiers: [{ until: '2026-11-21', value: 100 }] } },
      ['pix.discount.tiers.0.until:INVALID_FORMAT'],
    ],
    [
      'tiers not increasing',
      {
        due_date: '2026-11-20',
        discount: {
          mode: 'PERCENTAGE_UNTIL_DATE',
          tiers: [
            { until: '2026-11-10', value: 5 },
            { until: '2026-11-10', value: 2 },
          ],
        },
      },
      ['pix.discount.tiers.1.until:INVALID_FORMAT'],
    ],
    [
      'four tiers',
      {
        due_date: '2026-11-20',
        discount: { mode: 'FIXED_UNTIL_DATE', tiers: [1, 2, 3, 4].map((d) => ({ until: `2026-11-0${d}`, value: 1 })) },
      },
      ['pix.discount.tiers:TOO_LARGE'],
    ],
    [
      'no tiers',
      { due_date: '2026-11-20', discount: { mode: 'FIXED_UNTIL_DATE', tiers: [] } },
      ['pix.discount.tiers:TOO_SMALL'],
    ],
    [
      'percentage tier 99.99',
      {
        due_date: '2026-11-20',
        discount: { mode: 'PERCENTAGE_UNTIL_DATE', tiers: [{ until: '2026-11-10', value: 99.99 }] },
      },
      [],
    ],
    [
      'percentage tier 100',
      {
        due_date: '2026-11-20',
        discount: { mode: 'PERCENTAGE_UNTIL_DATE', tiers: [{ until: '2026-11-10', value: 100 }] },
      },
      ['pix.discount.tiers.0.value:TOO_LARGE'],
    ],
    [
      'tiers on a per-day mode',
      { due_date: '2026-11-20', discount: { mode: 'FIXED_PER_DAY_IN_ADVANCE', tiers: [] } },
      ['pix.discount.tiers:UNKNOWN_FIELD'],
    ],
    [
      'per-day without value',
      { due_date: '2026-11-20', discount: { mode: 'PERCENTAGE_PER_DAY_IN_ADVANCE' } },
      ['pix.discount.value:REQUIRED'],
    ],
    [
      'per-day percentage',
      { due_date: '2026-11-20', discount: { mode: 'PERCENTAGE_PER_DAY_IN_ADVANCE', value: 0.5 } },
      [],
    ],
  ])('%s', (_name, pix, expected) => {
    expect(fieldsOf(pix)).toEqual(expected);
  });

  it('needs a debtor: pix.debtor, or the customer name and document', () => {
    expect(fieldsOf({ due_date: today }, 10_000, null)).toEqual(['pix.debtor:REQUIRED']);
    expect(fieldsOf({ due_date: today, debtor: { name: 'B', document_number: '52998224725' } }, 10_000, null)).toEqual(
      [],
    );
  });

  it('a due date with an expiry is 400 on pix.expires_at; the expiry is the end of the last payable date in São Paulo', () => {
    const now = new Date('2026-11-02T15:00:00Z');
    const both = checkCreation(
      { payment_method: 'PIX', amount: 100, customer, pix: { due_date: today, expires_in: 600 } },
      now,
    );
    expect(both.ok ? null : both.error.code).toBe('BAD_REQUEST');
    const ok = checkCreation(
      { payment_method: 'PIX', amount: 100, customer, pix: { due_date: '2026-11-20', days_after_due: 0 } },
      now,
    );
    // 11-20 is a holiday (Friday): V' = L = Monday 11-23; its end is 11-24 02:59:59.999Z.
    expect(ok.ok && ok.pixExpiresAt?.toISOString()).toBe('2026-11-24T02:59:59.999Z');
    expect(ok.ok && ok.pixDue).toMatchObject({
      due_date: '2026-11-20',
      days_after_due: 0,
      last_payable_date: '2026-11-23',
      debtor: { name: 'Ana Souza', document_number: '52998224725', email: null },
    });
  });

  it('hundredths: exact for every 2-decimal percentage, null beyond', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), (h) => hundredths(Number((h / 100).toFixed(2))) === h));
    expect(hundredths(1.005)).toBeNull();
    expect(hundredths(0.07)).toBe(7);
  });

  it('the stored terms give the contract figures: late with fine and interest', () => {
    const due = pixDueOf(
      {
        due_date: '2026-11-20',
        fine: { mode: 'PERCENTAGE', value: 2 },
        interest: { mode: 'PERCENTAGE_PER_MONTH', value: 1 },
      },
      customer,
    );
    expect(termsOf(100_000, due)).toMatchObject({ fine: { value: 200 }, interest: { value: 100 } });
    expect(amountDue(100_000, due, '2026-11-24')).toMatchObject({
      fineAmount: 2_000,
      interestAmount: 133,
      amountDue: 102_133,
    });
    expect(dueExpiresAt(due).toISOString()).toBe('2026-12-24T02:59:59.999Z');
  });
});
