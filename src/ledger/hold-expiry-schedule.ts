import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { ledgerHolds } from '../db/schema/index.js';
import { enqueueJob } from '../jobs/queue.js';
import type { LedgerCode } from './rules.js';

/** The ledger's one job kind that voids expired holds (hold-expiry.ts). */
export const HOLD_EXPIRY_JOB = 'ledger.hold-expiry';

export async function scheduleHoldExpiry(
  tx: Executor,
  holdKey: string,
  expiry: { at: Date; code: LedgerCode; organizationId: string | null },
  now: Date,
): Promise<void> {
  await tx
    .update(ledgerHolds)
    .set({ expiresAt: expiry.at, expiryCode: expiry.code })
    .where(eq(ledgerHolds.id, holdKey));
  await enqueueJob(
    tx,
    {
      kind: HOLD_EXPIRY_JOB,
      runAt: expiry.at,
      payload: { holdId: holdKey },
      dedupeKey: `${HOLD_EXPIRY_JOB}:${holdKey}`,
      organizationId: expiry.organizationId,
    },
    now,
  );
}
