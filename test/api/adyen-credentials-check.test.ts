import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdyenDouble, type AdyenDouble } from '../../src/providers/doubles/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventually } from '../helpers/poll.js';
import { acceptedHmacKey } from '../helpers/hmac-key.js';

/**
 * providers.md R1.4: an ADYEN_CHECKOUT account's credentials are checked with Adyen (`POST /paymentMethods` for
 * `default_merchant_account`, no Idempotency-Key); Adyen's `401` for a wrong API key is `FAILED` `AUTH_FAILED`
 * and never changes `status`; without a default merchant account nothing is called (`NOT_CHECKED`). The key is
 * never shown.
 */
let t: TestApp;
let adyen: AdyenDouble;
const RIGHT_KEY = `AQE-right-${randomBytes(12).toString('hex')}`;
const WRONG_KEY = `AQE-wrong-${randomBytes(12).toString('hex')}`;
const HMAC = acceptedHmacKey();
const BASE = '/core/v1/platform/provider-accounts';

beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  adyen = await startAdyenDouble({ hmacKey: HMAC, apiKey: RIGHT_KEY });
});
afterAll(async () => {
  await t?.close();
  await adyen?.close();
});

const staff = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, key: t.platformKey, ...(payload ? { payload } : {}) });
const account = async (apiKey: string, merchantAccount: string | null) => {
  const res = await staff('POST', BASE, {
    provider: `ADYC_${randomBytes(4).toString('hex').toUpperCase()}`,
    display_name: 'Adyen credentials check',
    connector: 'ADYEN_CHECKOUT',
    environment: 'TEST',
    base_url: adyen.baseUrl,
    settings: merchantAccount ? { default_merchant_account: merchantAccount } : {},
    credentials: { api_key: apiKey, hmac_key: HMAC },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; provider: string }>();
};

describe('R1.4 credentials check at an ADYEN_CHECKOUT account', () => {
  it('a wrong API key is FAILED AUTH_FAILED (Adyen 401); the right one OK; status never changes', async () => {
    const a = await account(WRONG_KEY, 'PlatformECOM');
    // The background check after create.
    const seen = await eventually(
      async () => (await staff('GET', `${BASE}/${a.id}`)).json(),
      (v) => v.health.credentials_check.status !== 'NOT_CHECKED',
      'the background credentials check',
    );
    expect(seen.health.credentials_check).toMatchObject({ status: 'FAILED', checked_at: expect.any(String) });
    expect(seen.health.credentials_check.error).toMatch(/^AUTH_FAILED: Adyen refused the API key/);
    expect(seen.status).toBe('ACTIVE');
    const checked = await staff('POST', `${BASE}/${a.id}/check`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().health.credentials_check.status).toBe('FAILED');
    expect(checked.body).not.toContain(WRONG_KEY);
    const sent = adyen.server.received('/v71/paymentMethods').at(-1)!;
    expect(sent.status).toBe(401);
    expect(sent.body).toEqual({ merchantAccount: 'PlatformECOM' });
    expect(sent.headers['idempotency-key']).toBeUndefined();
    expect(sent.headers['x-api-key']).toBe(`…${WRONG_KEY.slice(-4)}`);

    // Rotated to the right key: the next check is OK.
    const rotated = await staff('POST', `${BASE}/${a.id}/credentials`, {
      credentials: { api_key: RIGHT_KEY, hmac_key: HMAC },
      grace_seconds: 0,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const ok = await staff('POST', `${BASE}/${a.id}/check`);
    expect(ok.json().health.credentials_check).toMatchObject({ status: 'OK', error: null });
    expect(ok.json().status).toBe('ACTIVE');
  });

  it('a transport failure is FAILED NOT_SENT; no default merchant account is NOT_CHECKED without a call', async () => {
    const a = await account(RIGHT_KEY, null);
    const before = adyen.server.received('/v71/paymentMethods').length;
    const checked = await staff('POST', `${BASE}/${a.id}/check`);
    expect(checked.json().health.credentials_check).toMatchObject({ status: 'NOT_CHECKED', error: null });
    expect(adyen.server.received('/v71/paymentMethods').length).toBe(before);

    const down = await staff('POST', BASE, {
      provider: `ADYD_${randomBytes(4).toString('hex').toUpperCase()}`,
      display_name: 'Adyen down',
      connector: 'ADYEN_CHECKOUT',
      environment: 'TEST',
      base_url: 'http://127.0.0.1:9/v71',
      settings: { default_merchant_account: 'PlatformECOM' },
      credentials: { api_key: RIGHT_KEY, hmac_key: HMAC },
    });
    expect(down.statusCode, down.body).toBe(201);
    const failed = await staff('POST', `${BASE}/${down.json().id}/check`);
    expect(failed.json().health.credentials_check).toMatchObject({ status: 'FAILED' });
    expect(failed.json().health.credentials_check.error).toMatch(/^NOT_SENT: /);
  });
});
