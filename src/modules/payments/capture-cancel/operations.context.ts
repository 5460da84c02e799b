import type { RefundDeps } from '../refunds/refunds.service.js';
import { AUTOPILOT_DELAY_MS } from '../shared/sandbox-cards.js';
import type { PaymentsHost } from '../shared/transactions.context.js';

/** What capture, cancel, refunds and their jobs are handed, from the app's dependencies (routes and jobs share it). */
export function operationDeps(deps: Pick<PaymentsHost, 'config' | 'db' | 'clock' | 'providers'>): RefundDeps {
  const { config } = deps;
  const sandbox = config.env === 'sandbox';
  return {
    db: deps.db.db,
    clock: deps.clock,
    providers: deps.providers,
    // payments.md P9: refunds settle about 2 s after creation (on the organization's clock).
    autopilot: sandbox && config.sandboxAutopilot ? { delayMs: AUTOPILOT_DELAY_MS } : undefined,
    // The sandbox's refunds move only by its autopilot or its settle control (payments.md P9).
    pollProviders: !sandbox,
    recoveryAfterMs: config.recovery?.refundRecoveryAfterMs,
  };
}
