import { and, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { recordset } from '../../db/recordset.js';
import {
  providerOperations,
  type ProviderOperationStatus,
  type TransactionAttemptJson,
} from '../../db/schema/index.js';
import { fingerprintOf } from '../../kernel/provider-operation.rules.js';
import type { AttemptOutcome } from '../../providers/routing/failover.js';

/**
 * Each attempt of a create is one provider operation (providers.md R6.8, docs/decisions/provider-operations.md):
 * a `provider_operations` row whose id is the attempt's id, the key the account receives, claimed PENDING before
 * the call and finished by its answer. A retry of the same request_id keeps the transaction id, so it re-opens the
 * same operation under the same key at each account (never a second key, never a second charge); two accounts
 * never share one. The create's own recovery point (`transaction.recover`, recorded with the row) is these
 * operations' recovery: a stranded attempt is settled by asking the provider under its key (a read, or at a provider
 * without one the replay of the request kept with the claim, CVV-less: R5.1), and its operation closed with the
 * transaction's fate.
 */
export const ATTEMPT_KINDS = ['transaction.authorize', 'transaction.pix-charge'] as const;
type NewProviderOperationRow = typeof providerOperations.$inferInsert;
const kindOf = (paymentMethod: string) => (paymentMethod === 'PIX' ? ATTEMPT_KINDS[1] : ATTEMPT_KINDS[0]);

export interface AttemptOperationRow {
  id: string;
  organizationId: string;
  companyId: string;
  paymentMethod: string;
  amount: number;
  installments: number;
  capture: boolean;
}

/**
 * Claims the attempt's operation (PENDING) before its call: a new row, or the same operation re-opened by a retry of
 * the create (a 502 left it RELEASED). One autocommit statement outside any transaction (with what `alongside`
 * inserts, as a data-modifying CTE). A resumed create whose earlier attempt is still PENDING (its process died mid-call; the transaction's recovery settles it) keeps that one
 * open and calls under its own key all the same: the row is then only written by the recording.
 */
export async function claimAttemptOperation(
  ex: Executor,
  row: AttemptOperationRow,
  attempt: Pick<TransactionAttemptJson, 'id' | 'number' | 'provider' | 'provider_account_id'>,
  now: Date,
  /** An insert the claim writes with it, in the same statement (an attempt's kept request, R5.1). */
  alongside?: SQLWrapper,
): Promise<void> {
  const op = attemptOperationRow(row, attempt, now);
  const insert = ex
    .insert(providerOperations)
    .values(op)
    .onConflictDoUpdate({
      target: providerOperations.id,
      set: { status: 'PENDING', request: op.request, finishedAt: null, updatedAt: now },
      setWhere: ne(providerOperations.status, 'PENDING'),
    });
  const keepOpen = (err: unknown) => {
    if (!isUniqueViolation(err, 'provider_operations_one_open')) throw err;
  };
  if (!alongside) {
    await insert.catch(keepOpen);
    return;
  }
  // One statement (a data-modifying CTE) instead of a transaction of its own: both rows or neither.
  try {
    // getSQL(): a builder embedded as is would be wrapped in parentheses, which a statement cannot be.
    await ex.execute(sql`with alongside as (${alongside.getSQL()}) ${insert.getSQL()}`);
  } catch (err) {
    keepOpen(err);
    // Another attempt is still open and keeps the claim; what goes alongside is written all the same.
    await ex.execute(alongside.getSQL());
  }
}

/**
 * The operation row an attempt claims (PENDING). A create whose transaction id is new claims its first attempt's
 * with the row itself, in the recording's one statement (nothing can exist under a new id).
 */
export function attemptOperationRow(
  row: AttemptOperationRow,
  attempt: Pick<TransactionAttemptJson, 'id' | 'number' | 'provider' | 'provider_account_id'>,
  now: Date,
): NewProviderOperationRow {
  const request = {
    transaction_id: row.id,
    attempt: attempt.number,
    provider_account_id: attempt.provider_account_id,
    payment_method: row.paymentMethod,
    amount: row.amount,
    installments: row.installments,
    capture: row.capture,
  };
  const kind = kindOf(row.paymentMethod);
  return {
    id: attempt.id,
    kind,
    resourceType: 'transaction',
    resourceId: row.id,
    organizationId: row.organizationId,
    companyId: row.companyId,
    provider: attempt.provider,
    status: 'PENDING',
    attempts: 0,
    request,
    fingerprint: fingerprintOf({ kind, provider: attempt.provider, ...request }),
    outcome: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** How an attempt's call ended, as its operation: null while the outcome is unknown (it stays PENDING). */
export function operationStatusOf(outcome: AttemptOutcome, code: string | null): ProviderOperationStatus | null {
  switch (outcome) {
    case 'FAILED':
      // The provider looked at the request and rejected it: refused. Anything else reached no one: released.
      return code === 'PROVIDER_REQUEST_REJECTED' ? 'FAILED' : 'RELEASED';
    case 'REFUSED':
      return 'FAILED';
    case 'PROCESSING':
      // The provider's own pending is an answer; an unknown outcome is not (the sync or the recovery resolves it).
      return code === 'UNKNOWN_OUTCOME' ? null : 'SUCCEEDED';
    default:
      return 'SUCCEEDED';
  }
}

/** Records an attempt's call on its operation (still PENDING: once). An unknown outcome leaves it PENDING. */
export async function recordAttemptOperation(
  ex: Executor,
  attempt: AttemptAnswer,
  code: string | null,
  now: Date,
): Promise<void> {
  await recordAttemptOperations(ex, [{ attempt, code }], now);
}

type AttemptAnswer = Pick<TransactionAttemptJson, 'id' | 'outcome' | 'error' | 'refusal' | 'provider_reference'>;

/**
 * recordAttemptOperation for several attempts, ONE statement (a batch of creates records its deciding attempts'
 * operations in its outcome's transaction). Only an operation still PENDING is written.
 */
export async function recordAttemptOperations(
  ex: Executor,
  list: { attempt: AttemptAnswer; code: string | null }[],
  now: Date,
): Promise<void> {
  if (list.length > 0) await ex.execute(recordAttemptOperationsStatement(list, now));
}

/** recordAttemptOperations' one statement (exported so the bench's same-SQL baseline runs it too). */
export function recordAttemptOperationsStatement(
  list: { attempt: AttemptAnswer; code: string | null }[],
  now: Date,
): SQL {
  const at = now.toISOString();
  const values = list.map(({ attempt, code }) => {
    const status = operationStatusOf(attempt.outcome as AttemptOutcome, code);
    return {
      id: attempt.id,
      status: status ?? 'PENDING',
      finished: status !== null,
      outcome: {
        attempt_outcome: attempt.outcome,
        code,
        error: attempt.error,
        refusal: attempt.refusal,
        provider_reference: attempt.provider_reference,
      },
    };
  });
  // `coalesce(o.status, '')`: the same test as `o.status = 'PENDING'` (the column is never null), written so the
  // planner cannot answer it from the partial index of open operations: it did, scanning every PENDING entry, and
  // every dead one not yet vacuumed (all the operations written since), for each batch (docs/performance.md,
  // 2026-11-28 11:00); the primary key finds the batch's own rows.
  return sql`
    update provider_operations o set status = r.status, attempts = o.attempts + 1, outcome = r.outcome,
      updated_at = ${at}::timestamptz, finished_at = case when r.finished then ${at}::timestamptz else null end
    from ${recordset(values, 'id uuid, status text, finished boolean, outcome jsonb')} as r
    where o.id = r.id and coalesce(o.status, '') = 'PENDING'`;
}

/**
 * The transaction's attempt operations still PENDING end as `status` (inside the caller's transaction): its
 * PROCESSING was resolved (a sync, a provider event, a control), or its recovery settled or removed it.
 */
export async function closeAttemptOperations(
  ex: Executor,
  transactionId: string,
  status: Exclude<ProviderOperationStatus, 'PENDING'>,
  why: string,
  now: Date,
): Promise<void> {
  await ex
    .update(providerOperations)
    .set({ status, outcome: { resolved_by: why }, updatedAt: now, finishedAt: now })
    .where(
      and(
        eq(providerOperations.resourceType, 'transaction'),
        eq(providerOperations.resourceId, transactionId),
        eq(providerOperations.status, 'PENDING'),
        inArray(providerOperations.kind, [...ATTEMPT_KINDS]),
      ),
    );
}
