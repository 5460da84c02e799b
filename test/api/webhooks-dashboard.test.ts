import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { organizationWithReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import { createDeliveryWorker } from '../../src/modules/webhooks/delivery-worker.js';
import { signDashboardToken } from '../../src/modules/webhooks/dashboard-token.js';

/** The dashboard page and its forms (product.md §15): search, payloads, recover, endpoints, 403 pages. */
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

const HOSTILE_NAME = `Loja <script>alert("x")</script> & 'Filhos' 100%_`;

/** An organization whose merchant's company.created FAILED and company.status-changed was DELIVERED. */
async function orgWithHistory(merchantName = 'Padaria Estrela') {
  const { org, receiver } = await organizationWithReceiver(t);
  receivers.push(receiver);
  receiver.script({ status: 500 });
  const merchant = await t.createMerchant(org.apiKey, { name: merchantName });
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
  const messages = (await t.request({ method: 'GET', url: '/core/v1/webhooks/messages', key: org.apiKey })).json()
    .data as { id: string; type: string; status: string; attempts: { at: string }[] }[];
  const { token, expiresAt } = signDashboardToken(dashboardSecret, org.id);
  return { org, receiver, merchant, worker, messages, token, expiresAt };
}

const view = (token: string, extra: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: `/core/v1/webhooks/dashboard/view?${new URLSearchParams({ token, ...extra })}` });
const postForm = (path: string, form: Record<string, string>) =>
  t.request({
    method: 'POST',
    url: `/core/v1/webhooks/dashboard/${path}`,
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const rowsOf = (html: string) =>
  [...html.matchAll(/<tr class="message" data-event-id="([^"]+)" data-status="([^"]+)"/g)].map((m) => ({
    id: m[1],
    status: m[2],
  }));
const statusOf = async (apiKey: string, id: string) =>
  (
    (await t.request({ method: 'GET', url: '/core/v1/webhooks/messages?limit=100', key: apiKey })).json().data as {
      id: string;
      status: string;
    }[]
  ).find((m) => m.id === id)?.status;

describe('an expired or tampered link', () => {
  it('answers 403 with an HTML page that says so, on the page and on both forms, echoing nothing', async () => {
    const org = await t.createOrganization();
    const { token } = signDashboardToken(dashboardSecret, org.id);
    const expired = signDashboardToken(dashboardSecret, org.id, new Date(Date.now() - 2 * 3600_000)).token;
    const tampered = `${Buffer.from(JSON.stringify({ o: randomUUID(), e: 9_999_999_999 })).toString('base64url')}.${token.split('.')[1]}`;
    for (const bad of [
      expired,
      tampered,
      `${token.slice(0, -2)}AA`,
      signDashboardToken('another-secret', org.id).token,
    ]) {
      const answers = [
        await view(bad),
        await postForm('replay', { token: bad, event_id: randomUUID() }),
        await postForm('recover', { token: bad, since: '2026-01-01T00:00' }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(403);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['content-security-policy']).toContain("default-src 'none'");
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toContain('This dashboard link is invalid or has expired');
        expect(res.body).not.toContain(bad);
        expect(res.body).not.toContain(dashboardSecret);
        expect(res.body).not.toContain(org.id);
      }
    }
    const missing = await t.request({ method: 'GET', url: '/core/v1/webhooks/dashboard/view' });
    expect(missing.statusCode).toBe(403);
    expect(missing.body).toContain('invalid or has expired');
  });
});

describe('the page', () => {
  it('lists the endpoint with its last 24 hours and shows each payload, pretty and escaped', async () => {
    const { merchant, receiver, messages, token, expiresAt } = await orgWithHistory(HOSTILE_NAME);
    const res = await view(token);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(
      `This link expires at <time datetime="${expiresAt.toISOString()}" title="${expiresAt.toISOString()}">`,
    );
    expect(html).toContain(receiver.url);
    expect(html).toMatch(/<span data-delivered>1<\/span> delivered, <span data-failed>1<\/span> failed/);
    expect(html).toContain('HTTP 204'); // the last attempt (status-changed) was answered 204
    // Every message has its envelope, as delivered, in a collapsible block; nothing of the name is live markup.
    expect(html.match(/<details class="payload">/g)).toHaveLength(messages.length);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Loja &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Filhos&#39;');
    expect(html).toContain(`&quot;id&quot;: &quot;${messages[0]!.id}&quot;`);
    expect(html).toContain('&quot;type&quot;: &quot;company.created&quot;');
    expect(html).toContain(`&quot;company_id&quot;: &quot;${merchant.id}&quot;`);
    expect(html).toContain('\n  &quot;payload&quot;: {'); // pretty-printed, two-space indent
  });

  it('searches by event id (whole or first characters), company id and company name, with the filters', async () => {
    const { merchant, messages, token } = await orgWithHistory('Padaria Estrela do Norte');
    const other = await orgWithHistory('Padaria Estrela do Sul');
    const created = messages.find((m) => m.type === 'company.created')!;
    const ids = async (q: string, extra: Record<string, string> = {}) =>
      rowsOf((await view(token, { q, ...extra })).body)
        .map((r) => r.id)
        .sort();
    expect(await ids(created.id)).toEqual([created.id]);
    expect(await ids(created.id.toUpperCase())).toEqual([created.id]);
    expect(await ids(created.id.slice(0, 8))).toEqual([created.id]);
    expect(await ids(merchant.id)).toEqual(messages.map((m) => m.id).sort());
    expect(await ids('estrela do norte')).toEqual(messages.map((m) => m.id).sort());
    expect(await ids('Estrela', { status: 'FAILED' })).toEqual([created.id]);
    expect(await ids('Estrela', { type: 'company.status-changed' })).toEqual(
      messages.filter((m) => m.type === 'company.status-changed').map((m) => m.id),
    );
    // Another organization's event, company or name finds nothing here; LIKE wildcards are literal.
    expect(await ids(other.messages[0]!.id)).toEqual([]);
    expect(await ids(other.merchant.id)).toEqual([]);
    expect(await ids('do Sul')).toEqual([]);
    expect(await ids('%')).toEqual([]);
    const none = await view(token, { q: 'nothing like this' });
    expect(none.body).toContain('No messages match.');
    expect(none.body).toContain('value="nothing like this"'); // the search box keeps the query
    const hostile = await view(token, { q: '"><script>x</script>' });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).not.toContain('<script>x');
    // Pagination links and forms keep the search.
    expect((await view(token, { q: 'Estrela', status: 'FAILED' })).body).toContain('name="q" value="Estrela"');
  });

  it('never echoes the notice it is given, only its own wording', async () => {
    const { token } = await orgWithHistory();
    const res = await view(token, { notice: '<b>owned</b>', count: '3' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('owned');
    expect(res.body).not.toContain('class="notice"');
  });
});

describe('recover failed messages since a time (form)', () => {
  it('replays the failed messages whose last attempt is at or after the time, then 303 with a count', async () => {
    const { org, worker, messages, token } = await orgWithHistory();
    const other = await orgWithHistory();
    const created = messages.find((m) => m.status === 'FAILED')!;
    const delivered = messages.find((m) => m.status === 'DELIVERED')!;

    // After the last attempt: nothing to recover.
    const lastAt = Date.parse(created.attempts.at(-1)!.at);
    const after = new Date(Math.ceil((lastAt + 1) / 1000) * 1000);
    while (Date.now() < after.getTime()) await new Promise((r) => setTimeout(r, 50));
    const none = await postForm('recover', { token, since: after.toISOString().slice(0, 19) });
    expect(none.statusCode).toBe(303);
    expect(none.headers.location).toContain('notice=recovered&count=0');
    expect((await t.request({ method: 'GET', url: none.headers.location })).body).toContain(
      'No undelivered message since that time.',
    );
    expect(await statusOf(org.apiKey, created.id)).toBe('FAILED');

    const res = await postForm('recover', {
      token,
      since: new Date(lastAt - 3600_000).toISOString().slice(0, 16),
      q: 'Padaria',
      status: 'FAILED',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const location = res.headers.location as string;
    expect(location).toContain('notice=recovered&count=1');
    expect(location).toContain('q=Padaria');
    expect(location).toContain('status=FAILED');
    expect((await t.request({ method: 'GET', url: location })).body).toContain(
      'Recovery queued: 1 undelivered message is sent again now.',
    );
    expect(await statusOf(org.apiKey, created.id)).toBe('PENDING');
    expect(await statusOf(org.apiKey, delivered.id)).toBe('DELIVERED'); // only FAILED ones
    expect(await statusOf(other.org.apiKey, other.messages.find((m) => m.status === 'FAILED')!.id)).toBe('FAILED'); // only this organization's

    await worker.drain();
    await worker.stop();
    await other.worker.stop();
    expect(await statusOf(org.apiKey, created.id)).toBe('DELIVERED');
  });

  it('validates the time and says so on the page; no endpoint says so too', async () => {
    const { org, token } = await orgWithHistory();
    const future = new Date(Date.now() + 3600_000).toISOString().slice(0, 16);
    for (const [since, notice] of [
      ['yesterday', 'invalid-since'],
      ['2026-02-30T10:00', 'invalid-since'],
      ['2026-01-01T24:30', 'invalid-since'],
      ['', 'invalid-since'],
      [future, 'future-since'],
    ]) {
      const res = await postForm('recover', { token, since: since! });
      expect(res.statusCode, since).toBe(303);
      expect(res.headers.location).toContain(`notice=${notice}`);
    }
    expect(await postForm('recover', { token })).toMatchObject({ statusCode: 303 });
    const page = await t.request({
      method: 'GET',
      url: (await postForm('recover', { token, since: 'x' })).headers.location,
    });
    expect(page.body).toContain('Recover: give a date and time (UTC)');
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/webhooks/messages?status=FAILED', key: org.apiKey })).json()
        .data,
    ).toHaveLength(1);

    const bare = await t.createOrganization();
    const noEndpoint = await postForm('recover', {
      token: signDashboardToken(dashboardSecret, bare.id).token,
      since: '2026-01-01T00:00',
    });
    expect(noEndpoint.headers.location).toContain('notice=no-endpoint');
    expect((await t.request({ method: 'GET', url: noEndpoint.headers.location })).body).toContain(
      'No webhook endpoint is configured',
    );
  });

  it('the page carries the form: a datetime-local input, required, defaulting to a day ago', async () => {
    const { token } = await orgWithHistory();
    const html = (await view(token)).body;
    expect(html).toMatch(/<form class="recover" method="post" action="\/core\/v1\/webhooks\/dashboard\/recover">/);
    const input = /<input type="datetime-local" name="since" value="([^"]+)" max="([^"]+)" required>/.exec(html);
    expect(input).not.toBeNull();
    expect(Date.now() - Date.parse(`${input![1]}Z`)).toBeGreaterThan(23 * 3600_000);
    expect(Math.abs(Date.now() - Date.parse(`${input![2]}Z`))).toBeLessThan(120_000);
  });
});
