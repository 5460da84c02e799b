import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../kernel/clock.js';
import { ProviderError } from '../../../providers/errors.js';
import type { ThreeDsRequest, ThreeDsResult } from '../../../providers/payments.js';
import type { ProviderRegistry } from '../../../providers/registry.js';
import { recordCircuitCall } from '../../provider-accounts/provider-accounts.circuit.js';
import type { Route } from '../../routing/index.js';
import { merchantReferenceFor } from '../../onboarding/affiliation-confirmation.js';
import { PROVIDER_NAMES } from '../../../providers/port.js';
import { attemptId } from '../../../providers/routing/draw.js';

const BUILT_IN: ReadonlySet<string> = new Set(PROVIDER_NAMES);

/**
 * R2.1/R2.8 at a real connector: the key is R6.8's derivation with the session's id in place of the transaction's
 * (so a retry sends each account the same key, and two accounts never share one), `reference` the session id, and
 * the payment lands at the paying company's merchant account (its confirmed affiliation). The sandbox keeps the
 * session id as its key.
 */
async function realProviderExtras(
  db: Database,
  companyId: string,
  provider: string,
  providerAccountId: string,
  request: ThreeDsRequest,
) {
  if (BUILT_IN.has(provider)) return {};
  const ref = await merchantReferenceFor(db, companyId, provider);
  return {
    idempotencyKey: attemptId(request.idempotencyKey, providerAccountId),
    reference: request.idempotencyKey,
    ...(typeof ref?.merchant_account === 'string'
      ? { merchant: { merchantAccount: ref.merchant_account, store: typeof ref.store === 'string' ? ref.store : null } }
      : {}),
  };
}

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
  companyId: string,
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
      const result = await deps.providers.require(
        candidate.provider,
        'three-ds.authenticate',
      )({
        ...request,
        ...(await realProviderExtras(deps.db, companyId, candidate.provider, account.provider_account_id, request)),
      });
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
