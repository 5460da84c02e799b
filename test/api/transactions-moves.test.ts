import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventsOf } from '../helpers/onboarding.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';
import { ledgerPostings, ledgerTransactions, transactions } from '../../src/db/schema/index.js';
import { parseEventPayload } from '../../src/modules/event-payloads.js';
import { systemBalance } from '../../src/ledger/ledger.js';
import { moveTransaction } from '../../src/modules/payments/shared/transactions.moves.js';
import { postApproval } from '../../src/modules/payments/shared/transactions.ledger.js';
import { DomainError } from '../../src/kernel/errors.js';

/** moveTransaction and postApproval, the two functions capture, settle controls and PIX payments build on. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rowOf = async (id: string) => (await t.db.db.select().from(transactions).where(eq(transactions.id, id)))[0];

describe('moves and the approval posting', () => {
  it('moves an authorization to APPROVED once: one event, one posting with the fee to revenue; illegal and stale moves are 409', async () => {
    const { org, merchant } = await payingMerchant(t);
    const auth = (
      await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { capture: false, amount: 8_000 }))
    ).json();
    // A fee as the fee policy work will store it at creation.
    await t.db.db
      .update(transactions)
      .set({ fee: { fee_policy_id: '9c1d3f5e-0000-4000-8000-000000000001', rule_id: null, amount: 300 } })
      .where(eq(transactions.id, auth.id));
    const row = await rowOf(auth.id);
    const now = t.deps.clock.now(org.id);
    const moved = await t.db.db.transaction((tx) =>
      moveTransaction(tx, row, 'APPROVED', { kind: 'move' }, now, { capturedAmount: 5_000 }),
    );
    expect(moved).toMatchObject({ status: 'APPROVED', capturedAmount: 5_000 });
    expect(moved.capturedAt).toEqual(now);

    const stale = await t.db.db
      .transaction((tx) => moveTransaction(tx, row, 'CANCELED', { kind: 'move', reason: 'REQUESTED' }, now))
      .catch((e) => e);
    expect(stale).toBeInstanceOf(DomainError);
    expect(stale.details).toEqual({ field: 'status', value: 'APPROVED' });
    const illegal = await t.db.db
      .transaction((tx) => moveTransaction(tx, moved, 'AUTHORIZED', { kind: 'move' }, now))
      .catch((e) => e);
    expect(illegal.details).toEqual({ field: 'status', value: 'APPROVED' });

    const again = await t.db.db.transaction((tx) => postApproval(tx, moved, now));
    expect(again.replayed).toBe(true);
    const posted = await t.db.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.sourceId, auth.id));
    expect(posted).toHaveLength(1);
    const postings = await t.db.db.select().from(ledgerPostings).where(eq(ledgerPostings.transactionId, posted[0].id));
    expect(postings.map((p) => [p.accountType, p.balanceType, p.direction, p.amount]).sort()).toEqual(
      [
        ['BANK_ACCOUNT', 'PENDING', 'CREDIT', 4_700],
        ['CLEARING', 'CLEARING', 'DEBIT', 5_000],
        ['REVENUE', 'REVENUE', 'CREDIT', 300],
      ].sort(),
    );
    expect(await systemBalance(t.db.db, { type: 'REVENUE', organizationId: org.id, provider: 'PROVIDER_A' })).toBe(300);

    const changes = await eventsOf(t, merchant.id, 'transaction.status-changed');
    // M9: the merchant account and its last sequence after the change (the approval's entry), from the post itself
    const entry = postings.find((p) => p.accountType === 'BANK_ACCOUNT')!;
    expect(changes.map((e) => e.payload)).toEqual([
      {
        transaction_id: auth.id,
        old_status: 'AUTHORIZED',
        new_status: 'APPROVED',
        refund_id: null,
        reason: null,
        bank_account_id: entry.accountId,
        sequence: entry.sequence,
      },
    ]);
    for (const e of await eventsOf(t, merchant.id))
      if (e.type.startsWith('transaction.')) expect(parseEventPayload(e.type, e.payload).success).toBe(true);
    await expectLedgerInvariants(t.db.db);
  });

  it('a refund stage returning to APPROVED books nothing', async () => {
    const { org, merchant } = await payingMerchant(t);
    const tx = (await createTx(t, merchant.apiKey, await cardPayment(t))).json();
    const now = t.deps.clock.now(org.id);
    const row = await rowOf(tx.id);
    const r1 = await t.db.db.transaction((db) =>
      moveTransaction(
        db,
        row,
        'PENDING_REFUND',
        { kind: 'refund-created', refundId: 'f0000000-0000-4000-8000-000000000001' },
        now,
      ),
    );
    await t.db.db.transaction((db) =>
      moveTransaction(
        db,
        r1,
        'APPROVED',
        { kind: 'refund-settled', refundId: 'f0000000-0000-4000-8000-000000000001' },
        now,
      ),
    );
    const posted = await t.db.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.sourceId, tx.id));
    expect(posted).toHaveLength(1);
    expect((await rowOf(tx.id)).capturedAmount).toBe(10_000);
    await expectLedgerInvariants(t.db.db);
  });
});
