import { describe, expect, it } from 'vitest';
import {
  compareStatement,
  periodInstants,
  periodProblem,
  type OurCapture,
  type OurRefund,
  type StatementLine,
} from './reconciliation.rules.js';

const capture = (n: number, amount: number, extra: Partial<OurCapture> = {}): OurCapture => ({
  transactionId: `t${n}`,
  providerReferences: [`psp${n}`],
  merchantReferences: [`t${n}`],
  amount,
  ...extra,
});
const refund = (n: number, amount: number): OurRefund => ({
  refundId: `r${n}`,
  transactionId: `t${n}`,
  providerReferences: [`pr${n}`],
  merchantReferences: [`r${n}`],
  amount,
});
const line = (
  type: StatementLine['type'],
  provider_reference: string,
  amount: number,
  merchant_reference: string | null = null,
): StatementLine => ({ type, provider_reference, merchant_reference, amount, booked_on: '2026-11-02' });

describe('compareStatement', () => {
  it.each([
    [
      'everything matches',
      [capture(1, 100), capture(2, 200)],
      [],
      [line('CAPTURE', 'psp1', 100), line('CAPTURE', 'psp2', 200)],
      [],
      2,
    ],
    [
      'a capture the statement omits',
      [capture(1, 100), capture(2, 200)],
      [],
      [line('CAPTURE', 'psp1', 100)],
      [['MISSING_AT_PROVIDER', 't2', 200, null]],
      1,
    ],
    ['a changed amount', [capture(1, 100)], [], [line('CAPTURE', 'psp1', 90)], [['AMOUNT_MISMATCH', 't1', 100, 90]], 0],
    ['a line with no transaction', [], [], [line('CAPTURE', 'pspX', 50)], [['MISSING_IN_PLATFORM', null, null, 50]], 0],
    [
      'matched by merchant reference when the provider reference is unknown',
      [capture(1, 100)],
      [],
      [line('CAPTURE', 'other', 100, 't1')],
      [],
      1,
    ],
    [
      'matched by a PIX end_to_end_id',
      [capture(1, 100, { providerReferences: ['E123'] })],
      [],
      [line('CAPTURE', 'E123', 100)],
      [],
      1,
    ],
    [
      'a second line for the same capture has no match',
      [capture(1, 100)],
      [],
      [line('CAPTURE', 'psp1', 100), line('CAPTURE', 'psp1', 100)],
      [['MISSING_IN_PLATFORM', null, null, 100]],
      1,
    ],
    [
      'refunds: by provider and merchant reference; a record pairs once',
      [],
      [refund(1, 10), refund(2, 20), refund(3, 30)],
      [line('REFUND', 'pr1', 10), line('REFUND', 'x', 20, 'r2'), line('REFUND', 'pr2', 5)],
      [
        ['MISSING_IN_PLATFORM', null, null, 5],
        ['MISSING_AT_PROVIDER', 't3', 30, null],
      ],
      2,
    ],
    [
      'a refund of another amount',
      [],
      [refund(1, 10)],
      [line('REFUND', 'pr1', 8)],
      [['AMOUNT_MISMATCH', 't1', 10, 8]],
      0,
    ],
    [
      'a refund line never pairs with a capture',
      [capture(1, 100)],
      [],
      [line('REFUND', 'psp1', 100)],
      [
        ['MISSING_IN_PLATFORM', null, null, 100],
        ['MISSING_AT_PROVIDER', 't1', 100, null],
      ],
      0,
    ],
    [
      'chargeback lines are not compared',
      [],
      [],
      [line('CHARGEBACK', 'cb1', 100), line('CHARGEBACK_REVERSAL', 'cb1', 100)],
      [],
      0,
    ],
  ] as const)('%s', (_name, captures, refunds, lines, expected, matched) => {
    const { differences, summary } = compareStatement({ captures: [...captures], refunds: [...refunds] }, [...lines]);
    expect(differences.map((d) => [d.kind, d.transactionId, d.ourAmount, d.providerAmount])).toEqual(expected);
    expect(summary.matched).toBe(matched);
    expect(summary.items).toBe(expected.length);
  });

  it('sums both sides per type', () => {
    const { summary } = compareStatement({ captures: [capture(1, 100), capture(2, 250)], refunds: [refund(1, 40)] }, [
      line('CAPTURE', 'psp1', 100),
      line('REFUND', 'pr1', 40),
      line('CHARGEBACK', 'c', 7),
    ]);
    expect(summary).toMatchObject({
      captures_ours: { count: 2, amount: 350 },
      captures_provider: { count: 1, amount: 100 },
      refunds_ours: { count: 1, amount: 40 },
      refunds_provider: { count: 1, amount: 40 },
    });
  });
});

describe('periodProblem', () => {
  it.each([
    ['2026-11-01', '2026-11-01', null],
    ['2026-10-28', '2026-11-27', null],
    ['2026-10-27', '2026-11-27', 'to'],
    ['2026-11-02', '2026-11-01', 'to'],
    ['2026-11-27', '2026-11-28', 'to'],
  ])('%s..%s (today 2026-11-27)', (from, to, field) => {
    expect(periodProblem(from, to, '2026-11-27')?.field ?? null).toBe(field);
  });
});

describe('periodInstants', () => {
  it('covers whole São Paulo days (UTC-3)', () => {
    expect(periodInstants('2026-11-01', '2026-11-02')).toEqual({
      start: new Date('2026-11-01T03:00:00Z'),
      end: new Date('2026-11-03T03:00:00Z'),
    });
  });
});
