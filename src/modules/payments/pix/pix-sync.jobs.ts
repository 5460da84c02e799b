import type { JobRow } from '../../../db/schema/index.js';
import type { JobRegistrations, JobResult } from '../../../jobs/registry.js';
import { ProviderError } from '../../../providers/errors.js';
import { syncPixCharge } from './pix-facts.js';
import { nextPixSyncAt } from './pix-sync.rules.js';
import type { TransactionDeps } from '../shared/transactions.context.js';
import { PIX_SYNC_JOB } from '../create/transactions.outcome.js';
import { findTransactionRow } from '../shared/transactions.repo.js';

/** Statuses in which a charge at a PSP can still be paid (a late payment after the expiry, R3.5). */
const OPEN = new Set(['WAITING_PAYMENT', 'EXPIRED']);

/**
 * `transaction.pix-sync` {transactionId, startedAt}: providers.md R5.1 for a PIX at an API Pix PSP. Reads the
 * charge (`pix.sync`) and applies what it says through the one PIX path (a payment whose callback never came, a
 * removal, devoluções), then comes back on R5.1's schedule (pix-sync.rules.ts) while the charge can still be paid.
 * A PSP that cannot answer is read again at the next point of the schedule (each read counts for the circuit
 * breaker as any call); the read never starts anything at the PSP.
 */
export function pixSyncJobs(deps: TransactionDeps): JobRegistrations {
  return {
    [PIX_SYNC_JOB]: async (job: JobRow): Promise<JobResult> => {
      const payload = job.payload as { transactionId: string; startedAt?: string };
      const row = await findTransactionRow(deps.db, payload.transactionId);
      if (!row?.pix?.charge_kind || !row.announced || !OPEN.has(row.status)) return;
      try {
        await syncPixCharge({ db: deps.db, clock: deps.clock, providers: deps.providers }, row.id);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
      }
      const after = await findTransactionRow(deps.db, row.id);
      if (!after?.pix || !OPEN.has(after.status)) return;
      const started = new Date(payload.startedAt ?? job.createdAt.toISOString());
      const next = nextPixSyncAt(started, deps.clock.now(row.organizationId), new Date(after.pix.expires_at));
      return next ? { rescheduleAt: next } : undefined;
    },
  };
}
