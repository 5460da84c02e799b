import type { Executor } from '../../db/client.js';
import type { DisputeRow } from '../../db/schema/index.js';

/**
 * RECEIVABLES HOOK (money.md M2: receivables have `cancel_reason` `CHARGEBACK`). Receivables are built in
 * parallel (wip-receivables); when they land, the receivables area implements this: what a lost/accepted
 * dispute does to the transaction's `PENDING` receivables. Called in the closing transaction of a LOST or
 * ACCEPTED dispute, after DISPUTE_LOST posted. Today it does nothing: the dispute's money was held from
 * `available`/`debt` at opening (M6), so the receivables keep settling and repay the debt as they do.
 */
export type ChargebackReceivablesHook = (tx: Executor, dispute: DisputeRow, now: Date) => Promise<void>;

export const chargebackReceivables: ChargebackReceivablesHook = async () => {};
