import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdyenCheckoutConnector } from '../../src/providers/adyen-checkout/connector.js';
import { startAdyenDouble, type AdyenDouble } from '../../src/providers/doubles/index.js';
import { ProviderNotCapable } from '../../src/providers/errors.js';
import { PixApiConnector } from '../../src/providers/pix-api-bcb/connector.js';
import { SandboxProvider } from '../../src/providers/sandbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { acceptedHmacKey } from '../helpers/hmac-key.js';

/** Dispatch (providers.md R1): any provider account name reaches its adapter through the registry. */
let t: TestApp;
let adyen: AdyenDouble;
const HMAC = acceptedHmacKey();
const name = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex').toUpperCase()}`;

beforeAll(async () => {
  t = await createTestApp();
  adyen = await startAdyenDouble({ hmacKey: HMAC });
});
afterAll(async () => {
  await t?.close();
  await adyen?.close();
});

const create = async (body: Record<string, unknown>) => {
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/platform/provider-accounts',
    key: t.platformKey,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; provider: string }>();
};

describe('provider dispatch', () => {
  it('built-ins answer as before, bound at once', () => {
    expect(t.deps.providers.get('PROVIDER_A')).toBeInstanceOf(SandboxProvider);
    expect(t.deps.providers.offers('INTERNAL', 'card.authorize')).toBe(false);
    expect(() => t.deps.providers.require('INTERNAL', 'card.authorize')).toThrow(ProviderNotCapable);
  });

  it('a staff-created SANDBOX account is a sandbox adapter of its own name, usable right after its creation', async () => {
    const account = await create({
      provider: name('sbx'),
      display_name: 'Sandbox C',
      connector: 'SANDBOX',
      environment: 'TEST',
    });
    expect(t.deps.providers.offers(account.provider, 'card.authorize')).toBe(true);
    const adapter = await t.deps.providers.resolve(account.provider.toLowerCase());
    expect(adapter).toBeInstanceOf(SandboxProvider);
    expect(adapter.name).toBe(account.provider);
    expect(adapter.capabilities.companyOnboarding).toBe(false);
    const result = await t.deps.providers.require(
      account.provider,
      'card.authorize',
    )({
      idempotencyKey: crypto.randomUUID(),
      amount: 1000,
      currency: 'BRL',
      installments: 1,
      capture: true,
      card: { number: '4111111111111111', expiryMonth: '12', expiryYear: '2030', holderName: 'ANA' },
    });
    expect(result.status).toBe('CAPTURED');
  });

  it('an ADYEN_CHECKOUT account is the Adyen connector with its settings and opened credentials; rebuilt when they change', async () => {
    const account = await create({
      provider: name('ady'),
      display_name: 'Adyen',
      connector: 'ADYEN_CHECKOUT',
      environment: 'TEST',
      base_url: adyen.baseUrl,
      settings: { default_merchant_account: 'TestECOM' },
      credentials: { api_key: 'key-1', hmac_key: HMAC },
    });
    const first = await t.deps.providers.resolve(account.provider);
    expect(first).toBeInstanceOf(AdyenCheckoutConnector);
    expect(await t.deps.providers.resolve(account.provider)).toBe(first);
    expect(t.deps.providers.offers(account.provider, 'card.capture')).toBe(true);
    expect(t.deps.providers.offers(account.provider, 'pix.charge')).toBe(false);
    expect(() => t.deps.providers.require(account.provider, 'pix.charge')).toThrow(ProviderNotCapable);
    expect((await first.healthCheck()).ok).toBe(true);
    const rotated = await t.request({
      method: 'POST',
      url: `/core/v1/platform/provider-accounts/${account.id}/credentials`,
      key: t.platformKey,
      payload: { credentials: { api_key: 'key-2', hmac_key: HMAC } },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = await t.deps.providers.resolve(account.provider);
    expect(second).toBeInstanceOf(AdyenCheckoutConnector);
    expect(second).not.toBe(first);
  });

  it('a PIX_API_BCB account is the PIX connector; it offers no card operation', async () => {
    const account = await create({
      provider: name('pix'),
      display_name: 'PSP',
      connector: 'PIX_API_BCB',
      environment: 'TEST',
      base_url: 'http://127.0.0.1:9/api/v2',
      settings: { register_webhooks: false },
      credentials: { client_id: 'c', client_secret: 's' },
    });
    expect(await t.deps.providers.resolve(account.provider)).toBeInstanceOf(PixApiConnector);
    expect(t.deps.providers.offers(account.provider, 'pix.charge')).toBe(true);
    expect(() => t.deps.providers.require(account.provider, 'card.authorize')).toThrow(ProviderNotCapable);
  });

  it('an unknown name fails as ProviderNotCapable when called', async () => {
    expect(t.deps.providers.offers('NO_SUCH_ACCOUNT', 'card.authorize')).toBe(false);
    await expect(
      t.deps.providers.require(
        'NO_SUCH_ACCOUNT',
        'card.authorize',
      )({
        idempotencyKey: 'x',
        amount: 1,
        currency: 'BRL',
        installments: 1,
        capture: true,
        card: { number: '4111111111111111', expiryMonth: '12', expiryYear: '2030', holderName: 'A' },
      }),
    ).rejects.toBeInstanceOf(ProviderNotCapable);
  });
});
