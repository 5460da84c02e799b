import { eq } from 'drizzle-orm';
import { affiliations } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';

/**
 * A merchant ready to cash out (money.md M5): ACTIVE (its INTERNAL affiliation), a PROVIDER_A affiliation made
 * ACTIVE (as its requirements would), a PROVIDER_A bank account with `deposit` cents, and its CPF as settlement key.
 */
export async function cashoutMerchant(
  t: TestApp,
  options: { deposit?: number; cashoutPrice?: number; merchant?: Record<string, unknown> } = {},
) {
  const org = await t.createOrganization();
  let feePolicyId: string | undefined;
  if (options.cashoutPrice !== undefined) {
    const policy = await t.request({
      method: 'POST',
      url: '/core/v1/pricing/fee-policies',
      key: org.apiKey,
      payload: {
        name: `cashout-${Date.now()}`,
        cashout_price: options.cashoutPrice,
        automatic_anticipation_percentage: 1,
        spot_anticipation_percentage: 1,
        rules: [{ conditions: [], price: { flat: 10 } }],
      },
    });
    if (policy.statusCode !== 201) throw new Error(`policy: ${policy.body}`);
    feePolicyId = policy.json().id;
  }
  const m = await t.createMerchant(org.apiKey, {
    ...(feePolicyId ? { fee_policy_id: feePolicyId } : {}),
    ...options.merchant,
  });
  await t.request({
    method: 'POST',
    url: `/core/v1/merchants/${m.id}/affiliations`,
    key: org.apiKey,
    payload: { provider: 'INTERNAL' },
  });
  const aff = (
    await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/affiliations`,
      key: org.apiKey,
      payload: { provider: 'PROVIDER_A' },
    })
  ).json();
  await t.db.db
    .update(affiliations)
    .set({ status: 'ACTIVE', onboardingUrl: null, providerStatusMessage: null })
    .where(eq(affiliations.id, aff.id));
  const account = (
    await t.request({
      method: 'POST',
      url: '/core/v1/banking/bank-accounts',
      key: org.apiKey,
      payload: { provider: 'PROVIDER_A', company_id: m.id },
    })
  ).json();
  if (!account.id) throw new Error(`account: ${JSON.stringify(account)}`);
  if (options.deposit)
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/bank-accounts/${account.id}/deposits`,
      key: t.platformKey,
      payload: { amount: options.deposit },
    });
  const settle = await t.request({
    method: 'PUT',
    url: `/core/v1/merchants/${m.id}/affiliations/${aff.id}/settlement-account`,
    key: org.apiKey,
    payload: { pix_key_type: 'CPF', pix_key: m.body.document_number },
  });
  if (settle.statusCode !== 200) throw new Error(`settlement: ${settle.body}`);
  return { org, merchant: m, affiliationId: aff.id as string, accountId: account.id as string };
}

export const createCashout = (t: TestApp, key: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/core/v1/banking/cashouts', key, payload });
export const getCashout = async (t: TestApp, key: string, id: string) =>
  (await t.request({ method: 'GET', url: `/core/v1/banking/cashouts/${id}`, key })).json();
export const balanceOf = async (t: TestApp, key: string, id: string) =>
  (await t.request({ method: 'GET', url: `/core/v1/banking/bank-accounts/${id}`, key })).json().balance;
export const advanceClock = (t: TestApp, orgId: string, seconds: number) =>
  t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/organizations/${orgId}/clock/advance`,
    key: t.platformKey,
    payload: { seconds },
  });
