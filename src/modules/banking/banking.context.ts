import { enqueueJob } from '../../jobs/queue.js';
import type { AppDeps } from '../../deps.js';
import type { TransferDeps } from './transfers.service.js';

/** What the transfer use cases are handed, from the app's dependencies (routes and the banking jobs share it). */
export function transferDeps(deps: AppDeps): TransferDeps {
  const { config } = deps;
  return {
    db: deps.db.db,
    clock: deps.clock,
    providers: deps.providers,
    operations: { db: deps.db.db, now: () => deps.clock.now(), enqueue: enqueueJob },
    autopilot:
      config.env === 'sandbox' && config.sandboxAutopilot ? { delayMs: config.sandboxAutopilotDelayMs } : undefined,
  };
}
