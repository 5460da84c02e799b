import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { ledgerHolds } from '../db/schema/index.js';
import type { Clock } from '../kernel/clock.js';
import type { JobRegistrations } from '../jobs/registry.js';
import { voidHold } from './ledger.js';
import { HOLD_EXPIRY_JOB } from './hold-expiry-schedule.js';
import type { LedgerCode, LedgerSource } from './rules.js';
import { textOf } from '../kernel/text.js';

/**
 * Hold expiry (issue 24), after TigerBeetle's two-phase transfers: a pending transfer may carry a timeout, past
 * which the database itself voids it and refuses to post it. Here a hold taken with `expiry` records
 * `expires_at`/`expiry_code` and, in the same transaction, ONE ledger job kind (HOLD_EXPIRY_JOB, due at the
 * expiry on the organization's clock, so a sandbox clock advance enforces it) voids it if it is still PENDING then:
 * held -> available, code `expiry_code`, source the hold's own (so an area's own release of it later replays).
 */
export { HOLD_EXPIRY_JOB };

/** `TYPE:id` (holdId) back to its source. */
function sourceOf(holdKey: string): LedgerSource {
  const at = holdKey.indexOf(':');
  return { type: holdKey.slice(0, at), id: holdKey.slice(at + 1) } as LedgerSource;
}

export function ledgerJobs(deps: { db: Database; clock: Clock }): JobRegistrations {
  return {
    [HOLD_EXPIRY_JOB]: async (job) => {
      const holdKey = textOf(job.payload.holdId ?? '');
      const now = deps.clock.now(job.organizationId);
      return deps.db.transaction(async (tx) => {
        const [h] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdKey)).for('update');
        if (!h || h.status !== 'PENDING' || !h.expiresAt || !h.expiryCode) return;
        if (h.expiresAt.getTime() > now.getTime()) return { rescheduleAt: h.expiresAt };
        await voidHold(tx, {
          holdSource: sourceOf(holdKey),
          code: h.expiryCode as LedgerCode,
          source: sourceOf(holdKey),
          now,
        });
      });
    },
  };
}
