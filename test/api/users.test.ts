import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createRole, createVerifiedUser, latestCode, PASSWORD, randomEmail } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('users: the path a new user takes', () => {
  it('is created, verifies, logs in, reads me, is refused and then allowed, cannot escalate, is suspended and activated', async () => {
    const org = await t.createOrganization();
    const viewer = await createRole(t, { key: org.apiKey }, ['user.list', 'user.view']);
    const email = randomEmail();

    // An organization creates the user; the code arrives in the sandbox messages.
    const created = await t.request({
      method: 'POST',
      url: '/core/v1/users',
      key: org.apiKey,
      payload: {
        first_name: 'Ana',
        last_name: 'Souza',
        identifier: { type: 'email', value: email.toUpperCase() },
        role_ids: [viewer.id],
        metadata: { team: 'ops' },
      },
    });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      first_name: 'Ana',
      last_name: 'Souza',
      auth_methods: [],
      suspended_at: null,
      metadata: { team: 'ops' },
    });
    expect(user.identifiers).toEqual([
      expect.objectContaining({ type: 'email', value: email, verified: false, verified_at: null }),
    ]);
    expect(user.primary_identifier).toMatchObject({ value: email });
    expect(user.roles).toEqual([
      expect.objectContaining({
        id: viewer.id,
        permissions: ['user.list', 'user.view'],
        company_id: org.id,
        organization_id: org.id,
      }),
    ]);
    const code = await latestCode(t, email);
    expect(code).toMatch(/^\d{6}$/);

    // Verify sets the password and answers like login.
    const verified = await t.request({
      method: 'POST',
      url: '/core/v1/auth/verify',
      payload: { identifier: email, code, password: PASSWORD },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      company_id: org.id,
      companies: [{ id: org.id, name: org.body.name }],
    });
    expect(verified.json().user.identifiers[0]).toMatchObject({ verified: true });
    expect(verified.json().user.auth_methods).toEqual(['password']);

    const login = await t.request({
      method: 'POST',
      url: '/core/v1/auth/login',
      payload: { identifier: email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    let token = login.json().access_token as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      sub: user.id,
      company_id: org.id,
      permissions: ['user.list', 'user.view'],
      identifiers: [{ type: 'email', value: email }],
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).alg).toBe('HS256');

    // Select the company explicitly too, then me.
    const selected = await t.request({
      method: 'POST',
      url: '/core/v1/auth/select-company',
      token,
      payload: { company_id: org.id },
    });
    expect(selected.statusCode).toBe(200);
    token = selected.json().access_token;
    const me = await t.request({ method: 'GET', url: '/core/v1/auth/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { id: user.id },
      company: { id: org.id },
      permissions: ['user.list', 'user.view'],
    });

    // Allowed what the role grants, refused what it lacks (an API-key route with a JWT).
    expect((await t.request({ method: 'GET', url: '/core/v1/users', token })).statusCode).toBe(200);
    const refused = await t.request({ method: 'GET', url: '/core/v1/merchants', token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('AUTHORIZATION_ERROR');
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/core/v1/roles',
          token,
          payload: { name: 'x', permissions: ['user.list'] },
        })
      ).statusCode,
    ).toBe(403);

    // A wildcard role granted by the organization opens the merchant routes at the next request.
    const merchants = await createRole(t, { key: org.apiKey }, ['merchant.*', 'role.*', 'user.*']);
    const assigned = await t.request({
      method: 'PUT',
      url: `/core/v1/users/${user.id}/roles`,
      key: org.apiKey,
      payload: { role_ids: [viewer.id, merchants.id] },
    });
    expect(assigned.statusCode).toBe(200);
    expect(
      assigned
        .json()
        .roles.map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([viewer.id, merchants.id].sort());
    expect((await t.request({ method: 'GET', url: '/core/v1/merchants', token })).statusCode).toBe(200);
    const m = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      token,
      payload: (await import('../helpers/fixtures.js')).merchantBody(),
    });
    expect(m.statusCode).toBe(201);

    // It can hand out what it holds, never more.
    const ok = await t.request({
      method: 'POST',
      url: '/core/v1/roles',
      token,
      payload: { name: 'cards', permissions: ['merchant.company.view', 'merchant.*'] },
    });
    expect(ok.statusCode).toBe(201);
    const escalate = await t.request({
      method: 'POST',
      url: '/core/v1/roles',
      token,
      payload: { name: 'all', permissions: ['*.*'] },
    });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().error.code).toBe('AUTHORIZATION_ERROR');
    const unknown = await t.request({
      method: 'PUT',
      url: `/core/v1/roles/${merchants.id}`,
      token,
      payload: { name: merchants.name, permissions: ['merchant.*', 'pix.teleport'] },
    });
    expect(unknown.statusCode).toBe(400); // unknown grants are refused before escalation is considered
    const widenKnown = await t.request({
      method: 'PUT',
      url: `/core/v1/roles/${merchants.id}`,
      token,
      payload: { name: merchants.name, permissions: ['merchant.*', 'company.view'] },
    });
    expect(widenKnown.statusCode).toBe(403);
    const selfGrant = await createRole(t, { key: org.apiKey }, ['*.*']);
    const grantSelf = await t.request({
      method: 'PUT',
      url: `/core/v1/users/${user.id}/roles`,
      token,
      payload: { role_ids: [selfGrant.id] },
    });
    expect(grantSelf.statusCode).toBe(403);

    // Suspended: its token stops at once and login is refused; activation (JWT only) restores both.
    const admin = await createVerifiedUser(t, org.apiKey, [(await createRole(t, { key: org.apiKey }, ['user.*'])).id]);
    const suspended = await t.request({ method: 'POST', url: `/core/v1/users/${user.id}/suspend`, token: admin.token });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().suspended_at).toBeTruthy();
    const blocked = await t.request({ method: 'GET', url: '/core/v1/users', token });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json().error).toMatchObject({
      code: 'AUTHENTICATION_ERROR',
      details: { reason: 'User is suspended' },
    });
    const noLogin = await t.request({
      method: 'POST',
      url: '/core/v1/auth/login',
      payload: { identifier: email, password: PASSWORD },
    });
    expect(noLogin.statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: `/core/v1/users/${user.id}/activate`, key: org.apiKey })).statusCode,
    ).toBe(401);
    const activated = await t.request({
      method: 'POST',
      url: `/core/v1/users/${user.id}/activate`,
      token: admin.token,
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().suspended_at).toBeNull();
    // §14: suspension revokes for good; the old token stays dead, a new login works.
    expect((await t.request({ method: 'GET', url: '/core/v1/users', token })).statusCode).toBe(401);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/core/v1/auth/login',
          payload: { identifier: email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('users: membership and reach', () => {
  it('a person can belong to two companies; login then asks to select one, and other tenants see 404', async () => {
    const a = await t.createOrganization();
    const b = await t.createOrganization();
    const u = await createVerifiedUser(t, a.apiKey);
    const again = await t.request({
      method: 'POST',
      url: '/core/v1/users',
      key: a.apiKey,
      payload: { first_name: 'X', last_name: 'Y', identifier: { type: 'email', value: u.email } },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual({ field: 'identifier', value: u.email });
    expect((await t.request({ method: 'GET', url: `/core/v1/users/${u.id}`, key: b.apiKey })).statusCode).toBe(404);

    const roleB = await createRole(t, { key: b.apiKey }, ['user.view']);
    const joined = await t.request({
      method: 'POST',
      url: '/core/v1/users',
      key: b.apiKey,
      payload: { first_name: 'X', last_name: 'Y', identifier: { type: 'email', value: u.email }, role_ids: [roleB.id] },
    });
    expect(joined.statusCode).toBe(201);
    // §14: names belong to the membership; company B sees what it supplied, never A's.
    expect(joined.json()).toMatchObject({ id: u.id, first_name: 'X', last_name: 'Y', roles: [{ id: roleB.id }] });
    expect(joined.body).not.toContain('Souza');

    const login = await t.request({
      method: 'POST',
      url: '/core/v1/auth/login',
      payload: { identifier: u.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().company_id).toBeNull();
    expect(
      login
        .json()
        .companies.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const token = login.json().access_token;
    expect((await t.request({ method: 'GET', url: '/core/v1/auth/me', token })).json()).toMatchObject({
      company: null,
      permissions: [],
    });
    expect((await t.request({ method: 'GET', url: `/core/v1/users/${u.id}`, token })).statusCode).toBe(403);
    const other = await t.createOrganization();
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/core/v1/auth/select-company',
          token,
          payload: { company_id: other.id },
        })
      ).statusCode,
    ).toBe(403);
    const inB = await t.request({
      method: 'POST',
      url: '/core/v1/auth/select-company',
      token,
      payload: { company_id: b.id },
    });
    expect(inB.statusCode).toBe(200);
    expect(inB.json()).toMatchObject({ company_id: b.id, user: { roles: [{ id: roleB.id }] } });
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/users/${u.id}`, token: inB.json().access_token })).statusCode,
    ).toBe(200);

    // Suspension in B leaves A untouched.
    expect((await t.request({ method: 'POST', url: `/core/v1/users/${u.id}/suspend`, key: b.apiKey })).statusCode).toBe(
      200,
    );
    const after = await t.request({
      method: 'POST',
      url: '/core/v1/auth/login',
      payload: { identifier: u.email, password: PASSWORD },
    });
    expect(after.json()).toMatchObject({ company_id: a.id, companies: [{ id: a.id }] });
  });

  it('merchant keys manage their own users; lists paginate; role ids of another company are 404', async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    const orgRole = await createRole(t, { key: org.apiKey }, ['user.view']);
    const bad = await t.request({
      method: 'POST',
      url: '/core/v1/users',
      key: merchant.apiKey,
      payload: {
        first_name: 'A',
        last_name: 'B',
        identifier: { type: 'phone', value: '(11) 98888-7777' },
        role_ids: [orgRole.id],
      },
    });
    expect(bad.statusCode).toBe(404);
    const phone = `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const made = await t.request({
      method: 'POST',
      url: '/core/v1/users',
      key: merchant.apiKey,
      payload: { first_name: 'A', last_name: 'B', identifier: { type: 'phone', value: phone }, request_id: 'u-1' },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().identifiers[0]).toMatchObject({ type: 'phone', value: phone });
    const replay = await t.request({
      method: 'POST',
      url: '/core/v1/users',
      key: merchant.apiKey,
      payload: { first_name: 'A', last_name: 'B', identifier: { type: 'phone', value: phone }, request_id: 'u-1' },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(made.json().id);
    const list = await t.request({ method: 'GET', url: '/core/v1/users?limit=1', key: merchant.apiKey });
    expect(list.json()).toMatchObject({
      data: [{ id: made.json().id }],
      pagination: { page: 1, limit: 1, total: 1, totalPages: 1 },
    });
    expect((await t.request({ method: 'GET', url: '/core/v1/users', key: org.apiKey })).json().pagination.total).toBe(
      0,
    );
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/users/${made.json().id}`, key: org.apiKey })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/users/not-a-uuid', key: org.apiKey })).json().error.code,
    ).toBe('BAD_REQUEST');
  });

  it('a JWT for a merchant company acts as that merchant: its own routes with permission, organization-only ones 403', async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    const role = await createRole(t, { key: merchant.apiKey }, ['merchant.*', 'company.view']);
    const u = await createVerifiedUser(t, merchant.apiKey, [role.id]);
    expect(u.session.company_id).toBe(merchant.id);
    const own = await t.request({ method: 'GET', url: `/core/v1/merchants/${merchant.id}`, token: u.token });
    expect(own.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/core/v1/companies/me', token: u.token })).json().id).toBe(
      merchant.id,
    );
    expect((await t.request({ method: 'GET', url: '/core/v1/merchants', token: u.token })).statusCode).toBe(403);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/core/v1/merchants/${(await t.createMerchant(org.apiKey)).id}`,
          token: u.token,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/core/v1/users', token: u.token })).statusCode).toBe(403);
  });

  it('refuses malformed bodies with the envelope', async () => {
    const org = await t.createOrganization();
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/users',
      key: org.apiKey,
      payload: { first_name: '', identifier: { type: 'email', value: 'nope' }, extra: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'first_name', type: 'TOO_SMALL' }),
        expect.objectContaining({ field: 'last_name', type: 'REQUIRED' }),
        expect.objectContaining({ field: 'extra', type: 'UNKNOWN_FIELD' }),
      ]),
    );
    const badType = await t.request({
      method: 'POST',
      url: '/core/v1/users',
      key: org.apiKey,
      payload: { first_name: 'a', last_name: 'b', identifier: { type: 'fax', value: '1' } },
    });
    expect(badType.json().error.details.issues[0]).toMatchObject({ field: 'identifier.type', type: 'INVALID_ENUM' });
    const badEmail = await t.request({
      method: 'POST',
      url: '/core/v1/users',
      key: org.apiKey,
      payload: { first_name: 'a', last_name: 'b', identifier: { type: 'email', value: 'nope' } },
    });
    expect(badEmail.json().error.details.issues[0]).toMatchObject({
      field: 'identifier.value',
      type: 'INVALID_FORMAT',
      value: 'nope',
    });
  });
});
