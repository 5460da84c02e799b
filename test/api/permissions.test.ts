import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createRole, createVerifiedUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** `x-permission: none`: the contract states no permission for the route (R6.1's failover table): any caller of the right kind. */
type Operation = { security?: Record<string, string[]>[]; 'x-permission'?: string };

/** Every documented operation with the auth mode its security block tells (the docs come from the route declarations). */
async function operations() {
  const spec = (await t.request({ method: 'GET', url: '/core/openapi.json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const out: { method: string; url: string; mode: 'api' | 'jwt' | 'other'; permission?: string }[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const schemes = (op.security ?? [])
        .flatMap((s) => Object.keys(s))
        .sort()
        .join(',');
      const mode = schemes === 'apiKey,bearerAuth' ? 'api' : schemes === 'bearerAuth' ? 'jwt' : 'other';
      out.push({
        method: method.toUpperCase(),
        url: `/core${path.replace(/\{[^}]+\}/g, () => randomUUID())}`,
        mode,
        permission: op['x-permission'],
      });
    }
  }
  return out;
}

describe('every route and the permission pipeline', () => {
  it('every API-key route takes a JWT and then checks its permission: 403 without it, never 401', async () => {
    const org = await t.createOrganization();
    const bare = await createVerifiedUser(t, org.apiKey);
    const ops = (await operations()).filter((o) => o.mode === 'api' && o.permission !== 'none');
    expect(ops.length).toBeGreaterThan(10);
    for (const op of ops) {
      const res = await t.request({ method: op.method, url: op.url, token: bare.token });
      expect({
        ...op,
        status: res.statusCode,
        code: res.json().error?.code,
        message: res.json().error?.message,
      }).toMatchObject({
        status: 403,
        code: 'AUTHORIZATION_ERROR',
        message: expect.stringMatching(/^Missing permission /),
      });
    }
  });

  it('with *.* the permission check passes everywhere (whatever the route answers next)', async () => {
    const org = await t.createOrganization();
    const all = await createRole(t, { key: org.apiKey }, ['*.*']);
    const admin = await createVerifiedUser(t, org.apiKey, [all.id]);
    for (const op of (await operations()).filter((o) => o.mode === 'api')) {
      // An unknown Last-Event-ID makes the event stream answer (400) instead of streaming forever; others ignore it.
      const res = await t.request({
        method: op.method,
        url: op.url,
        token: admin.token,
        headers: { 'last-event-id': randomUUID() },
      });
      const message = res.statusCode >= 400 ? (res.json().error?.message as string) : '';
      expect({ ...op, status: res.statusCode }).not.toMatchObject({ status: 401 });
      expect({ ...op, message }).not.toMatchObject({ message: expect.stringMatching(/^Missing permission /) });
    }
  });

  it('every JWT-only route refuses an API key with 401', async () => {
    const org = await t.createOrganization();
    const ops = (await operations()).filter((o) => o.mode === 'jwt');
    expect(ops.map((o) => o.url)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/activate$/),
        expect.stringMatching(/\/zipcodes\//),
        '/core/v1/auth/me',
      ]),
    );
    for (const op of ops) {
      const res = await t.request({ method: op.method, url: op.url, key: org.apiKey });
      expect({ ...op, status: res.statusCode }).toMatchObject({ status: 401 });
    }
  });
});
