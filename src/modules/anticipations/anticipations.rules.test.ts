import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  anticipatedReceivable,
  anticipationFee,
  averageDays,
  completionAmounts,
  daysBetween,
  inTimeframeOrder,
  isEligible,
  limitsOf,
  parseRate,
  selectForQuote,
  totalsOf,
  type Candidate,
  type EligibilityFacts,
} from './anticipations.rules.js';

const civil = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const rateArb = fc.integer({ min: 0, max: 1_000_000 }).map(BigInt); // 0 .. 100.0000 %

describe('parseRate', () => {
  it.each([
    ['2.9900', 29_900n],
    ['2.99', 29_900n],
    ['0', 0n],
    ['100.0000', 1_000_000n],
    ['0.0001', 1n],
    [2.99, 29_900n],
    [1.2345, 12_345n],
  ] as const)('%s -> %s', (text, e4) => expect(parseRate(text)).toBe(e4));
  it.each(['', 'abc', '1.23456', '-1', '1e3'])('refuses %j', (text) =>
    expect(() => parseRate(text)).toThrow(RangeError),
  );
});

describe('anticipationFee: round-half-up(net x rate x days / 3000) in integers', () => {
  it.each([
    // money.md M4's worked example
    [9600, '2.9900', 29, 277],
    [9600, '2.9900', 59, 565],
    [9600, '2.9900', 90, 861],
    [0, '2.9900', 30, 0],
    [10_000, '0', 30, 0],
    [10_000, '3', 30, 300],
    [1, '1.5', 30, 0], // 0.015 -> 0
    [50, '1', 30, 1], // 0.5 -> 1 (half up)
    [49, '1', 30, 0], // 0.49 -> 0
    [10_000, '100', 60, 10_000], // never above the receivable
  ] as const)('net %i at %s %% for %i days = %i', (net, rate, days, fee) =>
    expect(anticipationFee(net, parseRate(rate), days)).toBe(fee),
  );

  it('equals the exact rational rounded half up, and is monotonic in days and never above net', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        rateArb,
        fc.integer({ min: 0, max: 4_000 }),
        (net, rate, days) => {
          const fee = anticipationFee(net, rate, days);
          const num = BigInt(net) * rate * BigInt(days);
          const den = 30_000_000n;
          const exact = (num * 2n + den) / (2n * den);
          expect(BigInt(fee)).toBe(exact > BigInt(net) ? BigInt(net) : exact);
          expect(fee).toBeLessThanOrEqual(net);
          expect(anticipationFee(net, rate, days + 1)).toBeGreaterThanOrEqual(fee);
        },
      ),
    );
  });

  it('refuses negative or fractional input', () => {
    expect(() => anticipationFee(-1, 1n, 1)).toThrow(RangeError);
    expect(() => anticipationFee(1.5, 1n, 1)).toThrow(RangeError);
    expect(() => anticipationFee(1, 1n, -1)).toThrow(RangeError);
  });
});

describe('calendar days', () => {
  it.each([
    ['2026-01-01', '2026-01-30', 29],
    ['2026-02-28', '2026-03-01', 1],
    ['2024-02-28', '2024-03-01', 2],
    ['2026-10-31', '2026-11-02', 2], // no DST shift
    ['2026-03-01', '2026-02-28', -1],
  ] as const)('%s -> %s = %i', (a, b, d) => expect(daysBetween(a, b)).toBe(d));
  it('addDays and daysBetween agree', () => {
    fc.assert(fc.property(civil, fc.integer({ min: -400, max: 400 }), (d, n) => daysBetween(d, addDays(d, n)) === n));
  });
});

describe('eligibility', () => {
  const base: EligibilityFacts = {
    role: 'MERCHANT',
    paymentMethod: 'CREDIT_CARD',
    status: 'PENDING',
    reserved: false,
    paymentDate: '2026-03-02',
    openDispute: false,
  };
  it.each<[string, Partial<EligibilityFacts>, boolean]>([
    ['a pending merchant credit receivable due tomorrow', {}, true],
    ['due later', { paymentDate: '2026-05-01' }, true],
    ['due today', { paymentDate: '2026-03-01' }, false],
    ['past due', { paymentDate: '2026-02-27' }, false],
    ['organization role', { role: 'ORGANIZATION' }, false],
    ['debit card', { paymentMethod: 'DEBIT_CARD' }, false],
    ['pix', { paymentMethod: 'PIX' }, false],
    ['paid', { status: 'PAID' }, false],
    ['canceled', { status: 'CANCELED' }, false],
    ['reserved', { reserved: true }, false],
    ['open dispute', { openDispute: true }, false],
  ])('%s -> %s', (_name, patch, expected) => expect(isEligible({ ...base, ...patch }, '2026-03-01')).toBe(expected));
});

const candidates = fc.uniqueArray(
  fc.record({ id: fc.uuid(), paymentDate: civil, netAmount: fc.integer({ min: 1, max: 10_000_000 }) }),
  { selector: (c) => c.id, maxLength: 30 },
);

describe('timeframe order', () => {
  const cs: Candidate[] = [
    { id: 'b', paymentDate: '2026-02-01', netAmount: 1 },
    { id: 'a', paymentDate: '2026-02-01', netAmount: 2 },
    { id: 'c', paymentDate: '2026-01-01', netAmount: 3 },
    { id: 'd', paymentDate: '2026-03-01', netAmount: 4 },
  ];
  it('START is earliest first, END latest first, ties by id ascending', () => {
    expect(inTimeframeOrder(cs, 'START').map((c) => c.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(inTimeframeOrder(cs, 'END').map((c) => c.id)).toEqual(['d', 'a', 'b', 'c']);
  });
  it('is a permutation, ordered by date in both directions', () => {
    fc.assert(
      fc.property(candidates, (list) => {
        const start = inTimeframeOrder(list, 'START');
        const end = inTimeframeOrder(list, 'END');
        expect(start.map((c) => c.id).sort()).toEqual(list.map((c) => c.id).sort());
        for (let i = 1; i < start.length; i++) expect(start[i - 1]!.paymentDate <= start[i]!.paymentDate).toBe(true);
        for (let i = 1; i < end.length; i++) expect(end[i - 1]!.paymentDate >= end[i]!.paymentDate).toBe(true);
      }),
    );
  });
});

describe('limits and quotes', () => {
  const rate = parseRate('2.99');
  const date = '2026-01-01';
  const cs: Candidate[] = [
    { id: '1', paymentDate: '2026-01-30', netAmount: 9600 }, // 29 days: 277
    { id: '2', paymentDate: '2026-03-01', netAmount: 9600 }, // 59 days: 565
    { id: '3', paymentDate: '2026-04-01', netAmount: 9600 }, // 90 days: 861
  ];

  it('limits: minimum is the first in timeframe order, maximum all', () => {
    expect(limitsOf(cs, date, rate, 'START')).toEqual({
      minimum: { amount: 9600, fee_amount: 277, net_amount: 9323 },
      maximum: { amount: 28_800, fee_amount: 1703, net_amount: 27_097 },
      receivable_count: 3,
    });
    expect(limitsOf(cs, date, rate, 'END').minimum).toEqual({ amount: 9600, fee_amount: 861, net_amount: 8739 });
    expect(limitsOf([], date, rate, 'START')).toEqual({
      minimum: { amount: 0, fee_amount: 0, net_amount: 0 },
      maximum: { amount: 0, fee_amount: 0, net_amount: 0 },
      receivable_count: 0,
    });
  });

  it.each<[string, Parameters<typeof selectForQuote>[4], 'START' | 'END', string[] | string]>([
    ['all', { kind: 'all' }, 'START', ['1', '2', '3']],
    ['an exact amount', { kind: 'amount', requestedAmount: 19_200 }, 'START', ['1', '2']],
    ['stops before going above', { kind: 'amount', requestedAmount: 19_199 }, 'START', ['1']],
    ['END takes the latest first', { kind: 'amount', requestedAmount: 9600 }, 'END', ['3']],
    ['the maximum', { kind: 'amount', requestedAmount: 28_800 }, 'START', ['1', '2', '3']],
    ['above the maximum', { kind: 'amount', requestedAmount: 28_801 }, 'START', 'ANTICIPATION_LIMIT_EXCEEDED'],
    ['below the first', { kind: 'amount', requestedAmount: 9599 }, 'START', 'NO_ELIGIBLE_RECEIVABLES'],
    ['chosen ids', { kind: 'ids', ids: ['3', '1'] }, 'START', ['1', '3']],
    ['an id not eligible', { kind: 'ids', ids: ['1', '9'] }, 'START', 'NO_ELIGIBLE_RECEIVABLES'],
  ])('selection: %s', (_name, selection, timeframe, expected) => {
    const out = selectForQuote(cs, date, rate, timeframe, selection);
    if (typeof expected === 'string') expect(out.ok ? 'ok' : out.reason).toBe(expected);
    else expect(out.ok ? out.items.map((i) => i.receivable_id) : out.reason).toEqual(expected);
  });

  it('nothing eligible answers NO_ELIGIBLE_RECEIVABLES', () => {
    expect(selectForQuote([], date, rate, 'START', { kind: 'all' })).toMatchObject({
      ok: false,
      reason: 'NO_ELIGIBLE_RECEIVABLES',
    });
  });

  it('the worked quote: totals and average days', () => {
    const out = selectForQuote(cs, date, rate, 'START', { kind: 'all' });
    if (!out.ok) throw new Error('expected items');
    expect(out.items.map((i) => [i.days, i.fee_amount])).toEqual([
      [29, 277],
      [59, 565],
      [90, 861],
    ]);
    expect(totalsOf(out.items)).toEqual({ amount: 28_800, fee_amount: 1703, net_amount: 27_097 });
    expect(averageDays(out.items)).toBe(59.33);
  });

  it('an amount request never takes more than asked, and adding the next one would', () => {
    fc.assert(
      fc.property(
        candidates,
        fc.integer({ min: 1, max: 400_000_000 }),
        fc.constantFrom('START' as const, 'END' as const),
        (list, requested, timeframe) => {
          const eligible = list.map((c) => ({
            ...c,
            paymentDate: addDays(date, 1 + (daysBetween('2000-01-01', c.paymentDate) % 400)),
          }));
          const out = selectForQuote(eligible, date, rate, timeframe, { kind: 'amount', requestedAmount: requested });
          const total = eligible.reduce((s, c) => s + c.netAmount, 0);
          if (eligible.length === 0) {
            expect(out).toMatchObject({ ok: false, reason: 'NO_ELIGIBLE_RECEIVABLES' });
            return;
          }
          if (requested > total) {
            expect(out).toMatchObject({ ok: false, reason: 'ANTICIPATION_LIMIT_EXCEEDED', maximum: total });
            return;
          }
          const ordered = inTimeframeOrder(eligible, timeframe);
          if (!out.ok) {
            expect(ordered[0]!.netAmount).toBeGreaterThan(requested);
            return;
          }
          const t = totalsOf(out.items);
          expect(t.amount).toBeLessThanOrEqual(requested);
          expect(out.items.map((i) => i.receivable_id)).toEqual(ordered.slice(0, out.items.length).map((c) => c.id));
          const next = ordered[out.items.length];
          if (next) expect(t.amount + next.netAmount).toBeGreaterThan(requested);
          expect(t.net_amount).toBe(t.amount - t.fee_amount);
          expect(t.net_amount).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('completion', () => {
  it('moves the receivable to the anticipation date, keeping the original date', () => {
    expect(
      anticipatedReceivable(
        { netAmount: 9600, paymentDate: '2026-04-01', originalPaymentDate: null },
        861,
        '2026-01-01',
      ),
    ).toEqual({
      netAmount: 8739,
      anticipationFeeAmount: 861,
      paymentDate: '2026-01-01',
      originalPaymentDate: '2026-04-01',
    });
    expect(
      anticipatedReceivable(
        { netAmount: 9600, paymentDate: '2026-04-01', originalPaymentDate: '2026-03-31' },
        1,
        '2026-01-01',
      ).originalPaymentDate,
    ).toBe('2026-03-31');
  });
  it('conserves money: pending out = merchant in + organization in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ net_amount: fc.integer({ min: 0, max: 1e9 }), days: fc.integer({ min: 1, max: 400 }) })),
        rateArb,
        (rows, rate) => {
          const items = rows.map((r) => ({
            net_amount: r.net_amount,
            fee_amount: anticipationFee(r.net_amount, rate, r.days),
          }));
          const c = completionAmounts(items);
          expect(c.pendingOut).toBe(c.merchantIn + c.organizationIn);
          expect(c.merchantIn).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
