import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { bankAccounts, internalTransfers } from '../../db/schema/index.js';
import { submitToProvider, type TransferDeps } from './transfers.service.js';

/** Transfers younger than this are still in their creating request's hands. */
export const STRANDED_AFTER_MS = 30_000;
const BATCH = 100;

/**
 * Recovers transfers a crashed process left behind (nothing is lost, but nothing moved them on): committed but
 * never handed to the provider (PENDING without a provider id) are submitted now. The provider keys transfers
 * on our id, so a submit that did reach it before the crash is not doubled. (The sandbox autopilot's moves are
 * durable jobs: they survive a crash by themselves.) Runs as the periodic job `internal-transfer.recover`;
 * safe on several instances at once. Returns how many transfers it touched.
 */
export async function recoverStrandedTransfers(deps: TransferDeps, now = deps.clock.now()): Promise<number> {
  const cutoff = new Date(now.getTime() - STRANDED_AFTER_MS);
  const unsent = await deps.db
    .select()
    .from(internalTransfers)
    .where(and(eq(internalTransfers.status, 'PENDING'), isNull(internalTransfers.providerTransferId), lt(internalTransfers.createdAt, cutoff)))
    .limit(BATCH);
  if (unsent.length === 0) return 0;
  const ids = [...new Set(unsent.flatMap((t) => [t.originBankAccountId, t.destinationBankAccountId]))];
  const accounts = new Map((await deps.db.select().from(bankAccounts).where(inArray(bankAccounts.id, ids))).map((a) => [a.id, a]));
  for (const transfer of unsent) {
    const origin = accounts.get(transfer.originBankAccountId);
    const destination = accounts.get(transfer.destinationBankAccountId);
    if (origin && destination) await submitToProvider(deps, `recovery-${transfer.id}`, transfer, origin, destination);
  }
  return unsent.length;
}
