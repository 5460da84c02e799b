import { createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT, decodeJwt, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createRole, createVerifiedUser, PASSWORD } from '../helpers/users.js';

/**
 * What this proves: a Bearer token is accepted only when it is HS256, signed with the platform's key, carries
 * our issuer, audience and an unexpired `exp`, and names an existing, active user whose password has not
 * changed since it was issued. Every forgery (alg:none, another algorithm, algorithm confusion, another key, no
 * `exp`, an expired `exp`) and every revoked identity (suspended, unknown user, password changed) answers
 * 401 AUTHENTICATION_ERROR in the contract's envelope, on a route that takes an API key or a JWT
 * (GET /v1/companies/me) and on a JWT-only route (GET /v1/auth/me) alike.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ROUTES = ['/core/v1/companies/me', '/core/v1/auth/me'];
const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

async function expect401(token: string, label: string) {
  for (const url of ROUTES) {
    const res = await t.request({ method: 'GET', url, token });
    const context = `${label} on ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`;
    expect(res.statusCode, context).toBe(401);
    expect(res.json(), context).toEqual({
      error: expect.objectContaining({
        code: 'AUTHENTICATION_ERROR',
        status: 401,
        path: url,
        requestId: res.headers['x-request-id'],
        message: expect.any(String),
      }),
    });
    // The token itself never comes back.
    for (const part of token.split('.').filter((p) => p.length >= 16)) expect(res.body, context).not.toContain(part);
  }
}

async function expect200(token: string, label: string) {
  for (const url of ROUTES) {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode, `${label} on ${url}: ${res.body.slice(0, 200)}`).toBe(200);
  }
}

/** An administrator of a fresh organization (role *.*), logged in with a company selected. */
async function admin() {
  const org = await t.createOrganization();
  const role = await createRole(t, { key: org.apiKey }, ['*.*']);
  const user = await createVerifiedUser(t, org.apiKey, [role.id]);
  return { org, user, claims: decodeJwt(user.token) };
}

/** Re-signs claims correctly (HS256, our key), changing only what a test overrides. */
function sign(
  claims: JWTPayload,
  options: { alg?: string; key?: Uint8Array | CryptoKey | import('node:crypto').KeyObject; exp?: number | null } = {},
) {
  const { exp, iat, ...rest } = claims;
  void iat;
  let jwt = new SignJWT(rest).setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' }).setIssuedAt();
  const expiry = options.exp === undefined ? exp : options.exp;
  if (expiry !== null && expiry !== undefined) jwt = jwt.setExpirationTime(expiry);
  return jwt.sign(options.key ?? new TextEncoder().encode(t.jwtSecret));
}

describe('forged and malformed tokens', () => {
  it('a correctly re-signed token works (control), every forgery answers 401', async () => {
    const { user, claims } = await admin();
    await expect200(user.token, 'issued token');
    await expect200(await sign(claims), 're-signed with the right key');

    // alg:none, built by jose and by hand (with and without a trailing dot).
    const unsecured = new UnsecuredJWT({ ...claims }).encode();
    await expect401(unsecured, 'alg:none (jose)');
    const [, payload] = user.token.split('.');
    await expect401(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, 'alg:none');
    await expect401(`${b64({ alg: 'NONE', typ: 'JWT' })}.${payload}`, 'alg:NONE, no signature part');

    // Another HMAC algorithm with the right secret.
    await expect401(await sign(claims, { alg: 'HS512' }), 'HS512 with the right secret');
    await expect401(await sign(claims, { alg: 'HS384' }), 'HS384 with the right secret');

    // RS256 with a real RSA key, and the classic confusion: an RS256 header HMAC-signed with the secret.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect401(await sign(claims, { alg: 'RS256', key: privateKey }), 'RS256 with an RSA key');
    const confusedInput = `${b64({ alg: 'RS256', typ: 'JWT' })}.${payload}`;
    const confusedSig = createHmac('sha256', t.jwtSecret).update(confusedInput).digest('base64url');
    await expect401(`${confusedInput}.${confusedSig}`, 'RS256 header with an HMAC signature');

    // The right algorithm with a wrong key; a tampered payload under the original signature.
    await expect401(
      await sign(claims, { key: new TextEncoder().encode('another-secret-of-sufficient-length!!') }),
      'wrong key',
    );
    const [header, , signature] = user.token.split('.');
    await expect401(
      `${header}.${b64({ ...claims, permissions: ['*.*'], company_id: randomUUID() })}.${signature}`,
      'tampered payload',
    );

    // Lifetime: no exp at all, an expired exp, an exp of now minus one second.
    await expect401(await sign(claims, { exp: null }), 'no exp');
    await expect401(await sign(claims, { exp: Math.floor(Date.now() / 1000) - 3600 }), 'exp an hour ago');
    await expect401(await sign(claims, { exp: Math.floor(Date.now() / 1000) - 1 }), 'exp a second ago');

    // Our key but another issuer or audience (tokens of another service sharing a secret).
    await expect401(await sign({ ...claims, iss: 'someone-else' }), 'wrong issuer');
    await expect401(await sign({ ...claims, aud: 'someone-else' }), 'wrong audience');

    // Garbage.
    for (const junk of ['a.b.c', 'not-a-jwt', `${header}..`, `${header}.${payload}.${'A'.repeat(43)}`]) {
      await expect401(junk, `junk ${junk.slice(0, 20)}`);
    }
  });
});

describe('revoked identities', () => {
  it("a suspended user's token, old or freshly signed, answers 401", async () => {
    const { org, claims } = await admin();
    const victim = await createVerifiedUser(t, org.apiKey, []);
    const victimClaims = decodeJwt(victim.token);
    // Control: a token for an active user without permissions still authenticates (/auth/me answers 200).
    expect((await t.request({ method: 'GET', url: '/core/v1/auth/me', token: victim.token })).statusCode).toBe(200);
    const suspended = await t.request({ method: 'POST', url: `/core/v1/users/${victim.id}/suspend`, key: org.apiKey });
    expect(suspended.statusCode).toBe(200);
    await expect401(victim.token, 'suspended user, issued token');
    await expect401(await sign(victimClaims), 'suspended user, freshly signed');
    // With every permission claimed in the token it is still the live state that counts.
    await expect401(await sign({ ...victimClaims, permissions: ['*.*'] }), 'suspended user claiming *.*');
    void claims;
  });

  it('a token naming an unknown (or deleted) user answers 401, even signed with the right key', async () => {
    const { claims } = await admin();
    await expect401(await sign({ ...claims, sub: randomUUID() }), 'unknown user');
    await expect401(await sign({ ...claims, sub: 'not-a-uuid' }), 'malformed subject');
    const { sub, ...withoutSub } = claims;
    void sub;
    await expect401(await sign(withoutSub), 'no subject');
    await expect401(await sign({ ...claims, ver: Number(claims.ver) + 1 }), 'future token version');
    await expect401(await sign({ ...claims, ver: String(claims.ver) }), 'token version as a string');
  });

  it('a company the user does not belong to answers 401', async () => {
    const { claims } = await admin();
    const other = await t.createOrganization();
    await expect401(
      await sign({ ...claims, company_id: other.id, organization_id: other.id }),
      "another organization's company",
    );
  });

  it('after a password change every earlier token answers 401; the new one works', async () => {
    const { user, claims } = await admin();
    const changed = await t.request({
      method: 'POST',
      url: '/core/v1/auth/change-password',
      token: user.token,
      payload: { current_password: PASSWORD, new_password: `${PASSWORD} changed` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect401(user.token, 'token before the password change');
    await expect401(await sign(claims), 'old claims re-signed after the password change');
    const fresh = changed.json().access_token as string;
    await expect200(await selectCompanyIfNeeded(fresh, String(claims.company_id)), 'new token');
  });
});

/** change-password may answer a token without a selected company; select it so both routes apply. */
async function selectCompanyIfNeeded(token: string, companyId: string): Promise<string> {
  if (decodeJwt(token).company_id) return token;
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/auth/select-company',
    token,
    payload: { company_id: companyId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token;
}
