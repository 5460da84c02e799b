import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdyenDouble } from '../../src/providers/doubles/index.js';
import { adyenAccount, adyenNotification, appCall, type AdyenAccount } from '../helpers/adyen.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventually } from '../helpers/poll.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { expectIntegrity, ok } from '../helpers/money-checks.js';
import { cardPayment, createTx } from '../helpers/transactions.js';

/**
 * providers.md R1.7 + R2 end to end with the Adyen double in-process: a merchant affiliated to an ADYEN_CHECKOUT
 * account, confirmed by staff (checked with /paymentMethods), a card payment in 3 installments with manual
 * capture, the capture and a refund by pspReference. The double answers 422 to any request that does not
 * validate against Adyen's Checkout v71 document, and every recorded request is checked to have none.
 */
let t: TestApp;
let adyen: AdyenDouble;
let set: AdyenAccount;
let account: { id: string; provider: string };
const MERCHANT_ACCOUNT = 'PlatformTestECOM';

beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  set = await adyenAccount(appCall(t), t.platformKey, { merchantAccount: MERCHANT_ACCOUNT });
  ({ adyen, account } = set);
});
afterAll(async () => {
  await t?.close();
  await adyen?.close();
});

const invariants = async () => {
  await expectLedgerInvariants(t.db.db);
  await expectIntegrity(t);
};

describe('an ADYEN_CHECKOUT account end to end', () => {
  it('affiliation, confirmation, 3-installment authorization, manual capture, refund; every request valid for the document', async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);

    // R1.7: created WAITING_CONFIRMATION (any case names the account), no onboarding link.
    const aff = await ok(
      t,
      'POST',
      `/v1/merchants/${merchant.id}/affiliations`,
      org.apiKey,
      { provider: account.provider.toLowerCase() },
      201,
    );
    expect(aff).toMatchObject({
      provider: account.provider,
      provider_account_id: account.id,
      status: 'WAITING_CONFIRMATION',
      onboarding_url: null,
      merchant_reference: null,
      confirmed_at: null,
    });

    // Strict per connector; Adyen refusing the reference is a 409 that changes nothing.
    const bad = await t.request({
      method: 'POST',
      url: `/core/v1/platform/affiliations/${aff.id}/confirm`,
      key: t.platformKey,
      payload: { merchant_reference: { store: 'x' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.issues?.[0]?.field ?? JSON.stringify(bad.json())).toContain(
      'merchant_reference.merchant_account',
    );
    // Every /paymentMethods call fails until cleared: a one-shot fault could be taken by the account's periodic
    // credentials check (R1.4 calls the same path) before the confirm's own call (a CI run under load saw it).
    adyen.server.fail('/v71/paymentMethods', 422, 1_000);
    const refused = await t.request({
      method: 'POST',
      url: `/core/v1/platform/affiliations/${aff.id}/confirm`,
      key: t.platformKey,
      payload: { merchant_reference: { merchant_account: MERCHANT_ACCOUNT } },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toMatchObject({
      field: 'merchant_reference',
      value: null,
      reason: 'PROVIDER_REJECTED_REFERENCE',
    });
    adyen.server.clearFaults();

    const confirmed = await ok(t, 'POST', `/v1/platform/affiliations/${aff.id}/confirm`, t.platformKey, {
      merchant_reference: { merchant_account: MERCHANT_ACCOUNT },
    });
    expect(confirmed).toMatchObject({
      status: 'ACTIVE',
      merchant_reference: {
        merchant_account: MERCHANT_ACCOUNT,
        store: null,
        card_brands: expect.arrayContaining(['VISA', 'MASTERCARD', 'ELO']),
      },
      confirmed_at: expect.any(String),
    });
    // The confirm's own check (the account's periodic credentials check posts to the same path, merchant only).
    const checked = adyen.server
      .received('/v71/paymentMethods')
      .filter((r) => (r.body as { countryCode?: string } | null)?.countryCode !== undefined)
      .at(-1)!;
    expect(checked.body).toEqual({
      merchantAccount: MERCHANT_ACCOUNT,
      countryCode: 'BR',
      amount: { currency: 'BRL', value: 1000 },
      channel: 'Web',
    });
    const company = await ok(t, 'GET', `/v1/merchants/${merchant.id}`, org.apiKey);
    expect(company.status).toBe('ACTIVE');

    // R2.3: authorization in 3 installments, manual capture, at the affiliation's merchant account.
    const created = await createTx(
      t,
      merchant.apiKey,
      await cardPayment(t, '4111111111111111', {
        amount: 30_000,
        installments: 3,
        capture: false,
        customer: { name: 'Maria da Silva', email: 'maria@example.com' },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const tx = created.json();
    expect(tx).toMatchObject({
      provider: account.provider,
      status: 'AUTHORIZED',
      installments: 3,
      provider_reference: expect.any(String),
    });
    const auth = adyen.server.received('/v71/payments').at(-1)!;
    // R2.1: the authorization's key is the attempt's id (R6.8); `reference` is the transaction's.
    expect(auth.headers['idempotency-key']).toBe(tx.attempts.at(-1).id);
    expect(auth.body).toMatchObject({
      merchantAccount: MERCHANT_ACCOUNT,
      reference: tx.id,
      amount: { currency: 'BRL', value: 30_000 },
      installments: { value: 3 },
      additionalData: { manualCapture: 'true' },
      paymentMethod: { type: 'scheme', fundingSource: 'credit', expiryMonth: '12' },
      shopperName: { firstName: 'Maria', lastName: 'da Silva' },
      shopperEmail: 'maria@example.com',
      authenticationData: { attemptAuthentication: 'never' },
    });
    // Changes 9: Adyen has no banking: the merchant's account is on the ledger only, and PIX keys and cashouts
    // at it answer 409 PROVIDER_NOT_CAPABLE.
    const bank = await ok(
      t,
      'GET',
      `/v1/banking/bank-accounts?provider=${account.provider.toLowerCase()}`,
      merchant.apiKey,
    );
    expect(bank.data).toHaveLength(1);
    expect(bank.data[0]).toMatchObject({ provider: account.provider, branch: null, account_number: null });
    const key = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${merchant.id}/pix-keys`,
      key: org.apiKey,
      payload: { key_type: 'EVP', bank_account_id: bank.data[0].id },
    });
    expect(key.statusCode, key.body).toBe(409);
    expect(key.json().error.details).toMatchObject({ reason: 'PROVIDER_NOT_CAPABLE' });
    const cashout = await t.request({
      method: 'POST',
      url: '/core/v1/banking/cashouts',
      key: merchant.apiKey,
      payload: { request_id: `c-${tx.id}`, bank_account_id: bank.data[0].id, amount: 100 },
    });
    expect(cashout.statusCode, cashout.body).toBe(409);
    expect(cashout.json().error.details).toMatchObject({ reason: 'PROVIDER_NOT_CAPABLE' });
    await invariants();

    // R2.6: capture by pspReference under {transaction id}-capture.
    const captured = await ok(t, 'POST', `/v1/transactions/${tx.id}/capture`, merchant.apiKey, {});
    expect(captured).toMatchObject({ status: 'APPROVED', captured_amount: 30_000 });
    const cap = adyen.server.received(`/v71/payments/${tx.provider_reference}/captures`).at(-1)!;
    expect(cap.headers['idempotency-key']).toBe(`${tx.id}-capture`);
    expect(cap.body).toEqual({
      merchantAccount: MERCHANT_ACCOUNT,
      amount: { currency: 'BRL', value: 30_000 },
      reference: tx.id,
    });
    await invariants();

    // R2.6: refund by pspReference under the refund's id; PENDING until Adyen's REFUND notification.
    const refund = await ok(
      t,
      'POST',
      `/v1/transactions/${tx.id}/refunds`,
      merchant.apiKey,
      { amount: 10_000, reason: 'REQUESTED_BY_CUSTOMER' },
      201,
    );
    expect(refund.status).toBe('PENDING');
    const sent = adyen.server.received(`/v71/payments/${tx.provider_reference}/refunds`).at(-1)!;
    expect(sent.headers['idempotency-key']).toBe(refund.id);
    expect(sent.body).toEqual({
      merchantAccount: MERCHANT_ACCOUNT,
      amount: { currency: 'BRL', value: 10_000 },
      reference: refund.id,
      merchantRefundReason: 'CUSTOMER REQUEST',
    });
    await invariants();

    // R2.9: Adyen's REFUND notification (HMAC-signed, answered [accepted]) settles it; the ledger still balances.
    const notified = await t.request({
      method: 'POST',
      url: `/core/v1/provider-webhooks/${account.id}`,
      headers: { 'content-type': 'application/json' },
      payload: adyenNotification(set, [
        {
          pspReference: 'RFND' + refund.id.slice(0, 8).toUpperCase(),
          originalReference: tx.provider_reference,
          merchantReference: refund.id,
          amount: { value: 10_000, currency: 'BRL' },
          eventCode: 'REFUND',
          success: 'true',
        },
      ]),
    });
    expect(notified.statusCode, notified.body).toBe(200);
    expect(notified.body).toBe('[accepted]');
    await eventually(
      async () =>
        (await ok(t, 'GET', `/v1/refunds/${refund.id}`, merchant.apiKey).catch(() => ({ status: '?' }))).status,
      (s) => s === 'SUCCEEDED',
      'the refund settled by REFUND',
    );
    expect(await ok(t, 'GET', `/v1/transactions/${tx.id}`, merchant.apiKey)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refunded_amount: 10_000,
    });
    await invariants();

    // Every request the connector sent validated against the official document.
    const all = adyen.server.received();
    expect(all.length).toBeGreaterThan(0);
    expect(
      all.filter((r) => !r.path.startsWith('/__double')).flatMap((r) => r.problems.map((p) => `${r.path}: ${p}`)),
    ).toEqual([]);
    expect(all.filter((r) => r.status === 422).map((r) => r.path)).toEqual(['/v71/paymentMethods']);
  });

  it("R2.4/R2.5: a refusal maps to our code with Adyen's; an unknown outcome stays PROCESSING (never a refusal)", async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    const aff = await ok(
      t,
      'POST',
      `/v1/merchants/${merchant.id}/affiliations`,
      org.apiKey,
      { provider: account.provider },
      201,
    );
    await ok(t, 'POST', `/v1/platform/affiliations/${aff.id}/confirm`, t.platformKey, {
      merchant_reference: { merchant_account: MERCHANT_ACCOUNT, store: 'Loja1' },
    });

    adyen.forceResult('Refused', '24');
    const declined = await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { amount: 5_000 }));
    expect(declined.statusCode, declined.body).toBe(201);
    expect(declined.json()).toMatchObject({ status: 'REFUSED', refusal: { code: 'INVALID_CVV', provider_code: '24' } });
    expect(adyen.server.received('/v71/payments').at(-1)!.body).toMatchObject({ store: 'Loja1', captureDelayHours: 0 });

    // 5xx on the first send and both replays (R2.2): the outcome is unknown, the transaction stays PROCESSING.
    adyen.server.fail('/v71/payments', 500, 3);
    const unknown = await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { amount: 6_000 }));
    expect(unknown.statusCode, unknown.body).toBe(201);
    expect(unknown.json()).toMatchObject({ status: 'PROCESSING', refusal: null });
    const keys = adyen.server
      .received('/v71/payments')
      .slice(-3)
      .map((r) => r.headers['idempotency-key']);
    const attempt = unknown.json().attempts.at(-1).id;
    expect(keys).toEqual([attempt, attempt, attempt]);
    await invariants();
  });
});
