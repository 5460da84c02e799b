import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../db/client.js';
import { providerOperations, type ProviderOperationRow, type ProviderOperationStatus } from '../db/schema/index.js';
import { ProviderError } from './provider-errors.js';
import {
  derivedOperationId,
  fingerprintOf,
  outcomeOfFailure,
  recoveryStep,
  statusAfter,
  syncDelayMs,
  type CallOutcome,
  type CallPhase,
} from './provider-operation.rules.js';

/**
 * One provider operation: every call that changes something at a provider (docs/decisions/provider-operations.md).
 *
 *   claim (in the caller's transaction, under its resource's lock): a `provider_operations` row PENDING whose
 *     id is the provider's idempotency key, and its recovery job, committed together;
 *   call (outside any transaction) with that key;
 *   record (one transaction): the operation finished and the resource moved by the kind's handler.
 *
 * `refused` fails it, `unavailable` from the request releases it (nothing was submitted), `unknown_outcome`
 * (or any other throw) leaves it PENDING: the recovery job repeats the same request under the same key until
 * it gets an answer. A process that dies anywhere after the claim leaves a PENDING operation and its job, so
 * nothing stays stranded. The kernel knows no job table and no area: the caller hands in how to enqueue a job,
 * and the composition root the handler of each kind.
 */

/** The generic recovery job: `{ operationId }`. */
export const RECOVER_OPERATION_JOB = 'provider-operation.recover';

export interface OperationJob {
  kind: string;
  runAt: Date;
  payload: Record<string, unknown>;
  dedupeKey: string;
  organizationId: null;
}
/** Schedules a job inside the given transaction (`enqueueJob` of src/jobs/queue.ts has this shape). */
export type EnqueueJob = (tx: Executor, job: OperationJob, now: Date) => Promise<unknown>;

/** What the primitive needs from whoever runs it. `now` is real time (provider work never follows a test clock). */
export interface OperationRuntime {
  db: Database;
  now: () => Date;
  enqueue: EnqueueJob;
  /** The recovery job's in-flight grace (config `recovery.inFlightGraceMs`); default IN_FLIGHT_GRACE_MS. */
  inFlightGraceMs?: number;
}

export interface ClaimInput {
  /** The handler's kind, e.g. `transaction.capture`. */
  kind: string;
  resourceType: string;
  resourceId: string;
  organizationId: string | null;
  companyId: string | null;
  provider: string;
  /** What the call sends besides the key; JSON, never card data. The recovery job replays exactly this. */
  request: Record<string, unknown>;
  /** A given id (the key of an operation whose key was fixed earlier, e.g. a transaction's authorization). */
  id?: string;
}

/**
 * Claims the operation inside `tx` and schedules its recovery job in the same transaction. Answers null when
 * the resource already has an open (PENDING) operation: the caller answers 409 OPERATION_IN_PROGRESS.
 */
export async function claimProviderOperation(
  tx: Executor,
  enqueue: EnqueueJob,
  input: ClaimInput,
  now: Date,
): Promise<ProviderOperationRow | null> {
  const id = input.id ?? randomUUID();
  const [row] = await tx
    .insert(providerOperations)
    .values({
      id,
      kind: input.kind,
      resourceType: input.resourceType,
      resourceId: input.resourceId,
      organizationId: input.organizationId,
      companyId: input.companyId,
      provider: input.provider,
      status: 'PENDING',
      attempts: 0,
      request: input.request,
      fingerprint: fingerprintOf({ kind: input.kind, provider: input.provider, ...input.request }),
      outcome: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  // The first look comes once a live call must have ended (rules: IN_FLIGHT_GRACE_MS); earlier after an unknown outcome.
  await enqueue(
    tx,
    {
      kind: RECOVER_OPERATION_JOB,
      runAt: new Date(now.getTime() + syncDelayMs(1)),
      payload: { operationId: id },
      dedupeKey: `${RECOVER_OPERATION_JOB}:${id}`,
      organizationId: null,
    },
    now,
  );
  return row;
}

/** What a kind of operation does. `T` is what recording the success gives back to the request. */
export interface OperationHandler<R = unknown> {
  /** The provider call with `op.id` as its idempotency key and `op.request` as its parameters. */
  call(op: ProviderOperationRow): Promise<R>;
  /** The recovery job's way to finish it: by default the same call again (same key, same parameters). */
  resume?(op: ProviderOperationRow): Promise<R>;
  /** In the recording transaction (the operation already SUCCEEDED in it): the resource's move. Idempotent. */
  succeeded(tx: Tx, op: ProviderOperationRow, result: R, now: Date): Promise<void>;
  /** In the recording transaction (the operation FAILED in it): what a definitive refusal does to the resource. */
  refused?(tx: Tx, op: ProviderOperationRow, err: unknown, now: Date): Promise<void>;
  /** In the recording transaction (the operation RELEASED in it): nothing was submitted. */
  released?(tx: Tx, op: ProviderOperationRow, now: Date): Promise<void>;
  /**
   * In the recording transaction, before the operation's row: locks the resource the claim locked. Claims lock
   * the resource and then insert under the one-open-operation index, so recording must take the same order or a
   * claim and a recording of the same resource deadlock.
   */
  lockResource?(tx: Tx, op: ProviderOperationRow): Promise<unknown>;
  /** How long the recovery job keeps asking (default 24 h, R5.1). */
  stopAfterMs?: number;
  /** false: `unavailable` keeps the operation PENDING for the recovery job (a resource already recorded under this key). */
  releaseWhenUnavailable?: boolean;
}

export type OperationHandlers = Record<string, OperationHandler>;

export type RunResult =
  | { outcome: 'succeeded'; op: ProviderOperationRow }
  | { outcome: Exclude<CallOutcome, 'succeeded'>; op: ProviderOperationRow; error: unknown }
  /** Another runner (the recovery job) finished the operation first; `op` is how it ended. */
  | { outcome: 'finished-elsewhere'; op: ProviderOperationRow };

const errorJson = (err: unknown) => {
  const e = err as { kind?: unknown; code?: unknown; message?: unknown };
  return {
    kind: typeof e?.kind === 'string' ? e.kind : 'exception',
    code: typeof e?.code === 'string' ? e.code : null,
    message: typeof e?.message === 'string' ? e.message.slice(0, 300) : null,
  };
};

async function lockOperation(tx: Executor, id: string): Promise<ProviderOperationRow | undefined> {
  const [row] = await tx.select().from(providerOperations).where(eq(providerOperations.id, id)).for('update');
  return row;
}

/**
 * Calls the provider for a claimed operation (never inside a transaction) and records the outcome in one
 * transaction. A failing record step throws and leaves the operation PENDING for its recovery job.
 */
export async function runProviderOperation(
  rt: OperationRuntime,
  op: ProviderOperationRow,
  handler: OperationHandler,
  phase: CallPhase = 'request',
): Promise<RunResult> {
  return recordCall(rt, op, handler, await callOperation(op, handler, phase), phase);
}

/** What one call of an operation came to (the call alone; recording it is `recordCall`). */
export type CallResult =
  { outcome: 'succeeded'; result: unknown } | { outcome: Exclude<CallOutcome, 'succeeded'>; failure: unknown };

/** The provider call of a claimed operation, never inside a transaction; never throws for the provider. */
export async function callOperation(
  op: ProviderOperationRow,
  handler: OperationHandler,
  phase: CallPhase = 'request',
): Promise<CallResult> {
  try {
    return {
      outcome: 'succeeded',
      result: await (phase === 'recovery' && handler.resume ? handler.resume(op) : handler.call(op)),
    };
  } catch (err) {
    return { outcome: outcomeOfFailure(err), failure: err };
  }
}

/**
 * Records a call's outcome in one transaction (the operation finished, the handler's move). Split from the call
 * for an area that records its successes set-based (internal transfers) and everything else through here.
 */
export async function recordCall(
  rt: OperationRuntime,
  op: ProviderOperationRow,
  handler: OperationHandler,
  called: CallResult,
  phase: CallPhase = 'request',
): Promise<RunResult> {
  const outcome = called.outcome;
  const result = called.outcome === 'succeeded' ? called.result : undefined;
  const failure = called.outcome === 'succeeded' ? undefined : called.failure;
  const status = statusAfter(outcome, phase, handler.releaseWhenUnavailable ?? true);
  return rt.db.transaction(async (tx) => {
    await handler.lockResource?.(tx, op);
    const locked = await lockOperation(tx, op.id);
    if (!locked) throw new Error(`provider operation ${op.id} vanished`);
    if (locked.status !== 'PENDING') return { outcome: 'finished-elsewhere' as const, op: locked };
    const now = rt.now();
    const recorded = outcome === 'succeeded' ? { answer: (result ?? null) as unknown } : { error: errorJson(failure) };
    const [row] = await tx
      .update(providerOperations)
      .set({
        status,
        attempts: sql`${providerOperations.attempts} + 1`,
        outcome: recorded,
        updatedAt: now,
        finishedAt: status === 'PENDING' ? null : now,
      })
      .where(eq(providerOperations.id, op.id))
      .returning();
    if (status === 'SUCCEEDED') await handler.succeeded(tx, row!, result, now);
    else if (status === 'FAILED') await handler.refused?.(tx, row!, failure, now);
    else if (status === 'RELEASED') await handler.released?.(tx, row!, now);
    if (outcome === 'succeeded') return { outcome, op: row! };
    return { outcome, op: row!, error: failure };
  });
}

/**
 * The recovery job's handler for every kind: skips finished operations, waits while a call may still be
 * running, repeats the request under the same key, and asks again on R5.1's schedule until an answer or the
 * kind's stop (then the operation stays PENDING for reconciliation). Returns the runner's job result shape.
 */
export function recoverProviderOperations(rt: OperationRuntime, handlers: OperationHandlers) {
  return async (job: { payload: Record<string, unknown> }): Promise<void | { rescheduleAt: Date }> => {
    const id = String(job.payload.operationId);
    const [op] = await rt.db.select().from(providerOperations).where(eq(providerOperations.id, id)).limit(1);
    if (!op) return;
    const handler = handlers[op.kind];
    if (!handler) throw new Error(`no handler for provider operation kind ${op.kind}`);
    const step = recoveryStep(op, rt.now(), handler.stopAfterMs, rt.inFlightGraceMs);
    if (step.action === 'skip' || step.action === 'give-up') return;
    if (step.action === 'wait') return { rescheduleAt: step.until };
    const ran = await runProviderOperation(rt, op, handler, 'recovery');
    if (ran.outcome === 'finished-elsewhere' || ran.op.status !== 'PENDING') return;
    return { rescheduleAt: new Date(rt.now().getTime() + syncDelayMs(ran.op.attempts)) };
  };
}

/** The resource's open operation, if any (a capture whose outcome is still unknown). */
export async function openOperationOf(
  ex: Executor,
  resourceType: string,
  resourceId: string,
): Promise<ProviderOperationRow | undefined> {
  const [row] = await ex
    .select()
    .from(providerOperations)
    .where(
      and(
        eq(providerOperations.resourceType, resourceType),
        eq(providerOperations.resourceId, resourceId),
        eq(providerOperations.status, 'PENDING'),
      ),
    )
    .limit(1);
  return row;
}

export async function findProviderOperation(ex: Executor, id: string): Promise<ProviderOperationRow | undefined> {
  const [row] = await ex.select().from(providerOperations).where(eq(providerOperations.id, id)).limit(1);
  return row;
}

/**
 * The resource moved another way while its operation was open (a PIX paid during its cancel): the operation
 * ends as `status` with why, inside the caller's transaction. Its recovery job then finds nothing to do.
 */
export async function closeOpenOperations(
  tx: Executor,
  resourceType: string,
  resourceId: string,
  status: Exclude<ProviderOperationStatus, 'PENDING'>,
  why: string,
  now: Date,
): Promise<void> {
  await tx
    .update(providerOperations)
    .set({ status, outcome: { superseded_by: why }, updatedAt: now, finishedAt: now })
    .where(
      and(
        eq(providerOperations.resourceType, resourceType),
        eq(providerOperations.resourceId, resourceId),
        eq(providerOperations.status, 'PENDING'),
      ),
    );
}

/** How a request's run of an operation ended: the operation's status and, unless it succeeded, why. */
export interface RequestRun {
  status: ProviderOperationStatus;
  op: ProviderOperationRow;
  /** The provider's error (a refusal rebuilt from the recorded outcome when another runner finished it). */
  error?: unknown;
}

/**
 * The request's run of a claimed operation (or of the resource's open one it joins: same key, same request),
 * never throwing for the provider or the record step: a failing record step (the database, a dying process)
 * leaves the operation PENDING with its recovery job, as an unknown outcome does.
 */
export async function runForRequest(
  rt: OperationRuntime,
  op: ProviderOperationRow,
  handler: OperationHandler,
): Promise<RequestRun> {
  let ran: RunResult;
  try {
    ran = await runProviderOperation(rt, op, handler);
  } catch (err) {
    return { status: 'PENDING', op, error: err };
  }
  if (ran.outcome === 'succeeded') return { status: ran.op.status, op: ran.op };
  if (ran.outcome !== 'finished-elsewhere') return { status: ran.op.status, op: ran.op, error: ran.error };
  const recorded = (ran.op.outcome ?? {}) as {
    error?: { kind?: string; code?: string | null; message?: string | null };
  };
  const error =
    ran.op.status === 'FAILED' && recorded.error
      ? new ProviderError('refused', recorded.error.code ?? 'REFUSED', recorded.error.message ?? 'refused', op.kind)
      : undefined;
  return { status: ran.op.status, op: ran.op, ...(error ? { error } : {}) };
}

/**
 * The key of the next operation on a resource whose first key is the resource's own id (the key its area sent
 * before operations existed, so a call a crash left behind is found again): the id for the first, a fixed
 * derivation of it for an attempt after a refusal or a release (each operation its own key).
 */
async function nextOperationId(tx: Executor, kind: string, resourceType: string, resourceId: string): Promise<string> {
  const [done] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(providerOperations)
    .where(and(eq(providerOperations.resourceType, resourceType), eq(providerOperations.resourceId, resourceId)));
  const n = Number(done?.n ?? 0);
  return n === 0 ? resourceId : derivedOperationId(resourceId, `${kind}:${n}`);
}

class Exists<T> extends Error {
  constructor(readonly found: T) {
    super('the resource exists');
  }
}

/**
 * For a resource recorded only once the provider answered (a bank account, a PIX key): claims its operation (the
 * first under the resource's id, see nextOperationId) with its recovery job, or joins the one already open (the
 * same call under the same key: a retry after a crash or an unknown outcome). `existing` reads the resource:
 * found before the claim, or once a claim waited for a concurrent recording, it is answered instead.
 */
export async function claimOrJoin<T>(
  rt: OperationRuntime,
  input: Omit<ClaimInput, 'id'>,
  existing: (tx: Executor) => Promise<T | undefined>,
): Promise<{ op: ProviderOperationRow } | { existing: T }> {
  for (let tries = 0; ; tries++) {
    try {
      const op = await rt.db.transaction(async (tx) => {
        const before = await existing(tx);
        if (before !== undefined) throw new Exists(before);
        const id = await nextOperationId(tx, input.kind, input.resourceType, input.resourceId);
        const claimed = await claimProviderOperation(tx, rt.enqueue, { ...input, id }, rt.now());
        if (!claimed) return openOperationOf(tx, input.resourceType, input.resourceId);
        const raced = await existing(tx);
        if (raced !== undefined) throw new Exists(raced);
        return claimed;
      });
      // The open operation ended between the claim and the read: look again.
      if (op) return { op };
    } catch (err) {
      if (err instanceof Exists) return { existing: err.found as T };
      throw err;
    }
    if (tries >= 3) throw new Error(`${input.resourceType} ${input.resourceId}: no operation to claim or join`);
  }
}
