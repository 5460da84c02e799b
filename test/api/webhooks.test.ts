import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { organizationWithReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import { createDeliveryWorker } from '../../src/modules/webhooks/delivery-worker.js';
import { EVENT_TYPES } from '../../src/modules/event-payloads.js';
import { signDashboardToken } from '../../src/modules/webhooks/dashboard-token.js';

const dashboardSecret = randomBytes(32).toString('base64url');
let t: TestApp;
const receivers: FakeReceiver[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { webhookDashboardSecret: dashboardSecret });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t?.close();
});

/** An organization with one FAILED and one DELIVERED message (a receiver that fails the first event for good). */
async function orgWithHistory() {
  const { org, receiver } = await organizationWithReceiver(t);
  receivers.push(receiver);
  receiver.script({ status: 500 });
  const merchant = await t.createMerchant(org.apiKey);
  const worker = createDeliveryWorker({
    db: t.db,
    secretBox: t.deps.webhookSecretBox,
    config: { env: 'sandbox', webhookRetrySchedule: [] },
    organizationIds: [org.id],
    timeoutMs: 5000,
  });
  await worker.drain();
  await t.request({
    method: 'PATCH',
    url: `/core/v1/platform/companies/${merchant.id}`,
    key: t.platformKey,
    payload: { status: 'ACTIVE' },
  });
  await worker.drain();
  return { org, receiver, merchant, worker };
}

const get = (url: string, key?: string) => t.request({ method: 'GET', url, key });

describe('GET /v1/webhooks/messages', () => {
  it('lists newest first, filters by status and type, paginates', async () => {
    const { org, merchant, worker } = await orgWithHistory();
    await worker.stop();
    const all = (await get('/core/v1/webhooks/messages', org.apiKey)).json();
    expect(all.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1, hasNext: false, hasPrev: false });
    expect(all.data.map((m: any) => [m.type, m.status])).toEqual([
      ['company.status-changed', 'DELIVERED'],
      ['company.created', 'FAILED'],
    ]);
    expect(all.data[1]).toEqual({
      id: expect.any(String),
      type: 'company.created',
      company_id: merchant.id,
      status: 'FAILED',
      next_attempt_at: null,
      created_at: expect.any(String),
      attempts: [
        {
          at: expect.any(String),
          endpoint_id: expect.any(String),
          status_code: 500,
          duration_ms: expect.any(Number),
          error: 'receiver answered an error (HTTP 500)',
        },
      ],
      deliveries: [{ endpoint_id: expect.any(String), status: 'FAILED', attempt_count: 1, next_attempt_at: null }],
    });
    const failed = (await get('/core/v1/webhooks/messages?status=FAILED', org.apiKey)).json();
    expect(failed.data.map((m: any) => m.type)).toEqual(['company.created']);
    const byType = (
      await get('/core/v1/webhooks/messages?type=company.status-changed,internal-transfer.created', org.apiKey)
    ).json();
    expect(byType.data.map((m: any) => m.status)).toEqual(['DELIVERED']);
    const page2 = (await get('/core/v1/webhooks/messages?limit=1&page=2', org.apiKey)).json();
    expect(page2.data[0].type).toBe('company.created');
    expect(page2.pagination).toMatchObject({ total: 2, totalPages: 2, hasNext: false, hasPrev: true });
    const oldest = (await get('/core/v1/webhooks/messages?sort=created_at', org.apiKey)).json();
    expect(oldest.data[0].type).toBe('company.created');
  });

  it.each([
    ['status=LOST', 'status'],
    ['type=company.deleted', 'type'],
    ['limit=101', 'limit'],
    ['sort=type', 'sort'],
    ['foo=1', 'foo'],
  ])('refuses ?%s with VALIDATION_ERROR', async (query, field) => {
    const org = await t.createOrganization();
    const res = await get(`/core/v1/webhooks/messages?${query}`, org.apiKey);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.details.issues[0].field).toBe(field);
  });

  // Regression (README "Get paid"): the filter listed an old subset, so ?type=settlement.completed answered 400.
  it('accepts every event type a service can record in ?type', async () => {
    const org = await t.createOrganization();
    const res = await get(`/core/v1/webhooks/messages?type=${EVENT_TYPES.join(',')}`, org.apiKey);
    expect(res.statusCode).toBe(200);
    for (const type of [
      'settlement.completed',
      'anticipation.status-changed',
      'refund.created',
      'three-ds-session.status-changed',
    ]) {
      expect((await get(`/core/v1/webhooks/messages?type=${type}`, org.apiKey)).statusCode).toBe(200);
    }
  });

  it('is organization-only and scoped to the caller', async () => {
    const { org, merchant, worker } = await orgWithHistory();
    await worker.stop();
    expect((await get('/core/v1/webhooks/messages', merchant.apiKey)).statusCode).toBe(403);
    expect((await get('/core/v1/webhooks/messages')).statusCode).toBe(401);
    const other = await t.createOrganization();
    expect((await get('/core/v1/webhooks/messages', other.apiKey)).json().data).toEqual([]);
    void org;
  });
});

describe('POST /v1/webhooks/messages/{eventId}/replay', () => {
  it('replays a failed message with the same webhook-id; replaying it again while pending keeps it pending, sent now', async () => {
    const { org, receiver, worker } = await orgWithHistory();
    const failed = (await get('/core/v1/webhooks/messages?status=FAILED', org.apiKey)).json().data[0];
    const url = `/core/v1/webhooks/messages/${failed.id}/replay`;
    const res = await t.request({ method: 'POST', url, key: org.apiKey });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: failed.id, status: 'PENDING', next_attempt_at: expect.any(String) });
    expect(res.json().attempts).toHaveLength(1);
    // Issue 27: Replay works on any message; a pending one is simply due now (no 409).
    const again = await t.request({ method: 'POST', url, key: org.apiKey, payload: {} });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: failed.id, status: 'PENDING' });

    await worker.drain();
    await worker.stop();
    const after = (await get('/core/v1/webhooks/messages?type=company.created', org.apiKey)).json().data[0];
    expect(after.status).toBe('DELIVERED');
    expect(after.attempts.map((a: any) => a.status_code)).toEqual([500, 204]);
    expect(receiver.received.filter((r) => r.id === failed.id)).toHaveLength(2);
  });

  it('answers 404 for unknown or foreign events, 400 for a bad id, 403 for a merchant key', async () => {
    const { org, merchant, worker } = await orgWithHistory();
    await worker.stop();
    const failed = (await get('/core/v1/webhooks/messages?status=FAILED', org.apiKey)).json().data[0];
    const other = await t.createOrganization();
    const post = (url: string, key: string) => t.request({ method: 'POST', url, key });
    expect((await post(`/core/v1/webhooks/messages/${failed.id}/replay`, other.apiKey)).statusCode).toBe(404);
    expect((await post(`/core/v1/webhooks/messages/${randomUUID()}/replay`, org.apiKey)).statusCode).toBe(404);
    const bad = await post('/core/v1/webhooks/messages/nope/replay', org.apiKey);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('BAD_REQUEST');
    expect((await post(`/core/v1/webhooks/messages/${failed.id}/replay`, merchant.apiKey)).statusCode).toBe(403);
  });
});

describe('webhook endpoint URL safety (PUT webhook-endpoint)', () => {
  it.each([
    ['http://hooks.example.com/wh', 'must be https (or http://localhost in the sandbox)'],
    ['https://10.0.0.5/wh', 'must not point to a private, loopback or link-local address'],
    ['https://169.254.169.254/latest/meta-data', 'must not point to a private, loopback or link-local address'],
    ['https://[fe80::1]/wh', 'must not point to a private, loopback or link-local address'],
  ])('refuses %s', async (url, message) => {
    const org = await t.createOrganization();
    const res = await t.request({
      method: 'PUT',
      url: `/core/v1/platform/organizations/${org.id}/webhook-endpoint`,
      key: t.platformKey,
      payload: { url },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.issues[0]).toMatchObject({
      field: 'url',
      type: 'INVALID_FORMAT',
      message,
      value: url,
    });
  });

  it('refuses a malformed URL and accepts http://localhost in the sandbox', async () => {
    const org = await t.createOrganization();
    const put = (url: string) =>
      t.request({
        method: 'PUT',
        url: `/core/v1/platform/organizations/${org.id}/webhook-endpoint`,
        key: t.platformKey,
        payload: { url },
      });
    expect((await put('not a url')).statusCode).toBe(400);
    const ok = await put('http://localhost:9999/hooks');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().signing_secret).toMatch(/^whsec_/);
  });
});

describe('GET /v1/webhooks/dashboard', () => {
  it('answers a signed, expiring link; the page lists messages and attempts with no API key', async () => {
    const { org, merchant, worker } = await orgWithHistory();
    await worker.stop();
    const res = await get('/core/v1/webhooks/dashboard', org.apiKey);
    expect(res.statusCode).toBe(200);
    const { url, expires_at } = res.json();
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(url).not.toContain(org.apiKey);
    const path = new URL(url).pathname + new URL(url).search;
    const page = await t.request({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('company.created');
    expect(page.body).toContain(merchant.id);
    expect(page.body).toContain(merchant.body.name);
    expect(page.body).toContain('receiver answered an error (HTTP 500)');
    // Every message has a replay button (issue 27: only failed ones had).
    expect(page.body.match(/data-replay=/g)?.length).toBe(page.body.match(/<tr class="message"/g)?.length);
    expect(page.body.match(/data-replay=/g)!.length).toBeGreaterThan(1);

    const filtered = await t.request({ method: 'GET', url: `${path}&status=DELIVERED` });
    expect(filtered.body).toContain('company.status-changed');
    expect(filtered.body).not.toContain('data-status="FAILED"');
  });

  it('replays from the page form and redirects back (303)', async () => {
    const { org, worker } = await orgWithHistory();
    const failed = (await get('/core/v1/webhooks/messages?status=FAILED', org.apiKey)).json().data[0];
    const { token } = signDashboardToken(dashboardSecret, org.id);
    const form = new URLSearchParams({ token, event_id: failed.id, status: 'FAILED' }).toString();
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/webhooks/dashboard/replay',
      payload: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('notice=replayed');
    expect(res.headers.location).toContain('status=FAILED');
    await worker.drain();
    await worker.stop();
    expect((await get('/core/v1/webhooks/messages?type=company.created', org.apiKey)).json().data[0].status).toBe(
      'DELIVERED',
    );
  });

  it('refuses tampered, expired, foreign-secret and missing tokens with 403', async () => {
    const org = await t.createOrganization();
    const { token } = signDashboardToken(dashboardSecret, org.id);
    const other = await t.createOrganization();
    const forged =
      Buffer.from(JSON.stringify({ o: other.id, e: 9_999_999_999 })).toString('base64url') + '.' + token.split('.')[1];
    const expired = signDashboardToken(dashboardSecret, org.id, new Date(Date.now() - 2 * 3600_000)).token;
    const wrongKey = signDashboardToken('another-secret', org.id).token;
    for (const bad of [forged, expired, wrongKey, `${token}x`, '']) {
      const res = await t.request({
        method: 'GET',
        url: `/core/v1/webhooks/dashboard/view?token=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('invalid or has expired'); // an HTML page (test/api/webhooks-dashboard.test.ts)
    }
    expect((await t.request({ method: 'GET', url: '/core/v1/webhooks/dashboard/view' })).statusCode).toBe(403);
    const replay = await t.request({
      method: 'POST',
      url: '/core/v1/webhooks/dashboard/replay',
      payload: new URLSearchParams({ token: expired, event_id: randomUUID() }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(replay.statusCode).toBe(403);
  });

  it('is organization-only', async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    expect((await get('/core/v1/webhooks/dashboard', merchant.apiKey)).statusCode).toBe(403);
  });

  it('other routes still refuse form bodies', async () => {
    const org = await t.createOrganization();
    const res = await t.request({
      method: 'POST',
      url: `/core/v1/webhooks/messages/${randomUUID()}/replay`,
      key: org.apiKey,
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.invalidField).toBe('content-type');
  });
});
