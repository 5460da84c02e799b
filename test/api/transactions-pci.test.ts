import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPciApp } from '../../src/app.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { FUTURE_YEAR, payingMerchant } from '../helpers/transactions.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';

/**
 * payments.md P1/P3: the PCI host relays both transaction creates to the real core: plaintext number and CVV
 * are encrypted in transit, the adapter opens them through the vault, and a retry (encrypted anew) replays.
 */
let t: TestApp;
let pci: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  pci = await buildPciApp(t.deps, {}, { core: t.app });
  await pci.ready();
});
afterAll(async () => {
  await pci?.close();
  await t?.close();
});

const viaPci = (key: string, url: string, payload: unknown) =>
  pci.inject({
    method: 'POST',
    url,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const plainCard = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  cvv: '123',
  expiry_month: '10',
  expiry_year: FUTURE_YEAR,
  holder_name: 'ANA LIMA',
  ...extra,
});

describe('transactions through the PCI host', () => {
  it('approves a plaintext card (self and merchant variants) without echoing it, and replays a retry encrypted anew', async () => {
    const { org, merchant } = await payingMerchant(t);
    const body = {
      request_id: 'pci-tx-1',
      payment_method: 'CREDIT_CARD',
      amount: 2500,
      card_data: plainCard('5555555555554444'),
    };
    const res = await viaPci(merchant.apiKey, '/core/v1/transactions', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'APPROVED',
      card_data: { bin: '555555', last_digits: '4444', brand: 'MASTERCARD' },
    });
    expect(res.body).not.toContain('5555555555554444');
    expect(res.body).not.toContain('"123"');
    const retry = await viaPci(merchant.apiKey, '/core/v1/transactions', body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(res.json().id);
    const byOrg = await viaPci(org.apiKey, `/core/v1/merchants/${merchant.id}/transactions`, {
      payment_method: 'CREDIT_CARD',
      amount: 900,
      card_data: plainCard('4000000000000002'),
    });
    expect(byOrg.statusCode).toBe(201);
    expect(byOrg.json()).toMatchObject({
      company_id: merchant.id,
      status: 'REFUSED',
      refusal: { code: 'CARD_DECLINED' },
    });
    await expectLedgerInvariants(t.db.db);
  });

  it("answers the PCI host's own refusals and the core's validation unchanged", async () => {
    const { merchant } = await payingMerchant(t);
    const luhn = await viaPci(merchant.apiKey, '/core/v1/transactions', {
      payment_method: 'CREDIT_CARD',
      amount: 100,
      card_data: plainCard('4111111111111112'),
    });
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().error.details.issues[0]).toMatchObject({ field: 'card_data.number', type: 'INVALID_FORMAT' });
    expect(luhn.body).not.toContain('4111111111111112');
    const debit = await viaPci(merchant.apiKey, '/core/v1/transactions', {
      payment_method: 'DEBIT_CARD',
      amount: 100,
      card_data: plainCard('4111111111111111'),
    });
    expect(debit.statusCode).toBe(400);
    expect(debit.json().error.details.issues).toEqual([
      expect.objectContaining({ field: 'three_ds', type: 'REQUIRED' }),
    ]);
    expect(
      (await pci.inject({ method: 'GET', url: '/core/v1/transactions', headers: { 'x-api-key': merchant.apiKey } }))
        .statusCode,
    ).toBe(404);
  });
});
