import type { Database } from '../../db/client.js';
import type { Clock } from '../../kernel/clock.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { CashoutDeps } from './cashouts.service.js';

/** money.md M8: with SANDBOX_AUTOPILOT a cashout completes about 2 s after creation (on the organization's clock). */
export const CASHOUT_AUTOPILOT_DELAY_MS = 2_000;

/** What the cashout use cases are handed, from the app's dependencies (routes and the cashout jobs share it). */
/** The slice of the app's dependencies the cashouts need (structural: the app passes its own; no src/deps.ts import). */
export interface CashoutsHost {
  config: { env: string; sandboxAutopilot: boolean };
  db: { db: Database };
  clock: Clock;
  providers: ProviderRegistry;
}

export function cashoutDeps(deps: CashoutsHost): CashoutDeps {
  const { config } = deps;
  return {
    db: deps.db.db,
    clock: deps.clock,
    providers: deps.providers,
    autopilot: config.env === 'sandbox' && config.sandboxAutopilot,
    autopilotDelayMs: CASHOUT_AUTOPILOT_DELAY_MS,
    operations: { db: deps.db.db, now: () => deps.clock.now(), enqueue: enqueueJob },
  };
}
