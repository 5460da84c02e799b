import type { Executor } from '../../db/client.js';
import type { QuoteTransaction } from './fees.rules.js';

/**
 * PLACEHOLDER owned by the fee policy work (branch wip-fees): the merge replaces this file. The fee of a new
 * transaction from the company's effective fee policy (money.md M1), or null when it has none.
 */
export interface TransactionFee {
  fee_policy_id: string;
  rule_id: string | null;
  amount: number;
}

export async function effectiveFee(ex: Executor, companyId: string, tx: QuoteTransaction): Promise<TransactionFee | null> {
  void ex;
  void companyId;
  void tx;
  return null;
}
