import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectMoneyInvariants, moneyMerchant, ok, type MoneyMerchant } from '../helpers/money-checks.js';

// providers.md R3.4 at a SANDBOX account: the charge is simulated with the same rules as at an API Pix PSP.
let t: TestApp;
let m: MoneyMerchant;
beforeAll(async () => {
  t = await createTestApp();
  // Monday 2027-03-01, 12:00 São Paulo; fee 2 % on everything.
  m = await moneyMerchant(t, { feePercentage: 2, cashoutPrice: 0, clockTo: '2027-03-01T15:00:00Z' });
});
afterAll(async () => t?.close());

const advanceTo = (to: string) =>
  ok(t, 'POST', `/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, t.platformKey, { to });
const due = {
  due_date: '2027-03-05',
  days_after_due: 10,
  fine: { mode: 'PERCENTAGE', value: 2 },
  interest: { mode: 'PERCENTAGE_PER_MONTH', value: 1 },
  discount: { mode: 'FIXED_UNTIL_DATE', tiers: [{ until: '2027-03-03', value: 1_000 }] },
};
const customer = { name: 'Ana Souza', document_number: '529.982.247-25' };

describe('due-date PIX (providers.md R3.4)', () => {
  it('validates the due-date fields', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/transactions',
      key: m.merchantKey,
      payload: { payment_method: 'PIX', amount: 100_000, pix: { due_date: '2027-02-28' } },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.issues.map((i: { field: string; type: string }) => `${i.field}:${i.type}`)
        .sort(),
    ).toEqual(['pix.debtor:REQUIRED', 'pix.due_date:TOO_SMALL']);
    const both = await t.request({
      method: 'POST',
      url: '/core/v1/transactions',
      key: m.merchantKey,
      payload: { payment_method: 'PIX', amount: 100_000, customer, pix: { due_date: '2027-03-05', expires_in: 600 } },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'pix.expires_at' } });
  });

  it('shows the amount due each day; paid late, it captures the amount with fine and interest and the fee follows it', async () => {
    const tx = await ok(
      t,
      'POST',
      '/v1/transactions',
      m.merchantKey,
      { payment_method: 'PIX', amount: 100_000, customer, pix: due },
      201,
    );
    expect(tx.status).toBe('WAITING_PAYMENT');
    expect(tx.pix.due).toEqual({
      ...due,
      last_payable_date: '2027-03-15',
      debtor: {
        name: 'Ana Souza',
        document_number: '52998224725',
        email: null,
        street: null,
        city: null,
        state: null,
        zipcode: null,
      },
      amount_due_today: 99_000,
    });
    expect(tx.pix.expires_at).toBe('2027-03-16T02:59:59.999Z');
    expect(tx.pix.paid_amount).toBeNull();
    expect(await ok(t, 'GET', `/v1/transactions/${tx.id}/pix-amount-due?date=2027-03-10`, m.merchantKey)).toEqual({
      transaction_id: tx.id,
      date: '2027-03-10',
      payable: true,
      original_amount: 100_000,
      discount_amount: 0,
      fine_amount: 2_000,
      interest_amount: 167,
      amount_due: 102_167,
      last_payable_date: '2027-03-15',
    });
    expect(await ok(t, 'GET', `/v1/transactions/${tx.id}/pix-amount-due?date=2027-03-16`, m.merchantKey)).toMatchObject(
      { payable: false, amount_due: null },
    );
    const card = await ok(t, 'GET', `/v1/transactions/${tx.id}/pix-amount-due`, m.merchantKey);
    expect(card).toMatchObject({ date: '2027-03-01', amount_due: 99_000 });

    await advanceTo('2027-03-10T15:00:00Z');
    expect((await ok(t, 'GET', `/v1/transactions/${tx.id}`, m.merchantKey)).pix.due.amount_due_today).toBe(102_167);
    const paid = await ok(t, 'POST', `/v1/platform/sandbox/transactions/${tx.id}/pix-payment`, t.platformKey, {});
    expect(paid).toMatchObject({
      status: 'APPROVED',
      amount: 100_000,
      captured_amount: 102_167,
      refundable_amount: 102_167,
      fee: { amount: 2_043 },
      pix: { paid_amount: 102_167, late_payment: false },
    });
    await expectMoneyInvariants(t, m);
    const balance = await ok(t, 'GET', `/v1/banking/bank-accounts/${m.accountId}/balance`, m.merchantKey);
    expect(balance.available + balance.pending).toBe(102_167 - 2_043);

    // A refund of the whole paid amount (fine and interest included).
    const refund = await ok(
      t,
      'POST',
      `/v1/transactions/${tx.id}/refunds`,
      m.merchantKey,
      { request_id: 'due-refund' },
      201,
    );
    expect(refund.amount).toBe(102_167);
    await expectMoneyInvariants(t, m);
  });

  it('answers 409 NOT_A_DUE_DATE_PIX for an immediate PIX', async () => {
    const tx = await ok(t, 'POST', '/v1/transactions', m.merchantKey, { payment_method: 'PIX', amount: 60_000 }, 201);
    expect(tx.pix.due).toBeNull();
    const res = await t.request({
      method: 'GET',
      url: `/core/v1/transactions/${tx.id}/pix-amount-due`,
      key: m.merchantKey,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details).toMatchObject({ field: 'pix.due', value: null, reason: 'NOT_A_DUE_DATE_PIX' });
  });
});
