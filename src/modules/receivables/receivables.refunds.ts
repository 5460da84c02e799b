import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import type { NewReceivableRow, ReceivableRow } from '../../db/schema/index.js';
import { settlementInstant } from '../../domain/business-calendar.js';
import { scheduleSettlement } from './receivables.create.js';
import {
  cancelReceivables,
  insertReceivables,
  lockPendingMerchantReceivables,
  receivablesCanceledBy,
} from './receivables.repo.js';
import { consumeReceivables, restoredAmounts } from './receivables.rules.js';

/** A new PENDING receivable with `r`'s dates (a rest or a restore), made by a refund or a chargeback. */
export const pendingCopyOf = (
  r: ReceivableRow,
  by: { refundId: string | null; disputeId: string | null },
  amounts: { grossAmount: number; feeAmount: number; netAmount: number },
  now: Date,
): NewReceivableRow => ({
  ...r,
  ...amounts,
  id: randomUUID(),
  anticipationFeeAmount: 0,
  // A new receivable (a rest or a restore) is reserved by no anticipation: the one that reserved the original
  // quoted that receivable, not this one (docs/decisions/anticipation.md).
  anticipationId: null,
  status: 'PENDING',
  paidAt: null,
  canceledAt: null,
  cancelReason: null,
  settlementId: null,
  refundId: by.refundId,
  disputeId: by.disputeId,
  consumedAmount: null,
  createdAt: now,
  updatedAt: now,
});

const copyOf = (
  r: ReceivableRow,
  refundId: string,
  amounts: { grossAmount: number; feeAmount: number; netAmount: number },
  now: Date,
) => pendingCopyOf(r, { refundId, disputeId: null }, amounts, now);

/**
 * A refund's share of its transaction's receivables (money.md M2), in the refund's creating transaction and
 * before its ledger reservation: the merchant's PENDING receivables are consumed from the last installment
 * backwards (canceled, REFUND; a partly consumed one's rest carried by a new PENDING receivable with the same
 * dates). Returns what came from them: the most the reservation may take from `pending`, so the ledger and
 * the receivables agree (M3: pending = the net of the PENDING receivables).
 */
export async function consumeForRefund(
  tx: Executor,
  input: { transactionId: string; organizationId: string; refundId: string; amount: number; now: Date },
): Promise<number> {
  const pending = await lockPendingMerchantReceivables(tx, input.transactionId);
  const c = consumeReceivables(pending, input.amount);
  await cancelReceivables(
    tx,
    c.cancels.map((x) => ({ ...x, refundId: input.refundId })),
    input.now,
  );
  if (c.rest) {
    const from = pending.find((p) => p.id === c.rest!.id)!;
    const [rest] = await insertReceivables(tx, [
      copyOf(from, input.refundId, { grossAmount: c.rest.amount, feeAmount: 0, netAmount: c.rest.amount }, input.now),
    ]);
    await scheduleRestored(tx, rest, input.organizationId, `refund:${input.refundId}:rest`, input.now);
  }
  return c.fromPending;
}

/**
 * A receivable created after its date's run may have started (a refund racing the 03:00 run, whose snapshot
 * cannot see the new row, or a restore after it): a run of its own, due at once; it settles nothing when the
 * date's run got there first. Otherwise the date's run (already scheduled) settles it.
 */
export async function scheduleRestored(
  tx: Executor,
  r: { bankAccountId: string | null; paymentDate: string },
  organizationId: string,
  runKey: string,
  now: Date,
) {
  if (!r.bankAccountId) return;
  const late = settlementInstant(r.paymentDate).getTime() <= now.getTime();
  await scheduleSettlement(
    tx,
    { organizationId, bankAccountId: r.bankAccountId, paymentDate: r.paymentDate, ...(late ? { runKey } : {}) },
    now,
  );
}

/**
 * A FAILED refund gives its receivables back (M2): a new PENDING receivable for each one it canceled, with
 * its dates and the amount consumed from it (its own amounts when consumed whole), scheduled for settlement
 * (at once when its date's run has already passed). Returns the net restored (= the reservation's pending part).
 */
export async function restoreForFailedRefund(
  tx: Executor,
  input: { refundId: string; organizationId: string; now: Date },
): Promise<number> {
  const canceled = await receivablesCanceledBy(tx, input.refundId);
  const restored = canceled.map((r) => copyOf(r, input.refundId, restoredAmounts(r), input.now));
  await insertReceivables(tx, restored);
  for (const r of restored)
    await scheduleRestored(
      tx,
      { bankAccountId: r.bankAccountId ?? null, paymentDate: r.paymentDate },
      input.organizationId,
      `refund:${input.refundId}:restore`,
      input.now,
    );
  return restored.reduce((s, r) => s + (r.netAmount ?? 0), 0);
}
