import type { Database } from '../../db/client.js';
import { batchedPurge } from '../../jobs/retention.js';
import type { Clock } from '../../kernel/clock.js';
import { purgeRequestLogs } from './request-logs.repo.js';

export const REQUEST_LOG_PURGE_JOB = 'request-logs.purge';
export const REQUEST_LOG_RETENTION_MS = 7 * 24 * 3600_000;

/** One periodic job (a dedupe key, whatever the number of instances) deletes logs past their 7 days. */
export function requestLogJobs(deps: { db: Database; clock: Clock }) {
  return {
    [REQUEST_LOG_PURGE_JOB]: batchedPurge(deps.clock, (now, limit) =>
      purgeRequestLogs(deps.db, new Date(now.getTime() - REQUEST_LOG_RETENTION_MS), limit),
    ),
  };
}
