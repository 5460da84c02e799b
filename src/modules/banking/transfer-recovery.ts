import { and, eq, inArray, isNull, isNotNull, lt } from 'drizzle-orm';
import { bankAccounts, internalTransfers } from '../../db/schema/index.js';
import type { TransferAutopilot } from './autopilot.js';
import { submitToProvider, type TransferDeps } from './transfers.service.js';

/** Transfers younger than this are still in their creating request's hands. */
export const STRANDED_AFTER_MS = 30_000;
const BATCH = 100;

/**
 * Recovers transfers a crashed process left behind (nothing is lost, but nothing moved them on):
 * - committed but never handed to the provider (PENDING without a provider id): submitted now. The provider
 *   keys transfers on our id, so a submit that did reach it before the crash is not doubled;
 * - in the sandbox, transfers the autopilot was moving when its in-memory timers died: moved on again.
 * Safe to run on several instances at once: a repeated submit is idempotent, and a repeated status report
 * is refused as an illegal move. Returns how many transfers it touched.
 */
export async function recoverStrandedTransfers(deps: TransferDeps, autopilot: TransferAutopilot | undefined, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - STRANDED_AFTER_MS);
  const unsent = await deps.db
    .select()
    .from(internalTransfers)
    .where(and(eq(internalTransfers.status, 'PENDING'), isNull(internalTransfers.providerTransferId), lt(internalTransfers.createdAt, cutoff)))
    .limit(BATCH);
  if (unsent.length > 0) {
    const ids = [...new Set(unsent.flatMap((t) => [t.originBankAccountId, t.destinationBankAccountId]))];
    const accounts = new Map((await deps.db.select().from(bankAccounts).where(inArray(bankAccounts.id, ids))).map((a) => [a.id, a]));
    for (const transfer of unsent) {
      const origin = accounts.get(transfer.originBankAccountId);
      const destination = accounts.get(transfer.destinationBankAccountId);
      if (origin && destination) await submitToProvider(deps, `recovery-${transfer.id}`, transfer, origin, destination);
    }
  }
  if (!autopilot) return unsent.length;
  const moving = await deps.db
    .select({ id: internalTransfers.id, status: internalTransfers.status })
    .from(internalTransfers)
    .where(and(inArray(internalTransfers.status, ['PENDING', 'PROCESSING']), isNotNull(internalTransfers.providerTransferId), lt(internalTransfers.updatedAt, cutoff)))
    .limit(BATCH);
  for (const t of moving) autopilot.resume(t.id, t.status as 'PENDING' | 'PROCESSING');
  return unsent.length + moving.length;
}
