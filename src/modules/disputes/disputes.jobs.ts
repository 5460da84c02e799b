import { JOB_PRIORITY, type JobRegistrations } from '../../jobs/registry.js';
import { closeAtDeadline, DISPUTE_DEADLINE_JOB, type DisputeDeps } from './disputes.service.js';

/**
 * The evidence deadline on the organization's clock (money.md M7: at one instant it runs after settlements,
 * anticipations and automatic cashouts, before expirations). Idempotent: a dispute no longer OPEN is left.
 */
export function disputeJobs(deps: DisputeDeps): JobRegistrations {
  return {
    [DISPUTE_DEADLINE_JOB]: {
      options: { priority: JOB_PRIORITY.disputeDeadline },
      handler: (job) => closeAtDeadline(deps, String(job.payload.disputeId), `job:${job.id}`),
    },
  };
}
