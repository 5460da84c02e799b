import type { Executor } from '../../db/client.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { transactionInReach } from '../../ledger/reads.js';

/** One ledger transaction, when at least one of its postings is the caller's (404 otherwise: ids stay unrevealed). */
export async function getLedgerTransaction(db: Executor, principal: CompanyPrincipal, id: string) {
  const found = await transactionInReach(db, principal, id);
  if (!found) throw notFound('Ledger transaction');
  return found;
}
