import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { organizationWithReceiver } from '../helpers/webhook-receiver.js';
import { BASE, endpointsKit } from '../helpers/webhook-endpoints.js';
import { createRole, createVerifiedUser } from '../helpers/users.js';

/** Webhook endpoints (product.md §15): CRUD, the limit, reach and validation. Delivery: webhook-endpoints-delivery.test.ts. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const { receivers, call, closeReceivers } = endpointsKit(() => t);
afterAll(async () => {
  await closeReceivers();
  await t?.close();
});

describe('webhook endpoints: CRUD and reach', () => {
  it('creates with defaults, lists, reads, patches and deletes; the staff endpoint is one of them', async () => {
    const { org, receiver: staffReceiver } = await organizationWithReceiver(t);
    receivers.push(staffReceiver);
    const created = await call('POST', BASE, org.apiKey, { url: 'http://localhost:4000/hooks', description: 'Orders' });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toEqual({
      id: expect.any(String),
      url: 'http://localhost:4000/hooks',
      description: 'Orders',
      enabled_events: ['*'],
      disabled: false,
      origin: 'API',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      signing_secret: expect.stringMatching(/^whsec_/),
    });

    const list = (await call('GET', BASE, org.apiKey)).json().data;
    expect(list.map((e: any) => e.origin)).toEqual(['STAFF', 'API']);
    expect(list.every((e: any) => e.signing_secret === undefined)).toBe(true);

    const read = await call('GET', `${BASE}/${body.id}`, org.apiKey);
    expect(read.json()).toMatchObject({ id: body.id, url: 'http://localhost:4000/hooks' });
    expect(read.json().signing_secret).toBeUndefined();

    const patched = await call('PATCH', `${BASE}/${body.id}`, org.apiKey, {
      enabled_events: ['company.created', 'company.created'],
      disabled: true,
      description: null,
    });
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
    const put = await t.request({
      method: 'PUT',
      url: `/core/v1/platform/organizations/${org.id}/webhook-endpoint`,
      key: t.platformKey,
      payload: { url: 'http://127.0.0.1:4000/staff' },
    });
    expect(put.statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await call('POST', BASE, org.apiKey, { url: `http://localhost:4000/${i}` })).statusCode).toBe(201);
    const eleventh = await call('POST', BASE, org.apiKey, { url: 'http://127.0.0.1:4000/11' });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toMatchObject({ code: 'CONFLICT_ERROR', details: { reason: 'ENDPOINT_LIMIT' } });
    // Changing the staff URL is not a new endpoint.
    const again = await t.request({
      method: 'PUT',
      url: `/core/v1/platform/organizations/${org.id}/webhook-endpoint`,
      key: t.platformKey,
      payload: { url: 'http://127.0.0.1:4000/staff2' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().signing_secret).toBe(put.json().signing_secret);
  });

  it('a JWT needs the webhook.endpoint.* permissions', async () => {
    const org = await t.createOrganization();
    const bare = await createVerifiedUser(t, org.apiKey);
    const refused = await t.request({
      method: 'POST',
      url: '/core/v1/webhooks/endpoints',
      token: bare.token,
      payload: { url: 'http://localhost:4000/jwt' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Missing permission webhook.endpoint.create');
    const role = await createRole(t, { key: org.apiKey }, ['webhook.endpoint.*']);
    const user = await createVerifiedUser(t, org.apiKey, [role.id]);
    const created = await t.request({
      method: 'POST',
      url: '/core/v1/webhooks/endpoints',
      token: user.token,
      payload: { url: 'http://localhost:4000/jwt' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const permissions = (await call('GET', '/core/v1/permissions', org.apiKey)).json().data;
    expect(permissions).toEqual(
      expect.arrayContaining([
        'webhook.endpoint.create',
        'webhook.endpoint.list',
        'webhook.endpoint.view',
        'webhook.endpoint.edit',
        'webhook.endpoint.delete',
      ]),
    );
  });

  it('holds the limit when creates race', async () => {
    const org = await t.createOrganization();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call('POST', BASE, org.apiKey, { url: `http://localhost:4000/race/${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect((await call('GET', BASE, org.apiKey)).json().data).toHaveLength(10);
  });

  it("answers 403 to a merchant key, 404 for another organization's ids, 400 for a bad id", async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    const { id } = (await call('POST', BASE, org.apiKey, { url: 'http://127.0.0.1:4000/a' })).json();
    expect((await call('POST', BASE, merchant.apiKey, { url: 'http://127.0.0.1:4000/b' })).statusCode).toBe(403);
    expect((await call('GET', BASE, merchant.apiKey)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${id}`, merchant.apiKey)).statusCode).toBe(403);
    for (const [method, suffix, payload] of [
      ['GET', '', undefined],
      ['PATCH', '', { disabled: true }],
      ['DELETE', '', undefined],
      ['GET', '/secret', undefined],
      ['POST', '/rotate-secret', undefined],
      ['POST', '/test', undefined],
      ['POST', '/recover', { since: '2020-01-01T00:00:00Z' }],
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
    [
      'an unknown event type',
      { url: 'https://localhost/x', enabled_events: ['nope.created'] },
      'VALIDATION_ERROR',
      'enabled_events.0',
    ],
    [
      '"*" with other types',
      { url: 'https://localhost/x', enabled_events: ['*', 'company.created'] },
      'VALIDATION_ERROR',
      'enabled_events',
    ],
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
