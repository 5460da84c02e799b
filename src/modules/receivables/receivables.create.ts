import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import type { NewReceivableRow, TransactionRow } from '../../db/schema/index.js';
import { enqueueJob, type NewJob } from '../../jobs/queue.js';
import { post } from '../../ledger/ledger.js';
import type { Posting } from '../../ledger/rules.js';
import { addDays, settlementInstant } from '../../domain/business-calendar.js';
import { planReceivables } from '../../domain/receivables-schedule.js';
import { insertReceivables, organizationAccountAt } from './receivables.repo.js';

export const SETTLEMENT_JOB = 'receivables.settle';

export interface SettlementJobPayload {
  bankAccountId: string;
  paymentDate: string;
  /** 'date' for a date's own run; a refund restore whose date already ran uses its own key */
  runKey: string;
}

/**
 * Schedules the settlement of an account's date at 03:00 UTC of that date on the organization's clock
 * (money.md M2), one job per account, date and run key ever (the dedupe key).
 */
export async function scheduleSettlement(
  tx: Executor,
  input: { organizationId: string; bankAccountId: string; paymentDate: string; runKey?: string },
  now: Date,
): Promise<void> {
  await enqueueJob(tx, settlementJob(input, now), now);
}

/** The job scheduleSettlement enqueues (a batch of approvals enqueues all of theirs with one statement). */
export function settlementJob(
  input: { organizationId: string; bankAccountId: string; paymentDate: string; runKey?: string },
  now: Date,
): NewJob {
  const runKey = input.runKey ?? 'date';
  const payload: SettlementJobPayload = { bankAccountId: input.bankAccountId, paymentDate: input.paymentDate, runKey };
  const at = settlementInstant(input.paymentDate);
  return {
    kind: SETTLEMENT_JOB,
    runAt: at.getTime() > now.getTime() || runKey === 'date' ? at : now,
    payload: { ...payload },
    dedupeKey: `${SETTLEMENT_JOB}:${input.bankAccountId}:${input.paymentDate}:${runKey}`,
    organizationId: input.organizationId,
  };
}

/**
 * The receivables of an approval (money.md M2), in the approval's transaction, right after its ledger post
 * (only when that post was not a replay, so they exist once): the merchant's, on its bank account, and the
 * organization's fee share on the organization's own account at that provider (docs/decisions/receivables.md:
 * the fee is credited to its REVENUE account, which has no balance row, so no approval ever locks the
 * organization's account; the run of that account and date sweeps it into its `available`). PIX receivables
 * are created PAID and the merchant's net moves from `pending` to `available` at once (RECEIVABLE_SETTLED,
 * source the transaction), the fee share swept by the organization's run of the next date; card ones get a
 * settlement job per account and date. Returns the merchant account's last ledger sequence after the PIX
 * settlement (null when it posted none), for the events of the change (money.md M9).
 */
export async function createApprovalReceivables(
  tx: Executor,
  row: TransactionRow,
  input: { amount: number; fee: number; now: Date },
): Promise<number | null> {
  if (!row.bankAccountId) return null;
  const fee = Math.min(Math.max(0, input.fee), input.amount);
  const orgAccount = fee > 0 ? await organizationAccountAt(tx, row.organizationId, row.provider) : null;
  const { rows, jobs } = approvalReceivables(row, input, orgAccount);
  await insertReceivables(tx, rows);
  for (const job of jobs) await enqueueJob(tx, job, input.now);
  if (row.paymentMethod !== 'PIX') return null;
  const net = input.amount - fee;
  const settled =
    net > 0
      ? await post(tx, {
          code: 'RECEIVABLE_SETTLED',
          source: { type: 'TRANSACTION', id: row.id },
          postings: settlePostings(row.bankAccountId, net),
          now: input.now,
        })
      : null;
  return settled?.lastSequences?.[row.bankAccountId] ?? null;
}

/**
 * What createApprovalReceivables writes, built without the database (a batch of approvals inserts every
 * batch's rows and jobs with one statement each): the receivable rows and the settlement jobs: for cards one per
 * account and date, in slot order; for PIX (PAID at once) the organization's run of the next date, which sweeps
 * the fee share (00:00 São Paulo). `orgAccount`: the organization's own account at the provider
 * (organizationAccountAt), read only when there is a fee.
 */
export function approvalReceivables(
  row: TransactionRow,
  input: { amount: number; fee: number; now: Date },
  orgAccount: string | null,
): { rows: NewReceivableRow[]; jobs: NewJob[] } {
  const { now } = input;
  const capturedAt = row.capturedAt ?? now;
  const fee = Math.min(Math.max(0, input.fee), input.amount);
  const plan = planReceivables({
    method: row.paymentMethod,
    capturedAt,
    amount: input.amount,
    fee,
    installments: row.installments,
  });
  const rows: NewReceivableRow[] = plan.map((p) => {
    const merchant = p.role === 'MERCHANT';
    return {
      id: randomUUID(),
      companyId: merchant ? row.companyId : row.organizationId,
      organizationId: row.organizationId,
      bankAccountId: merchant ? row.bankAccountId : orgAccount,
      provider: row.provider,
      role: p.role,
      transactionId: row.id,
      paymentMethod: row.paymentMethod,
      cardBrand: row.cardData?.brand ?? null,
      installment: p.installment,
      installments: p.installments,
      grossAmount: p.gross_amount,
      feeAmount: p.fee_amount,
      anticipationFeeAmount: p.anticipation_fee_amount,
      netAmount: p.net_amount,
      status: p.status,
      paymentDate: p.payment_date,
      originalPaymentDate: p.payment_date,
      paidAt: p.status === 'PAID' ? now : null,
      feePolicyId: row.fee?.fee_policy_id ?? null,
      feeRuleId: row.fee?.rule_id ?? null,
      createdAt: now,
      updatedAt: now,
    };
  });
  if (row.paymentMethod === 'PIX') {
    const sweep = orgAccount
      ? [
          settlementJob(
            {
              organizationId: row.organizationId,
              bankAccountId: orgAccount,
              paymentDate: addDays(rows[0]!.paymentDate, 1),
            },
            now,
          ),
        ]
      : [];
    return { rows, jobs: sweep };
  }
  const slots = new Map<string, { bankAccountId: string; paymentDate: string }>();
  for (const r of rows)
    if (r.bankAccountId)
      slots.set(`${r.bankAccountId}|${r.paymentDate}`, { bankAccountId: r.bankAccountId, paymentDate: r.paymentDate });
  const jobs = [...slots.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, slot]) => settlementJob({ organizationId: row.organizationId, ...slot }, now));
  return { rows, jobs };
}

/** M3: settling r moves it from `pending` to `available` (the ledger repays `debt` first). */
export function settlePostings(bankAccountId: string, amount: number): Posting[] {
  return [
    { account: { type: 'BANK_ACCOUNT', id: bankAccountId, balance: 'PENDING' }, direction: 'DEBIT', amount },
    { account: { type: 'BANK_ACCOUNT', id: bankAccountId, balance: 'AVAILABLE' }, direction: 'CREDIT', amount },
  ];
}
