import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ok } from '../helpers/money-checks.js';
import { eventually } from '../helpers/poll.js';
import { PixDouble } from '../../src/providers/doubles/pix-double.js';

/**
 * A PIX_API_BCB account's life with its PSP (the PIX double), without any call by hand: the webhook is
 * registered by a job when the account is created, when its callback target changes and on rotation (R3.7, R1.4),
 * and its credentials are checked by a real token request (R1.4, R3.1), failures named by their class.
 */
let t: TestApp;
let double: PixDouble;
const CHAVE = 'recebedor@example.com';

beforeAll(async () => {
  double = new PixDouble({ pki: null });
  await double.listen();
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

const staff = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.request({
    method,
    url: `/core/v1/platform/provider-accounts${url}`,
    key: t.platformKey,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const account = async (id: string) => (await staff('GET', `/${id}`)).json();
const webhookPuts = () =>
  double.server.received(`/webhook/${encodeURIComponent(CHAVE)}`).filter((r) => r.method === 'PUT');

async function createAccount(overrides: Record<string, unknown> = {}) {
  return ok(
    t,
    'POST',
    '/v1/platform/provider-accounts',
    t.platformKey,
    {
      provider: `PSP_${randomUUID().slice(0, 8).toUpperCase()}`,
      display_name: 'PSP (double)',
      connector: 'PIX_API_BCB',
      environment: 'TEST',
      base_url: double.baseUrl,
      settings: { token_url: double.tokenUrl, default_chave: CHAVE },
      credentials: { client_id: 'platform', client_secret: 's3cret' },
      ...overrides,
    },
    201,
  );
}

describe('a PIX_API_BCB account with its PSP (R1.4, R3.1, R3.7)', () => {
  it('is registered at the PSP by a job on create, on a target change and on rotation; its credentials check asks for a token', async () => {
    const before = webhookPuts().length;
    const created = await createAccount();
    expect(created.webhook.registration).toBe('PENDING');
    const registered = await eventually(
      () => account(created.id),
      (a) => a.webhook.registration === 'REGISTERED' && a.health.credentials_check.status === 'OK',
      'the registration and the check',
      15_000,
      100,
    );
    expect(registered.webhook.registered_keys).toEqual([CHAVE]);
    expect(webhookPuts().length).toBe(before + 1);
    const url = (webhookPuts().at(-1)!.body as { webhookUrl: string }).webhookUrl;
    // The URL the account shows (its host is the request's here; PUBLIC_BASE_URL's in a deployment).
    const path = (u: string) => new URL(u).pathname;
    expect(path(url)).toBe(path(created.webhook.url as string));
    // The check was a token request with the account's client credentials (HTTP Basic), never a cached token.
    const tokens = double.server.received('/oauth/token').length;
    expect((await staff('POST', `/${created.id}/check`)).json().health.credentials_check).toMatchObject({
      status: 'OK',
      error: null,
    });
    expect(double.server.received('/oauth/token').length).toBe(tokens + 1);

    // Rotation: a new path token, so a new URL, registered again without anyone asking.
    const rotated = (
      await staff('POST', `/${created.id}/credentials`, {
        credentials: { client_id: 'platform', client_secret: 'n3w-s3cret' },
        grace_seconds: 60,
      })
    ).json();
    expect(path(rotated.webhook.url as string)).not.toBe(path(url));
    await eventually(
      () => Promise.resolve(webhookPuts().at(-1)!.body as { webhookUrl: string }),
      (b) => path(b.webhookUrl) === path(rotated.webhook.url as string),
      'the registration after rotation',
      15_000,
      100,
    );
    // A patch moving the default key registers the new key.
    const patched = await staff('PATCH', `/${created.id}`, {
      settings: { token_url: double.tokenUrl, default_chave: '+5511999998888' },
    });
    expect(patched.statusCode).toBe(200);
    await eventually(
      () => account(created.id),
      (a) => a.webhook.registration === 'REGISTERED' && a.webhook.registered_keys[0] === '+5511999998888',
      'the registration after the patch',
      15_000,
      100,
    );
    expect(JSON.stringify(await account(created.id))).not.toContain('s3cret');
  });

  it('a refused or unreachable token endpoint fails the check with its class and the PSP words, never a secret', async () => {
    const created = await createAccount({
      settings: { token_url: double.tokenUrl, default_chave: CHAVE, register_webhooks: false },
    });
    await eventually(
      () => account(created.id),
      (a) => a.health.credentials_check.status === 'OK',
      'the first check',
      15_000,
      100,
    );
    double.server.fail('/oauth/token', 401, 1);
    const refused = (await staff('POST', `/${created.id}/check`)).json();
    expect(refused.health.credentials_check).toMatchObject({ status: 'FAILED' });
    expect(refused.health.credentials_check.error).toMatch(/^AUTH_FAILED: the token endpoint answered 401/);
    expect(refused.status).toBe('ACTIVE'); // a check never changes the status

    double.server.fail('/oauth/token', 503, 1);
    expect((await staff('POST', `/${created.id}/check`)).json().health.credentials_check.error).toMatch(
      /^NOT_SENT: the token endpoint answered 503/,
    );

    // Nothing listens there: not sent.
    const closed = `http://127.0.0.1:1/oauth/token`;
    expect(
      (
        await staff('PATCH', `/${created.id}`, {
          settings: { token_url: closed, default_chave: CHAVE, register_webhooks: false },
        })
      ).statusCode,
    ).toBe(200);
    const unreachable = (await staff('POST', `/${created.id}/check`)).json().health.credentials_check;
    expect(unreachable.status).toBe('FAILED');
    expect(unreachable.error).toMatch(/^NOT_SENT: the token endpoint could not be reached \(ECONNREFUSED\)/);
    expect(JSON.stringify(unreachable)).not.toContain('s3cret');
  });
});
