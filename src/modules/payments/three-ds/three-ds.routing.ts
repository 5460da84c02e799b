import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../kernel/clock.js';
import { ProviderError } from '../../../providers/errors.js';
import type { ThreeDsRequest, ThreeDsResult } from '../../../providers/payments.js';
import type { ProviderRegistry } from '../../../providers/registry.js';
import { recordCircuitCall } from '../../provider-accounts/provider-accounts.circuit.js';
import type { Route } from '../../routing/index.js';

/**
 * A 3DS session's calls in the routed order (providers.md R6.8): the next account only after a `FAILED` call
 * (nothing reached the provider), the session's id as the key at each. Every call counts for the account's
 * circuit (R6.11). `choice.provider` ends as the account that answered.
 */
export async function authenticateWithFailover(
  deps: { db: Database; clock: Clock; providers: ProviderRegistry },
  route: Route,
  request: ThreeDsRequest,
  choice: { provider: string },
  correlationId: string,
): Promise<ThreeDsResult> {
  const order = route.decision.attempt_order;
  for (const [i, candidate] of order.entries()) {
    choice.provider = candidate.provider;
    const account = route.accounts.get(candidate.provider)!;
    const count = (technicalFailure: boolean, code: string | null) =>
      recordCircuitCall(deps.db, {
        accountId: account.provider_account_id,
        technicalFailure,
        probe: account.circuit.state === 'HALF_OPEN',
        code,
        known:
          account.circuit.consecutive_failures === undefined
            ? undefined
            : {
                ...account.circuit,
                consecutive_failures: account.circuit.consecutive_failures,
                opened_at: account.circuit.opened_at ?? null,
                next_probe_at: account.circuit.next_probe_at ?? null,
              },
        now: deps.clock.now(),
        correlationId,
      }).catch(() => undefined);
    try {
      const result = await deps.providers.require(candidate.provider, 'three-ds.authenticate')(request);
      await count(false, null);
      return result;
    } catch (err) {
      const technical = err instanceof ProviderError && err.kind !== 'refused';
      await count(technical, err instanceof ProviderError ? err.code : null);
      if (!(err instanceof ProviderError && err.kind === 'unavailable') || i === order.length - 1) throw err;
    }
  }
  throw new Error('a routed 3DS session has at least one account to call');
}
