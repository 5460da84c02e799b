import { and, eq } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../../db/client.js';
import {
  providerAccounts,
  providerOperations,
  threeDsSessions,
  type ProviderOperationRow,
  type ThreeDsSessionRow,
} from '../../../db/schema/index.js';
import { enqueueJob } from '../../../jobs/queue.js';
import type { Clock } from '../../../kernel/clock.js';
import { completeRequest, releaseRequest } from '../../../kernel/idempotency.js';
import {
  RECOVER_OPERATION_JOB,
  claimProviderOperation,
  openOperationOf,
  type OperationHandler,
  type OperationHandlers,
  type OperationRuntime,
} from '../../../kernel/provider-operation.js';
import { derivedOperationId, fingerprintOf, syncDelayMs } from '../../../kernel/provider-operation.rules.js';
import { must } from '../../../kernel/must.js';
import { ProviderError } from '../../../providers/errors.js';
import type { ThreeDsRequest, ThreeDsResult } from '../../../providers/payments.js';
import type { ProviderRegistry } from '../../../providers/registry.js';
import { technicalFailureOf } from '../../../providers/routing/call-health.js';
import { circuitOf, recordCircuitCall } from '../../provider-accounts/provider-accounts.circuit.js';
import { SESSION_TTL_MS } from './three-ds.rules.js';
import { findSession, insertSession, lockSession, type NewSession } from './three-ds.repo.js';
import {
  announceSession,
  applyProviderResultIn,
  completeFromProviderIn,
  resultColumns,
} from './three-ds.transitions.js';

/**
 * 3DS authentication on the provider-operation primitive (docs/decisions/provider-operations.md "3DS
 * authentication on the primitive"):
 * - `three-ds-session.authenticate`: one operation per routed attempt, its id the key the account receives (the
 *   session's id at a built-in provider's first attempt, R6.8's derivation at a real account). The claim records
 *   the session unannounced (the card ciphertext stays on the session row, never in the operation's request) with
 *   the operation and its recovery job; the recording announces it (its result, or waiting for its provider after
 *   an unknown outcome) and completes the request_id. A refusal removes an unannounced session (and forgets the
 *   request_id) or fails an announced one (`DIRECTORY_UNAVAILABLE`). Recovery reads first (`three-ds.sync` where
 *   the provider has it), else submits again under the same key.
 * - `three-ds-session.details`: the challenge's result at the provider (Adyen's `/payments/details`, R2.8), its
 *   id `derivedOperationId(session, details:n)`. The recording applies the answer; a refusal leaves the session
 *   as it is (the same link may retry; the expiry ends it).
 */
export const AUTHENTICATE_OPERATION = 'three-ds-session.authenticate';
export const DETAILS_OPERATION = 'three-ds-session.details';
export const SESSION_RESOURCE = 'three-ds-session';

export interface ThreeDsOperationDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
}

/** What the authentication sends besides the key and the card (both read from the session): never card data. */
export interface AuthenticateRequest {
  providerAccountId: string | null;
  challengePreference: ThreeDsRequest['challengePreference'];
  browser?: Record<string, unknown>;
  returnUrl: string;
  shopperEmail: string | null;
  /** A real account's `reference` (the session id) and merchant account (R2.1, R2.8). */
  reference?: string;
  merchant?: { merchantAccount: string; store: string | null };
  /** The create's request_id claim, completed (or forgotten) by whoever records the answer. */
  claim: { companyId: string; scope: string; requestId: string } | null;
  correlationId: string;
}

interface DetailsRequest {
  redirectResult: string;
  correlationId: string;
}

export const operationRuntimeOf = (deps: Pick<ThreeDsOperationDeps, 'db' | 'clock'>): OperationRuntime => ({
  db: deps.db,
  now: () => deps.clock.now(),
  enqueue: enqueueJob,
});

const authenticateOf = (op: ProviderOperationRow) => op.request as unknown as AuthenticateRequest;

/** The port's request of an attempt: the key is the operation's id, the card the session's ciphertext. */
export function providerRequestOf(op: ProviderOperationRow, session: ThreeDsSessionRow) {
  const r = authenticateOf(op);
  return {
    idempotencyKey: op.id,
    amount: session.amount,
    currency: 'BRL' as const,
    installments: session.installments,
    card: {
      number: session.cardNumberCiphertext,
      expiryMonth: session.cardExpiryMonth,
      expiryYear: session.cardExpiryYear,
      holderName: session.cardHolderName,
      brand: session.cardBrand,
      bin: session.cardBin,
      lastDigits: session.cardLastDigits,
    },
    challengePreference: r.challengePreference,
    ...(r.browser ? { browser: r.browser } : {}),
    returnUrl: r.returnUrl,
    shopperEmail: r.shopperEmail,
    ...(r.reference ? { reference: r.reference } : {}),
    ...(r.merchant ? { merchant: r.merchant } : {}),
  };
}

const withoutFound = (synced: { found: true } & ThreeDsResult): ThreeDsResult => {
  const { found: _found, ...result } = synced;
  return result;
};

/**
 * A call the recovery job makes counts for the account's circuit as the request's attempt did (R6.11): the
 * registry's observer leaves routed operations to their attempt, and a recovery has none.
 */
async function countRecoveryCall(deps: ThreeDsOperationDeps, provider: string, error: unknown): Promise<void> {
  const technical = technicalFailureOf(error);
  if (technical === null) return;
  const [row] = await deps.db.select().from(providerAccounts).where(eq(providerAccounts.provider, provider));
  if (!row) return;
  const code = (error as { code?: unknown } | null)?.code;
  await recordCircuitCall(deps.db, {
    accountId: row.id,
    technicalFailure: technical,
    probe: false,
    code: technical && typeof code === 'string' ? code : null,
    known: circuitOf(row),
    now: deps.clock.now(),
    correlationId: `provider-call:three-ds.authenticate`,
  }).catch(() => undefined);
}

export function threeDsOperationHandlers(deps: ThreeDsOperationDeps): OperationHandlers {
  const sessionOf = async (op: ProviderOperationRow) =>
    must(await findSession(deps.db, op.resourceId), 'an operation claimed with its session keeps it');
  const authenticate = async (op: ProviderOperationRow): Promise<ThreeDsResult> =>
    deps.providers.require(op.provider, 'three-ds.authenticate')(providerRequestOf(op, await sessionOf(op)));
  const lockResource = (tx: Tx, op: ProviderOperationRow) => lockSession(tx, op.resourceId);

  const authenticateHandler: OperationHandler<ThreeDsResult> = {
    call: authenticate,
    async resume(op) {
      if (deps.providers.offers(op.provider, 'three-ds.sync')) {
        const synced = await deps.providers.require(op.provider, 'three-ds.sync')({ idempotencyKey: op.id });
        if (synced.found) return withoutFound(synced);
      }
      try {
        const result = await authenticate(op);
        await countRecoveryCall(deps, op.provider, null);
        return result;
      } catch (err) {
        await countRecoveryCall(deps, op.provider, err);
        throw err;
      }
    },
    lockResource,
    async succeeded(tx, op, result) {
      const row = await lockSession(tx, op.resourceId);
      if (!row) return;
      const now = deps.clock.now(row.organizationId);
      const correlationId = `operation-${op.id}`;
      if (row.announced) {
        await applyProviderResultIn(tx, row, result, correlationId, now);
        return;
      }
      await announceSession(tx, row, { ...resultColumns(result, now), provider: op.provider }, correlationId, now);
      const claim = authenticateOf(op).claim;
      if (claim) await completeRequest(tx, claim);
    },
    async refused(tx, op) {
      const row = await lockSession(tx, op.resourceId);
      if (!row) return;
      if (row.announced) {
        await applyProviderResultIn(tx, row, 'REFUSED', `operation-${op.id}`, deps.clock.now(row.organizationId));
        return;
      }
      // Never announced: nothing was shown, so nothing stays (as before, a refused create stores no session).
      await tx.delete(threeDsSessions).where(eq(threeDsSessions.id, row.id));
      const claim = authenticateOf(op).claim;
      if (claim) await releaseRequest(tx, claim, 'forget', deps.clock.now(row.organizationId));
    },
    // Once the session expired, an answer changes nothing.
    stopAfterMs: SESSION_TTL_MS,
  };

  const detailsHandler: OperationHandler<ThreeDsResult> = {
    async call(op) {
      const r = op.request as unknown as DetailsRequest;
      return completeChallengeAt(deps.providers, op.provider, op.resourceId, r.redirectResult, op.id);
    },
    lockResource,
    async succeeded(tx, op, result) {
      await completeFromProviderIn(tx, deps.clock, op.resourceId, result, `operation-${op.id}`);
    },
    stopAfterMs: SESSION_TTL_MS,
  };

  return {
    [AUTHENTICATE_OPERATION]: authenticateHandler,
    [DETAILS_OPERATION]: detailsHandler,
  };
}

/** A connector that completes a challenge from the provider's redirect (the ADYEN_CHECKOUT connector). */
interface CompletesChallenge {
  completeChallenge(sessionId: string, redirectResult: string, idempotencyKey?: string): Promise<ThreeDsResult>;
}
export const completesChallenge = (adapter: unknown): adapter is CompletesChallenge =>
  typeof (adapter as Partial<CompletesChallenge> | null)?.completeChallenge === 'function';

/** The provider's `/payments/details`, timed and counted for the account as any payment call (R6.11). */
async function completeChallengeAt(
  providers: ProviderRegistry,
  provider: string,
  sessionId: string,
  redirectResult: string,
  key: string,
): Promise<ThreeDsResult> {
  return providers.observedCall(provider, 'three-ds.details', async () => {
    const adapter = await providers.resolve(provider);
    if (!completesChallenge(adapter))
      throw new ProviderError('refused', 'CAPABILITY_MISMATCH', 'The provider runs no challenge details', 'three-ds');
    return adapter.completeChallenge(sessionId, redirectResult, key);
  });
}

/**
 * The claim of an attempt's authentication, in its own transaction: the session recorded unannounced (first
 * attempt) or moved to the attempt's provider, the operation under `id` PENDING and its recovery job. An operation
 * a 502 released (a retry of the same request_id) is opened again under the same key.
 */
export async function claimAuthentication(
  rt: OperationRuntime,
  input: {
    id: string;
    session: NewSession;
    provider: string;
    request: AuthenticateRequest;
  },
): Promise<ProviderOperationRow> {
  return rt.db.transaction(async (tx) => {
    const now = rt.now();
    const existing = await lockSession(tx, input.session.id);
    if (existing && existing.announced) throw new Error(`3DS session ${existing.id} is already recorded`);
    if (!existing) await insertSession(tx, { ...input.session, provider: input.provider, announced: false });
    else await tx.update(threeDsSessions).set({ provider: input.provider }).where(eq(threeDsSessions.id, existing.id));
    const claim = {
      kind: AUTHENTICATE_OPERATION,
      resourceType: SESSION_RESOURCE,
      resourceId: must(input.session.id, 'a session has its id'),
      organizationId: input.session.organizationId,
      companyId: input.session.companyId,
      provider: input.provider,
      request: input.request as unknown as Record<string, unknown>,
      id: input.id,
    };
    const claimed = await claimProviderOperation(tx, rt.enqueue, claim, now);
    if (claimed) return claimed;
    // A retry of a request a crash left behind joins the session's open operation (its key, its request).
    const open = await openOperationOf(tx, SESSION_RESOURCE, claim.resourceId);
    if (open) return open;
    return reopenReleased(tx, rt, claim, now);
  });
}

/** An operation the request released (nothing was submitted) opened again under its key, with a recovery job. */
async function reopenReleased(
  tx: Executor,
  rt: OperationRuntime,
  claim: { id: string; kind: string; provider: string; request: Record<string, unknown> },
  now: Date,
): Promise<ProviderOperationRow> {
  const [row] = await tx
    .update(providerOperations)
    .set({
      status: 'PENDING',
      attempts: 0,
      request: claim.request,
      fingerprint: fingerprintOf({ kind: claim.kind, provider: claim.provider, ...claim.request }),
      outcome: null,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    })
    .where(and(eq(providerOperations.id, claim.id), eq(providerOperations.status, 'RELEASED')))
    .returning();
  if (!row) throw new Error(`provider operation ${claim.id} is not open to a new claim`);
  await rt.enqueue(
    tx,
    {
      kind: RECOVER_OPERATION_JOB,
      runAt: new Date(now.getTime() + syncDelayMs(1)),
      payload: { operationId: row.id },
      dedupeKey: `${RECOVER_OPERATION_JOB}:${row.id}`,
      organizationId: null,
    },
    now,
  );
  return row;
}

/** Every attempt's operation released: the unannounced session goes (as before, a 502 stores no session). */
export async function dropUnannounced(db: Database, sessionId: string): Promise<void> {
  await db.delete(threeDsSessions).where(and(eq(threeDsSessions.id, sessionId), eq(threeDsSessions.announced, false)));
}

/**
 * The claim of a challenge's details submission: the session's open details operation is joined (the same
 * link again while an earlier call's outcome is unknown), else a new one under `derivedOperationId(session,
 * details:n)`. Null when the session has another open operation (its authentication still unresolved).
 */
export async function claimDetails(
  rt: OperationRuntime,
  session: ThreeDsSessionRow,
  redirectResult: string,
  correlationId: string,
): Promise<ProviderOperationRow | null> {
  return rt.db.transaction(async (tx) => {
    await lockSession(tx, session.id);
    const ops = await tx
      .select()
      .from(providerOperations)
      .where(and(eq(providerOperations.resourceType, SESSION_RESOURCE), eq(providerOperations.resourceId, session.id)));
    const open = ops.find((o) => o.status === 'PENDING');
    if (open) return open.kind === DETAILS_OPERATION ? open : null;
    const n = ops.filter((o) => o.kind === DETAILS_OPERATION).length;
    const request: DetailsRequest = { redirectResult, correlationId };
    return claimProviderOperation(
      tx,
      rt.enqueue,
      {
        kind: DETAILS_OPERATION,
        resourceType: SESSION_RESOURCE,
        resourceId: session.id,
        organizationId: session.organizationId,
        companyId: session.companyId,
        provider: session.provider,
        request: request as unknown as Record<string, unknown>,
        id: derivedOperationId(session.id, `${DETAILS_OPERATION}:${n}`),
      },
      rt.now(),
    );
  });
}
