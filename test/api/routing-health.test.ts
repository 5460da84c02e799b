import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardPayment, createTx, makePaying, payingMerchant } from '../helpers/transactions.js';
import { providerAccounts } from '../../src/db/schema/index.js';
import { systemClock, type Clock } from '../../src/kernel/clock.js';
import { PROBE_LEASE_MS } from '../../src/providers/routing/circuit-breaker.js';

/**
 * providers.md R6.10-R6.11 beyond a create's attempts: every account's call latencies (its health and `/health`),
 * captures and syncs moving the breaker, an unknown outcome counted in its window when resolved, and a half-open
 * probe that never answers released after its lease. Each test uses an account of its own (the worker's database is
 * shared with other files on PostgreSQL).
 */

/** Real time plus an offset the test moves forward (the breaker runs on real time). */
class AdvancingClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(systemClock.now().getTime() + this.offsetMs);
  }
}

let t: TestApp;
const clock = new AdvancingClock();
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false }, {}, {}, { clock });
});
afterAll(async () => t?.close());

const staff = (method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/core/v1${url}`, key: t.platformKey, ...(payload === undefined ? {} : { payload }) });

/** A SANDBOX account of this test's own, a paying merchant affiliated with it only, and an explicit-provider card body. */
async function ownAccount(breaker = { failure_threshold: 2, cooldown_seconds: 30 }) {
  const name = `H_${randomUUID().slice(0, 8).toUpperCase()}`;
  const created = await staff('POST', '/platform/provider-accounts', {
    provider: name,
    display_name: name,
    connector: 'SANDBOX',
    environment: 'TEST',
    circuit_breaker: breaker,
  });
  expect(created.statusCode).toBe(201);
  const { org, merchant } = await payingMerchant(t, []);
  await makePaying(t, merchant.id, [name]);
  const pay = async (overrides: Record<string, unknown> = {}) =>
    createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { provider: name, ...overrides }));
  return { id: created.json().id as string, name, org, merchant, pay };
}

const healthOf = async (id: string) => (await staff('GET', `/platform/provider-accounts/${id}`)).json().health;

describe('latencies (R6.11)', () => {
  it("an account's health shows p50 and p95 over its calls; /health answers the p50 as responseTime", async () => {
    const a = await ownAccount();
    expect(await healthOf(a.id)).toMatchObject({ latency_ms_p50: null, latency_ms_p95: null });
    await staff('PUT', `/platform/sandbox/provider-accounts/${a.id}/behaviour`, { latency_ms: 120 });
    for (let i = 0; i < 3; i++) expect((await a.pay()).statusCode).toBe(201);
    const health = await healthOf(a.id);
    expect(health.latency_ms_p50).toBeGreaterThanOrEqual(120);
    expect(health.latency_ms_p95).toBeGreaterThanOrEqual(health.latency_ms_p50);
    const listed = (await t.request({ method: 'GET', url: '/core/health' })).json().providers.health;
    expect(listed.find((h: { name: string }) => h.name === a.name).responseTime).toBe(health.latency_ms_p50);
    const stats = (await t.request({ method: 'GET', url: '/core/v1/routing/stats', key: a.org.apiKey })).json();
    const row = stats.data.find((d: { provider: string }) => d.provider === a.name);
    expect(row).toMatchObject({ samples: 3, successes: 3 });
    expect(row.latency_ms_p50).toBeGreaterThanOrEqual(120);
    expect(row.latency_ms_p95).toBeGreaterThanOrEqual(row.latency_ms_p50);
    await staff('DELETE', `/platform/sandbox/provider-accounts/${a.id}/behaviour`);
  });
});

describe('every call moves the breaker (R6.11)', () => {
  it('captures failing technically open the circuit; a successful capture closes it', async () => {
    const a = await ownAccount();
    const txs = [];
    for (let i = 0; i < 3; i++) txs.push((await a.pay({ capture: false })).json());
    expect(txs.map((x) => x.status)).toEqual(['AUTHORIZED', 'AUTHORIZED', 'AUTHORIZED']);
    await staff('PUT', `/platform/sandbox/provider-accounts/${a.id}/behaviour`, {
      operations: ['card.capture'],
      technical_failure: { kind: 'UNAVAILABLE', next: 2 },
    });
    const capture = (id: string) =>
      t.request({ method: 'POST', url: `/core/v1/transactions/${id}/capture`, key: a.merchant.apiKey, payload: {} });
    expect((await capture(txs[0].id)).statusCode).toBe(502);
    expect(await healthOf(a.id)).toMatchObject({ circuit_state: 'CLOSED', consecutive_failures: 1 });
    expect((await capture(txs[1].id)).statusCode).toBe(502);
    expect(await healthOf(a.id)).toMatchObject({
      circuit_state: 'OPEN',
      consecutive_failures: 2,
      last_failure_code: 'PROVIDER_UNAVAILABLE',
    });
    // OPEN: no new payments there, but calls for existing ones still go out; an answer closes the circuit.
    expect((await a.pay()).json().error.details).toMatchObject({ reason: 'CIRCUIT_OPEN' });
    const ok = await capture(txs[2].id);
    expect(ok.json().status).toBe('APPROVED');
    expect(await healthOf(a.id)).toMatchObject({ circuit_state: 'CLOSED', consecutive_failures: 0 });
    await staff('DELETE', `/platform/sandbox/provider-accounts/${a.id}/behaviour`);
  });
});

describe('an unknown outcome counts in its window when resolved (R6.7, R6.10)', () => {
  it('a TIMEOUT is no sample until its transaction is resolved; then one', async () => {
    const a = await ownAccount({ failure_threshold: 5, cooldown_seconds: 30 });
    await staff('PUT', `/platform/sandbox/provider-accounts/${a.id}/behaviour`, {
      technical_failure: { kind: 'TIMEOUT', next: 1 },
    });
    const tx = (await a.pay()).json();
    expect(tx.status).toBe('PROCESSING');
    const windowOf = async () =>
      (await t.request({ method: 'GET', url: '/core/v1/routing/stats', key: a.org.apiKey }))
        .json()
        .data.find((d: { provider: string }) => d.provider === a.name);
    expect(await windowOf()).toBeUndefined();
    const settled = await staff('POST', `/platform/sandbox/transactions/${tx.id}/settle`, { status: 'APPROVED' });
    expect(settled.json().status).toBe('APPROVED');
    expect(await windowOf()).toMatchObject({ samples: 1, successes: 1 });
    // Resolved once: a later move of the transaction counts nothing more.
    expect((await a.pay()).json().status).toBe('APPROVED');
    expect(await windowOf()).toMatchObject({ samples: 2, successes: 2 });
  });
});

describe('a half-open probe that never answers (R6.11)', () => {
  it('is released after its lease, so the circuit cannot stay HALF_OPEN for ever', async () => {
    const a = await ownAccount({ failure_threshold: 1, cooldown_seconds: 1 });
    // The probe was handed out and its process died: HALF_OPEN with a probe in flight that nobody will record.
    await t.db.db
      .update(providerAccounts)
      .set({ circuitState: 'HALF_OPEN', probeInFlight: true, probeClaimedAt: clock.now(), consecutiveFailures: 1 })
      .where(eq(providerAccounts.id, a.id));
    const decide = async () =>
      (
        await t.request({
          method: 'POST',
          url: '/core/v1/routing/decide',
          key: a.merchant.apiKey,
          payload: { payment_method: 'CREDIT_CARD', amount: 100, provider: a.name },
        })
      ).json();
    expect((await decide()).candidates[0].reasons).toEqual(['CIRCUIT_OPEN']);
    expect((await a.pay()).json().error.details.reason).toBe('CIRCUIT_OPEN');
    clock.offsetMs += PROBE_LEASE_MS - 1000;
    expect((await decide()).candidates[0].reasons).toEqual(['CIRCUIT_OPEN']);
    clock.offsetMs += 1000;
    expect((await decide()).candidates[0]).toMatchObject({ eligible: true, reasons: [] });
    // The next payment takes the probe over; its answer closes the circuit.
    const probe = (await a.pay()).json();
    expect(probe).toMatchObject({ status: 'APPROVED', provider: a.name });
    expect(await healthOf(a.id)).toMatchObject({ circuit_state: 'CLOSED', probe_in_flight: false });
  });
});
