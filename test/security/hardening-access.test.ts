import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companies, loginAttempts, userIdentifiers } from '../../src/db/schema/index.js';
import { openTestDatabase } from '../helpers/database.js';
import { migrate } from '../../src/db/migrate.js';
import { ApiKeyResolver } from '../../src/http/auth.js';
import type { RateLimiter } from '../../src/http/rate-limit.js';
import { loggerOptions } from '../../src/http/logger.js';
import { systemClock } from '../../src/kernel/clock.js';
import { toApiError } from '../../src/http/pipeline.js';
import { ensureSandboxOrganization } from '../../src/sandbox-bootstrap.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createRole, createVerifiedUser, latestCode, PASSWORD, randomEmail } from '../helpers/users.js';

/**
 * product.md §14, the access half: login limits under concurrency, forgot-password timing, another tenant's
 * user data, token revocation by suspension, company status, TRUST_PROXY, limits before lookups, logs of
 * failed queries, and the sandbox's keys per database.
 */
const logLines: string[] = [];
let t: TestApp;
let org: { id: string; apiKey: string };
beforeAll(async () => {
  const logger = {
    ...(loggerOptions('info') as object),
    stream: { write: (line: string) => void logLines.push(line) },
  };
  t = await createTestApp({ sandboxAutopilot: false }, {}, { logger });
  org = await t.createOrganization();
}, 60_000);
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, extra: { token?: string; key?: string; remoteAddress?: string } = {}) =>
  t.request({ method: 'POST', url: `/core/v1/${url}`, payload: payload as object, ...extra });

describe('login limits', () => {
  it('a concurrent burst checks at most 5 passwords per identifier and address; another address still logs in', async () => {
    const u = await createVerifiedUser(t, org.apiKey);
    const verify = vi.spyOn(t.deps.auth!.passwords, 'verify');
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        post('auth/login', { identifier: u.email, password: 'wrong password!' }, { remoteAddress: '10.9.9.9' }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect(verify).toHaveBeenCalledTimes(5);
    verify.mockRestore();
    const locked = await post('auth/login', { identifier: u.email, password: PASSWORD }, { remoteAddress: '10.9.9.9' });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0' });
    // The stranger's address is spent, not the owner's.
    expect(
      (
        await post(
          'auth/login',
          { identifier: u.email.toUpperCase(), password: PASSWORD },
          { remoteAddress: '10.1.1.1' },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('50 failures per identifier from all addresses; a password reset clears both counts', async () => {
    const u = await createVerifiedUser(t, org.apiKey);
    await t.db.db
      .insert(loginAttempts)
      .values({ identifier: u.email, address: '', attempts: 50, windowStartedAt: new Date() });
    const over = await post('auth/login', { identifier: u.email, password: PASSWORD }, { remoteAddress: '10.2.2.2' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['x-ratelimit-limit']).toBe('50');
    expect((await post('auth/forgot-password', { identifier: u.email })).statusCode).toBe(202);
    const code = await latestCode(t, u.email, 'RESET_PASSWORD');
    expect(
      (await post('auth/reset-password', { identifier: u.email, code, new_password: 'a fresh password 1' })).statusCode,
    ).toBe(200);
    expect(
      (await post('auth/login', { identifier: u.email, password: 'a fresh password 1' }, { remoteAddress: '10.2.2.2' }))
        .statusCode,
    ).toBe(200);
  });

  it('forgot-password answers before the lookup and the mail: a slow mailer does not slow the answer', async () => {
    const u = await createVerifiedUser(t, org.apiKey);
    const send = vi
      .spyOn(t.deps.auth!.mailer, 'send')
      .mockImplementation(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    const started = performance.now();
    const res = await post('auth/forgot-password', { identifier: u.email });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(202);
    expect(elapsed).toBeLessThan(1000);
    await t.deps.auth!.background.idle();
    expect(send).toHaveBeenCalledTimes(1);
    send.mockRestore();
  });
});

describe('users of several companies', () => {
  it("adding another company's user shows only what the caller supplied and keeps that company's pending code", async () => {
    const other = await t.createOrganization();
    const email = randomEmail();
    const first = await post(
      'users',
      {
        first_name: 'Maria',
        last_name: 'Original',
        identifier: { type: 'email', value: email },
        metadata: { secret_note: 'org one only' },
      },
      { key: org.apiKey },
    );
    expect(first.statusCode).toBe(201);
    const firstCode = await latestCode(t, email);
    const [ident] = await t.db.db.select().from(userIdentifiers).where(eq(userIdentifiers.value, email));
    await t.db.db.insert(userIdentifiers).values({
      id: randomUUID(),
      userId: ident!.userId,
      type: 'phone',
      value: `+55119${String(Date.now()).slice(-8)}`,
      isPrimary: false,
    });

    const added = await post(
      'users',
      { first_name: 'M', last_name: 'Added', identifier: { type: 'email', value: email } },
      { key: other.apiKey },
    );
    expect(added.statusCode).toBe(201);
    const view = added.json();
    expect(view).toMatchObject({ first_name: 'M', last_name: 'Added', metadata: null, roles: [] });
    expect(view.identifiers.map((i: { value: string }) => i.value)).toEqual([email]);
    expect(added.body).not.toContain('Original');
    expect(added.body).not.toContain('org one only');
    // The first company still sees its own names; its code still works.
    const mine = (await t.request({ method: 'GET', url: `/core/v1/users/${view.id}`, key: org.apiKey })).json();
    expect(mine).toMatchObject({
      first_name: 'Maria',
      last_name: 'Original',
      metadata: { secret_note: 'org one only' },
    });
    expect((await post('auth/verify', { identifier: email, code: firstCode, password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it("a suspension revokes the membership's tokens for good, even after re-activation", async () => {
    const role = await createRole(t, { key: org.apiKey }, ['user.edit', 'user.view']);
    const admin = await createVerifiedUser(t, org.apiKey, [role.id]);
    const u = await createVerifiedUser(t, org.apiKey);
    expect((await t.request({ method: 'GET', url: '/core/v1/auth/me', token: u.token })).statusCode).toBe(200);
    expect((await post(`users/${u.id}/suspend`, {}, { key: org.apiKey })).statusCode).toBe(200);
    expect((await post(`users/${u.id}/activate`, {}, { token: admin.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/core/v1/auth/me', token: u.token })).statusCode).toBe(401);
    const again = await post('auth/login', { identifier: u.email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/auth/me', token: again.json().access_token })).statusCode,
    ).toBe(200);
  });
});

describe('company status', () => {
  it('BLOCKED: keys and tokens get 403 everywhere but GET /v1/companies/me; merchants of a blocked organization too', async () => {
    const o = await t.createOrganization();
    const m = await t.createMerchant(o.apiKey);
    const unused = await t.createMerchant(o.apiKey); // its key is not in the key cache yet
    const viewer = await createRole(t, { key: m.apiKey }, ['company.view', 'user.list']);
    const u = await createVerifiedUser(t, m.apiKey, [viewer.id]);
    await t.db.db.update(companies).set({ status: 'BLOCKED' }).where(eq(companies.id, o.id));
    for (const auth of [{ key: unused.apiKey }, { token: u.token }]) {
      const res = await t.request({ method: 'GET', url: '/core/v1/users', ...auth });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('The company is blocked');
      const me = await t.request({ method: 'GET', url: '/core/v1/companies/me', ...auth });
      expect(me.statusCode, me.body).toBe(200);
      expect((await t.request({ method: 'GET', url: '/core/v1/nowhere', ...auth })).statusCode).toBe(404);
    }
    expect((await post('auth/login', { identifier: u.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('INACTIVE: no internal transfer starts, for the company or an organization acting for it', async () => {
    const o = await t.createOrganization();
    const m = await t.createMerchant(o.apiKey);
    const open = async (extra: Record<string, unknown>) =>
      (await post('banking/bank-accounts', { provider: 'PROVIDER_A', ...extra }, { key: o.apiKey })).json();
    const [a, b] = [await open({ company_id: m.id }), await open({})];
    await post(`platform/sandbox/bank-accounts/${a.id}/deposits`, { amount: 1000 }, { key: t.platformKey });
    const body = { origin_bank_account_id: a.id, destination_bank_account_id: b.id, amount: 100 };
    // The merchant's money, moved by its organization; then the organization's own.
    for (const [inactive, origin, destination] of [
      [m.id, a.id, b.id],
      [o.id, b.id, a.id],
    ]) {
      await t.db.db.update(companies).set({ status: 'INACTIVE' }).where(eq(companies.id, inactive));
      const res = await post(
        'banking/internal-transfers',
        { ...body, origin_bank_account_id: origin, destination_bank_account_id: destination, request_id: randomUUID() },
        { key: o.apiKey },
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.details).toEqual({ field: 'company', value: 'INACTIVE', reason: 'COMPANY_NOT_ACTIVE' });
    }
  });
});

/** A pool of 3 per bucket that never refills: one-second windows would make these counts depend on machine speed. */
function countingLimiter(points = 3): RateLimiter {
  const used = new Map<string, number>();
  return {
    async consume(pool, key) {
      const n = (used.get(`${pool}:${key}`) ?? 0) + 1;
      used.set(`${pool}:${key}`, n);
      return { allowed: n <= points, limit: points, remaining: Math.max(0, points - n), resetSeconds: 1 };
    },
  };
}

describe('proxies and limits', () => {
  it('TRUST_PROXY hops: the client is the entry right of the trusted hops, whatever the client wrote to its left', async () => {
    const proxied = await createTestApp({ trustProxy: 1 }, { rateLimiter: countingLimiter() });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await proxied.request({
          method: 'GET',
          url: '/core/v1/users',
          key: 'sk_org_unknown',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7`, 'x-forwarded-proto': 'http, https' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await proxied.close();
    }
  }, 120_000);

  it('unknown keys are limited before any lookup; unknown routes are limited too', async () => {
    const limited = await createTestApp({}, { rateLimiter: countingLimiter() });
    const resolve = vi.spyOn(ApiKeyResolver.prototype, 'resolve');
    try {
      const keys = Array.from({ length: 6 }, () => `sk_org_${randomUUID()}`);
      const statuses = [];
      for (const key of keys)
        statuses.push(
          (await limited.request({ method: 'GET', url: '/core/v1/users', key, remoteAddress: '10.3.3.3' })).statusCode,
        );
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
      expect(resolve).toHaveBeenCalledTimes(3);
      const unknown = [];
      for (let i = 0; i < 5; i++)
        unknown.push(
          (await limited.request({ method: 'GET', url: '/core/v1/nothing-here', remoteAddress: '10.4.4.4' }))
            .statusCode,
        );
      expect(unknown).toEqual([404, 404, 404, 429, 429]);
    } finally {
      resolve.mockRestore();
      await limited.close();
    }
  }, 120_000);
});

describe('logs of failed queries', () => {
  it('hold neither SQL parameters nor secrets: only the SQLSTATE, constraint and table', async () => {
    const cipher = `ev:${randomUUID().replace(/-/g, '')}Q2lwaGVy`;
    const secret = `whsec_${randomUUID().replace(/-/g, '')}`;
    const before = logLines.length;
    const err = await t.db.db.execute(sql`select ${cipher}::int, ${secret}::int`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    t.app.log.error({ err }, 'query failed');
    const fakeRequest = { log: t.app.log, headers: {}, url: '/x' } as never;
    expect(toApiError(err, fakeRequest).status).toBe(400); // 22P02: the input, not a server fault
    const written = logLines.slice(before).join('\n');
    expect(written).toContain('22P02');
    expect(written).not.toContain(cipher.slice(3));
    expect(written).not.toContain(secret.slice(6));
    expect(written).not.toMatch(/select/i);
  });
});

describe('sandbox keys per database', () => {
  it('embedded, then another database, then embedded again: each keeps its organization and key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-keys-'));
    const urls = { core_url: 'c', pci_url: 'p', docs_url: 'd' };
    const embedded = await openTestDatabase({ embedded: true });
    const other = await openTestDatabase({ embedded: true });
    try {
      await migrate(embedded);
      await migrate(other);
      const first = await ensureSandboxOrganization(embedded.db, dataDir, urls, 'staff', systemClock, 'embedded');
      const second = await ensureSandboxOrganization(other.db, dataDir, urls, 'staff', systemClock, 'postgres:abc');
      expect(second.organization.id).not.toBe(first.organization.id);
      expect(JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8')).organization).toEqual(second.organization);
      const back = await ensureSandboxOrganization(embedded.db, dataDir, urls, 'staff', systemClock, 'embedded');
      expect(back.organization).toEqual(first.organization);
      expect(JSON.parse(readFileSync(join(dataDir, 'sandbox.json'), 'utf8')).organization).toEqual(first.organization);
      expect(
        (await ensureSandboxOrganization(other.db, dataDir, urls, 'staff', systemClock, 'postgres:abc')).organization,
      ).toEqual(second.organization);
    } finally {
      await embedded.close();
      await other.close();
    }
  }, 120_000);
});
