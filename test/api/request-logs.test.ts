import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { requestLogs } from '../../src/db/schema/index.js';
import { REQUEST_LOG_PURGE_JOB, requestLogJobs } from '../../src/modules/request-logs/request-logs.jobs.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { merchantBody } from '../helpers/fixtures.js';
import { ERROR_CATALOGUE } from '../../src/kernel/errors.js';
import { errorAnchor } from '../../src/http/pipeline.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const logs = (key: string, query = '') => t.request({ method: 'GET', url: `/core/v1/request-logs${query}`, key });

describe('request logs', () => {
  it("lists the caller's requests with status, error code, idempotency and a redacted summary", async () => {
    const org = await t.createOrganization();
    const bad = await t.request({
      method: 'POST',
      url: '/core/v1/pricing/fee-policies',
      key: org.apiKey,
      payload: { name: 'x', password: 'hunter2', card_number: '4111111111111111' },
    });
    expect(bad.statusCode).toBe(400);
    await t.request({ method: 'GET', url: '/core/v1/companies/me', key: org.apiKey });
    await t.request({ method: 'GET', url: '/core/v1/zipcodes/4111111111111111', key: org.apiKey });

    const res = await logs(org.apiKey);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const paths = body.data.map((l: { path: string }) => l.path);
    expect(paths).toContain('/core/v1/companies/me');
    expect(paths).not.toContain('/core/v1/request-logs');
    expect(JSON.stringify(body)).not.toContain('4111111111111111');
    expect(JSON.stringify(body)).not.toContain('hunter2');
    const failed = body.data.find((l: { method: string }) => l.method === 'POST');
    expect(failed).toMatchObject({
      status: 400,
      error_code: 'VALIDATION_ERROR',
      source: 'API_KEY',
      company_id: org.id,
      replayed: false,
    });
    // Names that hold secrets are redacted even as names.
    expect(failed.body_summary.fields).toContain('name');
    expect(failed.body_summary.fields).toContain('[REDACTED]');
    expect(failed.body_summary.fields).not.toContain('password');
    expect(failed.request_id).toBe(bad.json().error.requestId);
    expect(failed.duration_ms).toBeGreaterThanOrEqual(0);

    const only400 = (await logs(org.apiKey, '?status=400')).json();
    expect(only400.data.map((l: { status: number }) => l.status)).toEqual([400]);
    const byRequest = (await logs(org.apiKey, `?request_id=${failed.request_id}`)).json();
    expect(byRequest.data).toHaveLength(1);
    expect(
      (await logs(org.apiKey, '?path=/core/v1/companies'))
        .json()
        .data.every((l: { path: string }) => l.path.startsWith('/core/v1/companies')),
    ).toBe(true);
  });

  it('never keeps a card number, whatever field, key or path it is sent in', async () => {
    const org = await t.createOrganization();
    const pans = ['4111111111111111', '4111 1111 1111 1111', '5555-5555-5555-4444', '6370950000000005'];
    for (const pan of pans) {
      await t.request({
        method: 'POST',
        url: '/core/v1/pricing/fee-policies',
        key: org.apiKey,
        payload: { request_id: pan, [pan]: 1, name: pan },
      });
      await t.request({ method: 'GET', url: `/core/v1/zipcodes/${encodeURIComponent(pan)}`, key: org.apiKey });
    }
    await t.deps.requestLogs?.flush();
    const stored = JSON.stringify(await t.db.db.select().from(requestLogs).where(eq(requestLogs.companyId, org.id)));
    expect(stored).toContain('[REDACTED]');
    for (const pan of pans) expect(stored).not.toContain(pan);
  });

  it('keeps paths, field names and keys exactly, whatever characters their storage would need escaped', async () => {
    const org = await t.createOrganization();
    // As the client sends them (a quote and braces percent-encoded, as any HTTP client does).
    const segments = ['NULL', 'a,b', '%7Bc%7D', 'd%22e', 'h%20i'];
    for (const segment of segments)
      await t.request({ method: 'GET', url: `/core/v1/merchants/${segment}`, key: org.apiKey });
    const oddNames = { 'we"ird\\key': 1, NULL: 1, 'a,b': 1, '{x}': 1, ' ': 1 };
    await t.request({ method: 'POST', url: '/core/v1/pricing/fee-policies', key: org.apiKey, payload: oddNames });
    const oddKey = 'id "1" \\ {a,b} NULL';
    const created = await t.request({
      method: 'POST',
      url: '/core/v1/merchants',
      key: org.apiKey,
      payload: merchantBody({ request_id: oddKey }),
    });
    expect(created.statusCode).toBe(201);

    const data = (await logs(org.apiKey, '?limit=100')).json().data as {
      method: string;
      path: string;
      status: number;
      idempotency_key: string | null;
      body_summary: { fields: string[] } | null;
    }[];
    expect(
      data
        .filter((l) => l.method === 'GET')
        .map((l) => l.path)
        .sort(),
    ).toEqual(segments.map((segment) => `/core/v1/merchants/${segment}`).sort());
    const refused = data.find((l) => l.path === '/core/v1/pricing/fee-policies');
    expect(refused?.body_summary?.fields).toEqual(Object.keys(oddNames).sort());
    expect(data.find((l) => l.path === '/core/v1/merchants' && l.status === 201)?.idempotency_key).toBe(oddKey);
  });

  it('records idempotency keys and replays', async () => {
    const org = await t.createOrganization();
    const body = merchantBody({ request_id: 'merchant-log-1' });
    const first = await t.request({ method: 'POST', url: '/core/v1/merchants', key: org.apiKey, payload: body });
    const replay = await t.request({ method: 'POST', url: '/core/v1/merchants', key: org.apiKey, payload: body });
    expect([first.statusCode, replay.statusCode]).toEqual([201, 200]);
    const creates = (await logs(org.apiKey, '?method=POST&path=/core/v1/merchants&sort=created_at')).json().data;
    expect(
      creates.map((l: { idempotency_key: string | null; replayed: boolean }) => [l.idempotency_key, l.replayed]),
    ).toEqual([
      ['merchant-log-1', false],
      ['merchant-log-1', true],
    ]);
  });

  it('is scoped: a merchant sees its own, its organization sees both, another organization nothing', async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    const other = await t.createOrganization();
    await t.request({ method: 'GET', url: '/core/v1/companies/me', key: merchant.apiKey });
    const mine = (await logs(merchant.apiKey)).json().data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((l: { company_id: string }) => l.company_id === merchant.id)).toBe(true);
    const orgs = (await logs(org.apiKey)).json().data.map((l: { company_id: string }) => l.company_id);
    expect(orgs).toEqual(expect.arrayContaining([org.id, merchant.id]));
    expect((await logs(other.apiKey, `?company_id=${merchant.id}`)).json().data).toEqual([]);
  });

  it('a purge job deletes logs older than 7 days and runs again hourly', async () => {
    const org = await t.createOrganization();
    await t.request({ method: 'GET', url: '/core/v1/companies/me', key: org.apiKey });
    await t.deps.requestLogs?.flush();
    const [kept] = await t.db.db.select().from(requestLogs).where(eq(requestLogs.companyId, org.id)).limit(1);
    const old = { ...kept!, id: randomUUID(), createdAt: new Date(kept!.createdAt.getTime() - 8 * 24 * 3600_000) };
    await t.db.db.insert(requestLogs).values(old);
    // Another organization's old rows go too (the purge reaches them organization by organization).
    const other = await t.createOrganization();
    const otherOld = [1, 2].map((n) => ({
      ...old,
      id: randomUUID(),
      organizationId: other.id,
      companyId: other.id,
      createdAt: new Date(old.createdAt.getTime() - n * 1000),
    }));
    await t.db.db.insert(requestLogs).values(otherOld);
    const now = t.deps.clock.now();
    const handler = requestLogJobs({ db: t.db.db, clock: { now: () => now } })[REQUEST_LOG_PURGE_JOB];
    const result = await handler();
    expect(result.rescheduleAt.getTime()).toBe(now.getTime() + 3600_000);
    const left = await t.db.db
      .select({ id: requestLogs.id })
      .from(requestLogs)
      .where(eq(requestLogs.companyId, org.id));
    expect(left.map((r) => r.id)).toEqual([kept!.id]);
    const otherLeft = await t.db.db.select().from(requestLogs).where(eq(requestLogs.organizationId, other.id));
    expect(otherLeft.filter((r) => otherOld.some((o) => o.id === r.id))).toEqual([]);
  });

  it('refuses bad filters with the envelope', async () => {
    const org = await t.createOrganization();
    const res = await logs(org.apiKey, '?status=abc&surprise=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('error help', () => {
  it("errors link their code's section of the errors guide, which has that anchor", async () => {
    const org = await t.createOrganization();
    const res = await t.request({ method: 'GET', url: '/core/v1/merchants?limt=5', key: org.apiKey });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.doc_url).toMatch(/\/core\/docs\/guides\/errors#validation-error$/);
    expect(error.details.issues[0]).toMatchObject({
      field: 'limt',
      type: 'UNKNOWN_FIELD',
      constraints: { did_you_mean: 'limit' },
    });
    const guide = await t.request({ method: 'GET', url: '/core/docs/guides/errors' });
    for (const code of Object.keys(ERROR_CATALOGUE)) expect(guide.body).toContain(`id="${errorAnchor(code)}"`);
  });
});
