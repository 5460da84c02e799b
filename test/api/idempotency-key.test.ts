import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { merchantBody } from '../helpers/fixtures.js';

let t: TestApp;
let orgKey: string;
beforeAll(async () => {
  t = await createTestApp();
  orgKey = (await t.createOrganization()).apiKey;
});
afterAll(async () => t?.close());

const roleBody = (extra: Record<string, unknown> = {}) => ({
  name: `role-${randomUUID().slice(0, 8)}`,
  permissions: ['api_key.list'],
  ...extra,
});
const createRole = (payload: Record<string, unknown>, idempotencyKey?: string) =>
  t.request({
    method: 'POST',
    url: '/core/v1/roles',
    key: orgKey,
    payload,
    headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
  });

describe('Idempotency-Key on creates (product.md §15)', () => {
  it('the header alone: a repeat answers 200, Idempotent-Replayed: true and the same body', async () => {
    const body = roleBody();
    const key = randomUUID();
    const first = await createRole(body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await createRole(body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('the body field alone replays the same way', async () => {
    const body = roleBody({ request_id: randomUUID() });
    const first = await createRole(body);
    const again = await createRole(body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('header and field mean the same: a request with one replays a request with the other', async () => {
    const id = randomUUID();
    const body = roleBody();
    const byHeader = await createRole(body, id);
    const byField = await createRole({ ...body, request_id: id });
    expect(byHeader.statusCode).toBe(201);
    expect(byField.statusCode).toBe(200);
    expect(byField.json().id).toBe(byHeader.json().id);
    const both = await createRole({ ...body, request_id: id }, id);
    expect(both.statusCode).toBe(200);
    expect(both.headers['idempotent-replayed']).toBe('true');
  });

  it('both present and equal is one request id', async () => {
    const id = randomUUID();
    const res = await createRole(roleBody({ request_id: id }), id);
    expect(res.statusCode).toBe(201);
  });

  it('both present and different: 400 BAD_REQUEST on Idempotency-Key, nothing created', async () => {
    const body = roleBody({ request_id: randomUUID() });
    const res = await createRole(body, randomUUID());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'Idempotency-Key' } });
    expect((await createRole(body)).statusCode).toBe(201);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
  ])('a header %s answers 400 on Idempotency-Key', async (_name, value) => {
    const res = await createRole(roleBody(), value);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'Idempotency-Key' } });
  });

  it('255 characters are accepted', async () => {
    expect((await createRole(roleBody(), 'k'.repeat(255))).statusCode).toBe(201);
  });

  it('the same key with another body is the same 409 as a reused request_id', async () => {
    const key = randomUUID();
    expect((await createRole(roleBody(), key)).statusCode).toBe(201);
    const other = await createRole(roleBody(), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.details).toMatchObject({ field: 'request_id', value: key });
  });

  it('a card number in the header is refused and never echoed', async () => {
    const res = await createRole(roleBody(), '4111111111111111');
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('4111111111111111');
  });

  it('satisfies a required request_id (internal transfers): the schema no longer asks for it', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/banking/internal-transfers',
      key: orgKey,
      payload: {},
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().error.details.issues as { field: string }[]).map((i) => i.field);
    expect(fields).not.toContain('request_id');
    const without = await t.request({
      method: 'POST',
      url: '/core/v1/banking/internal-transfers',
      key: orgKey,
      payload: {},
    });
    expect((without.json().error.details.issues as { field: string }[]).map((i) => i.field)).toContain('request_id');
  });

  it('works on the merchant create too (the key is not shown again on the replay)', async () => {
    const body = merchantBody();
    const key = randomUUID();
    const first = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: orgKey,
      payload: body,
      headers: { 'idempotency-key': key },
    });
    const again = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: orgKey,
      payload: body,
      headers: { 'idempotency-key': key },
    });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
  });

  it('elsewhere the header is ignored, whatever its value', async () => {
    for (const value of ['', 'k'.repeat(300), randomUUID()]) {
      const read = await t.request({
        method: 'GET',
        url: '/core/v1/companies/me',
        key: orgKey,
        headers: { 'idempotency-key': value },
      });
      expect(read.statusCode).toBe(200);
      expect(read.headers['idempotent-replayed']).toBeUndefined();
      const list = await t.request({
        method: 'GET',
        url: '/core/v1/roles',
        key: orgKey,
        headers: { 'idempotency-key': value },
      });
      expect(list.statusCode).toBe(200);
    }
    // A create whose body takes no request_id (API keys: a replay could not show the key again) ignores it too.
    const key = randomUUID();
    const a = await t.request({
      method: 'POST',
      url: '/core/v1/api-keys',
      key: orgKey,
      payload: {},
      headers: { 'idempotency-key': key },
    });
    const b = await t.request({
      method: 'POST',
      url: '/core/v1/api-keys',
      key: orgKey,
      payload: {},
      headers: { 'idempotency-key': key },
    });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
  });

  it('the OpenAPI document declares the header on creates and the replay header on their 200', async () => {
    const spec = (await t.request({ method: 'GET', url: '/core/openapi.json' })).json();
    const header = (op: { parameters?: { name: string; in: string }[] }) =>
      op.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    for (const [path, method] of [
      ['/v1/roles', 'post'],
      ['/v1/merchants', 'post'],
      ['/v1/transactions', 'post'],
      ['/v1/banking/internal-transfers', 'post'],
    ]) {
      const op = spec.paths[path!][method!];
      expect(header(op), `${method} ${path}`).toMatchObject({
        required: false,
        schema: { minLength: 1, maxLength: 255 },
      });
      expect(op.responses['200'].headers['Idempotent-Replayed'], `${method} ${path}`).toBeDefined();
    }
    expect(header(spec.paths['/v1/roles'].get)).toBeUndefined();
    expect(header(spec.paths['/v1/api-keys'].post)).toBeUndefined();
  });
});
