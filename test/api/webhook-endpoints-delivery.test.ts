import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { BASE, endpointsKit } from '../helpers/webhook-endpoints.js';
import { listEndpointHealth, recoverOrganizationSince } from '../../src/modules/webhooks/endpoints.service.js';

/** Webhook endpoints (product.md §15): delivery across endpoints, rotation, recover, test events, messages. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const { call, endpointWithReceiver, drain, messages, closeReceivers } = endpointsKit(() => t);
afterAll(async () => {
  await closeReceivers();
  await t?.close();
});

describe('webhook endpoints: delivery', () => {
  it('fans out to every matching endpoint; one failing makes the message FAILED; attempts name their endpoint', async () => {
    const org = await t.createOrganization();
    const good = await endpointWithReceiver(org.apiKey);
    const bad = await endpointWithReceiver(org.apiKey);
    const onlyStatus = await endpointWithReceiver(org.apiKey, { enabled_events: ['company.status-changed'] });
    const off = await endpointWithReceiver(org.apiKey, { disabled: true });
    bad.receiver.fallback = { status: 500 };
    await t.createMerchant(org.apiKey);
    await drain(org.id, [0]);

    expect(good.receiver.delivered().map((r) => r.envelope!.type)).toEqual(['company.created']);
    expect(bad.receiver.received).toHaveLength(2);
    expect(onlyStatus.receiver.received).toHaveLength(0);
    expect(off.receiver.received).toHaveLength(0);
    const [m] = await messages(org.apiKey);
    expect(m.status).toBe('FAILED');
    expect(m.attempts.map((a: any) => [a.endpoint_id, a.status_code]).sort()).toEqual(
      [
        [good.endpoint.id, 204],
        [bad.endpoint.id, 500],
        [bad.endpoint.id, 500],
      ].sort(),
    );
    const byEndpoint = Object.fromEntries(m.deliveries.map((d: any) => [d.endpoint_id, d.status]));
    expect(byEndpoint).toEqual({ [good.endpoint.id]: 'DELIVERED', [bad.endpoint.id]: 'FAILED' });

    // Both healthy: DELIVERED once every endpoint got it.
    bad.receiver.fallback = { status: 204 };
    const replay = await call('POST', `/core/v1/webhooks/messages/${m.id}/replay`, org.apiKey);
    expect(replay.statusCode, replay.body).toBe(200);
    await drain(org.id);
    expect((await messages(org.apiKey))[0].status).toBe('DELIVERED');
    expect(good.receiver.delivered()).toHaveLength(2); // a replay goes to every endpoint it targeted

    const health = await listEndpointHealth(t.db.db, org.id);
    expect(health.find((h) => h.id === bad.endpoint.id)!.health).toMatchObject({
      attempts: 3,
      succeeded: 1,
      failed: 2,
      last_error: 'receiver answered an error (HTTP 500)',
      pending_messages: 0,
      failed_messages: 0,
    });
  });

  it('after a rotation both secrets sign for 24 hours, each verifiable with standardwebhooks', async () => {
    const org = await t.createOrganization();
    const { endpoint, receiver: r } = await endpointWithReceiver(org.apiKey);
    const rotated = await call('POST', `${BASE}/${endpoint.id}/rotate-secret`, org.apiKey);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { signing_secret: fresh, previous_secret_expires_at: until } = rotated.json();
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(endpoint.signing_secret);
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect((await call('GET', `${BASE}/${endpoint.id}/secret`, org.apiKey)).json().signing_secret).toBe(fresh);

    await t.createMerchant(org.apiKey);
    await drain(org.id);
    const [got] = r.delivered(); // the receiver still verifies with the old secret
    expect(got).toBeDefined();
    const signatures = String(got!.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
    const headers = got!.headers as Record<string, string>;
    expect(new Webhook(fresh).verify(got!.body, headers)).toMatchObject({ id: got!.id });
    expect(new Webhook(endpoint.signing_secret).verify(got!.body, headers)).toMatchObject({ id: got!.id });
  });

  it("recover replays the endpoint's messages whose last attempt failed at or after `since`", async () => {
    const org = await t.createOrganization();
    const { endpoint, receiver: r } = await endpointWithReceiver(org.apiKey);
    r.fallback = { status: 503 };
    const before = new Date(Date.now() - 1000).toISOString();
    await t.createMerchant(org.apiKey);
    await t.createMerchant(org.apiKey);
    await drain(org.id);
    expect((await messages(org.apiKey)).map((m: any) => m.status)).toEqual(['FAILED', 'FAILED']);

    const future = await call('POST', `${BASE}/${endpoint.id}/recover`, org.apiKey, {
      since: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(future.json()).toEqual({ recovered: 0, message_ids: [] });
    r.fallback = { status: 204 };
    const recovered = await call('POST', `${BASE}/${endpoint.id}/recover`, org.apiKey, { since: before });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json().recovered).toBe(2);
    expect((await messages(org.apiKey)).map((m: any) => m.status)).toEqual(['PENDING', 'PENDING']);
    await drain(org.id);
    expect((await messages(org.apiKey)).map((m: any) => m.status)).toEqual(['DELIVERED', 'DELIVERED']);
    expect((await recoverOrganizationSince(t.db.db, org.id, new Date(before))).recovered).toBe(0);
  });

  it('recover also takes messages waiting for a retry or not attempted yet (issue 27: only FAILED, about 2 days away)', async () => {
    const org = await t.createOrganization();
    const { endpoint, receiver: r } = await endpointWithReceiver(org.apiKey);
    r.fallback = { status: 503 };
    const before = new Date(Date.now() - 1000).toISOString();
    await t.createMerchant(org.apiKey);
    await drain(org.id, [0, 3600]); // two failed attempts, the next in an hour
    await t.createMerchant(org.apiKey); // queued, never attempted
    const waiting = await messages(org.apiKey);
    expect(waiting.map((m: any) => [m.status, m.attempts.length])).toEqual([
      ['PENDING', 0],
      ['PENDING', 2],
    ]);
    expect(Date.parse(waiting[1].next_attempt_at) - Date.now()).toBeGreaterThan(3000_000);

    r.fallback = { status: 204 };
    const recovered = await call('POST', `${BASE}/${endpoint.id}/recover`, org.apiKey, { since: before });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json()).toEqual({ recovered: 2, message_ids: waiting.map((m: any) => m.id).sort() });
    const due = await messages(org.apiKey);
    expect(due.every((m: any) => m.status === 'PENDING' && Date.parse(m.next_attempt_at) - Date.now() < 60_000)).toBe(
      true,
    );
    await drain(org.id, [0, 3600]);
    expect((await messages(org.apiKey)).map((m: any) => m.status)).toEqual(['DELIVERED', 'DELIVERED']);
    expect(r.received).toHaveLength(4); // the two failed attempts, then each message once
    // Delivered messages are not undelivered: nothing more to recover.
    expect((await recoverOrganizationSince(t.db.db, org.id, new Date(before))).recovered).toBe(0);
  });

  it("the dashboard's recoverOrganizationSince recovers every endpoint's failures", async () => {
    const org = await t.createOrganization();
    const a = await endpointWithReceiver(org.apiKey);
    const b = await endpointWithReceiver(org.apiKey);
    a.receiver.fallback = { status: 500 };
    b.receiver.fallback = { status: 500 };
    const before = new Date(Date.now() - 1000);
    await t.createMerchant(org.apiKey);
    await drain(org.id);
    a.receiver.fallback = b.receiver.fallback = { status: 204 };
    expect(await recoverOrganizationSince(t.db.db, org.id, before)).toMatchObject({ recovered: 1 });
    await drain(org.id);
    const [m] = await messages(org.apiKey);
    expect(m.status).toBe('DELIVERED');
    expect(m.deliveries.map((d: any) => d.status)).toEqual(['DELIVERED', 'DELIVERED']);
  });

  it('test sends a webhook.test event to that endpoint only', async () => {
    const org = await t.createOrganization();
    const target = await endpointWithReceiver(org.apiKey);
    const bystander = await endpointWithReceiver(org.apiKey);
    const res = await call('POST', `${BASE}/${target.endpoint.id}/test`, org.apiKey);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'webhook.test', status: 'PENDING', company_id: org.id });
    await drain(org.id);
    const [got] = target.receiver.delivered();
    expect(got!.envelope).toMatchObject({
      type: 'webhook.test',
      version: 1,
      company_id: org.id,
      payload: { endpoint_id: target.endpoint.id },
    });
    expect(bystander.receiver.received).toHaveLength(0);
    const message = (await call('GET', `/core/v1/webhooks/messages/${got!.id}`, org.apiKey)).json();
    expect(message).toMatchObject({ id: got!.id, status: 'DELIVERED', event: got!.envelope });

    await call('PATCH', `${BASE}/${target.endpoint.id}`, org.apiKey, { disabled: true });
    const disabled = await call('POST', `${BASE}/${target.endpoint.id}/test`, org.apiKey);
    expect(disabled.statusCode).toBe(409);
  });

  it('a deleted endpoint receives nothing more; its queued deliveries fail', async () => {
    const org = await t.createOrganization();
    const { endpoint, receiver: r } = await endpointWithReceiver(org.apiKey);
    await t.createMerchant(org.apiKey);
    await call('DELETE', `${BASE}/${endpoint.id}`, org.apiKey);
    await drain(org.id);
    expect(r.received).toHaveLength(0);
    const [m] = await messages(org.apiKey);
    expect(m.status).toBe('FAILED');
    expect(m.attempts[0]).toMatchObject({ endpoint_id: endpoint.id, error: 'no webhook endpoint configured' });
    await t.createMerchant(org.apiKey);
    expect(await messages(org.apiKey)).toHaveLength(1); // no endpoint: nothing queued
  });
});

describe('messages and event types', () => {
  it('GET /v1/webhooks/messages/{id} includes the event envelope; other organizations get 404', async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    await endpointWithReceiver(org.apiKey);
    const merchant = await t.createMerchant(org.apiKey);
    const [m] = await messages(org.apiKey);
    const res = await call('GET', `/core/v1/webhooks/messages/${m.id}`, org.apiKey);
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toEqual({
      id: m.id,
      type: 'company.created',
      version: 1,
      timestamp: expect.any(String),
      source: expect.any(String),
      company_id: merchant.id,
      correlation_id: expect.any(String),
      payload: expect.objectContaining({ id: merchant.id }),
    });
    expect((await call('GET', `/core/v1/webhooks/messages/${m.id}`, other.apiKey)).statusCode).toBe(404);
    expect((await call('GET', `/core/v1/webhooks/messages/${m.id}`, merchant.apiKey)).statusCode).toBe(403);
  });

  it('GET /v1/webhooks/event-types answers every type with its payload JSON Schema', async () => {
    const org = await t.createOrganization();
    const res = await call('GET', '/core/v1/webhooks/event-types', org.apiKey);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { type: string; version: number; schema: any }[];
    const test = data.find((d) => d.type === 'webhook.test')!;
    expect(test).toMatchObject({
      version: 1,
      schema: { type: 'object', properties: { endpoint_id: { type: 'string' } } },
    });
    expect(data.map((d) => d.type)).toContain('transaction.status-changed');
  });
});
