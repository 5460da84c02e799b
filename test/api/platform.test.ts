import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { events } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { organizationBody } from '../helpers/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const eventsOf = (companyId: string, type: string) =>
  t.db.db
    .select()
    .from(events)
    .where(and(eq(events.companyId, companyId), eq(events.type, type)));

describe('platform staff API', () => {
  it('creates, reads, lists and patches organizations', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/platform/organizations',
      key: t.platformKey,
      payload: organizationBody({ kyc_enabled: true, share_documents: true }),
    });
    expect(res.statusCode).toBe(201);
    const org = res.json();
    expect(org).toMatchObject({
      kyc_enabled: true,
      share_documents: true,
      company_onboarding_enabled: true,
      status: 'PENDING_ACTIVATION',
    });
    expect(org.api_key).toMatch(/^sk_org_/);
    const one = await t.request({
      method: 'GET',
      url: `/core/v1/platform/organizations/${org.id}`,
      key: t.platformKey,
    });
    expect(one.json()).toMatchObject({ id: org.id });
    expect(one.json().api_key).toBeUndefined();
    const list = await t.request({
      method: 'GET',
      url: '/core/v1/platform/organizations?limit=100',
      key: t.platformKey,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().pagination.total).toBeGreaterThanOrEqual(1);
    const patched = await t.request({
      method: 'PATCH',
      url: `/core/v1/platform/organizations/${org.id}`,
      key: t.platformKey,
      payload: { company_onboarding_enabled: false },
    });
    expect(patched.json()).toMatchObject({ company_onboarding_enabled: false, kyc_enabled: true });
    const me = await t.request({ method: 'GET', url: '/core/v1/companies/me', key: org.api_key });
    expect(me.json()).toMatchObject({ id: org.id, kyc_enabled: true });
    expect(await eventsOf(org.id, 'company.created')).toHaveLength(1);
  });

  it('moves company status and records company.status-changed once per change', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const url = `/core/v1/platform/companies/${m.id}`;
    const blocked = await t.request({ method: 'PATCH', url, key: t.platformKey, payload: { status: 'BLOCKED' } });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().status).toBe('BLOCKED');
    await t.request({ method: 'PATCH', url, key: t.platformKey, payload: { status: 'BLOCKED' } });
    const changed = await eventsOf(m.id, 'company.status-changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      organizationId: org.id,
      payload: { company_id: m.id, old_status: 'PENDING_ACTIVATION', new_status: 'BLOCKED' },
    });
    const bad = await t.request({ method: 'PATCH', url, key: t.platformKey, payload: { status: 'GONE' } });
    expect(bad.json().error.details.issues[0]).toMatchObject({ field: 'status', type: 'INVALID_ENUM' });
  });

  it('stores a webhook endpoint with a whsec_ secret and removes it', async () => {
    const org = await t.createOrganization();
    const url = `/core/v1/platform/organizations/${org.id}/webhook-endpoint`;
    const put = await t.request({ method: 'PUT', url, key: t.platformKey, payload: { url: 'http://localhost:9/pay' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().signing_secret).toMatch(/^whsec_/);
    const again = await t.request({
      method: 'PUT',
      url,
      key: t.platformKey,
      payload: { url: 'https://127.0.0.1:9/v2' },
    });
    expect(again.json()).toMatchObject({ url: 'https://127.0.0.1:9/v2', signing_secret: put.json().signing_secret });
    const plain = await t.request({ method: 'PUT', url, key: t.platformKey, payload: { url: 'http://10.0.0.1/hook' } });
    expect(plain.statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url, key: t.platformKey })).statusCode).toBe(200);
  });

  it('accepts only the platform key: 401 without, 403 with another key; the platform key is 403 elsewhere', async () => {
    const org = await t.createOrganization();
    const none = await t.request({ method: 'GET', url: '/core/v1/platform/organizations' });
    expect(none.statusCode).toBe(401);
    const other = await t.request({ method: 'GET', url: '/core/v1/platform/organizations', key: org.apiKey });
    expect(other.statusCode).toBe(403);
    const invalid = await t.request({ method: 'GET', url: '/core/v1/platform/organizations', key: 'sk_org_nope' });
    expect(invalid.statusCode).toBe(401);
    const elsewhere = await t.request({ method: 'GET', url: '/core/v1/merchants', key: t.platformKey });
    expect(elsewhere.statusCode).toBe(403);
    const missing = await t.request({
      method: 'GET',
      url: '/core/v1/platform/organizations/00000000-0000-4000-8000-000000000000',
      key: t.platformKey,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('create safety', () => {
  it('concurrent duplicates with one request_id create exactly one merchant', async () => {
    const org = await t.createOrganization();
    const body = { ...organizationBody(), document_tax_type: 'PJ', request_id: 'same-request' };
    delete (body as Record<string, unknown>).kyc_enabled;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request({ method: 'POST', url: '/core/v1/merchants', key: org.apiKey, payload: body }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const list = await t.request({ method: 'GET', url: '/core/v1/merchants', key: org.apiKey });
    expect(list.json().pagination.total).toBe(1);
  });

  it('a rejected create leaves nothing behind', async () => {
    const org = await t.createOrganization();
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: org.apiKey,
      payload: { ...organizationBody(), document_tax_type: undefined },
    });
    expect(res.statusCode).toBe(400);
    const list = await t.request({ method: 'GET', url: '/core/v1/merchants', key: org.apiKey });
    expect(list.json().pagination.total).toBe(0);
  });
});
