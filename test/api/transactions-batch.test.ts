import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventsOf } from '../helpers/onboarding.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { cardPayment, createTx, makePaying } from '../helpers/transactions.js';
import {
  bankAccounts,
  idempotencyKeys,
  jobs,
  ledgerAccounts,
  receivables,
  transactions,
} from '../../src/db/schema/index.js';
import { TRANSACTION_RECOVER_JOB } from '../../src/modules/payments/create/transactions.outcome.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/**
 * Concurrent creates of one organization are grouped per phase (transactions.batch.ts): one recording
 * statement and one outcome transaction per batch. Several creates on the same merchant's account in one batch
 * must post as if one by one (sequences, resulting balances), each with its receivables and its event.
 */
describe('grouped creates', () => {
  it('concurrent card and PIX creates over two merchants: every answer, posting, receivable and event once', async () => {
    const org = await t.createOrganization();
    const a = await t.createMerchant(org.apiKey);
    const b = await t.createMerchant(org.apiKey);
    await makePaying(t, a.id);
    await makePaying(t, b.id);
    // The first payment of each opens its account (alone).
    for (const m of [a, b]) expect((await createTx(t, org.apiKey, await cardPayment(t), m.id)).statusCode).toBe(201);

    const bodies = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => ({
        merchant: i % 3 === 0 ? b : a,
        body:
          i % 4 === 3
            ? { payment_method: 'PIX', amount: 500 + i, description: `pix ${i}` }
            : await cardPayment(t, i === 5 ? '4000000000000002' : '4111111111111111', {
                amount: 1000 + i,
                installments: 1 + (i % 3),
              }),
      })),
    );
    const answers = await Promise.all(bodies.map(({ merchant, body }) => createTx(t, org.apiKey, body, merchant.id)));
    for (const res of answers) expect(res.statusCode).toBe(201);
    const views = answers.map((r) => r.json());
    expect(new Set(views.map((v) => v.id)).size).toBe(12);
    const approved = views.filter((v) => v.status === 'APPROVED');
    expect(views.filter((v) => v.status === 'WAITING_PAYMENT').length).toBe(3);
    expect(views.filter((v) => v.status === 'REFUSED').length).toBe(1);
    expect(views.filter((v) => v.status === 'WAITING_PAYMENT').every((v) => v.pix?.br_code)).toBe(true);

    // Each merchant's pending = its first payment + its approvals of the batch.
    for (const m of [a, b]) {
      const [account] = await t.db.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, m.id));
      const [ledger] = await t.db.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, account.id));
      const sum = approved.filter((v) => v.company_id === m.id).reduce((s, v) => s + v.amount, 10_000);
      expect(ledger.pending).toBe(sum);
    }
    const recv = await t.db.db
      .select()
      .from(receivables)
      .where(
        inArray(
          receivables.transactionId,
          approved.map((v) => v.id),
        ),
      );
    expect(recv.length).toBe(approved.reduce((s, v) => s + v.installments, 0));
    const created = [
      ...(await eventsOf(t, a.id, 'transaction.created')),
      ...(await eventsOf(t, b.id, 'transaction.created')),
    ];
    expect(created.length).toBe(14);
    // The recovery points of announced rows are closed with the announcement.
    const recover = await t.db.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, TRANSACTION_RECOVER_JOB),
          inArray(
            jobs.dedupeKey,
            views.map((v) => `${TRANSACTION_RECOVER_JOB}:${v.id}`),
          ),
        ),
      );
    expect(recover.length).toBe(12);
    expect(recover.every((j) => j.status === 'DONE')).toBe(true);
    await expectLedgerInvariants(t.db.db);
  });

  it('creates with a request_id group too: each claim DONE with its outcome, a replay answers the same transaction (200)', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    await makePaying(t, m.id);
    expect((await createTx(t, org.apiKey, await cardPayment(t), m.id)).statusCode).toBe(201);
    const tag = `batch-${Date.now()}`;
    const bodies = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => ({
        request_id: `${tag}-${i}`,
        ...(i % 5 === 4
          ? { payment_method: 'PIX', amount: 700 + i }
          : await cardPayment(t, i === 3 ? '4000000000000002' : '4111111111111111', { amount: 2000 + i })),
      })),
    );
    const answers = await Promise.all(bodies.map((body) => createTx(t, org.apiKey, body, m.id)));
    for (const res of answers) expect(res.statusCode).toBe(201);
    const views = answers.map((r) => r.json());
    expect(views.map((v) => v.request_id)).toEqual(bodies.map((b) => b.request_id));
    expect(views.filter((v) => v.status === 'REFUSED').length).toBe(1);
    const claims = await t.db.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.companyId, m.id),
          inArray(
            idempotencyKeys.requestId,
            bodies.map((b) => b.request_id),
          ),
        ),
      );
    expect(claims.length).toBe(10);
    expect(claims.every((c) => c.phase === 'DONE' && c.lockedUntil === null)).toBe(true);
    expect(new Set(claims.map((c) => c.resourceId))).toEqual(new Set(views.map((v) => v.id)));
    // The same bodies again: replays of what was recorded, nothing new.
    const again = await Promise.all(bodies.map((body) => createTx(t, org.apiKey, body, m.id)));
    for (const [i, res] of again.entries()) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(res.json().id).toBe(views[i].id);
    }
    const rows = await t.db.db
      .select()
      .from(transactions)
      .where(
        inArray(
          transactions.requestId,
          bodies.map((b) => b.request_id),
        ),
      );
    expect(rows.length).toBe(10);
    expect((await eventsOf(t, m.id, 'transaction.created')).length).toBe(11);
    await expectLedgerInvariants(t.db.db);
  });
});
