import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';

/**
 * payments.md P4's expiries are scheduled by the use case that causes them, in its own transaction
 * (src/modules/payments/shared/expiry-jobs.ts; issue 24 item 4), not by an event consumer: one PENDING job per
 * transaction and kind, due when the authorization or the charge expires.
 */
let t: TestApp;
let merchant: { id: string; apiKey: string };
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  ({ merchant } = await payingMerchant(t));
});
afterAll(async () => t?.close());

const pendingJobs = (kind: string, transactionId: string) =>
  t.db.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, `${kind}:${transactionId}`), eq(jobs.status, 'PENDING')));

describe('expiries scheduled by the create', () => {
  it('an AUTHORIZED card: one authorization expiry, 7 days after authorized_at', async () => {
    const res = await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { capture: false }));
    expect(res.statusCode, res.body).toBe(201);
    const tr = res.json<{ id: string; status: string; authorized_at: string }>();
    expect(tr.status).toBe('AUTHORIZED');
    const found = await pendingJobs('transaction.authorization-expiry', tr.id);
    expect(found).toHaveLength(1);
    expect(found[0]!.runAt.getTime()).toBe(new Date(tr.authorized_at).getTime() + 7 * 86_400_000);
    expect(found[0]!.payload).toEqual({ transactionId: tr.id });
  });

  it('a captured card schedules no expiry', async () => {
    const res = await createTx(t, merchant.apiKey, await cardPayment(t));
    expect(res.json<{ status: string }>().status).toBe('APPROVED');
    const id = res.json<{ id: string }>().id;
    expect(await pendingJobs('transaction.authorization-expiry', id)).toEqual([]);
  });

  it('a PIX charge: one PIX expiry at pix.expires_at', async () => {
    const res = await createTx(t, merchant.apiKey, { payment_method: 'PIX', amount: 1_500, pix: { expires_in: 600 } });
    expect(res.statusCode, res.body).toBe(201);
    const tr = res.json<{ id: string; status: string; pix: { expires_at: string } }>();
    expect(tr.status).toBe('WAITING_PAYMENT');
    const found = await pendingJobs('transaction.pix-expiry', tr.id);
    expect(found).toHaveLength(1);
    expect(found[0]!.runAt.toISOString()).toBe(new Date(tr.pix.expires_at).toISOString());
  });
});
