import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../kernel/clock.js';
import { ProviderError } from '../../../providers/errors.js';
import type { ThreeDsRequest, ThreeDsResult } from '../../../providers/payments.js';
import type { BrowserInfo } from '../../../providers/adyen-checkout/three-ds.js';
import { runForRequest } from '../../../kernel/provider-operation.js';
import { must } from '../../../kernel/must.js';
import type { NewSession } from './three-ds.repo.js';
import {
  AUTHENTICATE_OPERATION,
  claimAuthentication,
  operationRuntimeOf,
  threeDsOperationHandlers,
  type AuthenticateRequest,
} from './three-ds.operations.js';
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
): Promise<{
  idempotencyKey?: string;
  reference?: string;
  merchant?: { merchantAccount: string; store: string | null };
}> {
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

/** What the session's unannounced row holds before any answer (three-ds.operations.ts records it at the claim). */
export type UnannouncedSession = NewSession;

/**
 * A 3DS session's calls in the routed order (providers.md R6.8), each one provider operation
 * (`three-ds-session.authenticate`, three-ds.operations.ts) whose id is the key the account receives: the session's
 * id at a built-in provider's first attempt, R6.8's derivation at a real account (so a retry sends each account the
 * same key, and two accounts never share one). The next account only after a released call (`unavailable`: nothing
 * reached the provider). Every call counts for the account's circuit (R6.11). `choice.provider` ends as the account
 * that answered. Answers the result, or null when the outcome is unknown (the session is then announced waiting,
 * its operation's recovery job resolves it); throws the provider's refusal or the last `unavailable`.
 */
export async function authenticateWithFailover(
  deps: { db: Database; clock: Clock; providers: ProviderRegistry },
  route: Route,
  session: UnannouncedSession,
  request: ThreeDsRequest & { browser?: BrowserInfo; returnUrl: string; shopperEmail: string | null },
  claim: AuthenticateRequest['claim'],
  choice: { provider: string },
  correlationId: string,
  companyId: string,
): Promise<ThreeDsResult | null> {
  const rt = operationRuntimeOf(deps);
  const handler = must(threeDsOperationHandlers(deps)[AUTHENTICATE_OPERATION], 'the authenticate handler');
  const order = route.decision.attempt_order;
  const sessionId = request.idempotencyKey;
  for (const [i, candidate] of order.entries()) {
    choice.provider = candidate.provider;
    const account = must(route.accounts.get(candidate.provider), 'a routed attempt names a known account');
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
    const extras = await realProviderExtras(
      deps.db,
      companyId,
      candidate.provider,
      account.provider_account_id,
      request,
    );
    const builtIn = BUILT_IN.has(candidate.provider);
    // The key: R6.8's derivation at a real account; the session id at a built-in's first attempt (as before).
    const id =
      builtIn && i > 0 ? attemptId(sessionId, account.provider_account_id) : (extras.idempotencyKey ?? sessionId);
    const op = await claimAuthentication(rt, {
      id,
      session,
      provider: candidate.provider,
      request: {
        providerAccountId: account.provider_account_id,
        challengePreference: request.challengePreference,
        ...(request.browser ? { browser: { ...request.browser } } : {}),
        returnUrl: request.returnUrl,
        shopperEmail: request.shopperEmail,
        ...(extras.reference ? { reference: extras.reference } : {}),
        ...(extras.merchant ? { merchant: extras.merchant } : {}),
        claim,
        correlationId,
      },
    });
    const ran = await runForRequest(rt, op, handler);
    const error = ran.error;
    if (ran.status === 'SUCCEEDED') {
      await count(false, null);
      return (ran.op.outcome as { answer?: ThreeDsResult } | null)?.answer ?? null;
    }
    const technical = error instanceof ProviderError && error.kind !== 'refused';
    if (error !== undefined) await count(technical, error instanceof ProviderError ? error.code : null);
    if (ran.status === 'PENDING') return null;
    const failure =
      error instanceof Error
        ? error
        : new ProviderError(ran.status === 'FAILED' ? 'refused' : 'unavailable', 'REFUSED', 'no answer', 'three-ds');
    if (ran.status === 'FAILED') throw failure;
    // RELEASED: nothing reached the provider; the next account, or the 502.
    if (i === order.length - 1) throw failure;
  }
  throw new Error('a routed 3DS session has at least one account to call');
}
