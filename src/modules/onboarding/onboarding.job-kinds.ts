import type { Tx } from '../../db/client.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { EngineContext } from './engine.js';

/**
 * The onboarding reviews' job kinds and their scheduling, apart from their handlers (onboarding.jobs.ts), so the
 * services that schedule them and the handlers that run them do not import each other in a circle.
 */

/** How long the sandbox "provider" takes to review a document or a biometric capture by itself. */
export const AUTOPILOT_DELAY_MS = 2000;

export const DOCUMENT_REVIEW_JOB = 'onboarding-document.autopilot-review';
export const BIOMETRIC_REVIEW_JOB = 'biometric-verification.autopilot-review';

export interface ReviewPayload {
  id: string;
  /** The creating request: the review's events correlate with it, and its links use the same base. */
  correlationId: string;
  baseUrl: string;
}

/**
 * SANDBOX_AUTOPILOT (product.md §1): schedules, inside the creating transaction, the sandbox provider's
 * approval of what is still pending a short while later (on the organization's clock). Each job re-checks
 * the status it expects, so a review made through the sandbox controls first wins.
 */
export async function scheduleAutopilotReview(
  tx: Tx,
  ctx: EngineContext,
  kind: typeof DOCUMENT_REVIEW_JOB | typeof BIOMETRIC_REVIEW_JOB,
  id: string,
  organizationId: string,
  now: Date,
): Promise<void> {
  if (ctx.autopilotReviewMs === undefined) return;
  const payload: ReviewPayload = { id, correlationId: ctx.correlationId, baseUrl: ctx.baseUrl };
  await enqueueJob(
    tx,
    {
      kind,
      runAt: new Date(now.getTime() + ctx.autopilotReviewMs),
      payload: { ...payload },
      dedupeKey: `${kind}:${id}`,
      organizationId,
    },
    now,
  );
}
