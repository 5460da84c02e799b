import type { JobRegistrations } from '../../jobs/registry.js';
import { PROCESS_EVENT_JOB } from './intake.service.js';
import { processEvent, type ProcessDeps } from './processing.service.js';

/**
 * `provider-event.process` {eventId}: processes one stored provider event (R4.5), enqueued with the event. An
 * event still UNMATCHED or FAILED is tried again at its `next_attempt_at` (R4.5's schedule from receipt); once
 * the schedule is over it stays as it is (staff may reprocess it).
 */
export function providerWebhookJobs(deps: ProcessDeps): JobRegistrations {
  return {
    [PROCESS_EVENT_JOB]: async (job) => {
      const { eventId } = job.payload as { eventId: string };
      const ev = await processEvent(deps, eventId);
      if (ev && (ev.status === 'UNMATCHED' || ev.status === 'FAILED') && ev.nextAttemptAt)
        return { rescheduleAt: ev.nextAttemptAt };
    },
  };
}
