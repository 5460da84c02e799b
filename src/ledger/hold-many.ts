import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { hold, type PostResult } from './ledger.js';
import { InsufficientBalanceError, type AccountOwner, type LedgerCode, type LedgerSource } from './rules.js';

export interface HoldManyInput {
  code: LedgerCode;
  account: { id: string; owner?: AccountOwner };
  /** In arrival order: balance goes to the earlier ones first, as if they had come one by one. */
  holds: { source: LedgerSource; amount: number }[];
  now: Date;
}

export type HoldOutcome = { ok: true; result: PostResult } | { ok: false; error: InsufficientBalanceError };

type HoldRow = {
  ord: number;
  source_type: string;
  source_id: string;
  amount: number;
  tx_id: string;
  debit_id: string;
  credit_id: string;
};

/**
 * Several holds on ONE account (a busy origin's batch of creates) as ONE statement: the balance row is
 * updated once (available - total, held + total, last_sequence + 2n, only if available >= total and none of
 * the keys was posted), then every transaction, both entries of each (sequences and resulting balances as if
 * the holds had come one after another, in order) and every pending hold. Same postings, sequences and
 * balances as n calls of `hold`, at the cost of one.
 *
 * When the total does not fit (or a key was already posted, or the balance row is missing), nothing was
 * written and each hold is taken alone with `hold`, in order: a hold too big for what is left is refused
 * (InsufficientBalanceError, nothing written for it) and later, smaller ones may still fit.
 */
export async function holdMany(tx: Executor, input: HoldManyInput): Promise<HoldOutcome[]> {
  if (input.holds.length === 0) return [];
  const rows: HoldRow[] = input.holds.map((h, i) => {
    if (!Number.isSafeInteger(h.amount) || h.amount <= 0)
      throw new Error(`hold amount must be whole positive cents, got ${h.amount}`);
    return {
      ord: i + 1,
      source_type: h.source.type,
      source_id: h.source.id,
      amount: h.amount,
      tx_id: randomUUID(),
      debit_id: randomUUID(),
      credit_id: randomUUID(),
    };
  });
  const result = await tx.execute(holdManyStatement(input.code, input.account.id, rows, input.now));
  if (Number(rowsOf(result)[0]?.n ?? 0) === 1)
    return rows.map((r) => ({ ok: true, result: { transactionId: r.tx_id, replayed: false } }));
  const outcomes: HoldOutcome[] = [];
  for (const h of input.holds) {
    try {
      outcomes.push({
        ok: true,
        result: await hold(tx, {
          code: input.code,
          source: h.source,
          account: input.account,
          amount: h.amount,
          now: input.now,
        }),
      });
    } catch (error) {
      if (!(error instanceof InsufficientBalanceError)) throw error;
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}

/** The one statement of holdMany (exported so the bench's bare node+pg baseline runs exactly the same SQL). */
export function holdManyStatement(code: LedgerCode, accountId: string, rows: HoldRow[], now: Date) {
  const total = rows.reduce((sum, r) => sum + r.amount, 0);
  const n = rows.length;
  const at = now.toISOString();
  return sql`
    with i as (
      select r.*, sum(r.amount) over (order by r.ord) as upto, ${code}::text || ':' || r.source_type || ':' || r.source_id as idem_key
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(ord int, source_type text, source_id text, amount bigint, tx_id uuid, debit_id uuid, credit_id uuid)
    ), a as (
      update ledger_accounts set available = available - ${total}::bigint, held = held + ${total}::bigint,
        last_sequence = last_sequence + ${2 * n}::bigint, updated_at = ${at}::timestamptz
      where id = ${accountId}::uuid and available >= ${total}::bigint
        and not exists (select 1 from ledger_transactions t join i on t.idem_key = i.idem_key)
      returning provider, company_id, available, held, last_sequence
    ), t as (
      insert into ledger_transactions (id, idem_key, code, source_type, source_id, created_at)
      select i.tx_id, i.idem_key, ${code}::text, i.source_type, i.source_id, ${at}::timestamptz from i, a
      returning id
    ), p as (
      insert into ledger_postings (id, transaction_id, account_type, account_id, provider, company_id, balance_type, direction,
        amount, delta, sequence, resulting_balance, code, source_type, source_id, created_at)
      select i.debit_id, i.tx_id, 'BANK_ACCOUNT', ${accountId}::text, a.provider, a.company_id, 'AVAILABLE', 'DEBIT',
        i.amount, -i.amount, a.last_sequence - ${2 * n}::bigint + 2 * i.ord - 1, a.available + ${total}::bigint - i.upto,
        ${code}::text, i.source_type, i.source_id, ${at}::timestamptz from i, a
      union all
      select i.credit_id, i.tx_id, 'BANK_ACCOUNT', ${accountId}::text, a.provider, a.company_id, 'HELD', 'CREDIT',
        i.amount, i.amount, a.last_sequence - ${2 * n}::bigint + 2 * i.ord, a.held - ${total}::bigint + i.upto,
        ${code}::text, i.source_type, i.source_id, ${at}::timestamptz from i, a
    ), h as (
      insert into ledger_holds (id, account_id, amount, status, hold_transaction_id, created_at, updated_at)
      select i.source_type || ':' || i.source_id, ${accountId}::uuid, i.amount, 'PENDING', i.tx_id, ${at}::timestamptz, ${at}::timestamptz from i, a
    )
    select count(*)::int as n from a`;
}
