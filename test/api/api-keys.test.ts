import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../helpers/database.js';
import { migrate } from '../../src/db/migrate.js';
import { apiKeys } from '../../src/db/schema/index.js';
import { hashApiKey } from '../../src/http/api-keys.js';
import { systemClock } from '../../src/kernel/clock.js';
import { keyWorks } from '../../src/modules/api-keys/api-keys.repo.js';
import { ensureSandboxOrganization } from '../../src/sandbox-bootstrap.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createRole, createVerifiedUser } from '../helpers/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const me = (key: string) => t.request({ method: 'GET', url: '/core/v1/companies/me', key });
const createKey = (key: string, payload: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: '/core/v1/api-keys', key, payload });
const listKeys = (key: string, query = '') => t.request({ method: 'GET', url: `/core/v1/api-keys${query}`, key });
const roll = (key: string, id: string, payload: unknown) =>
  t.request({ method: 'POST', url: `/core/v1/api-keys/${id}/roll`, key, payload: payload as Record<string, unknown> });
const revoke = (key: string, id: string) => t.request({ method: 'DELETE', url: `/core/v1/api-keys/${id}`, key });
const RECORD_FIELDS = ['company_id', 'created_at', 'description', 'expires_at', 'id', 'last4', 'revoked_at'];

describe('API keys', () => {
  it('a create answers the record and the key once; the key works; the list never shows it', async () => {
    const org = await t.createOrganization();
    const created = await createKey(org.apiKey, { description: 'CI deploys' });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(Object.keys(body).sort()).toEqual([...RECORD_FIELDS, 'api_key'].sort());
    expect(body).toMatchObject({
      company_id: org.id,
      description: 'CI deploys',
      expires_at: null,
      revoked_at: null,
      last4: body.api_key.slice(-4),
    });
    expect((await me(body.api_key)).statusCode).toBe(200);

    const list = await listKeys(org.apiKey);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(body.api_key);
    expect(list.body).not.toContain(org.apiKey);
    const data = list.json().data as Record<string, unknown>[];
    for (const item of data) expect(Object.keys(item).sort()).toEqual(RECORD_FIELDS);
    // The key the organization create returned is listed too, with its last four characters.
    expect(data.map((k) => k.last4).sort()).toEqual([body.api_key.slice(-4), org.apiKey.slice(-4)].sort());
    expect(list.json().pagination).toMatchObject({ page: 1, total: 2 });
    expect(data[0]!.id).toBe(body.id); // newest first
  });

  it("an organization manages its merchants' keys; a merchant only its own (other ids 404)", async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    const other = await t.createOrganization();

    const forMerchant = await createKey(org.apiKey, { company_id: merchant.id });
    expect(forMerchant.statusCode).toBe(201);
    expect(forMerchant.json().company_id).toBe(merchant.id);
    const merchantMe = await me(forMerchant.json().api_key);
    expect(merchantMe.json().id).toBe(merchant.id);

    // The merchant create's key is listed; the organization sees both companies' keys and filters by company.
    const all = (await listKeys(org.apiKey)).json();
    expect(all.pagination.total).toBe(3);
    const onlyMerchant = (await listKeys(org.apiKey, `?company_id=${merchant.id}`)).json();
    expect(onlyMerchant.data.map((k: { company_id: string }) => k.company_id)).toEqual([merchant.id, merchant.id]);
    expect(onlyMerchant.data.map((k: { last4: string }) => k.last4)).toContain(merchant.apiKey.slice(-4));

    // The merchant sees only its own; its organization's keys and the organization as company_id are out of reach.
    const merchantList = (await listKeys(merchant.apiKey)).json();
    expect(merchantList.data.every((k: { company_id: string }) => k.company_id === merchant.id)).toBe(true);
    expect(merchantList.pagination.total).toBe(2);
    expect((await createKey(merchant.apiKey, { company_id: org.id })).statusCode).toBe(404);
    const orgKeyId = all.data.find((k: { company_id: string }) => k.company_id === org.id).id;
    expect((await revoke(merchant.apiKey, orgKeyId)).statusCode).toBe(404);
    expect((await roll(merchant.apiKey, orgKeyId, { grace_seconds: 0 })).statusCode).toBe(404);

    // Another tenant: 404 on every id, and its list does not show these keys.
    expect((await createKey(other.apiKey, { company_id: merchant.id })).statusCode).toBe(404);
    expect((await revoke(other.apiKey, forMerchant.json().id)).json().error.code).toBe('RESOURCE_NOT_FOUND');
    expect((await roll(other.apiKey, forMerchant.json().id, { grace_seconds: 10 })).statusCode).toBe(404);
    expect((await revoke(org.apiKey, randomUUID())).statusCode).toBe(404);
    expect((await listKeys(other.apiKey)).json().pagination.total).toBe(1);
  });

  it('validates the bodies: expires_at in the future, grace_seconds 0-604800 and required, unknown fields', async () => {
    const org = await t.createOrganization();
    const past = await createKey(org.apiKey, { expires_at: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details.issues[0]).toMatchObject({ field: 'expires_at' });
    expect((await createKey(org.apiKey, { nope: 1 })).json().error.details.issues[0]).toMatchObject({
      field: 'nope',
      type: 'UNKNOWN_FIELD',
    });
    expect((await createKey(org.apiKey, { description: 'card 4111 1111 1111 1111' })).statusCode).toBe(400);
    const id = (await listKeys(org.apiKey)).json().data[0].id;
    for (const payload of [{}, { grace_seconds: -1 }, { grace_seconds: 604_801 }, { grace_seconds: 1.5 }]) {
      const res = await roll(org.apiKey, id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.issues[0].field).toBe('grace_seconds');
    }
    expect((await roll(org.apiKey, id, { grace_seconds: 604_800 })).statusCode).toBe(201);
    expect((await revoke(org.apiKey, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('roll answers a new key; the old one works during the grace period and stops after it', async () => {
    const org = await t.createOrganization();
    const first = (await createKey(org.apiKey, { description: 'rolled' })).json();
    const rolled = await roll(org.apiKey, first.id, { grace_seconds: 3600 });
    expect(rolled.statusCode).toBe(201);
    const second = rolled.json();
    expect(second).toMatchObject({
      company_id: org.id,
      description: 'rolled',
      revoked_at: null,
      expires_at: null,
      last4: second.api_key.slice(-4),
    });
    expect(second.id).not.toBe(first.id);
    expect((await me(second.api_key)).statusCode).toBe(200);
    expect((await me(first.api_key)).statusCode).toBe(200);
    const old = (await listKeys(org.apiKey)).json().data.find((k: { id: string }) => k.id === first.id);
    const graceEnd = Date.parse(old.expires_at) - Date.parse(second.created_at);
    expect(graceEnd).toBeGreaterThan(3590_000);
    expect(graceEnd).toBeLessThanOrEqual(3600_000);

    // Grace 0: the old key stops at once (it was cached by the request above).
    const third = (await roll(second.api_key, second.id, { grace_seconds: 0 })).json();
    const refused = await me(second.api_key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('AUTHENTICATION_ERROR');
    expect((await me(third.api_key)).statusCode).toBe(200);
    // An expired key cannot be rolled again.
    const again = await roll(org.apiKey, second.id, { grace_seconds: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details.reason).toBe('KEY_NOT_ACTIVE');
  });

  it('a key past its expires_at answers 401 like an unknown key', async () => {
    const org = await t.createOrganization();
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const short = (await createKey(org.apiKey, { expires_at: expiresAt })).json();
    expect(short.expires_at).toBe(expiresAt);
    expect((await me(short.api_key)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const res = await me(short.api_key);
    expect(res.statusCode).toBe(401);
    const unknown = await me('sk_org_unknown');
    expect(res.json().error).toMatchObject({
      code: unknown.json().error.code,
      message: unknown.json().error.message,
      details: unknown.json().error.details,
    });
  });

  it('delete revokes at once (even a cached key), answers the record; the last active key is refused with LAST_KEY', async () => {
    const org = await t.createOrganization();
    const keys = (await listKeys(org.apiKey)).json().data;
    expect(keys).toHaveLength(1);
    const last = await revoke(org.apiKey, keys[0].id);
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toMatchObject({ code: 'CONFLICT_ERROR', details: { reason: 'LAST_KEY' } });

    const extra = (await createKey(org.apiKey)).json();
    expect((await me(extra.api_key)).statusCode).toBe(200);
    const revoked = await revoke(org.apiKey, extra.id);
    expect(revoked.statusCode).toBe(200);
    expect(Object.keys(revoked.json()).sort()).toEqual(RECORD_FIELDS);
    expect(revoked.json().revoked_at).toEqual(expect.any(String));
    expect((await me(extra.api_key)).statusCode).toBe(401);
    // A repeated delete answers the same record.
    const repeated = await revoke(org.apiKey, extra.id);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().revoked_at).toBe(revoked.json().revoked_at);

    // A key may revoke itself when another remains.
    const other = (await createKey(org.apiKey)).json();
    expect((await revoke(org.apiKey, keys[0].id)).statusCode).toBe(200);
    expect((await me(org.apiKey)).statusCode).toBe(401);
    expect((await revoke(other.api_key, other.id)).json().error.details.reason).toBe('LAST_KEY');
  });

  it("concurrent deletes of a company's last two keys leave one", async () => {
    const org = await t.createOrganization();
    const second = (await createKey(org.apiKey)).json();
    const firstId = (await listKeys(org.apiKey)).json().data.find((k: { id: string }) => k.id !== second.id).id;
    const [a, b] = await Promise.all([revoke(second.api_key, firstId), revoke(org.apiKey, second.id)]);
    // One delete wins. The other answers LAST_KEY, or 401 when the winner revoked its key before it authenticated.
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const working = [(await me(org.apiKey)).statusCode, (await me(second.api_key)).statusCode];
    expect(working.filter((code) => code === 200)).toHaveLength(1);
  });

  it('a JWT needs api_key.* permissions', async () => {
    const org = await t.createOrganization();
    const bare = await createVerifiedUser(t, org.apiKey);
    const refused = [
      await t.request({ method: 'POST', url: '/core/v1/api-keys', token: bare.token, payload: {} }),
      await t.request({ method: 'GET', url: '/core/v1/api-keys', token: bare.token }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toMatch(/^Missing permission api_key\./);
    }
    const role = await createRole(t, { key: org.apiKey }, [
      'api_key.create',
      'api_key.list',
      'api_key.roll',
      'api_key.delete',
    ]);
    const user = await createVerifiedUser(t, org.apiKey, [role.id]);
    const created = await t.request({
      method: 'POST',
      url: '/core/v1/api-keys',
      token: user.token,
      payload: { description: 'by a user' },
    });
    expect(created.statusCode).toBe(201);
    const permissions = (await t.request({ method: 'GET', url: '/core/v1/permissions', key: org.apiKey })).json().data;
    expect(permissions).toEqual(
      expect.arrayContaining(['api_key.create', 'api_key.list', 'api_key.roll', 'api_key.delete']),
    );
  });

  it('the OpenAPI document declares the four operations', async () => {
    const spec = (await t.request({ method: 'GET', url: '/core/openapi.json' })).json();
    expect(Object.keys(spec.paths['/v1/api-keys'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(spec.paths['/v1/api-keys/{id}/roll'].post).toBeDefined();
    expect(spec.paths['/v1/api-keys/{id}'].delete).toBeDefined();
  });
});

describe('the sandbox key', () => {
  it('is listed with its last4 (filled at start for a key issued before 0610) and replaced at start once revoked', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-api-keys-'));
    const urls = { core_url: 'c', pci_url: 'p', docs_url: 'd' };
    const handle = await openTestDatabase({ embedded: true });
    try {
      await migrate(handle);
      const db = handle.db;
      const first = await ensureSandboxOrganization(db, dataDir, urls, 'staff', systemClock);
      const key = first.organization.api_key;
      const byHash = eq(apiKeys.keyHash, hashApiKey(key));
      await db.update(apiKeys).set({ last4: null }).where(byHash);
      const again = await ensureSandboxOrganization(db, dataDir, urls, 'staff', systemClock);
      expect(again.organization).toEqual(first.organization);
      expect((await db.select().from(apiKeys).where(byHash))[0]!.last4).toBe(key.slice(-4));

      await db.update(apiKeys).set({ revokedAt: systemClock.now() }).where(byHash);
      const reissued = await ensureSandboxOrganization(db, dataDir, urls, 'staff', systemClock);
      expect(reissued.organization.id).toBe(first.organization.id);
      expect(reissued.organization.api_key).not.toBe(key);
      expect(await keyWorks(db, reissued.organization.api_key, systemClock.now())).toBe(true);
    } finally {
      await handle.close();
    }
  }, 120_000);
});

const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

/** Polls `/v1/companies/me` on `app` with `key` until it is refused, for at most 1 s; answers the last status. */
async function refusedWithinOneSecond(app: TestApp, key: string): Promise<number> {
  const started = Date.now();
  let status = 200;
  while (status === 200 && Date.now() - started < 1000) {
    status = (await app.request({ method: 'GET', url: '/core/v1/companies/me', key })).statusCode;
    if (status === 200) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return status;
}

describe.skipIf(!process.env.DATABASE_URL)(
  'two instances on one PostgreSQL without Redis (skipped on PGlite: one process owns the embedded database)',
  () => {
    it('the other instance hears of a revocation and a roll by polling the database', async () => {
      const second = await createTestApp({}, {}, {}, { redis: false });
      try {
        const org = await t.createOrganization();
        const extra = (await createKey(org.apiKey)).json();
        const rolled = (await createKey(org.apiKey)).json();
        for (const key of [extra.api_key, rolled.api_key]) {
          expect((await second.request({ method: 'GET', url: '/core/v1/companies/me', key })).statusCode).toBe(200);
        }
        expect((await revoke(org.apiKey, extra.id)).statusCode).toBe(200);
        expect(await refusedWithinOneSecond(second, extra.api_key)).toBe(401);
        expect((await roll(org.apiKey, rolled.id, { grace_seconds: 0 })).statusCode).toBe(201);
        expect(await refusedWithinOneSecond(second, rolled.api_key)).toBe(401);
      } finally {
        await second.close();
      }
    }, 60_000);
  },
);

describe.skipIf(!shared)(
  'two instances on one PostgreSQL and Redis (skipped without DATABASE_URL and REDIS_URL: the embedded database has one process)',
  () => {
    it('a key revoked on one instance is refused by the other within 1 second, though it cached the key', async () => {
      const second = await createTestApp();
      try {
        await second.deps.keyRevocations!.ready;
        await t.deps.keyRevocations!.ready;
        const org = await t.createOrganization();
        const extra = (await createKey(org.apiKey)).json();
        expect(
          (await second.request({ method: 'GET', url: '/core/v1/companies/me', key: extra.api_key })).statusCode,
        ).toBe(200); // now in its 10 s cache
        expect((await revoke(org.apiKey, extra.id)).statusCode).toBe(200);
        expect(await refusedWithinOneSecond(second, extra.api_key)).toBe(401);

        // A roll with grace 0 too.
        const rolledAway = (await createKey(org.apiKey)).json();
        expect(
          (await second.request({ method: 'GET', url: '/core/v1/companies/me', key: rolledAway.api_key })).statusCode,
        ).toBe(200);
        expect((await roll(org.apiKey, rolledAway.id, { grace_seconds: 0 })).statusCode).toBe(201);
        expect(await refusedWithinOneSecond(second, rolledAway.api_key)).toBe(401);
      } finally {
        await second.close();
      }
    }, 60_000);
  },
);
