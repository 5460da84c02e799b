import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ledgerAccounts, ledgerTransactions, receivables, settlements } from '../../src/db/schema/index.js';
import type { Database, Tx } from '../../src/db/client.js';
import { runSettlement } from '../../src/modules/receivables/settlements.service.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { merchantWithAccount, seedTransaction } from '../helpers/seed-transactions.js';

/**
 * Issue 14: "a job that crashes half-way resumes without posting twice". The settlement run is one transaction
 * (one set-based statement for the receivables and the settlement row, then the ledger post): a failure after
 * the statement leaves nothing, the retry settles once, and a run repeated after it committed does nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

async function dueReceivables() {
  const m = await merchantWithAccount(t);
  const advance = async (to: string) => {
    const res = await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/organizations/${m.organizationId}/clock/advance`,
      key: t.platformKey,
      payload: { to },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await advance('2027-08-02T15:00:00Z'); // Monday; +30 = Wednesday September 1
  for (const amount of [1_000, 2_000, 3_000]) await seedTransaction(t, m, { status: 'APPROVED', amount });
  await advance('2027-09-01T02:59:59Z'); // just before the date's job
  return { m, payload: { bankAccountId: m.bankAccountId, paymentDate: '2027-09-01', runKey: 'date' } };
}

const settlementsOf = (accountId: string) =>
  t.db.db.select().from(settlements).where(eq(settlements.bankAccountId, accountId));
const statusesOf = async (accountId: string) =>
  (
    await t.db.db
      .select({ status: receivables.status })
      .from(receivables)
      .where(eq(receivables.bankAccountId, accountId))
  )
    .map((r) => r.status)
    .sort();

describe('settlement runs exactly once (issue 14)', () => {
  it('a run failing after the receivables were marked leaves nothing; the retry settles once; a repeat does nothing', async () => {
    const { m, payload } = await dueReceivables();
    const deps = { db: t.db.db, clock: t.deps.clock };
    // The run crashes at its ledger post, after the set-based statement ran in the same transaction (a handle
    // whose insert into ledger_transactions throws: nothing shared is touched, other files may run meanwhile).
    const crashing = {
      transaction: (fn: (tx: Tx) => Promise<unknown>) =>
        t.db.db.transaction((tx) =>
          fn(
            new Proxy(tx, {
              get(target, prop) {
                if (prop === 'insert') {
                  return (table: unknown) => {
                    if (table === ledgerTransactions) throw new Error('crash before the ledger post');
                    return target.insert(table as typeof ledgerTransactions);
                  };
                }
                const v = Reflect.get(target, prop, target) as unknown;
                return typeof v === 'function' ? v.bind(target) : v;
              },
            }),
          ),
        ),
    } as unknown as Database;
    await expect(runSettlement({ ...deps, db: crashing }, payload, 'crash')).rejects.toThrow(
      'crash before the ledger post',
    );
    expect(await settlementsOf(m.bankAccountId)).toEqual([]);
    expect(await statusesOf(m.bankAccountId)).toEqual(['PENDING', 'PENDING', 'PENDING']);

    const settled = await runSettlement(deps, payload, 'retry');
    expect(settled).toMatchObject({ receivableCount: 3, grossAmount: 6_000, netAmount: 6_000 });
    expect(await runSettlement(deps, payload, 'repeat')).toBeNull();
    expect(await settlementsOf(m.bankAccountId)).toHaveLength(1);
    expect(await statusesOf(m.bankAccountId)).toEqual(['PAID', 'PAID', 'PAID']);
    const posts = await t.db.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.code, 'RECEIVABLE_SETTLED'), eq(ledgerTransactions.sourceId, settled!.id)));
    expect(posts).toHaveLength(1);
    const [after] = await t.db.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, m.bankAccountId));
    expect([after!.pending, after!.available]).toEqual([0, 6_000]);
  });

  it('four runs at once: one settlement, one post', async () => {
    const { m, payload } = await dueReceivables();
    const deps = { db: t.db.db, clock: t.deps.clock };
    const runs = await Promise.all([1, 2, 3, 4].map((i) => runSettlement(deps, payload, `run-${i}`)));
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await settlementsOf(m.bankAccountId)).toHaveLength(1);
    const [after] = await t.db.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, m.bankAccountId));
    expect([after!.pending, after!.available]).toEqual([0, 6_000]);
  });
});
