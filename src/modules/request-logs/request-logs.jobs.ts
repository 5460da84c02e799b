import type { Database } from '../../db/client.js';
import type { Clock } from '../../kernel/clock.js';
import { purgeRequestLogs } from './request-logs.repo.js';

export const REQUEST_LOG_PURGE_JOB = 'request-logs.purge';
export const REQUEST_LOG_RETENTION_MS = 7 * 24 * 3600_000;
const HOUR_MS = 3600_000;
const BATCH = 5000;

/** One periodic job (a dedupe key, whatever the number of instances) deletes logs past their 7 days. */
export function requestLogJobs(deps: { db: Database; clock: Clock }) {
  return {
    [REQUEST_LOG_PURGE_JOB]: async () => {
      const now = deps.clock.now();
      const deleted = await purgeRequestLogs(deps.db, new Date(now.getTime() - REQUEST_LOG_RETENTION_MS), BATCH);
      // A full batch means more are waiting: go again at once, else in an hour.
      return { rescheduleAt: deleted === BATCH ? now : new Date(now.getTime() + HOUR_MS) };
    },
  };
}
