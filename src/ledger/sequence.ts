import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { ledgerAccounts } from '../db/schema/index.js';

/**
 * A bank account's last ledger sequence (money.md M9: money events carry it, so a receiver detects a gap).
 * Read inside the change's transaction after its posting: the posting holds the row lock until commit.
 */
export async function lastSequenceOf(ex: Executor, bankAccountId: string): Promise<number> {
  const [row] = await ex
    .select({ seq: ledgerAccounts.lastSequence })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, bankAccountId));
  return row?.seq ?? 0;
}
