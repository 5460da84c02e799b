import type { Executor } from '../../db/client.js';
import type { NewReceivableRow, ReceivableRow } from '../../db/schema/index.js';
import { cancelForChargeback, insertReceivables, lockPendingMerchantReceivables } from './receivables.repo.js';
import { pendingCopyOf, scheduleRestored } from './receivables.refunds.js';
import { consumeReceivables } from './receivables.rules.js';
import { must } from '../../kernel/must.js';

/** The rest of a receivable a chargeback consumed in part: same dates, the rest as gross and net (fee 0). */
const restOf = (r: ReceivableRow, disputeId: string, amount: number, now: Date): NewReceivableRow =>
  pendingCopyOf(r, { refundId: null, disputeId }, { grossAmount: amount, feeAmount: 0, netAmount: amount }, now);

/**
 * A chargeback (docs/decisions/disputes.md): a dispute that closes paying out while the merchant still owes what
 * its opening recorded as debt takes that debt from the transaction's PENDING merchant receivables, from the last
 * installment backwards, as a refund does (each consumed one CANCELED `CHARGEBACK`; a partly consumed one's rest a
 * new PENDING receivable with the same dates). The receivables are locked first, then `owed` is asked (it locks
 * the account and reads its debt: the settlement run's lock order), so nothing settles them in between. Returns
 * what came from them: the caller posts pending -x, debt -x in the dispute's ledger transaction.
 */
export async function consumeForChargeback(
  tx: Executor,
  input: { transactionId: string; organizationId: string; disputeId: string; now: Date },
  owed: () => Promise<number>,
): Promise<number> {
  const pending = await lockPendingMerchantReceivables(tx, input.transactionId);
  if (pending.length === 0) return 0;
  const amount = await owed();
  if (amount <= 0) return 0;
  const c = consumeReceivables(pending, amount);
  await cancelForChargeback(tx, c.cancels, input.disputeId, input.now);
  if (c.rest) {
    const from = pending.find((p) => p.id === c.rest!.id)!;
    const [rest] = await insertReceivables(tx, [restOf(from, input.disputeId, c.rest.amount, input.now)]);
    await scheduleRestored(
      tx,
      must(rest, 'insertReceivables answers the row it wrote'),
      input.organizationId,
      `dispute:${input.disputeId}:rest`,
      input.now,
    );
  }
  return c.fromPending;
}
