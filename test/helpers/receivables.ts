import { expect } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { receivables } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';
import { merchantWithAccount, type Merchant } from './seed-transactions.js';

/** The receivables test files' shared calls (test/api/receivables*.test.ts); `app` is read at call time. */
export type M = Merchant & { orgKey: string; orgAccountId: string };

export function receivablesKit(app: () => TestApp) {
  /** A merchant with its account and its organization's own account at PROVIDER_A (where the fee share goes). */
  async function setup(): Promise<M> {
    const m = await merchantWithAccount(app());
    const res = await app().request({
      method: 'POST',
      url: '/core/v1/banking/bank-accounts',
      key: m.orgKey,
      payload: { provider: 'PROVIDER_A' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...m, orgAccountId: res.json().id };
  }
  const get = async (url: string, key: string, status = 200) => {
    const res = await app().request({ method: 'GET', url: `/core${url}`, key });
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const rowsOf = (transactionId: string) =>
    app()
      .db.db.select()
      .from(receivables)
      .where(eq(receivables.transactionId, transactionId))
      .orderBy(asc(receivables.role), asc(receivables.installment), asc(receivables.createdAt));
  const balance = async (m: M, accountId = m.bankAccountId) =>
    get(`/v1/banking/bank-accounts/${accountId}/balance`, m.orgKey);
  const advanceTo = async (m: M, to: string) => {
    const res = await app().request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/organizations/${m.organizationId}/clock/advance`,
      key: app().platformKey,
      payload: { to },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const refund = async (m: M, id: string, amount: number) => {
    const res = await app().request({
      method: 'POST',
      url: `/core/v1/transactions/${id}/refunds`,
      key: m.apiKey,
      payload: { amount },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>();
  };
  const settleRefund = async (id: string, status: 'SUCCEEDED' | 'FAILED') => {
    const res = await app().request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/refunds/${id}/settle`,
      key: app().platformKey,
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  return { setup, get, rowsOf, balance, advanceTo, refund, settleRefund };
}
