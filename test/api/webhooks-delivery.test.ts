import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { organizationWithReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import { createDeliveryWorker, type DeliveryWorkerOptions } from '../../src/modules/webhooks/delivery-worker.js';
import { claimDue } from '../../src/modules/webhooks/messages.repo.js';

let t: TestApp;
const receivers: FakeReceiver[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t?.close();
});

/** A worker serving only this test's organizations, with a tiny schedule (the contract's timeout unless a test shortens it). */
const workerFor = (orgIds: string[], extra: Partial<DeliveryWorkerOptions> = {}) =>
  createDeliveryWorker({
    db: t.db,
    secretBox: t.deps.webhookSecretBox,
    config: { env: 'sandbox', webhookRetrySchedule: [0, 0] },
    organizationIds: orgIds,
    ...extra,
  });

async function setup() {
  const { org, receiver } = await organizationWithReceiver(t);
  receivers.push(receiver);
  return { org, receiver };
}

const messages = async (key: string, query = '') => {
  const res = await t.request({ method: 'GET', url: `/core/v1/webhooks/messages${query}`, key });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('webhook delivery', () => {
  it('delivers company.created and company.status-changed, signed, verifiable with standardwebhooks', async () => {
    const { org, receiver } = await setup();
    const merchant = await t.createMerchant(org.apiKey);
    const patch = await t.request({
      method: 'PATCH',
      url: `/core/v1/platform/companies/${merchant.id}`,
      key: t.platformKey,
      payload: { status: 'ACTIVE' },
    });
    expect(patch.statusCode).toBe(200);

    const worker = workerFor([org.id]);
    await worker.drain();
    await worker.stop();

    const got = receiver.delivered();
    expect(got.map((r) => r.envelope!.type).sort()).toEqual(['company.created', 'company.status-changed']);
    for (const r of got) {
      expect(r.envelope).toMatchObject({
        id: r.id,
        version: 1,
        company_id: merchant.id,
        source: expect.any(String),
        correlation_id: expect.any(String),
        timestamp: expect.stringMatching(/Z$/),
      });
      expect(r.headers['webhook-signature']).toMatch(/^v1,/);
      expect(r.headers['content-type']).toBe('application/json');
    }
    const created = got.find((r) => r.envelope!.type === 'company.created')!;
    expect(created.envelope!.payload.id).toBe(merchant.id);
    const changed = got.find((r) => r.envelope!.type === 'company.status-changed')!;
    expect(changed.envelope!.payload).toMatchObject({ old_status: 'PENDING_ACTIVATION', new_status: 'ACTIVE' });

    const list = await messages(org.apiKey);
    expect(list.data).toHaveLength(2);
    for (const m of list.data) {
      expect(m).toMatchObject({ status: 'DELIVERED', company_id: merchant.id, next_attempt_at: null });
      expect(m.attempts).toEqual([
        {
          at: expect.any(String),
          endpoint_id: expect.any(String),
          status_code: 204,
          duration_ms: expect.any(Number),
          error: null,
        },
      ]);
    }
  });

  it('a receiver failing twice gets the same webhook-id three times, then DELIVERED', async () => {
    const { org, receiver } = await setup();
    receiver.script({ status: 500 }, { status: 503 });
    await t.createMerchant(org.apiKey);
    const worker = workerFor([org.id]);
    await worker.drain();
    await worker.stop();
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    const [m] = (await messages(org.apiKey)).data;
    expect(m.id).toBe(receiver.received[0]!.id);
    expect(m.status).toBe('DELIVERED');
    expect(m.attempts.map((a: any) => a.status_code)).toEqual([500, 503, 204]);
  });

  it('after the last retry fails the message is FAILED with every attempt logged', async () => {
    const { org, receiver } = await setup();
    receiver.fallback = { status: 500 };
    await t.createMerchant(org.apiKey);
    const worker = workerFor([org.id]);
    await worker.drain();
    await worker.stop();
    const [m] = (await messages(org.apiKey)).data;
    expect(m.status).toBe('FAILED');
    expect(m.next_attempt_at).toBeNull();
    expect(m.attempts).toHaveLength(3);
    expect(m.attempts[0]).toMatchObject({ status_code: 500, error: 'receiver answered an error (HTTP 500)' });
  });

  it.each([
    ['hangs', { hang: true } as const, null, 'no answer within 300 ms'],
    [
      'redirects',
      { status: 302, headers: { location: 'http://127.0.0.1:1/' } },
      302,
      'redirect not followed (HTTP 302)',
    ],
    ['answers 4xx', { status: 410 }, 410, 'receiver answered an error (HTTP 410)'],
    ['answers 5xx', { status: 502 }, 502, 'receiver answered an error (HTTP 502)'],
    ['resets the connection', { reset: true } as const, null, 'connection reset by the receiver'],
  ])('a receiver that %s fails the attempt and it is recorded', async (_name, behaviour, statusCode, error) => {
    const { org, receiver } = await setup();
    receiver.fallback = behaviour;
    await t.createMerchant(org.apiKey);
    const worker = workerFor([org.id], {
      config: { env: 'sandbox', webhookRetrySchedule: [] },
      timeoutMs: 'hang' in behaviour ? 300 : 5000,
    });
    await worker.drain();
    await worker.stop();
    const [m] = (await messages(org.apiKey)).data;
    expect(m.status).toBe('FAILED');
    expect(m.attempts).toEqual([
      {
        at: expect.any(String),
        endpoint_id: expect.any(String),
        status_code: statusCode,
        duration_ms: expect.any(Number),
        error,
      },
    ]);
  });

  it('a slow receiver that answers in time is a delivery', async () => {
    const { org, receiver } = await setup();
    receiver.fallback = { delayMs: 50, status: 200 };
    await t.createMerchant(org.apiKey);
    const worker = workerFor([org.id]);
    await worker.drain();
    await worker.stop();
    expect((await messages(org.apiKey)).data[0].status).toBe('DELIVERED');
  });

  it('a receiver with the wrong secret answers 400 and the attempt fails (never a wrong signature accepted)', async () => {
    const { org, receiver } = await setup();
    receiver.setSecret(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
    await t.createMerchant(org.apiKey);
    const worker = workerFor([org.id], { config: { env: 'sandbox', webhookRetrySchedule: [] } });
    await worker.drain();
    await worker.stop();
    expect(receiver.received[0]!.verified).toBe(false);
    expect((await messages(org.apiKey)).data[0].attempts[0].status_code).toBe(400);
  });

  it('one hanging receiver does not delay another organization', async () => {
    const slow = await setup();
    const fast = await setup();
    slow.receiver.fallback = { hang: true };
    await t.createMerchant(slow.org.apiKey);
    await t.createMerchant(slow.org.apiKey);
    await t.createMerchant(fast.org.apiKey);
    const worker = workerFor([slow.org.id, fast.org.id], {
      timeoutMs: 60_000,
      perEndpointConcurrency: 1,
      pollIntervalMs: 20,
    });
    worker.start();
    for (let i = 0; i < 200 && fast.receiver.delivered().length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(fast.receiver.delivered()).toHaveLength(1);
    const slowMessages = (await messages(slow.org.apiKey)).data;
    expect(slowMessages.every((m: any) => m.status === 'PENDING' && m.attempts.length === 0)).toBe(true);
    expect(slow.receiver.received).toHaveLength(1); // one in flight: the per-endpoint limit
    await slow.receiver.close();
    await worker.stop();
  });

  it('two workers on one database share the work: each message is delivered exactly once', async () => {
    const { org, receiver } = await setup();
    for (let i = 0; i < 6; i++) await t.createMerchant(org.apiKey);
    const a = workerFor([org.id], { perEndpointConcurrency: 2 });
    const b = workerFor([org.id], { perEndpointConcurrency: 2 });
    await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.stop(), b.stop()]);
    const ids = receiver.delivered().map((r) => r.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    const list = (await messages(org.apiKey)).data;
    expect(list.every((m: any) => m.status === 'DELIVERED' && m.attempts.length === 1)).toBe(true);
  });

  it('respects webhook_enabled and stops deliveries when the endpoint is removed', async () => {
    const { org, receiver } = await setup();
    const muted = await t.createMerchant(org.apiKey, { webhook_enabled: false });
    await t.request({
      method: 'PATCH',
      url: `/core/v1/platform/companies/${muted.id}`,
      key: t.platformKey,
      payload: { status: 'ACTIVE' },
    });
    expect((await messages(org.apiKey)).data).toHaveLength(0);

    await t.createMerchant(org.apiKey);
    const del = await t.request({
      method: 'DELETE',
      url: `/core/v1/platform/organizations/${org.id}/webhook-endpoint`,
      key: t.platformKey,
      payload: {},
    });
    expect(del.statusCode, del.body).toBe(200);
    const worker = workerFor([org.id]);
    await worker.drain();
    await worker.stop();
    const [m] = (await messages(org.apiKey)).data;
    expect(m.status).toBe('FAILED');
    expect(m.attempts[0]).toMatchObject({ status_code: null, error: 'no webhook endpoint configured' });
    expect(receiver.received).toHaveLength(0);
  });

  it("a crashed worker's claim comes back after its lease; a live lease is never claimed twice", async () => {
    const { org, receiver } = await setup();
    await t.createMerchant(org.apiKey);
    const claims = await claimDue(t.db.db, org.id, 10, 150); // the "crashed" worker: claims, never delivers
    expect(claims).toHaveLength(1);
    const other = workerFor([org.id]);
    expect(await other.runOnce()).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(await other.runOnce()).toBe(1);
    await other.stop();
    expect(receiver.delivered()).toHaveLength(1);
    expect((await messages(org.apiKey)).data[0].status).toBe('DELIVERED');
  });
});
