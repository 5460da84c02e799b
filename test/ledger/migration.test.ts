import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openDatabase, type DbHandle } from '../../src/db/client.js';
import { listMigrations, migrate } from '../../src/db/migrate.js';
import { balancesOf, postHold } from '../../src/ledger/ledger.js';
import { creditAvailable } from '../../src/ledger/rules.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';

/** 0510_ledger.sql carries v1 books (ledger_entries + cached balances) over to ledger v2, history included. */
let h: DbHandle;
beforeAll(async () => {
  h = await openDatabase({});
}, 120_000);
afterAll(async () => h?.close());

describe('migration of v1 books', () => {
  it('turns every v1 journal into a balanced v2 transaction with sequences, running balances and holds', async () => {
    const all = listMigrations();
    await migrate(
      h,
      all.filter((m) => m.name < '0510'),
    );
    const org = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    const [t1, t2, t3] = [randomUUID(), randomUUID(), randomUUID()];
    const q = (text: string, params: unknown[] = []) => h.withRawClient((c) => c.query(text, params));
    await q(
      `insert into companies (id, organization_id, kind, name, full_name, document_number, document_type, document_tax_type, contact, address)
             values ($1, null, 'ORGANIZATION', 'Org', 'Org', '11144477735', 'CPF', 'PF', '{}', '{}')`,
      [org],
    );
    const acct = (id: string, n: string, available: number, held: number) =>
      q(
        `insert into bank_accounts (id, company_id, organization_id, provider, branch, account_number, status, available, held, created_at, updated_at)
         values ($1, $2, $2, 'PROVIDER_A', '0001', $3, 'ACTIVE', $4, $5, now(), now())`,
        [id, org, n, available, held],
      );
    await acct(a, '1', 600, 200);
    await acct(b, '2', 300, 0);
    const transfer = (id: string, amount: number, status: string) =>
      q(
        `insert into internal_transfers (id, request_id, company_id, organization_id, destination_company_id, origin_bank_account_id, destination_bank_account_id, provider, amount, status, created_at, updated_at)
         values ($1::uuid, $1::text, $2, $2, $2, $3, $4, 'PROVIDER_A', $5, $6, now(), now())`,
        [id, org, a, b, amount, status],
      );
    await transfer(t1, 300, 'COMPLETED');
    await transfer(t2, 200, 'PENDING');
    await transfer(t3, 100, 'FAILED');
    let clock = 0;
    const journal = async (kind: string, transferId: string | null, entries: [string | null, string, number][]) => {
      const j = randomUUID();
      clock += 1000;
      for (const [account, bucket, amount] of entries) {
        await q(
          `insert into ledger_entries (id, journal_id, kind, bank_account_id, bucket, amount, internal_transfer_id, created_at)
                 values ($1, $2, $3, $4, $5, $6, $7, timestamptz '2026-01-01' + ($8 || ' milliseconds')::interval)`,
          [randomUUID(), j, kind, account, bucket, amount, transferId, String(clock)],
        );
      }
    };
    await journal('DEPOSIT', null, [
      [a, 'AVAILABLE', 1_100],
      [null, 'EXTERNAL', -1_100],
    ]);
    await journal('HOLD', t1, [
      [a, 'AVAILABLE', -300],
      [a, 'HELD', 300],
    ]);
    await journal('SETTLE', t1, [
      [a, 'HELD', -300],
      [b, 'AVAILABLE', 300],
    ]);
    await journal('HOLD', t2, [
      [a, 'AVAILABLE', -200],
      [a, 'HELD', 200],
    ]);
    await journal('HOLD', t3, [
      [a, 'AVAILABLE', -100],
      [a, 'HELD', 100],
    ]);
    await journal('RELEASE', t3, [
      [a, 'HELD', -100],
      [a, 'AVAILABLE', 100],
    ]);

    await migrate(h);
    await expectLedgerInvariants(h.db);
    const bal = await balancesOf(h.db, [a, b]);
    expect(bal.get(a)).toEqual({ pending: 0, available: 600, held: 200, debt: 0 });
    expect(bal.get(b)).toEqual({ pending: 0, available: 300, held: 0, debt: 0 });
    const codes = (
      await q(`select code from ledger_transactions where source_id = $1 order by created_at`, [t1])
    ).rows.map((r) => r.code);
    expect(codes).toEqual(['INTERNAL_TRANSFER_HOLD', 'INTERNAL_TRANSFER_COMPLETED']);
    const seq = (
      await q(
        `select sequence, resulting_balance, balance_type from ledger_postings where account_id = $1 order by sequence`,
        [a],
      )
    ).rows;
    expect(seq.map((r) => Number(r.sequence))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    // The open v1 hold is a v2 pending hold: completing the transfer posts it.
    const source = { type: 'INTERNAL_TRANSFER' as const, id: t2 };
    await h.db.transaction((tx) =>
      postHold(tx, {
        holdSource: source,
        code: 'INTERNAL_TRANSFER_COMPLETED',
        source,
        credits: [creditAvailable({ id: b }, 200)],
        now: new Date('2026-02-01'),
      }),
    );
    await expectLedgerInvariants(h.db);
    expect((await balancesOf(h.db, [a, b])).get(b)!.available).toBe(500);
  });
});
