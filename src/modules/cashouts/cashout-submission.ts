import type { Executor, Tx } from '../../db/client.js';
import { eq } from 'drizzle-orm';
import { bankAccounts, type CashoutRow, type ProviderOperationRow } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import {
  claimProviderOperation,
  runProviderOperation,
  type OperationHandler,
  type OperationHandlers,
  type OperationRuntime,
} from '../../kernel/provider-operation.js';
import type { CashoutResult, SubmitCashoutRequest } from '../../providers/cashouts.js';
import { isProviderError } from '../../providers/errors.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import type { PixKeyType } from '../../providers/banking.js';
import { applyCashoutReportIn, type StatusDeps } from './cashout-status.js';
import { byId, findCashout, updateCashout } from './cashouts.repo.js';

/**
 * A cashout's submission is one provider operation (src/kernel/provider-operation.ts, docs/decisions/
 * provider-operations.md): kind `cashout.submit`, its id the cashout's id (the key the cashout was always sent
 * under), claimed with its recovery job in the transaction that records the cashout and its hold.
 */
export const CASHOUT_OPERATION = 'cashout.submit';
/** Job kinds of the hand-written path before the primitive: kept so jobs queued before adopt their cashout. */
export const LEGACY_CASHOUT_SUBMIT_JOB = 'cashout.submit';
export const LEGACY_CASHOUT_SYNC_JOB = 'cashout.sync';
export const CASHOUT_AUTOPILOT_JOB = 'cashout.autopilot';
/** R5.1 lists no stop for a cashout; as a refund (money held until it ends): asked for 7 days, then reconciliation. */
const CASHOUT_STOP_AFTER_MS = 7 * 24 * 3_600_000;

export type SubmitDeps = StatusDeps & { providers: ProviderRegistry };

/** What the operation sends besides its key (the recovery job replays exactly this). */
type CashoutCall = Omit<SubmitCashoutRequest, 'idempotencyKey'>;
const callOf = (op: ProviderOperationRow) => op.request as unknown as CashoutCall;

/** The request of a cashout's operation, from the cashout and its origin account (branch and number). */
export function cashoutCall(
  row: Pick<CashoutRow, 'amount' | 'destination'>,
  origin: { branch: string | null; accountNumber: string | null },
): CashoutCall {
  const d = row.destination;
  return {
    origin: { branch: origin.branch ?? '', accountNumber: origin.accountNumber ?? '' },
    amount: row.amount,
    destination: { keyType: d.pix_key_type as PixKeyType, key: d.pix_key, ownerDocument: d.owner_document },
  };
}

/** In the cashout's creating transaction (its row locked by its insert): the operation and its recovery job. */
export async function claimCashoutSubmission(
  tx: Executor,
  row: CashoutRow,
  call: CashoutCall,
  realNow: Date,
): Promise<ProviderOperationRow | null> {
  return claimProviderOperation(
    tx,
    enqueueJob,
    {
      id: row.id,
      kind: CASHOUT_OPERATION,
      resourceType: 'cashout',
      resourceId: row.id,
      organizationId: row.organizationId,
      companyId: row.companyId,
      provider: row.provider,
      request: { ...call },
    },
    realNow,
  );
}

/** Records what the provider answered, in the operation's recording transaction: its ids, and a final status it already reports. */
async function recordAnswer(
  tx: Tx,
  deps: SubmitDeps,
  correlationId: string,
  row: CashoutRow,
  result: CashoutResult,
): Promise<void> {
  if (row.providerCashoutId !== result.providerCashoutId) {
    await updateCashout(
      tx,
      row.id,
      { providerCashoutId: result.providerCashoutId, endToEndId: result.endToEndId ?? row.endToEndId },
      deps.clock.now(row.organizationId),
    );
  }
  if (row.status !== 'PENDING') return;
  if (result.status === 'COMPLETED')
    await applyCashoutReportIn(tx, deps, correlationId, row.id, { status: 'COMPLETED', endToEndId: result.endToEndId });
  else if (result.status === 'FAILED')
    await applyCashoutReportIn(tx, deps, correlationId, row.id, {
      status: 'FAILED',
      errorCode: result.failure?.code,
      errorMessage: result.failure?.message,
    });
}

/**
 * The `cashout.submit` kind: the call under the cashout's id; the recovery reads first (psync under the same
 * key: found -> its answer, nothing there -> the same submission again), so a cashout the provider took before
 * a crash is never submitted twice. The cashout's hold stays until a final answer: `unavailable` keeps the
 * operation PENDING (the cashout is recorded and must reach the provider under its one key), only `refused`
 * fails it (the hold back to available).
 */
export function cashoutOperationHandlers(deps: SubmitDeps): OperationHandlers {
  const call = (op: ProviderOperationRow) =>
    deps.providers.require(op.provider, 'cashout.submit')({ idempotencyKey: op.id, ...callOf(op) });
  const correlation = (op: ProviderOperationRow) => `operation-${op.id}`;
  const submit: OperationHandler<CashoutResult> = {
    releaseWhenUnavailable: false,
    stopAfterMs: CASHOUT_STOP_AFTER_MS,
    call,
    resume: async (op) => {
      const found = await deps.providers.require(op.provider, 'cashout.sync')({ idempotencyKey: op.id });
      if (!found.found) return call(op);
      const { found: _, ...result } = found;
      return result;
    },
    lockResource: (tx, op) => findCashout(tx, byId(op.resourceId), true),
    succeeded: async (tx, op, result) => {
      const row = await findCashout(tx, byId(op.resourceId), true);
      if (row) await recordAnswer(tx, deps, correlation(op), row, result);
    },
    refused: async (tx, op, err) => {
      const row = await findCashout(tx, byId(op.resourceId), true);
      // Settled meanwhile (the sandbox control): nothing to fail.
      if (!row || row.status !== 'PENDING') return;
      const code = isProviderError(err) && err.kind === 'refused' ? err.code : undefined;
      const message = `The provider refused the cashout: ${err instanceof Error ? err.message : 'refused'}`;
      await applyCashoutReportIn(tx, deps, correlation(op), row.id, {
        status: 'FAILED',
        errorCode: code,
        errorMessage: message,
      });
    },
  };
  return { [CASHOUT_OPERATION]: submit };
}

/**
 * The creating request's provider path: the claimed operation run now (outside any transaction). An unknown
 * outcome, an unavailable provider or a failing record step leave it PENDING for its recovery job; the answer
 * is the cashout as it stands.
 */
export async function submitCashout(
  deps: SubmitDeps,
  rt: OperationRuntime,
  row: CashoutRow,
  op: ProviderOperationRow,
): Promise<CashoutRow> {
  try {
    await runProviderOperation(rt, op, cashoutOperationHandlers(deps)[CASHOUT_OPERATION]!);
  } catch {
    // The record step failed (the database, a dying process): the operation stays PENDING with its recovery job.
    return row;
  }
  return (await findCashout(deps.db, byId(row.id))) ?? row;
}

/**
 * A `cashout.submit` or `cashout.sync` job queued before the primitive: a PENDING cashout that has no operation
 * yet gets one under its id (the key it was sent under) with its recovery job, which finishes it.
 */
export async function adoptLegacyCashout(deps: SubmitDeps, cashoutId: string, realNow: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await findCashout(tx, byId(cashoutId), true);
    if (!row || row.status !== 'PENDING') return;
    const [origin] = await tx
      .select({ branch: bankAccounts.branch, accountNumber: bankAccounts.accountNumber })
      .from(bankAccounts)
      .where(eq(bankAccounts.id, row.bankAccountId));
    if (!origin) return;
    await claimCashoutSubmission(tx, row, cashoutCall(row, origin), realNow);
  });
}
