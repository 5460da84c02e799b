import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { effectiveFee, feeUnderPolicy } from '../../src/modules/fees/effective-fee.js';

/**
 * effectiveFee (money.md M1, the transactions helper's one call): the merchant's own policy, else its
 * organization's default, else none; deactivation never stops a policy from applying. Against the database,
 * since the choice is the query's.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

/** Own policy: flat 100 on everything. Default: 10 % on CREDIT_CARD only (nothing matches a PIX). */
const OWN = { conditions: [], price: { flat: 100 }, priority: 0 };
const DEFAULT = {
  conditions: [{ field: 'transaction.payment_method', operator: 'EQUALS', value: 'CREDIT_CARD' }],
  price: { percentage: 10 },
  priority: 0,
};

async function policy(
  orgKey: string,
  rule: Record<string, unknown>,
  active: boolean,
): Promise<{ id: string; ruleId: string }> {
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/pricing/fee-policies',
    key: orgKey,
    payload: {
      name: `p-${randomUUID().slice(0, 8)}`,
      cashout_price: 0,
      automatic_anticipation_percentage: 0,
      spot_anticipation_percentage: 0,
      rules: [rule],
    },
  });
  const body = res.json();
  if (!active) await t.request({ method: 'DELETE', url: `/core/v1/pricing/fee-policies/${body.id}`, key: orgKey });
  return { id: body.id, ruleId: body.rules[0].id };
}

type Case = {
  name: string;
  own?: 'active' | 'inactive';
  orgDefault?: 'active' | 'inactive';
  method: 'CREDIT_CARD' | 'PIX';
  /** Which policy applies, and whether a rule of it matched. */
  expected: null | { from: 'own' | 'default'; rule: boolean; amount: number };
  /** Ask for the organization's own payments instead of the merchant's. */
  asOrganization?: boolean;
};

const CASES: Case[] = [
  { name: 'no policy anywhere', method: 'CREDIT_CARD', expected: null },
  { name: 'own only', own: 'active', method: 'CREDIT_CARD', expected: { from: 'own', rule: true, amount: 100 } },
  {
    name: 'default only',
    orgDefault: 'active',
    method: 'CREDIT_CARD',
    expected: { from: 'default', rule: true, amount: 1_000 },
  },
  {
    name: 'own wins over the default',
    own: 'active',
    orgDefault: 'active',
    method: 'CREDIT_CARD',
    expected: { from: 'own', rule: true, amount: 100 },
  },
  {
    name: 'default with no matching rule',
    orgDefault: 'active',
    method: 'PIX',
    expected: { from: 'default', rule: false, amount: 0 },
  },
  {
    name: 'own deactivated after attachment still applies',
    own: 'inactive',
    orgDefault: 'active',
    method: 'CREDIT_CARD',
    expected: { from: 'own', rule: true, amount: 100 },
  },
  {
    name: 'default deactivated after attachment still applies',
    orgDefault: 'inactive',
    method: 'CREDIT_CARD',
    expected: { from: 'default', rule: true, amount: 1_000 },
  },
  {
    name: "the organization's own payments carry no fee",
    orgDefault: 'active',
    method: 'CREDIT_CARD',
    expected: null,
    asOrganization: true,
  },
];

describe('effectiveFee chooses the policy', () => {
  it.each(CASES)('$name', async (c) => {
    const org = await t.createOrganization();
    const own = c.own ? await policy(org.apiKey, OWN, true) : undefined;
    const orgDefault = c.orgDefault ? await policy(org.apiKey, DEFAULT, true) : undefined;
    const merchant = await t.createMerchant(org.apiKey, own ? { fee_policy_id: own.id } : {});
    if (orgDefault)
      expect(
        (
          await t.request({
            method: 'PATCH',
            url: '/core/v1/companies/me',
            key: org.apiKey,
            payload: { default_fee_policy_id: orgDefault.id },
          })
        ).statusCode,
      ).toBe(200);
    // Deactivated after attachment: attaching an inactive policy is refused.
    for (const [p, state] of [
      [own, c.own],
      [orgDefault, c.orgDefault],
    ] as const) {
      if (p && state === 'inactive')
        await t.request({ method: 'DELETE', url: `/core/v1/pricing/fee-policies/${p.id}`, key: org.apiKey });
    }

    const fee = await effectiveFee(t.db.db, c.asOrganization ? org.id : merchant.id, {
      amount: 10_000,
      payment_method: c.method,
      installments: 1,
    });
    if (c.expected === null) return expect(fee).toBeNull();
    const applied = c.expected.from === 'own' ? own! : orgDefault!;
    expect(fee).toEqual({
      fee_policy_id: applied.id,
      rule_id: c.expected.rule ? applied.ruleId : null,
      amount: c.expected.amount,
    });
  });

  it('an unknown company has none', async () => {
    expect(await effectiveFee(t.db.db, randomUUID(), { amount: 1 })).toBeNull();
  });

  it('reads inside a transaction as well (the transaction create runs it there)', async () => {
    const org = await t.createOrganization();
    const own = await policy(org.apiKey, OWN, true);
    const merchant = await t.createMerchant(org.apiKey, { fee_policy_id: own.id });
    const fee = await t.db.db.transaction((tx) => effectiveFee(tx, merchant.id, { amount: 50, payment_method: 'PIX' }));
    expect(fee).toEqual({ fee_policy_id: own.id, rule_id: own.ruleId, amount: 50 }); // never above the amount
  });

  it('a partial capture re-evaluates the policy stored at creation, not the effective one', async () => {
    const org = await t.createOrganization();
    const stored = await policy(org.apiKey, DEFAULT, true);
    const later = await policy(org.apiKey, OWN, true);
    const merchant = await t.createMerchant(org.apiKey, { fee_policy_id: stored.id });
    const atCreation = await effectiveFee(t.db.db, merchant.id, { amount: 10_000, payment_method: 'CREDIT_CARD' });
    await t.request({
      method: 'PATCH',
      url: `/core/v1/merchants/${merchant.id}`,
      key: org.apiKey,
      payload: { fee_policy_id: later.id },
    });
    await t.request({ method: 'DELETE', url: `/core/v1/pricing/fee-policies/${stored.id}`, key: org.apiKey });
    const captured = await feeUnderPolicy(t.db.db, atCreation!.fee_policy_id, {
      amount: 4_000,
      payment_method: 'CREDIT_CARD',
    });
    expect(captured).toEqual({ fee_policy_id: stored.id, rule_id: stored.ruleId, amount: 400 });
    expect(await feeUnderPolicy(t.db.db, null, { amount: 4_000 })).toBeNull();
  });
});
