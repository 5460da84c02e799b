import { enqueueJob } from '../../jobs/queue.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../kernel/clock.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import type { TransferDeps } from './transfers.service.js';

/** What the transfer use cases are handed, from the app's dependencies (routes and the banking jobs share it). */
/** The slice of the app's dependencies the transfers need (structural: the app passes its own; no src/deps.ts import). */
export interface BankingHost {
  config: { env: string; sandboxAutopilot: boolean; sandboxAutopilotDelayMs: number };
  db: { db: Database };
  clock: Clock;
  providers: ProviderRegistry;
}

export function transferDeps(deps: BankingHost): TransferDeps {
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
