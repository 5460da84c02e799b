import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { merchantBody, randomAlphanumericCnpj, randomCnpj, randomCpf } from '../helpers/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('merchants', () => {
  it('creates a CPF merchant with PF shape, defaults and a merchant key', async () => {
    const org = await t.createOrganization();
    const cpf = randomCpf();
    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: org.apiKey,
      payload: merchantBody({
        document_number: formatted,
        contact: { first_name: 'A', last_name: 'B', email: 'a@b.co', phone: '11999998888' },
      }),
    });
    expect(res.statusCode).toBe(201);
    const m = res.json();
    expect(m).toMatchObject({
      document_number: cpf,
      document_type: 'CPF',
      document_tax_type: 'PF',
      status: 'PENDING_ACTIVATION',
      kyc_enabled: null,
      webhook_enabled: true,
      declared_revenue: 0,
    });
    expect(m.contact).toMatchObject({ document_number: cpf, politically_exposed: false });
    expect(m.api_key).toMatch(/^sk_mer_/);
    expect(res.headers['x-request-id']).toBeTruthy();

    const read = await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: org.apiKey });
    expect(read.statusCode).toBe(200);
    expect(read.json().api_key).toBeUndefined();
    const own = await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: m.api_key });
    expect(own.statusCode).toBe(200);
  });

  it('creates an alphanumeric-CNPJ merchant and rejects bad check digits', async () => {
    const org = await t.createOrganization();
    const cnpj = randomAlphanumericCnpj();
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: org.apiKey,
      payload: merchantBody({ document_number: cnpj.toLowerCase(), document_tax_type: 'ME' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ document_number: cnpj, document_type: 'CNPJ', document_tax_type: 'ME' });

    const bad = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: org.apiKey,
      payload: merchantBody({ document_number: '12ABC34501DE34', document_tax_type: 'PJ' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_ERROR', path: '/core/v1/merchants' });
    expect(bad.json().error.details.issues[0]).toMatchObject({
      field: 'document_number',
      type: 'INVALID_FORMAT',
      value: '12ABC34501DE34',
    });
  });

  it('answers 409 for a duplicate document and honours request_id idempotency', async () => {
    const org = await t.createOrganization();
    const body = merchantBody({ request_id: 'req-1' });
    const first = await t.request({ method: 'POST', url: '/core/v1/merchants', key: org.apiKey, payload: body });
    expect(first.statusCode).toBe(201);
    const again = await t.request({ method: 'POST', url: '/core/v1/merchants', key: org.apiKey, payload: body });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const changed = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: org.apiKey,
      payload: { ...body, name: 'Other' },
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.details).toEqual({ field: 'request_id', value: 'req-1' });
    const dup = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: org.apiKey,
      payload: { ...body, request_id: undefined },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details).toEqual({ field: 'document_number', value: body.document_number });
  });

  it('maps validation issues: required, unknown field, types, enums', async () => {
    const org = await t.createOrganization();
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: org.apiKey,
      payload: {
        ...merchantBody({ document_number: randomCnpj(), document_tax_type: 'XX', declared_revenue: 1.5 }),
        id: 'x',
        name: undefined,
      },
    });
    expect(res.statusCode).toBe(400);
    const issues = res.json().error.details.issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', type: 'REQUIRED' }),
        expect.objectContaining({ field: 'id', type: 'UNKNOWN_FIELD', value: 'x' }),
        expect.objectContaining({ field: 'declared_revenue', type: 'INVALID_TYPE', value: 1.5 }),
        expect.objectContaining({
          field: 'document_tax_type',
          type: 'INVALID_ENUM',
          constraints: { allowed: ['PF', 'PJ', 'MEI', 'ME'] },
        }),
      ]),
    );
  });

  it('keeps tenants apart: 404 across organizations, 403 for merchant keys on organization-only routes', async () => {
    const a = await t.createOrganization();
    const b = await t.createOrganization();
    const m = await t.createMerchant(a.apiKey);
    expect((await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: b.apiKey })).statusCode).toBe(404);
    const sibling = await t.createMerchant(a.apiKey);
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}`, key: sibling.apiKey })).statusCode,
    ).toBe(404);
    const list = await t.request({ method: 'GET', url: '/core/v1/merchants', key: m.apiKey });
    expect(list.statusCode).toBe(403);
    expect(list.json().error.code).toBe('AUTHORIZATION_ERROR');
  });

  it('lists with the pagination envelope and sort allowlist', async () => {
    const org = await t.createOrganization();
    for (let i = 0; i < 3; i++) await t.createMerchant(org.apiKey, { name: `M${i}` });
    const res = await t.request({ method: 'GET', url: '/core/v1/merchants?limit=2&sort=name', key: org.apiKey });
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toEqual({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
    });
    expect(res.json().data.map((m: { name: string }) => m.name)).toEqual(['M0', 'M1']);
    const bad = await t.request({ method: 'GET', url: '/core/v1/merchants?sort=bogus&limit=0', key: org.apiKey });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.issues.map((i: { field: string }) => i.field)
        .sort(),
    ).toEqual(['limit', 'sort']);
  });
});

describe('plumbing', () => {
  it('answers the envelope for unknown routes, wrong methods, bad ids, bad JSON and content types', async () => {
    const org = await t.createOrganization();
    const unknown = await t.request({ method: 'GET', url: '/core/v1/nope', key: org.apiKey });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      code: 'RESOURCE_NOT_FOUND',
      requestId: unknown.headers['x-request-id'],
    });
    const wrong = await t.request({ method: 'DELETE', url: '/core/v1/merchants', key: org.apiKey });
    expect(wrong.statusCode).toBe(405);
    const badId = await t.request({ method: 'GET', url: '/core/v1/merchants/not-a-uuid', key: org.apiKey });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toMatchObject({
      code: 'BAD_REQUEST',
      details: { invalidField: 'merchantId', receivedValue: 'not-a-uuid' },
    });
    const badJson = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: org.apiKey,
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(badJson.json().error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'body' } });
    const text = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: org.apiKey,
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.details.invalidField).toBe('content-type');
    const noKey = await t.request({ method: 'GET', url: '/core/v1/merchants' });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().error.code).toBe('AUTHENTICATION_ERROR');
  });

  it('reports health and serves the OpenAPI document', async () => {
    const health = await t.request({ method: 'GET', url: '/core/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      status: 'OK',
      database: 'CONNECTED',
      environment: 'sandbox',
      providers: { enabled: expect.any(Number), initialized: expect.any(Number) },
    });
    // The three built-ins at least (on PostgreSQL the worker's database also holds other files' accounts).
    expect(health.json().providers.enabled).toBeGreaterThanOrEqual(3);
    const doc = await t.request({ method: 'GET', url: '/core/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.1.0');
    expect(Object.keys(doc.json().paths)).toContain('/v1/merchants/{merchantId}');
  });
});
