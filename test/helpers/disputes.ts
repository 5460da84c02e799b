import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerTransactions, receivables } from '../../src/db/schema/index.js';
import { balancesOf } from '../../src/ledger/ledger.js';
import type { TestApp } from './app.js';
import { PDF } from './onboarding.js';
import { merchantWithAccount, seedTransaction, type Merchant } from './seed-transactions.js';

type Json = Record<string, any>;

/**
 * The dispute tests' calls, bound to one test app and its merchant (both read at each call: they are made in
 * `beforeAll`, after this is built).
 */
export function disputeKit(app: () => TestApp, merchant: () => Merchant & { orgKey: string }) {
  const key = () => merchant().apiKey;
  const open = (transactionId: string, payload: Json = { reason: 'FRAUD', reason_code: '10.4' }) =>
    app().request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/transactions/${transactionId}/disputes`,
      key: app().platformKey,
      payload,
    });
  const opened = async (transactionId: string, payload?: Json) => {
    const res = await open(transactionId, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Json>();
  };
  return {
    open,
    opened,
    outcome: (id: string, value: string) =>
      app().request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/disputes/${id}/outcome`,
        key: app().platformKey,
        payload: { outcome: value },
      }),
    putEvidence: (id: string, payload: Json, k = key()) =>
      app().request({ method: 'PUT', url: `/core/v1/disputes/${id}/evidence`, key: k, payload }),
    submit: (id: string, k = key()) => app().request({ method: 'POST', url: `/core/v1/disputes/${id}/submit`, key: k }),
    accept: (id: string, k = key()) => app().request({ method: 'POST', url: `/core/v1/disputes/${id}/accept`, key: k }),
    get: (id: string, k = key()) => app().request({ method: 'GET', url: `/core/v1/disputes/${id}`, key: k }),
    upload: (id: string, k = key()) =>
      app().request({
        method: 'POST',
        url: `/core/v1/disputes/${id}/documents`,
        key: k,
        payload: { content_type: 'application/pdf', content_base64: PDF.toString('base64'), file_name: 'receipt.pdf' },
      }),
    deposit: async (accountId: string, amount: number) =>
      expect(
        (
          await app().request({
            method: 'POST',
            url: `/core/v1/platform/sandbox/bank-accounts/${accountId}/deposits`,
            key: app().platformKey,
            payload: { amount },
          })
        ).statusCode,
      ).toBe(200),
    receivablesOf: (transactionId: string) =>
      app()
        .db.db.select()
        .from(receivables)
        .where(and(eq(receivables.transactionId, transactionId), eq(receivables.role, 'MERCHANT')))
        .orderBy(asc(receivables.installment), asc(receivables.status)),
    balances: async (accountId: string) => (await balancesOf(app().db.db, [accountId])).get(accountId)!,
    ledgerCodes: async (disputeId: string) =>
      (
        await app()
          .db.db.select({ code: ledgerTransactions.code })
          .from(ledgerTransactions)
          .where(and(eq(ledgerTransactions.sourceType, 'DISPUTE'), eq(ledgerTransactions.sourceId, disputeId)))
      )
        .map((r) => r.code)
        .sort(),
    expectCode: (res: { statusCode: number; json(): any; body: string }, status: number, code: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      return res.json().error;
    },
    /** A fresh merchant (its own bank account, so balances start at zero) with one approved card transaction. */
    freshCase: async (amount = 10_000) => {
      const m = merchant();
      const fresh = await merchantWithAccount(app(), { id: m.organizationId, apiKey: m.orgKey });
      const tr = await seedTransaction(app(), fresh, { status: 'APPROVED', amount });
      return { merchant: fresh, tr };
    },
  };
}
