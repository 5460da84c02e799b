import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { organizationWithReceiver, startFakeReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import { createDeliveryWorker } from '../../src/modules/webhooks/delivery-worker.js';
import { listEndpointHealth, recoverOrganizationSince } from '../../src/modules/webhooks/endpoints.service.js';
import { createRole, createVerifiedUser } from '../helpers/users.js';

let t: TestApp;
const receivers: FakeReceiver[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t?.close();
});

const BASE = '/core/v1/webhooks/endpoints';
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, key, ...(payload === undefined ? {} : { payload }) });

async function receiver() {
  const r = await startFakeReceiver();
  receivers.push(r);
  return r;
}

/** Creates an endpoint pointing at a fresh receiver wired with its secret. */
async function endpointWithReceiver(key: string, body: Record<string, unknown> = {}) {
  const r = await receiver();
  const res = await call('POST', BASE, key, { url: r.url, ...body });
  expect(res.statusCode, res.body).toBe(201);
  r.setSecret(res.json().signing_secret);
  return { endpoint: res.json(), receiver: r };
}

const worker = (orgId: string, schedule: number[] = []) =>
  createDeliveryWorker({ db: t.db, secretBox: t.deps.webhookSecretBox, config: { env: 'sandbox', webhookRetrySchedule: schedule }, organizationIds: [orgId] });

async function drain(orgId: string, schedule: number[] = []) {
  const w = worker(orgId, schedule);
  await w.drain();
  await w.stop();
}

const messages = async (key: string, query = '') => (await call('GET', `/core/v1/webhooks/messages${query}`, key)).json().data;

describe('webhook endpoints: CRUD and reach', () => {
  it('creates with defaults, lists, reads, patches and deletes; the staff endpoint is one of them', async () => {
    const { org, receiver: staffReceiver } = await organizationWithReceiver(t);
    receivers.push(staffReceiver);
    const created = await call('POST', BASE, org.apiKey, { url: 'http://localhost:4000/hooks', description: 'Orders' });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toEqual({
      id: expect.any(String), url: 'http://localhost:4000/hooks', description: 'Orders', enabled_events: ['*'], disabled: false, origin: 'API',
      created_at: expect.any(String), updated_at: expect.any(String), signing_secret: expect.stringMatching(/^whsec_/),
    });

    const list = (await call('GET', BASE, org.apiKey)).json().data;
    expect(list.map((e: any) => e.origin)).toEqual(['STAFF', 'API']);
    expect(list.every((e: any) => e.signing_secret === undefined)).toBe(true);

    const read = await call('GET', `${BASE}/${body.id}`, org.apiKey);
    expect(read.json()).toMatchObject({ id: body.id, url: 'http://localhost:4000/hooks' });
    expect(read.json().signing_secret).toBeUndefined();

    const patched = await call('PATCH', `${BASE}/${body.id}`, org.apiKey, { enabled_events: ['company.created', 'company.created'], disabled: true, description: null });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ enabled_events: ['company.created'], disabled: true, description: null });

    const secret = await call('GET', `${BASE}/${body.id}/secret`, org.apiKey);
    expect(secret.json()).toEqual({ signing_secret: body.signing_secret, previous_secret_expires_at: null });

    const deleted = await call('DELETE', `${BASE}/${body.id}`, org.apiKey);
    expect(deleted.json()).toEqual({ id: body.id, deleted: true });
    expect((await call('GET', `${BASE}/${body.id}`, org.apiKey)).statusCode).toBe(404);
    expect((await call('GET', BASE, org.apiKey)).json().data).toHaveLength(1);
  });

  it('allows 10 per organization, the staff endpoint included; the 11th answers 409 ENDPOINT_LIMIT', async () => {
    const org = await t.createOrganization();
    const put = await t.request({ method: 'PUT', url: `/core/v1/platform/organizations/${org.id}/webhook-endpoint`, key: t.platformKey, payload: { url: 'http://127.0.0.1:4000/staff' } });
    expect(put.statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await call('POST', BASE, org.apiKey, { url: `http://localhost:4000/${i}` })).statusCode).toBe(201);
    const eleventh = await call('POST', BASE, org.apiKey, { url: 'http://127.0.0.1:4000/11' });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toMatchObject({ code: 'CONFLICT_ERROR', details: { reason: 'ENDPOINT_LIMIT' } });
    // Changing the staff URL is not a new endpoint.
    const again = await t.request({ method: 'PUT', url: `/core/v1/platform/organizations/${org.id}/webhook-endpoint`, key: t.platformKey, payload: { url: 'http://127.0.0.1:4000/staff2' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().signing_secret).toBe(put.json().signing_secret);
  });

  it('a JWT needs the webhook.endpoint.* permissions', async () => {
    const org = await t.createOrganization();
    const bare = await createVerifiedUser(t, org.apiKey);
    const refused = await t.request({ method: 'POST', url: '/core/v1/webhooks/endpoints', token: bare.token, payload: { url: 'http://localhost:4000/jwt' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Missing permission webhook.endpoint.create');
    const role = await createRole(t, { key: org.apiKey }, ['webhook.endpoint.*']);
    const user = await createVerifiedUser(t, org.apiKey, [role.id]);
    const created = await t.request({ method: 'POST', url: '/core/v1/webhooks/endpoints', token: user.token, payload: { url: 'http://localhost:4000/jwt' } });
    expect(created.statusCode, created.body).toBe(201);
    const permissions = (await call('GET', '/core/v1/permissions', org.apiKey)).json().data;
    expect(permissions).toEqual(expect.arrayContaining(['webhook.endpoint.create', 'webhook.endpoint.list', 'webhook.endpoint.view', 'webhook.endpoint.edit', 'webhook.endpoint.delete']));
  });

  it('holds the limit when creates race', async () => {
    const org = await t.createOrganization();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => call('POST', BASE, org.apiKey, { url: `http://localhost:4000/race/${i}` })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect((await call('GET', BASE, org.apiKey)).json().data).toHaveLength(10);
  });

  it('answers 403 to a merchant key, 404 for another organization\'s ids, 400 for a bad id', async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    const { id } = (await call('POST', BASE, org.apiKey, { url: 'http://127.0.0.1:4000/a' })).json();
    expect((await call('POST', BASE, merchant.apiKey, { url: 'http://127.0.0.1:4000/b' })).statusCode).toBe(403);
    expect((await call('GET', BASE, merchant.apiKey)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${id}`, merchant.apiKey)).statusCode).toBe(403);
    for (const [method, suffix, payload] of [
      ['GET', '', undefined], ['PATCH', '', { disabled: true }], ['DELETE', '', undefined], ['GET', '/secret', undefined],
      ['POST', '/rotate-secret', undefined], ['POST', '/test', undefined], ['POST', '/recover', { since: '2020-01-01T00:00:00Z' }],
    ] as const) {
      const res = await call(method, `${BASE}/${id}${suffix}`, other.apiKey, payload);
      expect(res.statusCode, `${method} ${suffix}`).toBe(404);
    }
    expect((await call('GET', `${BASE}/${randomUUID()}`, org.apiKey)).statusCode).toBe(404);
    const bad = await call('GET', `${BASE}/nope`, org.apiKey);
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `${BASE}/${id}`, org.apiKey)).statusCode).toBe(200);
  });

  it.each([
    ['no url', {}, 'VALIDATION_ERROR', 'url'],
    ['an ftp url', { url: 'ftp://example.com/x' }, 'VALIDATION_ERROR', 'url'],
    ['a private address', { url: 'https://10.1.2.3/x' }, 'VALIDATION_ERROR', 'url'],
    ['an unknown event type', { url: 'https://localhost/x', enabled_events: ['nope.created'] }, 'VALIDATION_ERROR', 'enabled_events.0'],
    ['"*" with other types', { url: 'https://localhost/x', enabled_events: ['*', 'company.created'] }, 'VALIDATION_ERROR', 'enabled_events'],
    ['no event type', { url: 'https://localhost/x', enabled_events: [] }, 'VALIDATION_ERROR', 'enabled_events'],
    ['an unknown field', { url: 'https://localhost/x', secret: 'mine' }, 'VALIDATION_ERROR', 'secret'],
    ['a non-boolean disabled', { url: 'https://localhost/x', disabled: 'yes' }, 'VALIDATION_ERROR', 'disabled'],
  ])('refuses %s', async (_name, payload, code, field) => {
    const org = await t.createOrganization();
    const res = await call('POST', BASE, org.apiKey, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.details.issues.map((i: any) => i.field)).toContain(field);
  });

  it('refuses a bad recover body and a bad PATCH url', async () => {
    const org = await t.createOrganization();
    const { id } = (await call('POST', BASE, org.apiKey, { url: 'http://127.0.0.1:4000/a' })).json();
    expect((await call('POST', `${BASE}/${id}/recover`, org.apiKey, {})).statusCode).toBe(400);
    expect((await call('POST', `${BASE}/${id}/recover`, org.apiKey, { since: 'yesterday' })).statusCode).toBe(400);
    expect((await call('PATCH', `${BASE}/${id}`, org.apiKey, { url: 'http://example.com/a' })).statusCode).toBe(400);
    expect((await call('PATCH', `${BASE}/${id}`, org.apiKey, { url: 'http://localhost:3000/a' })).statusCode).toBe(200);
  });
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
      [[good.endpoint.id, 204], [bad.endpoint.id, 500], [bad.endpoint.id, 500]].sort(),
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
    expect(health.find((h) => h.id === bad.endpoint.id)!.health).toMatchObject({ attempts: 3, succeeded: 1, failed: 2, last_error: 'receiver answered an error (HTTP 500)', pending_messages: 0, failed_messages: 0 });
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
    const signatures = String(got.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
    const headers = got.headers as Record<string, string>;
    expect(new Webhook(fresh).verify(got.body, headers)).toMatchObject({ id: got.id });
    expect(new Webhook(endpoint.signing_secret).verify(got.body, headers)).toMatchObject({ id: got.id });
  });

  it('recover replays the endpoint\'s messages whose last attempt failed at or after `since`', async () => {
    const org = await t.createOrganization();
    const { endpoint, receiver: r } = await endpointWithReceiver(org.apiKey);
    r.fallback = { status: 503 };
    const before = new Date(Date.now() - 1000).toISOString();
    await t.createMerchant(org.apiKey);
    await t.createMerchant(org.apiKey);
    await drain(org.id);
    expect((await messages(org.apiKey)).map((m: any) => m.status)).toEqual(['FAILED', 'FAILED']);

    const future = await call('POST', `${BASE}/${endpoint.id}/recover`, org.apiKey, { since: new Date(Date.now() + 60_000).toISOString() });
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

  it('the dashboard\'s recoverOrganizationSince recovers every endpoint\'s failures', async () => {
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
    expect(got.envelope).toMatchObject({ type: 'webhook.test', version: 1, company_id: org.id, payload: { endpoint_id: target.endpoint.id } });
    expect(bystander.receiver.received).toHaveLength(0);
    const message = (await call('GET', `/core/v1/webhooks/messages/${got.id}`, org.apiKey)).json();
    expect(message).toMatchObject({ id: got.id, status: 'DELIVERED', event: got.envelope });

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
      id: m.id, type: 'company.created', version: 1, timestamp: expect.any(String), source: expect.any(String),
      company_id: merchant.id, correlation_id: expect.any(String), payload: expect.objectContaining({ id: merchant.id }),
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
    expect(test).toMatchObject({ version: 1, schema: { type: 'object', properties: { endpoint_id: { type: 'string' } } } });
    expect(data.map((d) => d.type)).toContain('transaction.status-changed');
  });
});
