import { textOf } from '../../kernel/text.js';
import { eq, inArray, sql } from 'drizzle-orm';
import type { StatementHandler } from '../../db/batcher.js';
import type { Tx } from '../../db/client.js';
import { recordset } from '../../db/recordset.js';
import { rowsOf } from '../../db/rows.js';
import {
  bankAccounts,
  internalTransfers,
  type BankAccountRow,
  type InternalTransferRow,
  type ProviderOperationRow,
} from '../../db/schema/index.js';
import {
  callOperation,
  claimProviderOperation,
  RECOVER_OPERATION_JOB,
  recordCall,
  type OperationHandler,
  type OperationHandlers,
} from '../../kernel/provider-operation.js';
import { fingerprintOf } from '../../kernel/provider-operation.rules.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { SubmitTransferRequest, SubmitTransferResult } from '../../providers/banking.js';
import { isProviderError } from '../../providers/errors.js';
import { canMoveTransfer } from './banking.rules.js';
import { atProvider, findTransfer, updateTransfer } from './banking.repo.js';
import { applyStatusReportIn } from './transfer-status.js';
import type { TransferDeps } from './transfers.service.js';

/**
 * An internal transfer's submission is one provider operation (src/kernel/provider-operation.ts,
 * docs/decisions/provider-operations.md): kind `internal-transfer.submit`, its id the transfer's id (the key
 * transfers were always submitted under), claimed with its recovery job by the statement that records the
 * transfers of a batch (transfer-create.ts).
 */
export const TRANSFER_OPERATION = 'internal-transfer.submit';
/** Job kinds of the hand-written path before the primitive: kept so jobs queued before adopt their transfer. */
export const TRANSFER_SUBMIT_JOB = 'internal-transfer.submit';
export const TRANSFER_SYNC_JOB = 'internal-transfer.sync';
/** R5.1 lists no stop for a transfer; as a refund (money held until it ends): asked for 7 days, then reconciliation. */
const TRANSFER_STOP_AFTER_MS = 7 * 24 * 3_600_000;

/** What the operation sends besides its key (the recovery job replays exactly this). */
type TransferCall = Omit<SubmitTransferRequest, 'idempotencyKey'>;
const callOf = (op: ProviderOperationRow) => op.request as unknown as TransferCall;
/** What a submission or a psync found: the provider's ids, its status, and why it failed if it did. */
type TransferAnswer = SubmitTransferResult & { failure?: { code: string; message: string } };

const transferCall = (
  row: Pick<InternalTransferRow, 'amount'>,
  origin: Pick<BankAccountRow, 'branch' | 'accountNumber'>,
  destination: Pick<BankAccountRow, 'branch' | 'accountNumber'>,
): TransferCall => ({
  amount: row.amount,
  // Ledger-only accounts (banking: false) never get here: transfer-create.ts answers 409 PROVIDER_NOT_CAPABLE.
  origin: atProvider(origin),
  destination: atProvider(destination),
});

/** The operation row of a new transfer, as the batch statement inserts it (PENDING, no call yet). */
export function transferOperation(
  row: InternalTransferRow,
  origin: BankAccountRow,
  destination: BankAccountRow,
  realNow: Date,
): ProviderOperationRow {
  const request = { ...transferCall(row, origin, destination) };
  return {
    id: row.id,
    kind: TRANSFER_OPERATION,
    resourceType: 'internal_transfer',
    resourceId: row.id,
    organizationId: row.organizationId,
    companyId: row.companyId,
    provider: row.provider,
    status: 'PENDING',
    attempts: 0,
    request,
    fingerprint: fingerprintOf({ kind: TRANSFER_OPERATION, provider: row.provider, ...request }),
    outcome: null,
    createdAt: realNow,
    updatedAt: realNow,
    finishedAt: null,
  };
}

/**
 * The provider's answer recorded in the operation's recording transaction: its ids, then every move it already
 * reports, in order (PENDING -> PROCESSING -> COMPLETED, or FAILED). Idempotent: moves already made are skipped.
 */
async function recordAnswerIn(
  tx: Tx,
  deps: TransferDeps,
  correlationId: string,
  transferId: string,
  answer: TransferAnswer,
): Promise<void> {
  let row = await findTransfer(tx, eq(internalTransfers.id, transferId), true);
  if (!row) return;
  if (row.providerTransferId !== answer.providerTransferId) {
    row = await updateTransfer(
      tx,
      row.id,
      { providerTransferId: answer.providerTransferId, externalRequestId: answer.externalRequestId },
      deps.clock.now(row.organizationId),
    );
  }
  const steps =
    answer.status === 'COMPLETED'
      ? (['PROCESSING', 'COMPLETED'] as const)
      : answer.status === 'PENDING'
        ? []
        : [answer.status];
  for (const status of steps) {
    if (!canMoveTransfer(row.status, status)) continue;
    const errorMessage =
      status === 'FAILED' ? (answer.failure?.message ?? 'The provider failed the transfer') : undefined;
    row = await applyStatusReportIn(tx, deps.clock, correlationId, { transferId: row.id, status, errorMessage });
  }
}

/**
 * The `internal-transfer.submit` kind: the call under the transfer's id; the recovery reads first (psync under
 * the same key: found -> its answer, nothing there -> the same submission again), so a transfer the provider
 * took before a crash is never submitted twice. The hold stays until a final answer: `unavailable` keeps the
 * operation PENDING (the transfer is recorded and must reach the provider under its one key); only `refused`
 * fails it (the hold back to available).
 */
export function transferOperationHandlers(deps: TransferDeps): OperationHandlers {
  return { [TRANSFER_OPERATION]: transferHandler(deps) };
}

function transferHandler(deps: TransferDeps): OperationHandler<TransferAnswer> {
  const call = (op: ProviderOperationRow) =>
    deps.providers.require(op.provider, 'internal-transfer.submit')({ idempotencyKey: op.id, ...callOf(op) });
  const correlation = (op: ProviderOperationRow) => `operation-${op.id}`;
  return {
    releaseWhenUnavailable: false,
    stopAfterMs: TRANSFER_STOP_AFTER_MS,
    call,
    resume: async (op) => {
      const found = await deps.providers.require(op.provider, 'internal-transfer.sync')({ idempotencyKey: op.id });
      if (!found.found) return call(op);
      return {
        providerTransferId: found.providerTransferId,
        externalRequestId: found.externalRequestId,
        status: found.status,
        failure: found.failure,
      };
    },
    lockResource: (tx, op) => findTransfer(tx, eq(internalTransfers.id, op.resourceId), true),
    succeeded: (tx, op, answer) => recordAnswerIn(tx, deps, correlation(op), op.resourceId, answer),
    refused: async (tx, op, err) => {
      const row = await findTransfer(tx, eq(internalTransfers.id, op.resourceId), true);
      if (!row || !canMoveTransfer(row.status, 'FAILED')) return;
      const message = `The provider refused the transfer: ${isProviderError(err) || err instanceof Error ? err.message : 'refused'}`;
      await applyStatusReportIn(tx, deps.clock, correlation(op), {
        transferId: row.id,
        status: 'FAILED',
        errorMessage: message,
      });
    },
  };
}

/**
 * The provider-call path of a transfer's creating request: the claimed operation's call, outside any
 * transaction, then its record. An acknowledgement (`PENDING`, the usual answer) is recorded with the other
 * acknowledgements of its origin's batch in one statement (`recordProviderIds`, which also finishes the
 * operations and closes their recovery jobs); any other answer by the primitive's own record step. An
 * unknown or unavailable outcome, or a failing record step, leaves the operation PENDING for its recovery
 * job; the answer is then the PENDING transfer.
 */
export async function submitToProvider(
  deps: TransferDeps,
  row: InternalTransferRow,
  op: ProviderOperationRow,
): Promise<InternalTransferRow> {
  const handler = transferHandler(deps);
  const called = await callOperation(op, handler);
  try {
    if (called.outcome === 'succeeded' && deps.recorder && (called.result as TransferAnswer).status === 'PENDING') {
      const result = called.result as SubmitTransferResult;
      return await deps.recorder.run(row.originBankAccountId, {
        row,
        result,
        now: deps.clock.now(row.organizationId),
        realNow: deps.clock.now(),
      });
    }
    await recordCall(deps.operations, op, handler, called);
  } catch {
    // The record step failed (the database, a dying process): the operation stays PENDING with its recovery job.
    return row;
  }
  return (await findTransfer(deps.db, eq(internalTransfers.id, row.id))) ?? row;
}

/**
 * An `internal-transfer.submit` or `.sync` job queued before the primitive: a PENDING transfer with no
 * operation yet gets one under its id (the key it was submitted under) and its recovery job, which finishes it.
 */
export async function adoptLegacyTransfer(deps: TransferDeps, transferId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await findTransfer(tx, eq(internalTransfers.id, transferId), true);
    if (!row || (row.status !== 'PENDING' && row.status !== 'PROCESSING')) return;
    const accounts = await tx
      .select()
      .from(bankAccounts)
      .where(inArray(bankAccounts.id, [row.originBankAccountId, row.destinationBankAccountId]));
    const origin = accounts.find((a) => a.id === row.originBankAccountId);
    const destination = accounts.find((a) => a.id === row.destinationBankAccountId);
    if (!origin || !destination) return;
    const op = transferOperation(row, origin, destination, deps.clock.now());
    await claimProviderOperation(
      tx,
      enqueueJob,
      {
        id: op.id,
        kind: op.kind,
        resourceType: op.resourceType,
        resourceId: op.resourceId,
        organizationId: op.organizationId,
        companyId: op.companyId,
        provider: op.provider,
        request: op.request,
      },
      op.createdAt,
    );
  });
}

export interface AcceptedIds {
  row: InternalTransferRow;
  result: SubmitTransferResult;
  /** The organization's clock (the transfer's updated_at). */
  now: Date;
  /** Real time (the operation's finish). */
  realNow: Date;
}

/**
 * The acknowledgements of several transfers (a batch's creates, submitted side by side after their commit)
 * recorded with ONE statement, its own transaction: one durable commit instead of one per create. It is the
 * set-based record step of their provider operations: the provider's ids on the transfers, each operation
 * SUCCEEDED with its answer (only if still PENDING: a recovery that finished it first wins), and each
 * operation's recovery job closed (a job a runner already leased is left to it; it then finds the operation
 * finished). The status and error come back from the row as it is now (a sync may have moved it meanwhile).
 */
export const recordProviderIds: StatementHandler<AcceptedIds, InternalTransferRow> = async (db, items) => {
  const rows = items.map(({ row, result: r, now }) => ({
    id: row.id,
    provider_transfer_id: r.providerTransferId,
    external_request_id: r.externalRequestId,
    updated_at: now.toISOString(),
    answer: r,
  }));
  const result = await db.execute(recordProviderIdsStatement(rows, items[items.length - 1]!.realNow));
  const current = new Map(rowsOf(result).map((r) => [String(r.id), r]));
  return items.map(({ row, result: r, now }) => {
    const c = current.get(row.id);
    if (!c) return { ok: false as const, error: new Error(`internal transfer ${row.id} vanished`) };
    const status = String(c.status) as InternalTransferRow['status'];
    const errorMessage = c.error_message === null ? null : textOf(c.error_message);
    return {
      ok: true as const,
      value: {
        ...row,
        status,
        errorMessage,
        providerTransferId: r.providerTransferId,
        externalRequestId: r.externalRequestId,
        updatedAt: now,
      },
    };
  });
};

/** The statement of recordProviderIds (exported so the bench's bare node+pg baseline runs exactly the same SQL). */
export function recordProviderIdsStatement(
  rows: {
    id: string;
    provider_transfer_id: string;
    external_request_id: string;
    updated_at: string;
    answer?: unknown;
  }[],
  realNow: Date,
) {
  const at = realNow.toISOString();
  // Locks in the order of a claim and of the primitive's record step: the transfer, then its operation.
  return sql`
    with u as (
      update internal_transfers t set provider_transfer_id = r.provider_transfer_id, external_request_id = r.external_request_id, updated_at = r.updated_at
      from ${recordset(rows, 'id uuid, provider_transfer_id text, external_request_id text, updated_at timestamptz, answer jsonb')} as r
      where t.id = r.id
      returning t.id, t.status, t.error_message, r.answer
    ), o as (
      update provider_operations o set status = 'SUCCEEDED', attempts = o.attempts + 1, outcome = jsonb_build_object('answer', u.answer),
        updated_at = ${at}::timestamptz, finished_at = ${at}::timestamptz
      from u where o.id = u.id and o.status = 'PENDING'
      returning o.id
    ), j as (
      update jobs set status = 'DONE', finished_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      where dedupe_key in (select ${`${RECOVER_OPERATION_JOB}:`}::text || o.id::text from o)
        and status = 'PENDING' and (locked_until is null or locked_until <= ${at}::timestamptz)
    )
    select id, status, error_message from u`;
}
