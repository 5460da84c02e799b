import { afterAll, describe, expect, it } from 'vitest';
import { sandboxServers } from '../helpers/sandbox-server.js';
import { call, startSandbox, takeAPayment, TEST_CARD, type Json, type Sandbox } from './readme-steps.js';

const servers = sandboxServers();
afterAll(() => servers.stopAll());

/**
 * README "Route across providers", each curl of its block in order, against the real server (`npm start`'s entry)
 * after "Take a payment in the sandbox" (the block continues that shell: `M` payment-ready at PROVIDER_A).
 */
async function routeAcrossProviders({ CORE, PCI, KEY, STAFF }: Sandbox, M: string): Promise<void> {
  const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    call(method, `${CORE}${path}`, STAFF, body);
  const card = (request_id: string | null, extra: Json = {}) =>
    call('POST', `${PCI}/v1/merchants/${M}/transactions`, KEY, {
      payment_method: 'CREDIT_CARD',
      amount: 1990,
      ...(request_id === null ? {} : { request_id }),
      card_data: TEST_CARD,
      ...extra,
    });
  const summary = (tx: Json) => [tx.status, tx.provider, tx.attempts.map((a: Json) => `${a.provider}:${a.outcome}`)];

  // 1. A third SANDBOX account and the merchant's affiliation with it.
  const created = await staff('POST', '/v1/platform/provider-accounts', {
    provider: 'SANDBOX_C',
    display_name: 'Sandbox C',
    connector: 'SANDBOX',
    environment: 'TEST',
    circuit_breaker: { failure_threshold: 3, cooldown_seconds: 30 },
  });
  expect(created.status).toBe(201);
  const SC = created.json.id as string;
  const affiliation = await call('POST', `${CORE}/v1/merchants/${M}/affiliations`, KEY, { provider: 'SANDBOX_C' });
  expect(affiliation.json.status).toBe('ACTIVE');

  // 2. VOLUME 60/40, PROVIDER_B as the fallback; decide for route-1.
  const config = await call('PUT', `${CORE}/v1/routing`, KEY, {
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
  });
  expect(config.json.version).toBe(1);
  const decide = () =>
    call('POST', `${CORE}/v1/routing/decide`, KEY, {
      company_id: M,
      payment_method: 'CREDIT_CARD',
      amount: 1990,
      request_id: 'route-1',
    });
  const decided = (await decide()).json;
  expect(decided.strategy).toBe('VOLUME');
  expect(decided.attempt_order).toEqual(['SANDBOX_C', 'PROVIDER_A']);

  // 3. SANDBOX_C fails its next 3 calls: the payments drawn for it fail over to PROVIDER_A, booked once there.
  const behaviour = await staff('PUT', `/v1/platform/sandbox/provider-accounts/${SC}/behaviour`, {
    technical_failure: { kind: 'UNAVAILABLE', next: 3 },
  });
  expect(behaviour.json.remaining).toEqual({ technical_failure: 3, decline: null });
  const answers = [];
  for (let i = 1; i <= 8; i++) answers.push(summary((await card(`route-${i}`)).json));
  const failedOver = ['APPROVED', 'PROVIDER_A', ['SANDBOX_C:FAILED', 'PROVIDER_A:APPROVED']];
  expect(answers.filter((a) => JSON.stringify(a) === JSON.stringify(failedOver))).toHaveLength(3);
  for (const a of answers) expect(a[0]).toBe('APPROVED');

  // 4. The circuit opened: health, decide, /health, stats; closed by hand; the behaviour reset.
  const account = (await staff('GET', `/v1/platform/provider-accounts/${SC}`)).json;
  expect(account.health).toMatchObject({ circuit_state: 'OPEN', consecutive_failures: 3 });
  expect(Date.parse(account.health.next_probe_at)).toBeGreaterThan(Date.now());
  const open = (await decide()).json;
  expect(open.attempt_order).toEqual(['PROVIDER_A']);
  expect(open.candidates.map((c: Json) => [c.provider, c.reasons])).toEqual([
    ['PROVIDER_A', []],
    ['SANDBOX_C', ['CIRCUIT_OPEN']],
    ['PROVIDER_B', ['NO_ACTIVE_AFFILIATION']],
  ]);
  const health = (await call('GET', `${CORE}/health`, null)).json.providers.health as Json[];
  expect(health.find((h) => h.name === 'SANDBOX_C')).toMatchObject({ status: 'ERROR' });
  expect(health.find((h) => h.name === 'PROVIDER_A')!.responseTime).toBeGreaterThanOrEqual(0);
  const stats = (await call('GET', `${CORE}/v1/routing/stats`, KEY)).json.data as Json[];
  const window = (provider: string) => stats.find((d) => d.provider === provider && d.payment_method === 'CREDIT_CARD');
  expect(window('SANDBOX_C')).toMatchObject({ samples: 3, success_rate: 0 });
  expect(window('PROVIDER_A')).toMatchObject({ success_rate: 1 });
  expect(window('PROVIDER_A')!.samples).toBeGreaterThanOrEqual(9);
  expect(
    (await staff('POST', `/v1/platform/provider-accounts/${SC}/circuit`, { state: 'CLOSED' })).json.health,
  ).toMatchObject({
    circuit_state: 'CLOSED',
  });
  expect(
    (await staff('DELETE', `/v1/platform/sandbox/provider-accounts/${SC}/behaviour`)).json.technical_failure,
  ).toBeNull();

  // 5. Nobody reachable: 502 PROVIDERS_UNAVAILABLE, nothing stored; the same request_id succeeds later. An explicit
  //    provider keeps eligibility.
  const PA = ((await staff('GET', '/v1/platform/provider-accounts')).json.data as Json[]).find(
    (a) => a.provider === 'PROVIDER_A',
  )!.id as string;
  for (const id of [SC, PA]) {
    const set = await staff('PUT', `/v1/platform/sandbox/provider-accounts/${id}/behaviour`, {
      technical_failure: { kind: 'UNAVAILABLE', next: 1 },
    });
    expect(set.json.remaining).toEqual({ technical_failure: 1, decline: null });
  }
  const none = await card('route-9');
  expect(none.status).toBe(502);
  expect(none.json.error.details).toEqual({
    reason: 'PROVIDERS_UNAVAILABLE',
    attempts: [
      { provider: 'SANDBOX_C', code: 'PROVIDER_UNAVAILABLE' },
      { provider: 'PROVIDER_A', code: 'PROVIDER_UNAVAILABLE' },
    ],
  });
  const later = await card('route-9');
  expect(later.status).toBe(201);
  expect(summary(later.json)).toEqual(['APPROVED', 'SANDBOX_C', ['SANDBOX_C:APPROVED']]);
  const explicit = await card(null, { provider: 'PROVIDER_B' });
  expect(explicit.status).toBe(409);
  expect(explicit.json.error.details).toEqual({
    field: 'provider',
    value: 'PROVIDER_B',
    reason: 'NO_ACTIVE_AFFILIATION',
  });
}

describe('README: route across providers', () => {
  it('VOLUME split, failover past a failing account, its circuit, a 502 that succeeds later, explicit eligibility', async () => {
    const sandbox = await startSandbox(servers);
    await routeAcrossProviders(sandbox, await takeAPayment(sandbox));
  }, 400_000);
});
