import { SYNC_SCHEDULE_MS } from '../../../kernel/provider-operation.rules.js';

/**
 * providers.md R5.1 for the sync of an unknown authorization that replays its kept request (ADYEN_CHECKOUT): pure
 * rules, so the schedule and the stop are table-tested (replay.rules.test.ts).
 */

const HOURLY_MS = 3_600_000;

/**
 * The delay before the next replay, from how long the sync job has run (`waitedMs`: now minus the job's creation):
 * the standard schedule, 10 s, 30 s, 1, 2, 5, 10, 30 min after each try, then hourly. The job is rescheduled (its
 * own counter reset each time), so the step is found from its age: the first step whose cumulative end is still
 * ahead. A run a little late keeps its step (the next cumulative end is a full step further).
 */
export function replayDelayMs(waitedMs: number): number {
  let end = 0;
  for (const step of SYNC_SCHEDULE_MS) {
    end += step;
    if (waitedMs < end) return step;
  }
  return HOURLY_MS;
}

/**
 * What the sync does with a kept request: replay it, or stop at its expiry (24 h after the transaction's creation:
 * the transaction stays PROCESSING, reconciliation shows OUTCOME_UNKNOWN, a later notification still resolves it).
 */
export const replayStep = (expiresAt: Date, now: Date): 'replay' | 'stop' =>
  now.getTime() >= expiresAt.getTime() ? 'stop' : 'replay';
