import type { Database } from '../../db/client.js';
import type { Clock } from '../../kernel/clock.js';
import type { JobRegistrations } from '../../jobs/registry.js';
import { reviewBiometric } from './biometrics.service.js';
import { reviewDocument } from './documents.service.js';
import type { EngineContext } from './engine.js';

import { BIOMETRIC_REVIEW_JOB, DOCUMENT_REVIEW_JOB, type ReviewPayload } from './onboarding.job-kinds.js';

export {
  AUTOPILOT_DELAY_MS,
  BIOMETRIC_REVIEW_JOB,
  DOCUMENT_REVIEW_JOB,
  scheduleAutopilotReview,
} from './onboarding.job-kinds.js';

/** The onboarding area's job kinds, registered by the composition root. */
export function onboardingJobs(deps: {
  db: Database;
  clock: Clock;
  accepts: (provider: string) => readonly string[];
}): JobRegistrations {
  const contextOf = (p: ReviewPayload): EngineContext => ({
    correlationId: p.correlationId,
    baseUrl: p.baseUrl,
    accepts: deps.accepts,
    clock: deps.clock,
  });
  return {
    [DOCUMENT_REVIEW_JOB]: async (job) => {
      const p = job.payload as unknown as ReviewPayload;
      await reviewDocument(deps.db, contextOf(p), p.id, 'APPROVED', null, 'PENDING_REVIEW');
    },
    [BIOMETRIC_REVIEW_JOB]: async (job) => {
      const p = job.payload as unknown as ReviewPayload;
      await reviewBiometric(deps.db, contextOf(p), p.id, 'APPROVED', 'PENDING');
    },
  };
}
