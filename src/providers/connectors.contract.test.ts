import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdyenCheckoutConnector } from './adyen-checkout/connector.js';
import { startAdyenDouble, startPixDouble, type AdyenDouble, type PixDouble } from './doubles/index.js';
import { isProviderError, ProviderNotCapable } from './errors.js';
import { PixApiConnector } from './pix-api-bcb/connector.js';
import { OPERATION_NAMES } from './port.js';
import { ProviderRegistry } from './registry.js';

/**
 * The provider contract (contract.test.ts) for the real connectors, each against its double: the sandbox suite
 * drives its adapters through sandbox-only hooks and requests without provider references, so the parts that
 * hold for every adapter are checked here: honest capabilities, the same key giving the same result, statuses
 * of ours, and the error kinds (unavailable: nothing applied, a retry succeeds; unknown outcome: applied, a
 * retry under the same key gives the same result).
 */
let adyenDouble: AdyenDouble;
let pixDouble: PixDouble;
let adyen: AdyenCheckoutConnector;
let pix: PixApiConnector;
let registry: ProviderRegistry;
const fixedClock = { now: () => new Date('2026-11-27T12:00:00.000Z') };
const card = {
  number: '4111111111111111',
  cvv: '737',
  expiryMonth: '03',
  expiryYear: '2030',
  holderName: 'Card Holder',
};
const authorize = (key: string) => ({
  idempotencyKey: key,
  amount: 5000,
  currency: 'BRL' as const,
  installments: 1,
  capture: false,
  card,
});
const charge = (key: string) => ({
  idempotencyKey: key,
  amount: 990,
  expiresAt: new Date('2026-11-28T12:00:00.000Z'),
  receiver: { name: 'Loja', city: 'Sao Paulo', account: { branch: '0001', accountNumber: '1' } },
});

beforeAll(async () => {
  adyenDouble = await startAdyenDouble({ hmacKey: '00ff' });
  pixDouble = await startPixDouble();
  adyen = new AdyenCheckoutConnector('ADYEN_CONTRACT', {
    baseUrl: adyenDouble.baseUrl,
    apiKey: 'k',
    hmacKeys: ['00ff'],
    merchantAccount: 'M',
    coreUrl: 'http://127.0.0.1/core',
    replayDelayMs: 1,
    timeouts: { readMs: 300 },
  });
  pix = new PixApiConnector(
    'PIX_CONTRACT',
    {
      baseUrl: pixDouble.baseUrl,
      tokenUrl: pixDouble.tokenUrl,
      clientId: 'c',
      clientSecret: 's',
      scopes: [],
      defaultChave: 'loja@example.com',
      timeouts: { readMs: 300 },
    },
    fixedClock,
  );
  registry = new ProviderRegistry([adyen, pix]);
});
afterAll(async () => {
  await adyen.close();
  await pix.close();
  await adyenDouble.close();
  await pixDouble.close();
});

describe('provider contract: real connectors against their doubles', () => {
  it('list only operations they implement; the registry refuses the others', () => {
    for (const provider of registry.all()) {
      for (const op of OPERATION_NAMES) {
        if (provider.capabilities.operations.includes(op))
          expect(typeof provider[op], `${provider.name} ${op}`).toBe('function');
        else expect(() => registry.require(provider.name, op)).toThrow(ProviderNotCapable);
      }
    }
  });

  it('the same idempotency key gives the same result; different keys different resources', async () => {
    const [k1, k2] = [randomUUID(), randomUUID()];
    const first = await adyen['card.authorize'](authorize(k1));
    expect(await adyen['card.authorize'](authorize(k1))).toEqual(first);
    expect((await adyen['card.authorize'](authorize(k2))).providerPaymentId).not.toBe(first.providerPaymentId);
    const c1 = await pix['pix.charge'](charge(k1));
    expect(await pix['pix.charge'](charge(k1))).toEqual(c1);
    expect((await pix['pix.charge'](charge(k2))).txid).not.toBe(c1.txid);
    expect(await pix['pix.sync']({ idempotencyKey: k1 })).toMatchObject({ found: true, txid: c1.txid });
    expect(await pix['pix.sync']({ idempotencyKey: randomUUID() })).toEqual({ found: false });
  });

  it('answer statuses of ours', async () => {
    expect(['AUTHORIZED', 'CAPTURED', 'REFUSED', 'PROCESSING', 'VOIDED']).toContain(
      (await adyen['card.authorize'](authorize(randomUUID()))).status,
    );
    expect(['WAITING_PAYMENT', 'PAID', 'EXPIRED', 'CANCELED']).toContain(
      (await pix['pix.charge'](charge(randomUUID()))).status,
    );
  });

  it('unavailable: nothing was applied; a retry under the same key succeeds', async () => {
    const key = randomUUID();
    adyenDouble.server.fail('/v71/payments', 429, 1);
    expect(await adyen['card.authorize'](authorize(key)).catch((e) => isProviderError(e) && e.kind)).toBe(
      'unavailable',
    );
    expect(await adyen['card.authorize'](authorize(key))).toMatchObject({ status: 'AUTHORIZED' });
    pixDouble.server.fail('/cob/', 503, 1);
    expect(await pix['pix.charge'](charge(key)).catch((e) => isProviderError(e) && e.kind)).toBe('unavailable');
    expect(await pix['pix.sync']({ idempotencyKey: key })).toEqual({ found: false });
    expect(await pix['pix.charge'](charge(key))).toMatchObject({ status: 'WAITING_PAYMENT' });
  });

  it('unknown outcome: it was applied; a retry under the same key gives the same result', async () => {
    const key = randomUUID();
    adyenDouble.server.fail('/v71/payments', 'timeout', 3);
    expect(await adyen['card.authorize'](authorize(key)).catch((e) => isProviderError(e) && e.kind)).toBe(
      'unknown_outcome',
    );
    const first = adyenDouble.server.received('/v71/payments').filter((r) => r.headers['idempotency-key'] === key);
    expect(first).toHaveLength(3);
    const retried = await adyen['card.authorize'](authorize(key));
    expect(retried).toMatchObject({ status: 'AUTHORIZED' });
    expect(await adyen['card.authorize'](authorize(key))).toEqual(retried);
  });
});
