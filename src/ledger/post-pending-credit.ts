import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { assertBalanced, deltaOf, type Posting } from './rules.js';
import { post, transactionKey, type NewLedgerTransaction, type PostResult } from './ledger.js';

/**
 * `post` in ONE statement for the shape of a payment's approval: exactly one bank-account posting, a CREDIT to
 * its PENDING balance, the rest clearing / revenue entries (appended, no balance row). Such a credit repays no
 * debt (only AVAILABLE credits do, rules.ts applyRepayment) and can fail no balance check (pending only grows;
 * `available > 0 && debt > 0` is untouched), so nothing needs the balances read into the application first:
 * the ledger transaction is claimed by its key, the account row updated in place (its row lock, as
 * `select ... for update` takes, held to the caller's commit; the new sequence and balance come from the
 * updated row) and the entries appended, one round trip instead of four.
 *
 * The statement writes only when the key is new AND the account row exists; any other case (a replay, a row
 * not opened yet, another shape) falls back to `post`, which answers it as it always did.
 */
export async function postPendingCredit(tx: Executor, input: NewLedgerTransaction): Promise<PostResult> {
  const banks = input.postings.filter((p) => p.account.type === 'BANK_ACCOUNT');
  const bank = banks[0];
  if (
    !bank ||
    banks.length !== 1 ||
    bank.account.type !== 'BANK_ACCOUNT' ||
    bank.account.balance !== 'PENDING' ||
    bank.direction !== 'CREDIT'
  )
    return post(tx, input);
  assertBalanced(input.postings);
  const id = randomUUID();
  const result = await tx.execute(pendingCreditStatement(input, bank, id));
  const rows = rowsOf(result);
  if (rows.length === 0) return post(tx, input);
  // The bank-account entry's sequence is the account's last after this post (returned by the same statement).
  const entry = rows.find((r) => r.account_type === 'BANK_ACCOUNT');
  return {
    transactionId: id,
    replayed: false,
    ...(entry ? { lastSequences: { [bank.account.id]: Number(entry.sequence) } } : {}),
  };
}

/**
 * The statement of postPendingCredit for `bank`, the one PENDING credit of `input`, under ledger transaction
 * `id` (exported so the bench's bare node+pg baseline runs exactly it).
 */
export function pendingCreditStatement(input: NewLedgerTransaction, bank: Posting, id: string): SQL {
  if (bank.account.type !== 'BANK_ACCOUNT') throw new Error('the pending credit is a bank-account posting');
  const accountId = bank.account.id;
  const key = input.key ?? transactionKey(input.code, input.source);
  const now = input.now.toISOString();
  const others = input.postings.filter((p) => p !== bank).map((p) => entryOf(p, id));
  return sql`
    with ledger_tx as (
      insert into ledger_transactions (id, idem_key, code, source_type, source_id, created_at)
      select ${id}::uuid, ${key}, ${input.code}, ${input.source.type}, ${input.source.id}, ${now}::timestamptz
      where exists (select 1 from ledger_accounts where id = ${accountId}::uuid)
      on conflict do nothing
      returning id
    ), account as (
      update ledger_accounts set pending = pending + ${deltaOf(bank)}, last_sequence = last_sequence + 1, updated_at = ${now}::timestamptz
      where id = ${accountId}::uuid and exists (select 1 from ledger_tx)
      returning id, provider, company_id, pending, last_sequence
    )
    insert into ledger_postings (id, transaction_id, account_type, account_id, provider, company_id, balance_type, direction, amount, delta, sequence, resulting_balance, code, source_type, source_id, created_at)
    select ${randomUUID()}::uuid, ${id}::uuid, 'BANK_ACCOUNT', a.id::text, a.provider, a.company_id, 'PENDING', 'CREDIT', ${bank.amount}::bigint, ${deltaOf(bank)}::bigint, a.last_sequence, a.pending, ${input.code}, ${input.source.type}, ${input.source.id}, ${now}::timestamptz
    from account a
    union all
    select e.id, e.transaction_id, e.account_type, e.account_id, e.provider, e.company_id, e.balance_type, e.direction, e.amount, e.delta, null, null, ${input.code}, ${input.source.type}, ${input.source.id}, ${now}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(others)}::jsonb) as e(id uuid, transaction_id uuid, account_type text, account_id text, provider text, company_id uuid, balance_type text, direction text, amount bigint, delta bigint)
    where exists (select 1 from account)
    returning account_type, sequence`;
}

/** A clearing or revenue entry as `post` writes it (no sequence, no resulting balance). */
export function entryOf(p: Posting, transactionId: string) {
  if (p.account.type === 'BANK_ACCOUNT') throw new Error('a bank-account posting has a balance row');
  const accountId = p.account.type === 'CLEARING' ? p.account.provider : p.account.organizationId;
  return {
    id: randomUUID(),
    transaction_id: transactionId,
    account_type: p.account.type,
    account_id: accountId,
    provider: p.account.provider,
    company_id: p.account.type === 'REVENUE' ? p.account.organizationId : null,
    balance_type: p.account.type,
    direction: p.direction,
    amount: p.amount,
    delta: deltaOf(p),
  };
}
