import { findTransactionRow } from '../shared/transactions.repo.js';
import type { JobRow, RefundRow } from '../../../db/schema/index.js';
import type { CompanyPrincipal, RequestContext } from '../../../kernel/context.js';
import { DomainError, notFound } from '../../../kernel/errors.js';
import { enqueueJob } from '../../../jobs/queue.js';
import type { JobResult } from '../../../jobs/registry.js';
import { isProviderError, ProviderNotCapable } from '../../../providers/errors.js';
import { findRefund } from './refunds.repo.js';
import type { CreateRefundBody } from './refunds.schemas.js';
import {
  recordRefund,
  refundFailure,
  REFUND_OPERATION,
  REFUND_SYNC_JOB,
  settleRefund,
  type RefundDeps,
  type RefundSyncPayload,
} from './refunds.service.js';
import { knownFailure, recordAcknowledged, refundOperationHandlers } from './refunds.operation.js';
import { findProviderOperation, runProviderOperation } from '../../../kernel/provider-operation.js';
import { operationRuntime } from '../capture-cancel/operations.handlers.js';
import { findTransactionInReach } from '../shared/transactions.repo.js';

/**
 * The provider side of refunds: `card.refund` / `pix.refund` after the refund row is committed (never inside
 * a database transaction; the refund id is the idempotency key), and the `refund.sync` job (rsync). An unknown
 * outcome or an unavailable provider leaves the refund PENDING and schedules a sync; only `refused` fails it.
 */

export async function createRefund(
  deps: RefundDeps,
  ctx: RequestContext,
  principal: CompanyPrincipal,
  transactionId: string,
  body: CreateRefundBody,
) {
  const found = await findTransactionInReach(deps.db, principal, transactionId);
  if (!found) throw notFound('Transaction');
  const created = await recordRefund(
    deps,
    ctx.requestId,
    found,
    {
      amount: body.amount,
      reason: body.reason,
      description: body.description ?? null,
      requestId: body.request_id,
      origin: 'MERCHANT',
    },
    { companyId: principal.companyId, body: { ...body, transaction_id: transactionId } },
  );
  if (created.replayed) return created;
  await submitRefund(deps, created.row.id);
  return { row: (await findRefund(deps.db, created.row.id))!, replayed: false };
}

const operationOf = (row: Pick<RefundRow, 'paymentMethod'>) =>
  row.paymentMethod === 'PIX' ? ('pix.refund' as const) : ('card.refund' as const);
const syncOperationOf = (row: Pick<RefundRow, 'paymentMethod'>) =>
  row.paymentMethod === 'PIX' ? ('pix.refund-sync' as const) : ('card.refund-sync' as const);

const MIN_BACKOFF_MS = 2_000;
const MAX_BACKOFF_MS = 5 * 60_000;
/** As long again as the refund has waited (delays roughly double), between 2 s and 5 min, on real time. */
const backoffAt = (row: Pick<RefundRow, 'createdAt'>, job: Pick<JobRow, 'createdAt'> | null, now: Date) =>
  new Date(
    now.getTime() +
      Math.min(MAX_BACKOFF_MS, Math.max(MIN_BACKOFF_MS, now.getTime() - (job ?? row).createdAt.getTime())),
  );

async function scheduleSync(deps: RefundDeps, row: RefundRow, settle: boolean, runAt: Date, tag: string) {
  const payload: RefundSyncPayload = { refundId: row.id, settle };
  await enqueueJob(
    deps.db,
    { kind: REFUND_SYNC_JOB, runAt, payload: { ...payload }, dedupeKey: `${REFUND_SYNC_JOB}:${row.id}:${tag}` },
    deps.clock.now(),
  );
}

/**
 * Hands a PENDING refund to its provider: its provider operation (claimed when the refund was recorded) is
 * run. The refund stays PENDING whatever the answer (a final answer is applied by the sync job, so the create
 * always answers the refund as created); `refused` fails it; otherwise the operation's recovery job goes on.
 */
export async function submitRefund(deps: RefundDeps, refundId: string): Promise<void> {
  const row = await findRefund(deps.db, refundId);
  if (!row || row.status !== 'PENDING' || row.submittedAt) return;
  const op = await findProviderOperation(deps.db, row.id);
  if (!op) return submitLegacy(deps, row);
  if (op.status !== 'PENDING') return;
  const ran = await runProviderOperation(operationRuntime(deps), op, refundOperationHandlers(deps)[REFUND_OPERATION]!);
  if ('error' in ran && ran.error instanceof ProviderNotCapable)
    throw new DomainError('INTEGRATION_ERROR', ran.error.message);
  // Unavailable or unknown: the operation's recovery job submits it again; the refund's sync looks too (and,
  // with autopilot or polling, settles it once the provider has it), as before.
  if (ran.outcome === 'unavailable' || ran.outcome === 'unknown')
    await scheduleSync(
      deps,
      row,
      deps.pollProviders || Boolean(deps.autopilot),
      backoffAt(row, null, deps.clock.now()),
      'after-failure',
    );
}

/**
 * A refund recorded before provider operations existed (no operation row): handed over as it was then
 * (`refused` fails it; otherwise a sync finds out and resubmits under the refund id).
 */
async function submitLegacy(deps: RefundDeps, row: RefundRow): Promise<void> {
  try {
    const result = await deps.providers.require(
      row.provider,
      operationOf(row),
    )({ idempotencyKey: row.id, paymentKey: row.transactionId, amount: row.amount, reason: row.reason });
    await recordAcknowledged(deps.db, row, result, deps.clock.now(row.organizationId));
    if (result.status !== 'PENDING' && (deps.pollProviders || deps.autopilot))
      await scheduleSync(deps, row, true, deps.clock.now(), 'answered');
  } catch (err) {
    if (isProviderError(err) && err.kind === 'refused') {
      await settleRefund(
        deps,
        `refund-${row.id}`,
        row.id,
        'FAILED',
        refundFailure(knownFailure(err.code), err.message),
      ).catch(ignoreSettled);
      return;
    }
    if (err instanceof ProviderNotCapable) throw new DomainError('INTEGRATION_ERROR', err.message);
    if (!isProviderError(err)) throw err;
    // unavailable or unknown_outcome: the refund stays PENDING; the sync finds out (and resubmits if needed).
    await scheduleSync(
      deps,
      row,
      deps.pollProviders || Boolean(deps.autopilot),
      backoffAt(row, null, deps.clock.now()),
      'after-failure',
    );
  }
}

const ignoreSettled = (err: unknown) => {
  if (err instanceof DomainError && err.code === 'CONFLICT_ERROR') return undefined; // settled meanwhile (the control)
  throw err;
};

/**
 * `refund.sync` {refundId, settle}: idempotent. A refund no longer PENDING is left alone. The provider's rsync:
 * nothing under the key -> submit again (same key); the refund -> record what it acknowledged and, with
 * `settle`, apply a final answer (SUCCEEDED / FAILED); still PENDING -> poll again later when providers are
 * polled (the sandbox without polling leaves it to its settle control: 7726 stays PENDING).
 */
export async function syncRefund(deps: RefundDeps, job: JobRow): Promise<JobResult> {
  const { refundId, settle } = job.payload as unknown as RefundSyncPayload;
  const row = await findRefund(deps.db, refundId);
  if (!row || row.status !== 'PENDING') return;
  // The recovery point finds the refund acknowledged (the usual case): nothing to ask.
  if (!settle && row.submittedAt) return;
  const later = () => ({ rescheduleAt: backoffAt(row, job, deps.clock.now()) });
  let answer;
  try {
    // An API Pix devolução is read under its payment's endToEndId (R3.6): the transaction's.
    const endToEndId =
      row.paymentMethod === 'PIX' ? (await findTransactionRow(deps.db, row.transactionId))?.pix?.end_to_end_id : null;
    answer = await deps.providers.require(
      row.provider,
      syncOperationOf(row),
    )({ idempotencyKey: row.id, ...(endToEndId ? { endToEndId } : {}) });
  } catch (err) {
    if (isProviderError(err) && err.kind !== 'refused') return later();
    throw err;
  }
  if (!answer.found) {
    await submitRefund(deps, row.id);
    const after = await findRefund(deps.db, row.id);
    return after?.status === 'PENDING' && !after.submittedAt
      ? later()
      : settle
        ? { rescheduleAt: deps.clock.now() }
        : undefined;
  }
  await recordAcknowledged(deps.db, row, answer, deps.clock.now(row.organizationId));
  if (!settle) return;
  if (answer.status === 'PENDING') return deps.pollProviders ? later() : undefined;
  const failure =
    answer.status === 'FAILED' ? refundFailure(knownFailure(answer.failure?.code), answer.failure?.message) : null;
  await settleRefund(deps, `refund-sync-${row.id}`, row.id, answer.status, failure).catch(ignoreSettled);
}
