import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { cardPayment, createTx, makePaying, payingMerchant } from '../helpers/transactions.js';

/**
 * money.md M2: "the organization's account at a provider opens with its first merchant's account there", so the
 * fee shares of its merchants' payments have an account, and the settlement run sweeps them into its `available`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
}, 60_000);
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const get = async (url: string, key: string) => {
  const res = await t.request({ method: 'GET', url: `/core${url}`, key });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("the organization's account at a provider", () => {
  it("opens with its first merchant's account; the fee share lands on it and is swept into available", async () => {
    const { org, merchant } = await payingMerchant(t);
    const policy = await t.request({
      method: 'POST',
      url: '/core/v1/pricing/fee-policies',
      key: org.apiKey,
      payload: {
        name: `p-${randomUUID().slice(0, 8)}`,
        cashout_price: 0,
        automatic_anticipation_percentage: 1,
        spot_anticipation_percentage: 1,
        rules: [{ conditions: [], price: { percentage: 2 } }],
      },
    });
    expect(policy.statusCode, policy.body).toBe(201);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: '/core/v1/companies/me',
          key: org.apiKey,
          payload: { default_fee_policy_id: policy.json().id },
        })
      ).statusCode,
    ).toBe(200);
    const before = await get(`/v1/banking/bank-accounts?company_id=${org.id}`, org.apiKey);
    expect(before.pagination.total).toBe(0);

    const paid = await createTx(
      t,
      org.apiKey,
      await cardPayment(t, '4111111111111111', { amount: 10_000 }),
      merchant.id,
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().status).toBe('APPROVED');

    const accounts = await get(`/v1/banking/bank-accounts?company_id=${org.id}`, org.apiKey);
    expect(accounts.data.map((a: { provider: string }) => a.provider)).toEqual(['PROVIDER_A']);
    const orgAccount = accounts.data[0].id as string;
    const shares = await get(`/v1/receivables?transaction_id=${paid.json().id}&role=ORGANIZATION`, org.apiKey);
    expect(shares.data).toHaveLength(1);
    expect(shares.data[0]).toMatchObject({ bank_account_id: orgAccount, net_amount: 200, status: 'PENDING' });

    // D+30 (rolled to a business day), settled at 03:00 UTC: the fee reaches the organization's available.
    const advance = await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/organizations/${org.id}/clock/advance`,
      key: t.platformKey,
      payload: { seconds: 40 * 86_400 },
    });
    expect(advance.statusCode, advance.body).toBe(200);
    expect((await get(`/v1/banking/bank-accounts/${orgAccount}/balance`, org.apiKey)).available).toBe(200);

    // A second merchant at the same provider opens no second account for the organization.
    const second = await t.createMerchant(org.apiKey);
    await makePaying(t, second.id);
    expect((await createTx(t, org.apiKey, await cardPayment(t), second.id)).statusCode).toBe(201);
    expect((await get(`/v1/banking/bank-accounts?company_id=${org.id}`, org.apiKey)).pagination.total).toBe(1);
  });
});
