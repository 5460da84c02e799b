/**
 * money.md M2: a refund of R consumes the merchant's PENDING receivables of its transaction from the last
 * installment backwards. A receivable consumed whole is canceled; one partly consumed is canceled whole and
 * a new PENDING receivable with the same dates carries the rest (as gross and net, fee 0). What the
 * receivables cannot cover comes from `available`, then `debt` (the ledger's reservation).
 */
export interface ConsumableReceivable {
  id: string;
  netAmount: number;
}

export interface Consumption {
  /** Receivables to cancel, with how much of each net the refund takes. */
  cancels: { id: string; consumed: number }[];
  /** The partly consumed receivable and the rest a new PENDING receivable carries. */
  rest: { id: string; amount: number } | null;
  /** What came from the receivables (the reservation's `pending` part). */
  fromPending: number;
}

/** Pure: `pending` in consumption order (last installment first). */
export function consumeReceivables(pending: readonly ConsumableReceivable[], amount: number): Consumption {
  const cancels: Consumption['cancels'] = [];
  let rest: Consumption['rest'] = null;
  let left = Math.max(0, amount);
  for (const r of pending) {
    if (left <= 0) break;
    if (r.netAmount <= 0) continue;
    const consumed = Math.min(left, r.netAmount);
    cancels.push({ id: r.id, consumed });
    if (consumed < r.netAmount) rest = { id: r.id, amount: r.netAmount - consumed };
    left -= consumed;
  }
  return { cancels, rest, fromPending: amount - left };
}

/** Pure: the receivable a failed refund restores for one it canceled (its dates; its amounts, or the consumed part). */
export function restoredAmounts(canceled: {
  grossAmount: number;
  feeAmount: number;
  netAmount: number;
  consumedAmount: number | null;
}) {
  const consumed = canceled.consumedAmount ?? canceled.netAmount;
  if (consumed >= canceled.netAmount)
    return { grossAmount: canceled.grossAmount, feeAmount: canceled.feeAmount, netAmount: canceled.netAmount };
  return { grossAmount: consumed, feeAmount: 0, netAmount: consumed };
}
