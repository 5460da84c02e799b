import { describe, expect, it } from 'vitest';
import {
  failoverRow,
  failsOver,
  FAILOVER_TABLE,
  resolvedSuccess,
  type AttemptOutcome,
  type FailoverContext,
} from './failover.js';

const card: FailoverContext = {
  payment_method: 'CREDIT_CARD',
  three_ds_authenticated: false,
  on_generic_decline: false,
  generic_decline_failed_over: false,
  provider_code: null,
  connector: 'SANDBOX',
};

describe('R6.7 failover table', () => {
  it.each<[AttemptOutcome, string | null, Partial<FailoverContext>, boolean]>([
    ['APPROVED', null, {}, false],
    ['AUTHORIZED', null, {}, false],
    ['WAITING_PAYMENT', null, {}, false],
    ['FAILED', 'PROVIDER_UNAVAILABLE', {}, true],
    ['FAILED', 'PROVIDER_AUTH_FAILED', {}, true],
    ['FAILED', 'PROVIDER_RATE_LIMITED', {}, true],
    ['FAILED', 'PROVIDER_REQUEST_REJECTED', {}, true],
    ['PROCESSING', 'UNKNOWN_OUTCOME', {}, false],
    ['PROCESSING', 'PROVIDER_PENDING', {}, false],
    ['REFUSED', 'ISSUER_UNAVAILABLE', {}, true],
    ['REFUSED', 'ISSUER_UNAVAILABLE', { three_ds_authenticated: true }, true],
    ['REFUSED', 'PROCESSING_ERROR', { three_ds_authenticated: true }, true],
    ['REFUSED', 'CARD_DECLINED', {}, false],
    ['REFUSED', 'CARD_DECLINED', { on_generic_decline: true }, true],
    ['REFUSED', 'CARD_DECLINED', { on_generic_decline: true, three_ds_authenticated: true }, false],
    ['REFUSED', 'CARD_DECLINED', { on_generic_decline: true, generic_decline_failed_over: true }, false],
    ['REFUSED', 'CARD_DECLINED', { on_generic_decline: true, connector: 'ADYEN_CHECKOUT', provider_code: '46' }, false],
    ['REFUSED', 'CARD_DECLINED', { on_generic_decline: true, connector: 'ADYEN_CHECKOUT', provider_code: '2' }, true],
    ['REFUSED', 'INSUFFICIENT_FUNDS', { on_generic_decline: true }, false],
    ['FAILED', 'PROVIDER_UNAVAILABLE', { payment_method: 'PIX' }, true],
    ['WAITING_PAYMENT', null, { payment_method: 'PIX' }, false],
  ])('%s %s %o fails over: %s', (outcome, code, context, expected) => {
    expect(failsOver(outcome, code, { ...card, ...context })).toBe(expected);
  });

  it('counts for the circuit and the success rate as the table says', () => {
    expect(failoverRow('FAILED', 'PROVIDER_REQUEST_REJECTED').counts_for_circuit).toBe('NONE');
    expect(failoverRow('PROCESSING', 'UNKNOWN_OUTCOME').counts_for_circuit).toBe('FAILURE');
    expect(failoverRow('PROCESSING', 'PROVIDER_PENDING').counts_for_circuit).toBe('SUCCESS');
    expect(failoverRow('REFUSED', 'EXPIRED_CARD')).toMatchObject({
      code: '*',
      failover: 'NEVER',
      counts_as_success: false,
    });
    expect(failoverRow('APPROVED', null).counts_as_success).toBe(true);
    expect(FAILOVER_TABLE.filter((r) => r.outcome === 'PROCESSING').every((r) => r.counts_as_success === null)).toBe(
      true,
    );
  });
});

describe('a PROCESSING attempt counted when resolved (R6.7, R6.10)', () => {
  it.each([
    ['APPROVED', true],
    ['AUTHORIZED', true],
    ['REFUSED', false],
    ['CANCELED', null],
    ['PROCESSING', null],
  ])('%s counts %o', (status, expected) => {
    expect(resolvedSuccess(status)).toBe(expected);
  });
});
