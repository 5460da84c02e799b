import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { ledgerPostings } from '../../src/db/schema/index.js';
import { balancesOf, openAccounts, type NewLedgerTransaction } from '../../src/ledger/ledger.js';
import { postPendingCredit } from '../../src/ledger/post-pending-credit.js';
import { postPendingCredits } from '../../src/ledger/post-pending-credits.js';
import type { AccountOwner } from '../../src/ledger/rules.js';
import type { DbHandle } from '../../src/db/client.js';
import { openTestDatabase } from '../helpers/database.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';

// Tables, no app: the ledger is called directly (docs/decisions/testing.md).
let t: { db: DbHandle };
beforeAll(async () => {
  t = { db: await openTestDatabase() };
});
afterAll(async () => t?.db.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const provider = `PPC_TEST_${randomUUID().slice(0, 8)}`;
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

/** An approval's shape: clearing debit, the merchant's PENDING credit, the organization's revenue. */
const approval = (
  a: { id: string; owner: AccountOwner },
  amount: number,
  fee: number,
  id = randomUUID(),
): NewLedgerTransaction => ({
  code: 'TRANSACTION_APPROVED',
  source: { type: 'TRANSACTION', id },
  now: at(1000),
  postings: [
    { account: { type: 'CLEARING', provider }, direction: 'DEBIT', amount },
    {
      account: { type: 'BANK_ACCOUNT', id: a.id, balance: 'PENDING', owner: a.owner },
      direction: 'CREDIT',
      amount: amount - fee,
    },
    {
      account: { type: 'REVENUE', organizationId: a.owner.organizationId, provider },
      direction: 'CREDIT',
      amount: fee,
    },
  ],
});

describe('postPendingCredits (a batch of approvals in one statement)', () => {
  it('the same entries, sequences and resulting balances as one by one; replays and missing rows left to the caller', async () => {
    const org = randomUUID();
    const [a, b] = Array.from({ length: 2 }, () => ({
      id: randomUUID(),
      owner: { provider, companyId: randomUUID(), organizationId: org },
    }));
    await openAccounts(
      t.db.db,
      [a, b].map((x) => ({ id: x!.id, ...x!.owner })),
      at(0),
    );
    const first = approval(a!, 40, 4);
    await t.db.db.transaction((tx) => postPendingCredit(tx, first));
    const missing = {
      id: randomUUID(),
      owner: { provider, companyId: randomUUID(), organizationId: org } as AccountOwner,
    };
    const inputs = [
      approval(a!, 100, 10),
      approval(b!, 70, 7),
      approval(a!, 200, 20),
      first,
      approval(missing, 30, 3),
      approval(a!, 50, 5),
    ];
    const written = await t.db.db.transaction((tx) => postPendingCredits(tx, inputs));
    expect(written).toEqual([true, true, true, false, false, true]);
    const balances = await balancesOf(t.db.db, [a!.id, b!.id]);
    expect(balances.get(a!.id)!.pending).toBe(36 + 90 + 180 + 45);
    expect(balances.get(b!.id)!.pending).toBe(63);
    const entries = await t.db.db
      .select()
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.accountId, a!.id), eq(ledgerPostings.balanceType, 'PENDING')))
      .orderBy(asc(ledgerPostings.sequence));
    // In the batch's order, as if posted one after another.
    expect(entries.map((e) => [e.sequence, e.resultingBalance])).toEqual([
      [1, 36],
      [2, 126],
      [3, 306],
      [4, 351],
    ]);
  });
});
