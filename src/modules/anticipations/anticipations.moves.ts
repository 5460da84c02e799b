import type { Database, Executor } from '../../db/client.js';
import type { AnticipationRow, AnticipationStatus } from '../../db/schema/index.js';
import { recordEvent } from '../../events/outbox.js';
import { balancesOf, post } from '../../ledger/ledger.js';
import { lastSequenceOf } from '../../ledger/reserve.js';
import type { Posting } from '../../ledger/rules.js';
import { defineStateMachine } from '../../kernel/state-machine.js';
import { notFound } from '../../kernel/errors.js';
import type { Clock } from '../../kernel/clock.js';
import { transactionsWithOpenDispute } from './anticipations.eligibility.js';
import {
  lockAnticipation,
  payAnticipated,
  receivablesByIdsLocked,
  releaseReceivables,
  updateAnticipation,
} from './anticipations.repo.js';
import { anticipatedReceivable, completionAmounts } from './anticipations.rules.js';
import { toAnticipationView } from './anticipations.schemas.js';
import { recordOrganizationRevenue } from '../receivables/receivables.sweep.js';

/** money.md M4: created PENDING, then COMPLETED, REFUSED or CANCELED, all terminal. */
export const anticipationMachine = defineStateMachine<AnticipationStatus>('Anticipation', {
  PENDING: ['COMPLETED', 'REFUSED', 'CANCELED'],
  COMPLETED: [],
  REFUSED: [],
  CANCELED: [],
});

/** The reason a completion refuses when its receivables moved under it (a refund, a settlement, a dispute). */
export const RECEIVABLES_CHANGED = 'RECEIVABLES_CHANGED';

export async function recordStatusChange(
  tx: Executor,
  before: AnticipationRow,
  after: AnticipationRow,
  correlationId: string,
  now: Date,
): Promise<void> {
  await recordEvent(
    tx,
    {
      type: 'anticipation.status-changed',
      companyId: after.companyId,
      organizationId: after.organizationId,
      correlationId,
      payload: {
        anticipation_id: after.id,
        old_status: before.status,
        new_status: after.status,
        refusal_reason: after.refusalReason,
        anticipation: toAnticipationView(after),
        bank_account_id: after.bankAccountId,
        sequence: await lastSequenceOf(tx, after.bankAccountId),
      },
    },
    now,
  );
}

/** Ends a PENDING anticipation without money (REFUSED, CANCELED): its receivables are eligible again. */
async function endWithoutMoney(
  tx: Executor,
  row: AnticipationRow,
  to: 'REFUSED' | 'CANCELED',
  reason: string | null,
  correlationId: string,
  now: Date,
): Promise<AnticipationRow> {
  anticipationMachine.assert(row.status, to);
  await releaseReceivables(
    tx,
    row.id,
    row.items.map((i) => i.receivable_id),
    now,
  );
  const after = await updateAnticipation(tx, row.id, { status: to, refusalReason: reason, updatedAt: now });
  await recordStatusChange(tx, row, after, correlationId, now);
  return after;
}

/**
 * Completes a PENDING anticipation in one transaction (M4): its receivables are paid at the anticipation's date
 * (net reduced by their fee, original date kept) and ONE ledger transaction ANTICIPATION_COMPLETED (source
 * ANTICIPATION:id, so a retry or a concurrent second run replays) moves merchant pending -N, merchant available
 * +(N - G) (repaying debt first) and the organization's revenue +G. When a reserved receivable is no longer
 * PENDING or changed (a refund or a settlement got there first), the anticipation is REFUSED instead
 * (RECEIVABLES_CHANGED): the quoted amounts would no longer be true.
 */
async function completeLocked(
  tx: Executor,
  row: AnticipationRow,
  correlationId: string,
  now: Date,
): Promise<AnticipationRow> {
  anticipationMachine.assert(row.status, 'COMPLETED');
  const ids = row.items.map((i) => i.receivable_id);
  const locked = await receivablesByIdsLocked(tx, ids);
  const byId = new Map(locked.map((r) => [r.id, r]));
  const disputed = await transactionsWithOpenDispute(tx, [...new Set(locked.map((r) => r.transactionId))]);
  const intact = row.items.every((i) => {
    const r = byId.get(i.receivable_id);
    return (
      r &&
      r.status === 'PENDING' &&
      r.anticipationId === row.id &&
      r.netAmount === i.net_amount &&
      !disputed.has(r.transactionId)
    );
  });
  const amounts = completionAmounts(row.items);
  const [balances] = [...(await balancesOf(tx, [row.bankAccountId])).values()];
  if (!intact || balances.pending < amounts.pendingOut)
    return endWithoutMoney(tx, row, 'REFUSED', RECEIVABLES_CHANGED, correlationId, now);

  await payAnticipated(
    tx,
    row.items.map((i) => {
      const r = byId.get(i.receivable_id)!;
      const moved = anticipatedReceivable(
        { netAmount: r.netAmount, paymentDate: r.paymentDate, originalPaymentDate: r.originalPaymentDate },
        i.fee_amount,
        row.paymentDate,
      );
      return {
        id: r.id,
        netAmount: moved.netAmount,
        anticipationFeeAmount: r.anticipationFeeAmount + moved.anticipationFeeAmount,
        paymentDate: moved.paymentDate,
      };
    }),
    now,
  );
  const owner = { provider: row.provider, companyId: row.companyId, organizationId: row.organizationId };
  const account = (balance: 'PENDING' | 'AVAILABLE') => ({
    type: 'BANK_ACCOUNT' as const,
    id: row.bankAccountId,
    balance,
    owner,
  });
  const postings: Posting[] = [];
  if (amounts.pendingOut > 0)
    postings.push({ account: account('PENDING'), direction: 'DEBIT', amount: amounts.pendingOut });
  if (amounts.merchantIn > 0)
    postings.push({ account: account('AVAILABLE'), direction: 'CREDIT', amount: amounts.merchantIn });
  if (amounts.organizationIn > 0)
    postings.push({
      account: { type: 'REVENUE', organizationId: row.organizationId, provider: row.provider },
      direction: 'CREDIT',
      amount: amounts.organizationIn,
    });
  if (postings.length >= 2)
    await post(tx, { code: 'ANTICIPATION_COMPLETED', source: { type: 'ANTICIPATION', id: row.id }, postings, now });
  // The fee reaches the organization's available with the sweep of its account the next date (receivables.md).
  await recordOrganizationRevenue(tx, {
    organizationId: row.organizationId,
    provider: row.provider,
    sourceType: 'ANTICIPATION',
    sourceId: row.id,
    amount: amounts.organizationIn,
    now,
  });
  const after = await updateAnticipation(tx, row.id, { status: 'COMPLETED', completedAt: now, updatedAt: now });
  await recordStatusChange(tx, row, after, correlationId, now);
  return after;
}

export type Decision = { to: 'COMPLETED' } | { to: 'REFUSED'; reason: string } | { to: 'CANCELED' };

/**
 * One move of an anticipation, in its own transaction under the row lock. `strict` (a request) answers an
 * illegal move with 409; a job (not strict) leaves a terminal anticipation alone and returns it.
 */
export async function moveAnticipation(
  db: Database,
  clock: Clock,
  id: string,
  decision: Decision,
  correlationId: string,
  strict: boolean,
  check?: (row: AnticipationRow) => void,
): Promise<AnticipationRow> {
  return db.transaction(async (tx) => {
    const row = await lockAnticipation(tx, id);
    if (!row) throw notFound('Anticipation');
    check?.(row);
    if (!strict && row.status !== 'PENDING') return row;
    const now = clock.now(row.organizationId);
    if (decision.to === 'COMPLETED') return completeLocked(tx, row, correlationId, now);
    return endWithoutMoney(
      tx,
      row,
      decision.to,
      decision.to === 'REFUSED' ? decision.reason : null,
      correlationId,
      now,
    );
  });
}
