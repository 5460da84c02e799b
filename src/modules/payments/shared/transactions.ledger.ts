import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { transactions, type TransactionRow } from '../../../db/schema/index.js';
import type { PostResult } from '../../../ledger/ledger.js';
import { postPendingCredit } from '../../../ledger/post-pending-credit.js';
import type { Posting } from '../../../ledger/rules.js';
import { createApprovalReceivables } from '../../receivables/receivables.create.js';

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

/**
 * Posts the approval of `row` exactly once (source `{ type: 'TRANSACTION', id }`, code TRANSACTION_APPROVED:
 * a retry or a concurrent second call replays the first post). `amount` defaults to the captured amount (the
 * whole amount when nothing is recorded as captured yet), `fee` to the fee stored at creation; a partial
 * capture passes both (the fee evaluated again on the captured amount, money.md M2). Runs in the caller's
 * transaction (the move to APPROVED), with the approval's receivables. `sequence`: the merchant account's last
 * ledger sequence after it, when the posts made it known (money.md M9).
 */
export async function postApproval(
  tx: Executor,
  row: TransactionRow,
  now: Date,
  options: { amount?: number; fee?: number } = {},
): Promise<PostResult & { sequence: number | null }> {
  if (!row.bankAccountId) throw new MissingBankAccountError(`transaction ${row.id} has no bank account to credit`);
  const amount = options.amount ?? (row.capturedAmount > 0 ? row.capturedAmount : row.amount);
  const fee = options.fee ?? row.fee?.amount ?? 0;
  // One statement (postPendingCredit): the merchant's pending credit needs no balance read first.
  const posted = await postPendingCredit(tx, {
    code: 'TRANSACTION_APPROVED',
    source: { type: 'TRANSACTION', id: row.id },
    postings: approvalPostings({
      provider: row.provider,
      organizationId: row.organizationId,
      bankAccount: { id: row.bankAccountId, companyId: row.companyId, organizationId: row.organizationId },
      amount,
      fee,
    }),
    now,
  });
  // money.md M2: the receivables exist exactly when the approval's posting does (a replay creates none).
  const settled = posted.replayed ? null : await createApprovalReceivables(tx, row, { amount, fee, now });
  // The transaction's `fee` is what the approval charged: a partial capture's fee, evaluated again on the captured
  // amount, replaces the one evaluated on the authorized amount (issue 24), in the same change as its postings.
  if (!posted.replayed && row.fee && row.fee.amount !== fee) {
    await tx
      .update(transactions)
      .set({ fee: { ...row.fee, amount: fee } })
      .where(eq(transactions.id, row.id));
  }
  // M9: the merchant account's last sequence after the change, from the posts themselves (null: not known
  // without a query, i.e. a replay or an approval that credited the merchant nothing).
  return { ...posted, sequence: settled ?? posted.lastSequences?.[row.bankAccountId] ?? null };
}
