import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TransactionAttemptJson, TransactionRow } from '../../../db/schema/index.js';
import { failsOver, type AttemptOutcome } from '../../../providers/routing/failover.js';
import {
  attemptsView,
  classifyAnswer,
  classifyFailure,
  decidingIndex,
  failedCode,
  outcomeOfStatus,
  paymentKeyOf,
  routingView,
} from './attempts.rules.js';

const now = new Date('2026-01-01T00:00:00Z');
const attempt = (id: string, outcome: TransactionAttemptJson['outcome']): TransactionAttemptJson => ({
  id,
  number: 1,
  provider: 'P',
  provider_account_id: null,
  routing_reason: 'RULE',
  outcome,
  error: null,
  refusal: null,
  failed_over: false,
  provider_reference: null,
  latency_ms: null,
  started_at: now.toISOString(),
  finished_at: null,
});
const card = (status: string, refusal: { code: string; message: string; retryable: boolean } | null = null) =>
  ({
    kind: 'card',
    result: {
      providerPaymentId: 'pay_1',
      status,
      authorizedAmount: 100,
      capturedAmount: 100,
      authorizationCode: '1',
      refusal,
    },
  }) as const;

describe('classifyAnswer / classifyFailure (R6.7)', () => {
  it.each([
    [card('CAPTURED'), 'APPROVED', null],
    [card('AUTHORIZED'), 'AUTHORIZED', null],
    [card('PROCESSING'), 'PROCESSING', 'PROVIDER_PENDING'],
    [card('REFUSED', { code: 'ISSUER_UNAVAILABLE', message: 'x', retryable: true }), 'REFUSED', 'ISSUER_UNAVAILABLE'],
    [card('REFUSED', { code: 'SOMETHING_ELSE', message: 'x', retryable: false }), 'REFUSED', 'CARD_DECLINED'],
    [{ kind: 'unknown' } as const, 'PROCESSING', 'UNKNOWN_OUTCOME'],
    [{ kind: 'refused', code: 'BAD' } as const, 'REFUSED', 'PROCESSING_ERROR'],
  ])('%j reads as %s %s', (outcome, expected, code) => {
    const c = classifyAnswer(outcome as never, 100, now);
    expect([c.outcome, c.code]).toEqual([expected, code]);
  });

  it.each([
    ['PROVIDER_UNAVAILABLE', 'PROVIDER_UNAVAILABLE'],
    ['PROVIDER_AUTH_FAILED', 'PROVIDER_AUTH_FAILED'],
    ['PROVIDER_RATE_LIMITED', 'PROVIDER_RATE_LIMITED'],
    ['PROVIDER_REQUEST_REJECTED', 'PROVIDER_REQUEST_REJECTED'],
    ['TIMEOUT', 'PROVIDER_UNAVAILABLE'],
    [undefined, 'PROVIDER_UNAVAILABLE'],
  ])('a FAILED code %s reads as %s', (given, expected) => {
    expect(failedCode(given)).toBe(expected);
    expect(classifyFailure(given, 'm')).toMatchObject({
      outcome: 'FAILED',
      code: expected,
      error: { code: expected, message: 'm' },
    });
  });
});

describe('the deciding attempt and the payment key (R6.7-R6.8)', () => {
  it.each([
    [['FAILED', 'APPROVED'], 1],
    [['REFUSED', 'FAILED'], 0],
    [['FAILED', 'FAILED'], null],
    [['PROCESSING'], 0],
    [[], null],
  ] as const)('%j decides at %s', (outcomes, index) => {
    expect(decidingIndex(outcomes.map((o) => ({ outcome: o })))).toBe(index);
  });

  it('the key is the deciding attempt id; the transaction id before attempts', () => {
    expect(paymentKeyOf({ id: 't', attempts: null })).toBe('t');
    expect(paymentKeyOf({ id: 't', attempts: [attempt('a1', 'REFUSED'), attempt('a2', 'FAILED')] })).toBe('a1');
    expect(paymentKeyOf({ id: 't', attempts: [attempt('a1', 'FAILED'), attempt('a2', 'PROCESSING')] })).toBe('a2');
  });

  it('property: the deciding attempt is never FAILED when one got an answer, and nothing after it did', () => {
    const outcomes = fc.constantFrom<AttemptOutcome>(
      'APPROVED',
      'AUTHORIZED',
      'WAITING_PAYMENT',
      'FAILED',
      'PROCESSING',
      'REFUSED',
    );
    fc.assert(
      fc.property(fc.array(outcomes, { maxLength: 5 }), (list) => {
        const i = decidingIndex(list.map((o) => ({ outcome: o })));
        if (i === null) return list.every((o) => o === 'FAILED');
        return list[i] !== 'FAILED' && list.slice(i + 1).every((o) => o === 'FAILED');
      }),
    );
  });

  it('property: no attempt after one that must not fail over (an answer other than a technical one, an unknown outcome)', () => {
    const ctx = {
      payment_method: 'CREDIT_CARD',
      three_ds_authenticated: false,
      on_generic_decline: false,
      generic_decline_failed_over: false,
      provider_code: null,
      connector: 'SANDBOX' as const,
    };
    for (const o of ['APPROVED', 'AUTHORIZED', 'WAITING_PAYMENT'] as const) expect(failsOver(o, null, ctx)).toBe(false);
    expect(failsOver('PROCESSING', 'UNKNOWN_OUTCOME', ctx)).toBe(false);
    expect(
      failsOver('REFUSED', 'CARD_DECLINED', { ...ctx, three_ds_authenticated: true, on_generic_decline: true }),
    ).toBe(false);
    expect(failsOver('REFUSED', 'ISSUER_UNAVAILABLE', { ...ctx, three_ds_authenticated: true })).toBe(true);
    expect(failsOver('REFUSED', 'ISSUER_UNAVAILABLE', { ...ctx, payment_method: 'PIX' })).toBe(false);
  });
});

describe('the view (R6.8)', () => {
  const row = (over: Partial<TransactionRow>) =>
    ({
      id: 't',
      provider: 'PROVIDER_A',
      status: 'APPROVED',
      paymentMethod: 'CREDIT_CARD',
      refusal: null,
      providerReference: 'ref',
      createdAt: now,
      updatedAt: new Date('2026-01-01T00:01:00Z'),
      attempts: null,
      routing: null,
      ...over,
    }) as TransactionRow;

  it('a transaction from before routing shows one attempt built from it', () => {
    expect(attemptsView(row({}))).toEqual([
      {
        ...attempt('t', 'APPROVED'),
        number: 1,
        provider: 'PROVIDER_A',
        routing_reason: 'AFFILIATION_ORDER',
        provider_reference: 'ref',
        finished_at: now.toISOString(),
      },
    ]);
    expect(routingView(row({}))).toEqual({
      configuration_version: null,
      rule_id: null,
      strategy: 'AFFILIATION_ORDER',
      draw: null,
      candidates: ['PROVIDER_A'],
    });
  });

  it('a PROCESSING deciding attempt takes its resolved outcome', () => {
    const view = attemptsView(
      row({
        status: 'REFUSED',
        refusal: { code: 'CARD_DECLINED', message: 'x', provider_code: null, retryable: false },
        attempts: [attempt('a1', 'FAILED'), attempt('a2', 'PROCESSING')],
      }),
    );
    expect(view.map((a) => a.outcome)).toEqual(['FAILED', 'REFUSED']);
    expect(view[1].finished_at).toBe('2026-01-01T00:01:00.000Z');
  });

  it.each([
    ['PROCESSING', 'CREDIT_CARD', 'PROCESSING'],
    ['PARTIALLY_REFUNDED', 'CREDIT_CARD', 'APPROVED'],
    ['CANCELED', 'CREDIT_CARD', 'VOIDED'],
    ['EXPIRED', 'PIX', 'WAITING_PAYMENT'],
  ] as const)('status %s of a %s reads as %s', (status, method, outcome) =>
    expect(outcomeOfStatus(status, method)).toBe(outcome),
  );
});
