import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardData } from '../helpers/transactions.js';
import { expectMoneyInvariants, moneyMerchant, ok } from '../helpers/money-checks.js';

/**
 * Issue 24's money defects, each reproduced from outside (the API) as it was found: every test failed on the
 * code before its fix. Money tests end on the ledger invariants.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const card = async (key: string, body: Record<string, unknown>) => ok(t, 'POST', '/v1/transactions', key, { payment_method: 'CREDIT_CARD', card_data: await cardData(t), ...body }, 201);

describe('installments under a fee close to the amount (issue 24)', () => {
  it('100 in 12 installments with a minimum price of 90 is APPROVED; no receivable nets below 0', async () => {
    const m = await moneyMerchant(t, { feePercentage: 0, cashoutPrice: 0, price: { minimum_price: 90 } });
    const tr = await card(m.merchantKey, { amount: 100, installments: 12 });
    expect(tr).toMatchObject({ status: 'APPROVED', fee: { amount: 90 } });
    const recv = await ok(t, 'GET', `/v1/receivables?transaction_id=${tr.id}&role=MERCHANT&sort=payment_date&limit=100`, m.orgKey);
    expect(recv.data.map((r: { fee_amount: number }) => r.fee_amount)).toEqual([12, 8, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]);
    for (const r of recv.data) expect(r.net_amount).toBeGreaterThanOrEqual(0);
    await expectMoneyInvariants(t, m);
  });
});
