import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';

/**
 * The README's "Route across providers" steps 1-4 in process (fast); test/e2e/routing-readme.test.ts runs the whole
 * block against `npm start`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const staff = (method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/core/v1${url}`, key: t.platformKey, ...(payload === undefined ? {} : { payload }) });

describe('README: route across providers', () => {
  it('three sandbox accounts: a VOLUME rule, failover past a failing one, its circuit opening', async () => {
    const { org, merchant } = await payingMerchant(t, ['PROVIDER_A', 'PROVIDER_B']);
    const c = await staff('POST', '/platform/provider-accounts', {
      provider: 'sandbox_c',
      display_name: 'Sandbox C',
      connector: 'SANDBOX',
      environment: 'TEST',
      circuit_breaker: { failure_threshold: 3, cooldown_seconds: 30 },
    });
    expect(c.statusCode).toBe(201);
    // As the README: a SANDBOX account needs no company onboarding, the affiliation is ACTIVE at once.
    const affiliated = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${merchant.id}/affiliations`,
      key: org.apiKey,
      payload: { provider: 'SANDBOX_C' },
    });
    expect(affiliated.json().status).toBe('ACTIVE');
    const put = await t.request({
      method: 'PUT',
      url: '/core/v1/routing',
      key: org.apiKey,
      payload: {
        seed: 'readme',
        rules: [
          {
            name: 'cards',
            priority: 0,
            conditions: [{ field: 'transaction.payment_method', operator: 'EQUALS', value: 'CREDIT_CARD' }],
            strategy: {
              type: 'VOLUME',
              splits: [
                { provider: 'SANDBOX_C', percentage: 60 },
                { provider: 'PROVIDER_A', percentage: 40 },
              ],
            },
          },
        ],
        default_providers: ['PROVIDER_B'],
      },
    });
    expect(put.statusCode).toBe(200);
    await staff('PUT', `/platform/sandbox/provider-accounts/${c.json().id}/behaviour`, {
      technical_failure: { kind: 'UNAVAILABLE', next: 3 },
    });
    const answers = [];
    for (let i = 0; i < 8; i++)
      answers.push(
        (
          await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { request_id: `readme-${i}` }))
        ).json(),
      );
    expect(answers.every((a) => a.status === 'APPROVED')).toBe(true);
    const health = (await staff('GET', `/platform/provider-accounts/${c.json().id}`)).json().health;
    expect(health.circuit_state).toBe('OPEN');
    const decided = (
      await t.request({
        method: 'POST',
        url: '/core/v1/routing/decide',
        key: org.apiKey,
        payload: { company_id: merchant.id, payment_method: 'CREDIT_CARD', amount: 1990, request_id: 'x' },
      })
    ).json();
    expect(decided.candidates.find((x: { provider: string }) => x.provider === 'SANDBOX_C').reasons).toEqual([
      'CIRCUIT_OPEN',
    ]);
    // Three creates the draw sent to SANDBOX_C failed over to the rule's next account; none reached PROVIDER_B.
    const paths = answers.map((a) =>
      a.attempts.map((x: { provider: string; outcome: string }) => `${x.provider}:${x.outcome}`).join(' '),
    );
    expect(paths.filter((p) => p === 'SANDBOX_C:FAILED PROVIDER_A:APPROVED')).toHaveLength(3);
  });
});
