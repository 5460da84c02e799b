import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authCodes, userIdentifiers } from '../../src/db/schema/index.js';
import { TokenService } from '../../src/modules/auth/tokens.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createRole, createVerifiedUser, latestCode, PASSWORD, randomEmail } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.request({ method: 'POST', url: `/core/v1/auth/${url}`, payload: payload as object, token });
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

async function newUnverified(key: string) {
  const email = randomEmail();
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/users',
    key,
    payload: { first_name: 'A', last_name: 'B', identifier: { type: 'email', value: email } },
  });
  expect(res.statusCode).toBe(201);
  return email;
}

describe('codes', () => {
  it('refuses wrong, used, expired and exhausted codes with 400 BAD_REQUEST, never echoing them', async () => {
    const org = await t.createOrganization();
    const email = await newUnverified(org.apiKey);
    const code = await latestCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post('verify', { identifier: email, code: wrong, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'BAD_REQUEST',
      details: { invalidField: 'code', receivedValue: null },
    });
    expect(res.body).not.toContain(wrong);
    expect(res.body).not.toContain(PASSWORD);

    const ok = await post('verify', { identifier: email, code, password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    const reused = await post('verify', { identifier: email, code, password: PASSWORD });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toMatch(/already used/);

    // Expired.
    const email2 = await newUnverified(org.apiKey);
    const code2 = await latestCode(t, email2);
    const [ident] = await t.db.db.select().from(userIdentifiers).where(eq(userIdentifiers.value, email2));
    await t.db.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.identifierId, ident!.id));
    const expired = await post('verify', { identifier: email2, code: code2, password: PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toMatch(/expired/);

    // Five wrong tries exhaust the code: even the right one is refused afterwards.
    const email3 = await newUnverified(org.apiKey);
    const code3 = await latestCode(t, email3);
    const wrong3 = code3 === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post('verify', { identifier: email3, code: wrong3, password: PASSWORD })).statusCode).toBe(400);
    const exhausted = await post('verify', { identifier: email3, code: code3, password: PASSWORD });
    expect(exhausted.statusCode).toBe(400);
    expect(exhausted.json().error.message).toMatch(/Too many/);

    // Unknown identifier: the same answer as a wrong code.
    const unknown = await post('verify', { identifier: randomEmail(), code: '123456', password: PASSWORD });
    expect(unknown.json().error.message).toBe(res.json().error.message);
  });

  it('refuses weak passwords and malformed codes and identifiers as VALIDATION_ERROR without echoing secrets', async () => {
    const weak = await post('verify', { identifier: 'a@b.co', code: '123456', password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details.issues).toEqual([
      expect.objectContaining({ field: 'password', type: 'TOO_SMALL', constraints: { min: 10 } }),
    ]);
    expect(weak.json().error.details.issues[0].value).toBeUndefined();
    const long = await post('reset-password', { identifier: 'a@b.co', code: '123456', new_password: 'x'.repeat(129) });
    expect(long.json().error.details.issues[0]).toMatchObject({ field: 'new_password', type: 'TOO_LARGE' });
    const badCode = await post('verify', { identifier: 'a@b.co', code: '12ab', password: PASSWORD });
    expect(badCode.json().error.details.issues[0]).toMatchObject({ field: 'code', type: 'INVALID_FORMAT' });
    expect(badCode.body).not.toContain('12ab');
    const badIdentifier = await post('login', { identifier: 'not an identifier', password: PASSWORD });
    expect(badIdentifier.json().error.details.issues[0]).toMatchObject({ field: 'identifier', type: 'INVALID_FORMAT' });
    expect((await post('login', { identifier: 'a@b.co' })).json().error.details.issues[0]).toMatchObject({
      field: 'password',
      type: 'REQUIRED',
    });
  });
});

describe('login', () => {
  it('answers the same 401 for an unknown identifier and a wrong password, and locks an identifier after five failures', async () => {
    const org = await t.createOrganization();
    const u = await createVerifiedUser(t, org.apiKey);
    const wrong = await post('login', { identifier: u.email, password: 'wrong password!' });
    const unknown = await post('login', { identifier: randomEmail(), password: 'wrong password!' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.details).toEqual(unknown.json().error.details);
    expect(wrong.body).not.toContain('wrong password!');

    for (let i = 0; i < 4; i++) await post('login', { identifier: u.email, password: 'wrong password!' });
    const locked = await post('login', { identifier: u.email, password: PASSWORD });
    // §14: over the limit, 429 with the rate-limit headers (the attempt was refused before its password was checked).
    expect(locked.statusCode).toBe(429);
    expect(locked.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' });
    expect(Number(locked.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect(locked.json().error.details.reason).toMatch(/Too many failed login attempts/);
    // Per identifier: another user is unaffected.
    const other = await createVerifiedUser(t, org.apiKey);
    expect((await post('login', { identifier: other.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('counts concurrent failures for an unknown identifier exactly, so it locks like a known one', async () => {
    const ghost = randomEmail();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post('login', { identifier: ghost, password: 'wrong password!' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    const locked = await post('login', { identifier: ghost, password: 'wrong password!' });
    expect(locked.json().error.details.reason).toMatch(/Too many failed login attempts/);
  });
});

describe('phone identifiers', () => {
  it('verify and log in with a phone, however it is typed', async () => {
    const org = await t.createOrganization();
    const national = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const made = await t.request({
      method: 'POST',
      url: '/core/v1/users',
      key: org.apiKey,
      payload: {
        first_name: 'P',
        last_name: 'Q',
        identifier: { type: 'phone', value: `(${national.slice(0, 2)}) ${national.slice(2)}` },
      },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().primary_identifier).toMatchObject({ type: 'phone', value: `+55${national}` });
    const inbox = await t.request({
      method: 'GET',
      url: `/core/v1/platform/sandbox/messages?to=+55${national}`,
      key: t.platformKey,
    });
    expect(inbox.json().data[0]).toMatchObject({ to: `+55${national}`, channel: 'phone', purpose: 'VERIFY' });
    const verified = await post('verify', {
      identifier: national,
      code: inbox.json().data[0].code,
      password: PASSWORD,
    });
    expect(verified.statusCode).toBe(200);
    expect((await post('login', { identifier: `+55 ${national}`, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('refuses expired, forged, tampered and alg:none tokens, and API keys on JWT-only routes', async () => {
    const org = await t.createOrganization();
    const u = await createVerifiedUser(t, org.apiKey);
    expect((await t.request({ method: 'GET', url: '/core/v1/auth/me', token: u.token })).statusCode).toBe(200);
    const [header, payload, signature] = u.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const reasonOf = async (token: string) => {
      const res = await t.request({ method: 'GET', url: '/core/v1/auth/me', token });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('AUTHENTICATION_ERROR');
      return res.json().error.details.reason as string;
    };

    expect(await reasonOf(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toBe('Invalid token');
    expect(await reasonOf(`${header}.${b64({ ...claims, company_id: randomUUIDLike() })}.${signature}`)).toBe(
      'Invalid token',
    );
    const forged = await new TokenService('x'.repeat(40)).sign({ ...claims, sub: claims.sub });
    expect(await reasonOf(forged.token)).toBe('Invalid token');
    expect(await reasonOf('not-a-jwt')).toBe('Invalid token');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 2 * 3600_000);
    const old = await t.deps.auth!.tokens.sign({ ...claims });
    vi.useRealTimers();
    expect(await reasonOf(old.token)).toBe('Token expired');

    const withKey = await t.request({ method: 'GET', url: '/core/v1/auth/me', key: org.apiKey });
    expect(withKey.statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/core/v1/auth/me' })).statusCode).toBe(401);
  });

  it('forgot and reset: 202 either way; the reset revokes every earlier token', async () => {
    const org = await t.createOrganization();
    const u = await createVerifiedUser(t, org.apiKey);
    const unknown = await post('forgot-password', { identifier: randomEmail() });
    expect(unknown.statusCode).toBe(202);
    const known = await post('forgot-password', { identifier: u.email });
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const code = await latestCode(t, u.email, 'RESET_PASSWORD');
    // A second request within the minute sends nothing new (and still answers 202).
    expect((await post('forgot-password', { identifier: u.email })).statusCode).toBe(202);
    expect(await latestCode(t, u.email, 'RESET_PASSWORD')).toBe(code);
    const reset = await post('reset-password', { identifier: u.email, code, new_password: 'a brand new password' });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/auth/me', token: u.token })).json().error.details.reason,
    ).toMatch(/revoked/);
    expect((await post('login', { identifier: u.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('login', { identifier: u.email, password: 'a brand new password' })).statusCode).toBe(200);
    expect(
      (await post('reset-password', { identifier: u.email, code, new_password: 'another new password' })).statusCode,
    ).toBe(400);
  });

  it('change-password: a wrong current password is 400; success revokes old tokens and answers with a new one', async () => {
    const org = await t.createOrganization();
    const u = await createVerifiedUser(t, org.apiKey);
    const wrong = await post(
      'change-password',
      { current_password: 'not it at all', new_password: 'another password 1' },
      u.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'current_password' } });
    const changed = await post(
      'change-password',
      { current_password: PASSWORD, new_password: 'another password 1' },
      u.token,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().company_id).toBe(org.id);
    expect((await t.request({ method: 'GET', url: '/core/v1/auth/me', token: u.token })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/auth/me', token: changed.json().access_token })).statusCode,
    ).toBe(200);
    expect(
      (await post('change-password', { current_password: PASSWORD, new_password: 'x' }, undefined)).statusCode,
    ).toBe(401);
  });
});

describe('roles and the permission catalogue', () => {
  it('lists the permissions the routes declare and validates role bodies against them', async () => {
    const org = await t.createOrganization();
    const list = await t.request({ method: 'GET', url: '/core/v1/permissions', key: org.apiKey });
    expect(list.statusCode).toBe(200);
    const perms: string[] = list.json().data;
    expect(perms).toEqual([...t.app.permissionCatalogue].sort());
    expect(perms).toEqual(
      expect.arrayContaining(['user.edit', 'user.create', 'role.create', 'merchant.company.create', 'permission.list']),
    );
    expect(perms).not.toContain('none');

    const unknown = await t.request({
      method: 'POST',
      url: '/core/v1/roles',
      key: org.apiKey,
      payload: { name: 'r', permissions: ['user.list', 'pix.teleport', 'nothing.*'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.issues).toEqual([
      expect.objectContaining({ field: 'permissions.1', type: 'INVALID_ENUM', value: 'pix.teleport' }),
      expect.objectContaining({ field: 'permissions.2', type: 'INVALID_ENUM', value: 'nothing.*' }),
    ]);
    const malformed = await t.request({
      method: 'POST',
      url: '/core/v1/roles',
      key: org.apiKey,
      payload: { name: 'r', permissions: ['User List'] },
    });
    expect(malformed.json().error.details.issues[0]).toMatchObject({ field: 'permissions.0', type: 'INVALID_FORMAT' });
    const empty = await t.request({
      method: 'POST',
      url: '/core/v1/roles',
      key: org.apiKey,
      payload: { name: 'r', permissions: [] },
    });
    expect(empty.json().error.details.issues[0]).toMatchObject({ field: 'permissions', type: 'TOO_SMALL' });

    const role = await createRole(t, { key: org.apiKey }, ['*.*'], 'Admins');
    const dup = await t.request({
      method: 'POST',
      url: '/core/v1/roles',
      key: org.apiKey,
      payload: { name: 'admins', permissions: ['user.list'] },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.details).toEqual({ field: 'name', value: 'admins' });
    const put = await t.request({
      method: 'PUT',
      url: `/core/v1/roles/${role.id}`,
      key: org.apiKey,
      payload: { name: 'Admins', description: 'all', permissions: ['*.*'] },
    });
    expect(put.json()).toMatchObject({ id: role.id, description: 'all' });
    const other = await t.createOrganization();
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/core/v1/roles/${role.id}`,
          key: other.apiKey,
          payload: { name: 'x', permissions: ['user.list'] },
        })
      ).statusCode,
    ).toBe(404);
    const roles = await t.request({ method: 'GET', url: '/core/v1/roles?sort=name', key: org.apiKey });
    expect(roles.json()).toMatchObject({ data: [{ id: role.id }], pagination: { total: 1 } });

    // A JWT needs permission.list to read the catalogue; *.* covers it.
    const u = await createVerifiedUser(t, org.apiKey);
    expect((await t.request({ method: 'GET', url: '/core/v1/permissions', token: u.token })).statusCode).toBe(403);
    const admin = await createVerifiedUser(t, org.apiKey, [role.id]);
    expect((await t.request({ method: 'GET', url: '/core/v1/permissions', token: admin.token })).statusCode).toBe(200);
  });

  it('sandbox messages answer only the platform key', async () => {
    const org = await t.createOrganization();
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/platform/sandbox/messages?to=a@b.co', key: org.apiKey }))
        .statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/core/v1/platform/sandbox/messages?to=a@b.co' })).statusCode).toBe(
      401,
    );
    const email = await newUnverified(org.apiKey);
    const res = await t.request({
      method: 'GET',
      url: `/core/v1/platform/sandbox/messages?to=${encodeURIComponent(email.toUpperCase())}`,
      key: t.platformKey,
    });
    expect(res.json().data).toEqual([expect.objectContaining({ to: email, channel: 'email', purpose: 'VERIFY' })]);
  });
});

function randomUUIDLike() {
  return '00000000-0000-4000-8000-000000000001';
}
