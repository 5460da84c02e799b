import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { receivables, transactions, type NewReceivableRow, type TransactionRow } from '../../../db/schema/index.js';
import { bulkInsertStatement } from '../../../db/bulk-insert.js';
import { jobsInsert, type NewJob } from '../../../jobs/queue.js';
import { post, type NewLedgerTransaction, type PostResult } from '../../../ledger/ledger.js';
import { postPendingCreditsSequenced } from '../../../ledger/post-pending-credits.js';
import type { Posting } from '../../../ledger/rules.js';
import { approvalReceivables, createApprovalReceivables } from '../../receivables/receivables.create.js';
import { organizationAccountAt } from '../../receivables/receivables.repo.js';
import { must } from '../../../kernel/must.js';

/**
 * money.md M3: an approved transaction of A with fee F posts clearing +A (DEBIT), the merchant's bank account
 * `pending` +(A-F) (CREDIT) and the organization's revenue +F (CREDIT). Revenue has no balance row (summed from
 * entries, docs/decisions/ledger.md), so concurrent approvals of one organization's merchants never wait on a
 * shared row; the only row locked is the merchant's own account.
 */
export function approvalPostings(input: {
  provider: string;
  organizationId: string;
  bankAccount: { id: string; companyId: string; organizationId: string };
  amount: number;
  fee: number;
}): Posting[] {
  const { provider, amount } = input;
  const fee = Math.min(Math.max(0, input.fee), amount);
  const postings: Posting[] = [{ account: { type: 'CLEARING', provider }, direction: 'DEBIT', amount }];
  if (amount - fee > 0) {
    postings.push({
      account: {
        type: 'BANK_ACCOUNT',
        id: input.bankAccount.id,
        balance: 'PENDING',
        owner: { provider, companyId: input.bankAccount.companyId, organizationId: input.bankAccount.organizationId },
      },
      direction: 'CREDIT',
      amount: amount - fee,
    });
  }
  if (fee > 0)
    postings.push({
      account: { type: 'REVENUE', organizationId: input.organizationId, provider },
      direction: 'CREDIT',
      amount: fee,
    });
  return postings;
}

export class MissingBankAccountError extends Error {}

/** One approval to post: `amount` defaults to the captured amount (else the whole amount), `fee` to the stored fee. */
export interface ApprovalItem {
  row: TransactionRow;
  amount?: number;
  fee?: number;
}

/** The ledger transaction of an approval, with the amount and fee it posts. */
export function approvalOf(
  item: ApprovalItem,
  now: Date,
): { ledger: NewLedgerTransaction; amount: number; fee: number } {
  const { row } = item;
  if (!row.bankAccountId) throw new MissingBankAccountError(`transaction ${row.id} has no bank account to credit`);
  const amount = item.amount ?? (row.capturedAmount > 0 ? row.capturedAmount : row.amount);
  const fee = item.fee ?? row.fee?.amount ?? 0;
  const postings = approvalPostings({
    provider: row.provider,
    organizationId: row.organizationId,
    bankAccount: { id: row.bankAccountId, companyId: row.companyId, organizationId: row.organizationId },
    amount,
    fee,
  });
  return {
    ledger: { code: 'TRANSACTION_APPROVED', source: { type: 'TRANSACTION', id: row.id }, postings, now },
    amount,
    fee,
  };
}

export type ApprovalResult = Pick<PostResult, 'replayed'> & { sequence: number | null };

/**
 * Posts approvals exactly once each (source `{ type: 'TRANSACTION', id }`, code TRANSACTION_APPROVED: a retry
 * or a concurrent second call replays the first post), set-based: ONE ledger statement for all of them
 * (postPendingCreditsSequenced: several merchants' accounts, the same account possibly several times), their
 * receivables and settlement jobs in ONE statement (receivablesAndJobsStatement; with `sink`, the caller's, with
 * its own jobs). An approval the statement did not write
 * (a replay, a balance row not opened yet, an approval that credits the merchant nothing) is posted by `post`,
 * which answers it as it always did; its receivables only when it was not a replay (money.md M2: they exist
 * exactly when the approval's posting does). A batch of one is the single approval (a sync, a capture, a PIX
 * payment); a batch of creates' outcomes is the same code. Runs in the caller's transaction (the move to
 * APPROVED). `sequence`: the merchant account's last ledger sequence after it, when the posts made it known
 * (money.md M9). A partial capture passes `amount` and `fee` (the fee evaluated again on the captured amount,
 * money.md M2), and the transaction's `fee` then follows (issue 24), in the same change as its postings.
 */
export async function postApprovals(
  tx: Executor,
  items: ApprovalItem[],
  now: Date,
  /**
   * Where to add the settlement jobs and the receivables when the caller inserts jobs of its own, with the
   * receivables in the same statement (receivablesAndJobsStatement); else both are inserted here.
   */
  sink?: { jobs: NewJob[]; receivables: NewReceivableRow[] },
): Promise<ApprovalResult[]> {
  if (items.length === 0) return [];
  const approvals = items.map((item) => approvalOf(item, now));
  const sequenced = await postPendingCreditsSequenced(
    tx,
    approvals.map((a) => a.ledger),
  );
  const results: ApprovalResult[] = [];
  const cards: { row: TransactionRow; amount: number; fee: number }[] = [];
  for (const [k, item] of items.entries()) {
    const { ledger, amount, fee } = must(approvals[k], 'one approval per item');
    const batched = sequenced[k];
    let result: ApprovalResult;
    if (batched !== null && batched !== undefined) result = { replayed: false, sequence: batched };
    else {
      const posted = await post(tx, ledger);
      const bankAccountId = must(item.row.bankAccountId, 'checked by approvalOf');
      result = { replayed: posted.replayed, sequence: posted.lastSequences?.[bankAccountId] ?? null };
    }
    results.push(result);
    if (result.replayed) continue;
    if (item.row.paymentMethod === 'PIX') {
      // A PIX approval settles at once (its receivables PAID, the net moved to available): its own posts.
      const settled = await createApprovalReceivables(tx, item.row, { amount, fee, now });
      result.sequence = settled ?? result.sequence;
    } else cards.push({ row: item.row, amount, fee });
    if (item.row.fee && item.row.fee.amount !== fee) {
      await tx
        .update(transactions)
        .set({ fee: { ...item.row.fee, amount: fee } })
        .where(eq(transactions.id, item.row.id));
    }
  }
  const orgAccounts = new Map<string, string | null>();
  const receivableRows: NewReceivableRow[] = sink?.receivables ?? [];
  const jobs: NewJob[] = sink?.jobs ?? [];
  for (const { row, amount, fee } of cards) {
    let orgAccount: string | null = null;
    if (Math.min(Math.max(0, fee), amount) > 0) {
      const key = `${row.organizationId}|${row.provider}`;
      if (!orgAccounts.has(key))
        orgAccounts.set(key, await organizationAccountAt(tx, row.organizationId, row.provider));
      orgAccount = orgAccounts.get(key) ?? null;
    }
    const planned = approvalReceivables(row, { amount, fee, now }, orgAccount);
    receivableRows.push(...planned.rows);
    jobs.push(...planned.jobs);
  }
  if (!sink) {
    const statement = receivablesAndJobsStatement(receivableRows, jobs, now);
    if (statement) await tx.execute(statement);
  }
  return results;
}

/**
 * Receivables and jobs of one change in ONE statement (the receivables' insert a CTE of the jobs' insert: two
 * tables, no row of one read by the other), or either alone, or null when there is neither: a batch of creates'
 * outcomes makes one round trip fewer (each one waits for the request thread's turn under load: docs/decisions/
 * benchmarks.md, "Where a create's latency goes"). Exported so the bench's baseline runs exactly it.
 */
export function receivablesAndJobsStatement(rows: NewReceivableRow[], jobs: NewJob[], now: Date): SQL | null {
  const written = rows.length > 0 ? bulkInsertStatement(receivables, rows) : null;
  const scheduled = jobs.length > 0 ? jobsInsert(jobs.map((job) => ({ job, now }))) : null;
  if (written && scheduled) return sql`with receivables_written as (${written}) ${scheduled}`;
  return written ?? scheduled;
}

/** postApprovals for one approval (the same code: a batch of one). */
export async function postApproval(
  tx: Executor,
  row: TransactionRow,
  now: Date,
  options: { amount?: number; fee?: number } = {},
): Promise<ApprovalResult> {
  return must((await postApprovals(tx, [{ row, ...options }], now))[0], 'one result per approval');
}
