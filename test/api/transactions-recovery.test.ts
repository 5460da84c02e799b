import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventsOf } from '../helpers/onboarding.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { cardData, cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';
import { idempotencyKeys, jobs, transactions, type JobRow } from '../../src/db/schema/index.js';
import { transactionDeps } from '../../src/modules/payments/shared/transactions.context.js';
import { transactionJobs } from '../../src/modules/payments/create/transactions.jobs.js';
import { TRANSACTION_RECOVER_JOB } from '../../src/modules/payments/create/transactions.outcome.js';

/**
 * The recovery point: a row recorded before its provider call and never announced (the process died around
 * the call) is settled from the provider's record, or deleted when the provider has none.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A create that died after recording its row: the row stays unannounced, as the claim (re-locked as a crash would leave it). */
async function strandedRow(merchantKey: string, merchantId: string, authorize: boolean) {
  const res = await createTx(
    t,
    merchantKey,
    await cardPayment(t, '4111111111111111', { request_id: `stranded-${randomUUID()}` }),
  );
  const view = res.json();
  await t.db.db
    .update(transactions)
    .set({ announced: false, status: 'PROCESSING', capturedAmount: 0 })
    .where(eq(transactions.id, view.id));
  await t.db.db.update(idempotencyKeys).set({ phase: 'STARTED' }).where(eq(idempotencyKeys.resourceId, view.id));
  const row = (await t.db.db.select().from(transactions).where(eq(transactions.id, view.id)))[0];
  if (!authorize) {
    // As if the call never reached the provider: a fresh id the provider has never seen.
    const id = randomUUID();
    await t.db.db.insert(transactions).values({ ...row, id, requestId: null, attempts: null });
    return { id, merchantId };
  }
  return { id: view.id, merchantId };
}

const runRecover = async (id: string) => {
  const [job] = await t.db.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, TRANSACTION_RECOVER_JOB), eq(jobs.dedupeKey, `${TRANSACTION_RECOVER_JOB}:${id}`)));
  const handler = transactionJobs(transactionDeps(t.deps))[TRANSACTION_RECOVER_JOB];
  const run = typeof handler === 'function' ? handler : handler.handler;
  await run((job ?? { id: randomUUID(), payload: { transactionId: id }, createdAt: new Date() }) as JobRow);
};

describe('transaction.recover', () => {
  it('every create schedules its recovery point; a no-op once the outcome is recorded', async () => {
    const { merchant } = await payingMerchant(t);
    const tx = (
      await createTx(t, merchant.apiKey, { payment_method: 'CREDIT_CARD', amount: 100, card_data: await cardData(t) })
    ).json();
    const [job] = await t.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${TRANSACTION_RECOVER_JOB}:${tx.id}`));
    expect(job).toBeTruthy();
    await runRecover(tx.id);
    expect((await t.db.db.select().from(transactions).where(eq(transactions.id, tx.id)))[0].announced).toBe(true);
  });

  it('announces a stranded row the provider authorized (transaction.created, booked) and completes its claim', async () => {
    const { merchant } = await payingMerchant(t);
    const { id } = await strandedRow(merchant.apiKey, merchant.id, true);
    const createdBefore = (await eventsOf(t, merchant.id, 'transaction.created')).length;
    await runRecover(id);
    const row = (await t.db.db.select().from(transactions).where(eq(transactions.id, id)))[0];
    expect(row).toMatchObject({ announced: true, status: 'APPROVED' });
    expect((await eventsOf(t, merchant.id, 'transaction.created')).length).toBe(createdBefore + 1);
    const [claim] = await t.db.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.resourceId, id));
    expect(claim.phase).toBe('DONE');
    await expectLedgerInvariants(t.db.db);
  });

  it('deletes a stranded row the provider never saw', async () => {
    const { merchant } = await payingMerchant(t);
    const { id } = await strandedRow(merchant.apiKey, merchant.id, false);
    await runRecover(id);
    expect(await t.db.db.select().from(transactions).where(eq(transactions.id, id))).toEqual([]);
  });
});
