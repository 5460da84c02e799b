import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { assertBalanced, deltaOf, type Posting } from './rules.js';
import { transactionKey, type NewLedgerTransaction } from './ledger.js';
import { entryOf } from './post-pending-credit.js';
import { must } from '../kernel/must.js';

/**
 * postPendingCredit (post-pending-credit.ts) for MANY ledger transactions of the same shape (a batch of card
 * approvals: clearing debit, one merchant's PENDING credit, the organization's revenue) as ONE statement, on
 * any number of merchants' accounts, the same account possibly several times:
 * - every transaction is claimed by its key (a key already posted is not written: `on conflict do nothing`),
 *   only if its account row exists;
 * - each account row touched is locked in id order (an ordered `for update`, so two batches touching the
 *   same accounts wait in the same order) and updated once: pending + the sum of its credits,
 *   last_sequence + their number;
 * - every entry appended, a bank entry with the sequence and resulting balance it would have had posted
 *   one by one in the batch's order, clearing and revenue entries appended (no balance row).
 * Answers, per input, whether it was written; an input not written (a replay, a missing row, another shape)
 * is the caller's to post alone with `postPendingCredit`, which answers it as it always did.
 */
export async function postPendingCredits(tx: Executor, inputs: NewLedgerTransaction[]): Promise<boolean[]> {
  return (await postPendingCreditsSequenced(tx, inputs)).map((sequence) => sequence !== null);
}

/**
 * postPendingCredits answering, per input, the bank account's sequence after its credit (null: not written):
 * money.md M9's `sequence` for the events of that approval.
 */
export async function postPendingCreditsSequenced(
  tx: Executor,
  inputs: NewLedgerTransaction[],
): Promise<(number | null)[]> {
  const items = inputs.map((input) => {
    const banks = input.postings.filter((p) => p.account.type === 'BANK_ACCOUNT');
    const bank = banks[0];
    if (
      !bank ||
      banks.length !== 1 ||
      bank.account.type !== 'BANK_ACCOUNT' ||
      bank.account.balance !== 'PENDING' ||
      bank.direction !== 'CREDIT'
    )
      return null;
    assertBalanced(input.postings);
    return { input, bank, id: randomUUID() };
  });
  const eligible = items.filter((i): i is NonNullable<typeof i> => i !== null);
  if (eligible.length === 0) return inputs.map(() => null);
  const result = await tx.execute(pendingCreditsStatement(eligible));
  const sequences = new Map<string, number>();
  for (const r of rowsOf(result))
    if (r.sequence !== null && r.sequence !== undefined) sequences.set(String(r.transaction_id), Number(r.sequence));
  return items.map((i) => (i === null ? null : (sequences.get(i.id) ?? null)));
}

/**
 * The statement of postPendingCredits, under the given ledger transaction ids (exported so the bench's bare
 * node+pg baseline runs exactly it). All inputs share the instant of the first (a batch has one `now`).
 */
export function pendingCreditsStatement(items: { input: NewLedgerTransaction; bank: Posting; id: string }[]): SQL {
  const now = must(items[0], 'a batch holds at least one credit').input.now.toISOString();
  const credits = items.map(({ input, bank, id }, ord) => {
    if (bank.account.type !== 'BANK_ACCOUNT') throw new Error('the pending credit is a bank-account posting');
    return {
      ord,
      tx_id: id,
      entry_id: randomUUID(),
      idem_key: input.key ?? transactionKey(input.code, input.source),
      code: input.code,
      source_type: input.source.type,
      source_id: input.source.id,
      account_id: bank.account.id,
      amount: bank.amount,
      delta: deltaOf(bank),
    };
  });
  const others = items.flatMap(({ input, bank, id }) =>
    input.postings
      .filter((p) => p !== bank)
      .map((p) => ({
        ...entryOf(p, id),
        code: input.code,
        source_type: input.source.type,
        source_id: input.source.id,
      })),
  );
  return sql`
    with i as (
      select * from jsonb_to_recordset(${JSON.stringify(credits)}::jsonb)
        as r(ord int, tx_id uuid, entry_id uuid, idem_key text, code text, source_type text, source_id text, account_id uuid, amount bigint, delta bigint)
    ), ledger_tx as (
      insert into ledger_transactions (id, idem_key, code, source_type, source_id, created_at)
      select i.tx_id, i.idem_key, i.code, i.source_type, i.source_id, ${now}::timestamptz from i
      where exists (select 1 from ledger_accounts a where a.id = i.account_id)
      order by i.ord
      on conflict do nothing
      returning id
    ), w as (
      select i.*,
        row_number() over (partition by i.account_id order by i.ord) as k,
        count(*) over (partition by i.account_id) as n,
        sum(i.delta) over (partition by i.account_id order by i.ord) as upto,
        sum(i.delta) over (partition by i.account_id) as total
      from i join ledger_tx t on t.id = i.tx_id
    ), s as (
      select account_id, max(total) as total, max(n) as n from w group by account_id
    ), account as (
      update ledger_accounts a set pending = a.pending + s.total, last_sequence = a.last_sequence + s.n, updated_at = ${now}::timestamptz
      from s, (select l.id from ledger_accounts l where l.id in (select account_id from s) order by l.id for update) locked
      where a.id = s.account_id and locked.id = s.account_id
      returning a.id, a.provider, a.company_id, a.pending, a.last_sequence
    )
    insert into ledger_postings (id, transaction_id, account_type, account_id, provider, company_id, balance_type, direction, amount, delta, sequence, resulting_balance, code, source_type, source_id, created_at)
    select w.entry_id, w.tx_id, 'BANK_ACCOUNT', a.id::text, a.provider, a.company_id, 'PENDING', 'CREDIT', w.amount, w.delta,
      a.last_sequence - w.n + w.k, a.pending - w.total + w.upto, w.code, w.source_type, w.source_id, ${now}::timestamptz
    from w join account a on a.id = w.account_id
    union all
    select e.id, e.transaction_id, e.account_type, e.account_id, e.provider, e.company_id, e.balance_type, e.direction, e.amount, e.delta, null, null, e.code, e.source_type, e.source_id, ${now}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(others)}::jsonb) as e(id uuid, transaction_id uuid, account_type text, account_id text, provider text, company_id uuid, balance_type text, direction text, amount bigint, delta bigint, code text, source_type text, source_id text)
    join w on w.tx_id = e.transaction_id
    returning transaction_id, sequence`;
}
