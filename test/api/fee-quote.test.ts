import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createRole, createVerifiedUser } from '../helpers/users.js';

/** POST /v1/merchants/{merchantId}/fee-quote (money.md M1, receivables per M2). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const RULES = [
  { conditions: [], price: { percentage: 3.5 }, priority: 100 },
  {
    conditions: [{ field: 'transaction.payment_method', operator: 'EQUALS', value: 'CREDIT_CARD' }],
    price: { percentage: 2.99, flat: 30 },
    priority: 10,
  },
  {
    conditions: [{ field: 'transaction.card_data.brand', operator: 'EQUALS', value: 'ELO' }],
    price: { flat: 1 },
    priority: 1,
  },
];
async function policy(orgKey: string, rules: unknown[] = RULES) {
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/pricing/fee-policies',
    key: orgKey,
    payload: {
      name: `p-${randomUUID().slice(0, 8)}`,
      cashout_price: 0,
      automatic_anticipation_percentage: 0,
      spot_anticipation_percentage: 0,
      rules,
    },
  });
  return res.json<{ id: string; rules: { id: string }[] }>();
}
const quote = (key: string | { token: string }, merchantId: string, transaction: unknown) =>
  t.request({
    method: 'POST',
    url: `/core/v1/merchants/${merchantId}/fee-quote`,
    ...(typeof key === 'string' ? { key } : key),
    payload: { transaction },
  });
/** The organization's clock on Friday 2031-12-19, 23:30 in São Paulo (Saturday 02:30 UTC). */
async function fridayNight(orgId: string) {
  const res = await t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/organizations/${orgId}/clock/advance`,
    key: t.platformKey,
    payload: { to: '2031-12-20T02:30:00.000Z' },
  });
  expect(res.statusCode).toBe(200);
}
const r = (installment: number, payment_date: string, gross_amount: number, fee_amount: number) => ({
  installment,
  payment_date,
  gross_amount,
  fee_amount,
  net_amount: gross_amount - fee_amount,
});

describe('merchant fee quote', () => {
  it("quotes the fee and the receivables under the merchant's policy, dated on the organization's clock", async () => {
    const org = await t.createOrganization();
    await fridayNight(org.id);
    const p = await policy(org.apiKey);
    const m = await t.createMerchant(org.apiKey, { fee_policy_id: p.id });

    const credit = await quote(org.apiKey, m.id, {
      amount: 10_001,
      payment_method: 'credit_card',
      installments: 3,
      card_data: { brand: 'VISA' },
    });
    expect(credit.statusCode).toBe(200);
    expect(credit.json()).toEqual({
      fee_policy_id: p.id,
      rule_id: p.rules[1]!.id,
      fee_amount: 329,
      net_amount: 9_672,
      receivables: [r(1, '2032-01-19', 3_335, 111), r(2, '2032-02-17', 3_333, 109), r(3, '2032-03-18', 3_333, 109)],
    });
    const debit = await quote(m.apiKey, m.id, {
      amount: 2_000,
      payment_method: 'DEBIT_CARD',
      card_data: { brand: 'ELO' },
    });
    expect(debit.json()).toEqual({
      fee_policy_id: p.id,
      rule_id: p.rules[2]!.id,
      fee_amount: 1,
      net_amount: 1_999,
      receivables: [r(1, '2031-12-22', 2_000, 1)],
    });
    const pix = await quote(m.apiKey, m.id, { amount: 2_000, payment_method: 'PIX' });
    expect(pix.json()).toEqual({
      fee_policy_id: p.id,
      rule_id: p.rules[0]!.id,
      fee_amount: 70,
      net_amount: 1_930,
      receivables: [r(1, '2031-12-19', 2_000, 70)],
    });
  });

  it("falls back to the organization's default, keeps a deactivated policy, and quotes no fee without a policy", async () => {
    const org = await t.createOrganization();
    await fridayNight(org.id);
    const m = await t.createMerchant(org.apiKey);
    const none = await quote(org.apiKey, m.id, { amount: 101, payment_method: 'CREDIT_CARD', installments: 2 });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({
      fee_policy_id: null,
      rule_id: null,
      fee_amount: 0,
      net_amount: 101,
      receivables: [r(1, '2032-01-19', 51, 0), r(2, '2032-02-17', 50, 0)],
    });

    const d = await policy(org.apiKey, [
      { conditions: [{ field: 'transaction.payment_method', operator: 'EQUALS', value: 'PIX' }], price: { flat: 5 } },
    ]);
    await t.request({
      method: 'PATCH',
      url: '/core/v1/companies/me',
      key: org.apiKey,
      payload: { default_fee_policy_id: d.id },
    });
    await t.request({ method: 'DELETE', url: `/core/v1/pricing/fee-policies/${d.id}`, key: org.apiKey });
    expect((await quote(org.apiKey, m.id, { amount: 100, payment_method: 'PIX' })).json()).toMatchObject({
      fee_policy_id: d.id,
      rule_id: d.rules[0]!.id,
      fee_amount: 5,
    });
    // A policy whose rules do not match: the policy is named, no rule, fee 0.
    expect((await quote(org.apiKey, m.id, { amount: 100, payment_method: 'DEBIT_CARD' })).json()).toMatchObject({
      fee_policy_id: d.id,
      rule_id: null,
      fee_amount: 0,
      net_amount: 100,
    });
    // The organization's own payments carry no fee (its own id in the path).
    expect((await quote(org.apiKey, org.id, { amount: 100, payment_method: 'PIX' })).json()).toMatchObject({
      fee_policy_id: null,
      fee_amount: 0,
    });
  });

  it('keeps to reach: 404 for other tenants, a merchant key for its own id only', async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const sibling = await t.createMerchant(org.apiKey);
    const body = { amount: 100, payment_method: 'PIX' };
    for (const [key, id] of [
      [other.apiKey, m.id],
      [sibling.apiKey, m.id],
      [org.apiKey, randomUUID()],
      [m.apiKey, org.id],
    ]) {
      const res = await quote(key!, id!, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('RESOURCE_NOT_FOUND');
    }
    expect((await quote(m.apiKey, m.id, body)).statusCode).toBe(200);
    const bad = await quote(org.apiKey, 'not-a-uuid', body);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('BAD_REQUEST');
  });

  it('checks the permission merchant.fee_quote.view for a user', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const without = await createVerifiedUser(t, org.apiKey, [
      (await createRole(t, { key: org.apiKey }, ['merchant.company.view'])).id,
    ]);
    const withIt = await createVerifiedUser(t, org.apiKey, [
      (await createRole(t, { key: org.apiKey }, ['merchant.fee_quote.view'])).id,
    ]);
    expect((await quote({ token: without.token }, m.id, { amount: 1, payment_method: 'PIX' })).statusCode).toBe(403);
    expect((await quote({ token: withIt.token }, m.id, { amount: 1, payment_method: 'PIX' })).statusCode).toBe(200);
    const catalogue = (await t.request({ method: 'GET', url: '/core/v1/permissions', key: org.apiKey })).json().data;
    expect(catalogue).toContain('merchant.fee_quote.view');
  });

  it.each<[string, unknown, { field: string; type: string; constraints?: unknown }]>([
    [
      'amount 0',
      { amount: 0, payment_method: 'PIX' },
      { field: 'transaction.amount', type: 'TOO_SMALL', constraints: { min: 1 } },
    ],
    [
      'a decimal amount',
      { amount: 10.5, payment_method: 'PIX' },
      { field: 'transaction.amount', type: 'INVALID_TYPE' },
    ],
    [
      'an amount beyond a safe integer',
      { amount: 2 ** 53, payment_method: 'CREDIT_CARD' },
      { field: 'transaction.amount', type: 'TOO_LARGE' },
    ],
    [
      'a PIX amount a BR Code cannot carry',
      { amount: 1_000_000_000_000, payment_method: 'PIX' },
      { field: 'transaction.amount', type: 'TOO_LARGE', constraints: { max: 999_999_999_999 } },
    ],
    ['no payment method', { amount: 1 }, { field: 'transaction.payment_method', type: 'REQUIRED' }],
    [
      'an unknown payment method',
      { amount: 1, payment_method: 'BOLETO' },
      { field: 'transaction.payment_method', type: 'INVALID_ENUM' },
    ],
    [
      '13 installments',
      { amount: 100, payment_method: 'CREDIT_CARD', installments: 13 },
      { field: 'transaction.installments', type: 'TOO_LARGE', constraints: { max: 12 } },
    ],
    [
      'installments on a debit',
      { amount: 100, payment_method: 'DEBIT_CARD', installments: 2 },
      { field: 'transaction.installments', type: 'TOO_LARGE', constraints: { max: 1 } },
    ],
    [
      'card data on a PIX',
      { amount: 100, payment_method: 'PIX', card_data: { brand: 'VISA' } },
      { field: 'transaction.card_data', type: 'UNKNOWN_FIELD' },
    ],
    [
      'an unknown brand',
      { amount: 100, payment_method: 'CREDIT_CARD', card_data: { brand: 'NOPE' } },
      { field: 'transaction.card_data.brand', type: 'INVALID_ENUM' },
    ],
    [
      'a card number in card_data',
      { amount: 100, payment_method: 'CREDIT_CARD', card_data: { number: 'ev:x' } },
      { field: 'transaction.card_data.number', type: 'UNKNOWN_FIELD' },
    ],
    [
      'an unknown field',
      { amount: 100, payment_method: 'PIX', currency: 'BRL' },
      { field: 'transaction.currency', type: 'UNKNOWN_FIELD' },
    ],
  ])('refuses %s', async (_, transaction, issue) => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const res = await quote(org.apiKey, m.id, transaction);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.details.issues).toEqual(expect.arrayContaining([expect.objectContaining(issue)]));
  });

  it('refuses a body without transaction, or with fields beside it', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const missing = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/fee-quote`,
      key: org.apiKey,
      payload: {},
    });
    expect(missing.json().error.details.issues[0]).toMatchObject({ field: 'transaction', type: 'REQUIRED' });
    const extra = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/fee-quote`,
      key: org.apiKey,
      payload: { transaction: { amount: 1, payment_method: 'PIX' }, request_id: 'x' },
    });
    expect(extra.json().error.details.issues[0]).toMatchObject({ field: 'request_id', type: 'UNKNOWN_FIELD' });
  });
});
