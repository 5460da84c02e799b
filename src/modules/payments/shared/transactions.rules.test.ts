import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cardExpired,
  checkCreation,
  externalThreeDsRefusal,
  installmentIssues,
  pixExpiry,
  pixPayment,
  refusal,
  REFUSAL_CODES,
  type CreationInput,
} from './transactions.rules.js';

const now = new Date('2026-03-15T12:00:00Z');
const ev = 'ev:v1:abc';
const credit = (over: Partial<CreationInput> = {}): CreationInput => ({
  payment_method: 'CREDIT_CARD',
  amount: 1000,
  card_data: { number: ev, cvv: ev, expiry_month: '12', expiry_year: '2030' },
  ...over,
});
const errorOf = (input: CreationInput) => {
  const out = checkCreation(input, now);
  if (out.ok) throw new Error('expected a refusal');
  return out.error;
};
const issuesOf = (input: CreationInput) =>
  (errorOf(input).details as { issues: { field: string; type: string; constraints?: unknown }[] }).issues;

describe('creation rules (P3)', () => {
  it('a plain credit card passes with defaults', () => {
    expect(checkCreation(credit(), now)).toEqual({
      ok: true,
      installments: 1,
      capture: true,
      cardSource: 'number',
      pixExpiresAt: null,
    });
  });

  it.each<[CreationInput, string, string, unknown]>([
    [credit({ amount: 0 }), 'amount', 'TOO_SMALL', { min: 1 }],
    [credit({ amount: 10.5 }), 'amount', 'INVALID_TYPE', undefined],
    [credit({ installments: 13 }), 'installments', 'TOO_LARGE', { max: 12 }],
    [credit({ installments: 0 }), 'installments', 'TOO_SMALL', { min: 1 }],
    [
      credit({ payment_method: 'DEBIT_CARD', installments: 2, three_ds: { session_id: 'x' }, card_data: undefined }),
      'installments',
      'TOO_LARGE',
      { max: 1 },
    ],
    [{ payment_method: 'PIX', amount: 100, installments: 2 }, 'installments', 'TOO_LARGE', { max: 1 }],
    [{ payment_method: 'PIX', amount: 100, capture: true }, 'capture', 'UNKNOWN_FIELD', undefined],
    [{ payment_method: 'PIX', amount: 100, card_data: { number: ev } }, 'card_data', 'UNKNOWN_FIELD', undefined],
    [{ payment_method: 'PIX', amount: 1_000_000_000_000 }, 'amount', 'TOO_LARGE', { max: 999_999_999_999 }],
    [credit({ pix: { expires_in: 600 } }), 'pix', 'UNKNOWN_FIELD', undefined],
    [credit({ payment_method: 'DEBIT_CARD' }), 'three_ds', 'REQUIRED', undefined],
    [credit({ card_data: undefined }), 'card_data', 'REQUIRED', undefined],
    [credit({ card_data: { cvv: ev, holder_name: 'A B' } }), 'card_data.number', 'REQUIRED', undefined],
    [
      credit({ card_data: { number: ev, expiry_month: '02', expiry_year: '2026' } }),
      'card_data.expiry_year',
      'INVALID_FORMAT',
      undefined,
    ],
  ])('%o -> %s %s', (input, field, type, constraints) => {
    const issue = issuesOf(input).find((i) => i.field === field);
    expect(issue).toMatchObject({ field, type });
    if (constraints) expect(issue?.constraints).toEqual(constraints);
  });

  it('gathers every issue in one answer', () => {
    expect(issuesOf(credit({ amount: 0, installments: 20, card_data: undefined })).map((i) => i.field)).toEqual([
      'amount',
      'installments',
      'card_data',
    ]);
  });

  it.each<[string, CreationInput]>([
    ['number and token', credit({ card_data: { number: ev, network_token: ev } })],
    ['number and card_id', credit({ card_id: 'c1' })],
    ['card_id and session', credit({ card_data: undefined, card_id: 'c1', three_ds: { session_id: 's1' } })],
    ['card_id with more than a cvv', credit({ card_data: { cvv: ev, holder_name: 'X Y' }, card_id: 'c1' })],
  ])('two card sources (%s) are a 400 on card_data that echoes nothing', (_name, input) => {
    const err = errorOf(input);
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.details).toEqual({ invalidField: 'card_data', receivedValue: null });
  });

  it.each<[CreationInput, string]>([
    [credit({ card_data: { network_token: ev, cryptogram: ev } }), 'network_token'],
    [credit({ card_data: { cvv: ev }, card_id: 'c1' }), 'card_id'],
    [credit({ card_data: undefined, card_id: 'c1' }), 'card_id'],
    [
      credit({ payment_method: 'DEBIT_CARD', card_data: undefined, three_ds: { session_id: 's1' } }),
      'three_ds_session',
    ],
  ])('one source: %o is %s', (input, source) =>
    expect(checkCreation(input, now)).toMatchObject({ ok: true, cardSource: source }),
  );

  it('credit accepts 1-12 installments, the others exactly 1', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('CREDIT_CARD' as const, 'DEBIT_CARD' as const, 'PIX' as const),
        fc.integer({ min: -5, max: 30 }),
        (method, n) => {
          const ok = n >= 1 && n <= (method === 'CREDIT_CARD' ? 12 : 1);
          expect(installmentIssues(method, n).length === 0).toBe(ok);
        },
      ),
    );
  });

  it('a PIX defaults to capture and a one-day expiry', () => {
    expect(checkCreation({ payment_method: 'PIX', amount: 100 }, now)).toEqual({
      ok: true,
      installments: 1,
      capture: true,
      cardSource: null,
      pixExpiresAt: new Date('2026-03-16T12:00:00Z'),
    });
  });
});

describe('PIX expiry and late payment', () => {
  it.each([
    [{ expires_in: 59 }, 'TOO_SMALL'],
    [{ expires_in: 2_592_001 }, 'TOO_LARGE'],
    [{ expires_at: new Date(now.getTime() + 30 * 86_400_000 + 1) }, 'TOO_LARGE'],
    [{ expires_at: new Date(now.getTime() - 1000) }, 'TOO_SMALL'],
  ])('%o is refused %s', (pix, type) => {
    const out = pixExpiry(pix, now);
    expect(out.ok).toBe(false);
    if (!out.ok) expect((out.error.details as { issues: { type: string }[] }).issues[0].type).toBe(type);
  });

  it('bounds are inclusive; both fields at once is a 400', () => {
    expect(pixExpiry({ expires_in: 60 }, now)).toEqual({ ok: true, expiresAt: new Date(now.getTime() + 60_000) });
    expect(pixExpiry({ expires_in: 2_592_000 }, now).ok).toBe(true);
    expect(pixExpiry({ expires_at: new Date(now.getTime() + 30 * 86_400_000) }, now).ok).toBe(true);
    const both = pixExpiry({ expires_in: 600, expires_at: new Date(now.getTime() + 600_000) }, now);
    expect(both.ok ? null : both.error.code).toBe('BAD_REQUEST');
  });

  it.each([
    ['WAITING_PAYMENT', 0, { ok: true, latePayment: false }],
    ['WAITING_PAYMENT', 1, { ok: true, latePayment: true }],
    ['EXPIRED', 1, { ok: true, latePayment: true }],
    ['CANCELED', -1, { ok: true, latePayment: true }],
    ['APPROVED', 0, { ok: false }],
  ])('%s paid %s ms after expiry', (status, after, expected) =>
    expect(pixPayment(status, now, new Date(now.getTime() + after))).toEqual(expected),
  );
});

describe('cards and refusals', () => {
  it.each([
    ['03', '2026', false], // valid through the end of its month
    ['02', '2026', true],
    ['12', '2025', true],
    ['01', '2027', false],
  ])('%s/%s expired: %s', (m, y, expired) => expect(cardExpired(m, y, now)).toBe(expired));

  it('the month turns in São Paulo time', () =>
    expect(cardExpired('03', '2026', new Date('2026-04-01T02:59:59Z'))).toBe(false));

  it('only the last three refusal codes are retryable', () => {
    expect(REFUSAL_CODES.filter((c) => refusal(c, '').retryable)).toEqual([
      'AUTHENTICATION_REQUIRED',
      'ISSUER_UNAVAILABLE',
      'PROCESSING_ERROR',
    ]);
  });

  it.each([
    ['N', 'AUTHENTICATION_FAILED'],
    ['R', 'AUTHENTICATION_FAILED'],
    ['Y', null],
    ['A', null],
    ['U', null],
  ] as const)('external 3DS %s -> %s', (status, code) => {
    expect(externalThreeDsRefusal(status)?.code ?? null).toBe(code);
  });
});
