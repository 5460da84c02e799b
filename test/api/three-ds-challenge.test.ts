import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import challengePageRoutes from '../../src/modules/payments/three-ds/challenge.routes.js';
import { parseEventPayload } from '../../src/modules/event-payloads.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventsOf } from '../helpers/onboarding.js';
import {
  challengeOf,
  createSession,
  getSession,
  makePaymentReady,
  sessionBody,
  submitChallenge,
} from '../helpers/three-ds.js';

/** payments.md P7's challenge: the page on the platform's origin, its one-time token, the staff control, expiry, events. */
let t: TestApp;
let org: { id: string; apiKey: string };
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  org = await t.createOrganization();
  await makePaymentReady(t, org.id);
});
afterAll(async () => t?.close());

async function challengeSession(number = '4000000000002503', over: Record<string, unknown> = {}, key = org.apiKey) {
  const s = (await createSession(t, key, await sessionBody(t, number, over))).json();
  expect(s.status).toBe('ACTION_REQUIRED');
  return { s, ...challengeOf(s) };
}
const page = (path: string, token?: string) =>
  t.request({ method: 'GET', url: token === undefined ? path : `${path}?t=${encodeURIComponent(token)}` });
const control = (id: string, outcome: string, key = t.platformKey) =>
  t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/3ds-sessions/${id}/challenge`,
    key,
    payload: { outcome },
  });
const advance = (seconds: number) =>
  t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/organizations/${org.id}/clock/advance`,
    key: t.platformKey,
    payload: { seconds },
  });

describe('the challenge page', () => {
  it('needs no key: shows the form; 1234 succeeds (Y, full ECI, value) and the browser is sent to return_url', async () => {
    const { s, path, token } = await challengeSession('4000000000002503', {
      return_url: 'https://shop.example/done?order=7',
    });
    const form = await page(path, token);
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toMatch(/^text\/html/);
    expect(form.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(form.headers['x-frame-options']).toBeUndefined(); // it must open inside the merchant's iframe
    expect(form.headers['referrer-policy']).toBe('no-referrer');
    expect(form.body).toContain('name="code"');
    expect(form.body).toContain('•••• 2503');
    const done = await submitChallenge(t, path, { t: token, code: '1234', action: 'submit' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('data-status="SUCCEEDED"');
    expect(done.body).toContain(`"type":"platform-3ds","outcome":"success","session_id":"${s.id}"`);
    expect(done.body).toContain(`https://shop.example/done?order=7&three_ds_session_id=${s.id}&status=SUCCEEDED`);
    const nonce = /script-src 'nonce-([^']+)'/.exec(done.headers['content-security-policy'] as string)![1];
    expect(done.body).toContain(`<script nonce="${nonce}">`);
    const after = (await getSession(t, org.apiKey, s.id)).json();
    expect(after).toMatchObject({
      status: 'SUCCEEDED',
      next_action: null,
      failure_reason: null,
      result: { flow: 'CHALLENGE', trans_status: 'Y', eci: '05', liability_shift: true },
    });
    expect(after.result.authentication_value).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });

  // Issue 27, finding 9: the page was English-only, showed a raw ISO expiry and no merchant name.
  it('speaks pt-BR (English when the browser asks), names the merchant, shows the card expiry MM/AA and a formatted deadline', async () => {
    const { path, token, s } = await challengeSession();
    const merchant = (await t.request({ method: 'GET', url: '/core/v1/companies/me', key: org.apiKey })).json<{
      name: string;
    }>();
    const yy = String(new Date().getUTCFullYear() + 2).slice(-2);
    const pt = (await page(path, token)).body;
    expect(pt).toContain('<html lang="pt-BR">');
    expect(pt).toContain('Confirme a compra');
    expect(pt).toContain(`para ${merchant.name.replace(/&/g, '&amp;')}</p>`);
    expect(pt).toContain(`•••• 2503 · validade 12/${yy}`);
    expect(pt).toContain('name="lang" value="pt-BR"');
    expect(pt).toMatch(/Válido até \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    // The ISO value only where machines read it (datetime, title), never as the text.
    expect(pt.replace(/(datetime|title)="[^"]*"/g, '')).not.toContain(s.next_action.expires_at.slice(0, 16));
    const en = await t.request({
      method: 'GET',
      url: `${path}?t=${encodeURIComponent(token)}`,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Confirm the purchase');
    expect(en.body).toContain(`•••• 2503 · expires 12/${yy}`);
    const done = await submitChallenge(t, path, { t: token, code: '1234', lang: 'en' });
    expect(done.body).toContain('Authentication succeeded.');
    const used = await page(path, token);
    expect(used.body).toContain('Este link de autenticação já foi usado');
  });

  it('a used token answers 403 HTML saying so, on GET and POST', async () => {
    const { path, token } = await challengeSession();
    await submitChallenge(t, path, { t: token, code: '1234' });
    for (const res of [await page(path, token), await submitChallenge(t, path, { t: token, code: '1234' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('data-refusal="USED"');
    }
  });

  it('any other code fails (AUTHENTICATION_FAILED, N, none ECI); cancel is CHALLENGE_CANCELLED', async () => {
    const wrong = await challengeSession('5200000000002151');
    const res = await submitChallenge(t, wrong.path, { t: wrong.token, code: '0000' });
    expect(res.body).toContain('"outcome":"failure"');
    expect(res.body).toContain(',r=null;'); // no return_url: nothing to go to
    expect((await getSession(t, org.apiKey, wrong.s.id)).json()).toMatchObject({
      status: 'FAILED',
      failure_reason: 'AUTHENTICATION_FAILED',
      result: { flow: 'CHALLENGE', trans_status: 'N', eci: '00', liability_shift: false, authentication_value: null },
    });
    const cancel = await challengeSession('6505290000002190');
    const cancelled = await submitChallenge(t, cancel.path, { t: cancel.token, code: '', action: 'cancel' });
    expect(cancelled.body).toContain('"outcome":"cancel"');
    expect((await getSession(t, org.apiKey, cancel.s.id)).json()).toMatchObject({
      status: 'FAILED',
      failure_reason: 'CHALLENGE_CANCELLED',
    });
  });

  it('a tampered, foreign, missing or malformed token answers 403 HTML and changes nothing', async () => {
    const a = await challengeSession();
    const b = await challengeSession();
    const [head, payload, sig] = a.token.split('.');
    const flipped = `${head}.${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: b.s.id })).toString('base64url')}.${sig}`;
    for (const [path, token] of [
      [a.path, flipped],
      [b.path, forged],
      [b.path, a.token],
      [a.path, undefined],
      [a.path, 'x'],
      ['/core/3ds/challenge/not-a-uuid', a.token],
      ['/core/3ds/challenge/00000000-0000-4000-8000-000000000000', a.token],
    ] as const) {
      const res = await page(path, token);
      expect(res.statusCode, `${path} ${token}`).toBe(403);
      expect(res.body).toContain('data-refusal="INVALID"');
      expect((await submitChallenge(t, path, { t: token ?? '', code: '1234' })).statusCode).toBe(403);
    }
    expect((await getSession(t, org.apiKey, a.s.id)).json().status).toBe('ACTION_REQUIRED');
    expect((await getSession(t, org.apiKey, b.s.id)).json().status).toBe('ACTION_REQUIRED');
  });
});

describe('outside the sandbox', () => {
  it('the page is not available: a code must never authenticate a real card', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // The page looks the session up first (a real provider's session is forwarded in any environment, R2.8).
    await app.register(challengePageRoutes, {
      serviceDeps: { db: t.db.db, clock: t.deps.clock } as never,
      sandbox: false,
    });
    const id = '6f1c2b9e-4a8d-4c3e-9b71-0d2f5e6a7b8c';
    for (const res of [
      await app.inject({ method: 'GET', url: `/3ds/challenge/${id}?t=x` }),
      await app.inject({
        method: 'POST',
        url: `/3ds/challenge/${id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 't=x&code=1234',
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('data-refusal="UNAVAILABLE"');
    }
    await app.close();
  });
});

describe('the staff control (P9)', () => {
  it('completes an ACTION_REQUIRED session (200 the session); an illegal move is 409', async () => {
    const ok = await challengeSession();
    const res = await control(ok.s.id, 'succeeded');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ok.s.id,
      status: 'SUCCEEDED',
      result: { flow: 'CHALLENGE', trans_status: 'Y' },
    });
    expect((await control(ok.s.id, 'FAILED')).json().error).toMatchObject({
      code: 'CONFLICT_ERROR',
      details: { field: 'status', value: 'SUCCEEDED' },
    });
    expect((await page(ok.path, ok.token)).statusCode).toBe(403); // the page's token is used up with it
    const failed = await challengeSession();
    expect((await control(failed.s.id, 'FAILED')).json()).toMatchObject({
      status: 'FAILED',
      failure_reason: 'AUTHENTICATION_FAILED',
    });
    const cancelled = await challengeSession();
    expect((await control(cancelled.s.id, 'CANCELLED')).json()).toMatchObject({
      status: 'FAILED',
      failure_reason: 'CHALLENGE_CANCELLED',
    });
    const frictionless = (await createSession(t, org.apiKey, await sessionBody(t, '4111111111111111'))).json();
    expect((await control(frictionless.id, 'SUCCEEDED')).statusCode).toBe(409);
  });

  it('staff only; an unknown id 404; a bad outcome 400', async () => {
    const { s } = await challengeSession();
    expect([401, 403]).toContain((await control(s.id, 'SUCCEEDED', org.apiKey)).statusCode);
    expect((await control('00000000-0000-4000-8000-000000000000', 'SUCCEEDED')).statusCode).toBe(404);
    expect((await control(s.id, 'MAYBE')).json().error.details.issues[0]).toMatchObject({
      field: 'outcome',
      type: 'INVALID_ENUM',
    });
  });
});

describe("time (the organization's test clock) and events", () => {
  it('expires_at passing makes the session EXPIRED (TIMED_OUT) through its job; the page then says expired', async () => {
    const { s, path, token } = await challengeSession();
    expect((await advance(599)).statusCode).toBe(200);
    expect((await getSession(t, org.apiKey, s.id)).json().status).toBe('ACTION_REQUIRED');
    await advance(2);
    expect((await getSession(t, org.apiKey, s.id)).json()).toMatchObject({
      status: 'EXPIRED',
      failure_reason: 'TIMED_OUT',
      next_action: null,
    });
    const res = await page(path, token);
    expect([res.statusCode, res.body.includes('data-refusal="EXPIRED"')]).toEqual([403, true]);
    expect((await control(s.id, 'SUCCEEDED')).statusCode).toBe(409);
  });

  it('the authentication value is shown for one hour after success, then null', async () => {
    const s = (await createSession(t, org.apiKey, await sessionBody(t, '4000000000002701'))).json();
    await advance(3590);
    expect((await getSession(t, org.apiKey, s.id)).json().result.authentication_value).toBe(
      s.result.authentication_value,
    );
    await advance(11);
    expect((await getSession(t, org.apiKey, s.id)).json()).toMatchObject({
      status: 'SUCCEEDED',
      result: { authentication_value: null, eci: '05' },
    });
  });

  it('three-ds-session.status-changed for each move, typed, in order', async () => {
    const other = await t.createOrganization();
    await makePaymentReady(t, other.id);
    const { s, path, token } = await challengeSession('4000000000002503', {}, other.apiKey);
    await submitChallenge(t, path, { t: token, code: '1234' });
    const frictionless = (await createSession(t, other.apiKey, await sessionBody(t, '4000000000002925'))).json();
    const events = await eventsOf(t, other.id, 'three-ds-session.status-changed');
    expect(events.map((e) => e.payload)).toEqual([
      { three_ds_session_id: s.id, old_status: null, new_status: 'ACTION_REQUIRED' },
      { three_ds_session_id: s.id, old_status: 'ACTION_REQUIRED', new_status: 'SUCCEEDED' },
      { three_ds_session_id: frictionless.id, old_status: null, new_status: 'FAILED' },
    ]);
    for (const e of events) expect(parseEventPayload(e.type, e.payload).success).toBe(true);
  });
});
