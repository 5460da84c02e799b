import { randomUUID } from 'node:crypto';
import { paymentKeyOf } from '../create/attempts.rules.js';
import type { Database, Executor, Tx } from '../../../db/client.js';
import { type RefundFailureJson, type RefundRow, type TransactionRow } from '../../../db/schema/index.js';
import type { CompanyPrincipal } from '../../../kernel/context.js';
import { invalidState, notFound } from '../../../kernel/errors.js';
import { claimRequestId } from '../../../kernel/idempotency.js';
import { claimProviderOperation, openOperationOf } from '../../../kernel/provider-operation.js';
import { TRANSACTION_RESOURCE } from '../capture-cancel/operations.handlers.js';
import { operationInProgress } from '../capture-cancel/operations.service.js';
import { recordEvent } from '../../../events/outbox.js';
import { enqueueJob } from '../../../jobs/queue.js';
import type { Clock } from '../../../kernel/clock.js';
import { payOutReservation, reserve, undoReservation, lastSequenceOf } from '../../../ledger/reserve.js';
import type { ProviderRegistry } from '../../../providers/registry.js';
import {
  afterRefundCreated,
  afterRefundSettled,
  checkRefund,
  refundRefusalError,
  refundStatusChanged,
  type RefundFailureCode,
} from './refunds.rules.js';
import { findRefund, findRefundInReach, insertRefund, refundsOfTransaction, updateRefund } from './refunds.repo.js';
import { toRefundView } from './refunds.schemas.js';
import { findTransactionInReach, lockTransactionRow } from '../shared/transactions.repo.js';
import { moveTransaction } from '../shared/transactions.moves.js';
import { consumeForRefund, restoreForFailedRefund } from '../../receivables/receivables.refunds.js';
import { disputedAmountOf } from '../../disputes/index.js';

export interface RefundDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
  /** SANDBOX_AUTOPILOT: each refund is synced (and so settled by the sandbox provider) this long after creation. */
  autopilot?: { delayMs: number };
  /** A real deployment polls its providers for pending refunds; the sandbox without autopilot waits for the control. */
  pollProviders: boolean;
  /** The recovery point's delay (config `recovery.refundRecoveryAfterMs`); default REFUND_RECOVERY_AFTER_MS. */
  recoveryAfterMs?: number;
}

export const REFUND_SYNC_JOB = 'refund.sync';
/** The provider operation that hands a refund to its provider (refunds.operation.ts); its id is the refund's. */
export const REFUND_OPERATION = 'refund.submit';
export const REFUND_RESOURCE = 'REFUND';
/** What `card.refund` / `pix.refund` send besides the key (the operation's request). */
export interface RefundCall {
  paymentKey: string;
  amount: number;
  reason: string;
  rail: 'CARD' | 'PIX';
  endToEndId?: string;
  description?: string;
}
/** The recovery point: a refund committed but never handed to its provider (the request died) is submitted then. */
export const REFUND_RECOVERY_AFTER_MS = 30_000;

export interface RefundSyncPayload {
  refundId: string;
  /** Apply the provider's final answer (autopilot, polling); false: only make sure the provider has the refund. */
  settle: boolean;
}

const source = (refundId: string) => ({ type: 'REFUND' as const, id: refundId });
const FAILURE_MESSAGES: Record<RefundFailureCode, string> = {
  INSUFFICIENT_BALANCE: 'The merchant balance was insufficient for the refund',
  EXPIRED_OR_CANCELED_CARD: 'The card is expired or canceled',
  PROVIDER_DECLINED: 'The provider declined the refund',
  TIMEOUT: 'The provider did not confirm the refund in time',
};
export const refundFailure = (code: RefundFailureCode, message?: string): RefundFailureJson => ({
  code,
  message: message ?? FAILURE_MESSAGES[code],
});

export interface NewRefund {
  amount?: number;
  reason?: RefundRow['reason'];
  description?: string | null;
  requestId?: string;
  origin: RefundRow['origin'];
  medNature?: RefundRow['medNature'];
  /**
   * A return made at the provider outside the platform (providers.md R3.6, Changes 6): recorded as it is there,
   * with nothing to hand to the provider (no provider operation).
   */
  external?: { providerRefundId: string; pixReturnId: string | null };
}

/**
 * Records a refund PENDING in one transaction under the transaction's row lock (P5's guards in order against
 * the refunds already there, so concurrent refunds are judged one after the other), with the transaction's
 * move by P4's rule, the reservation of its money (money.md M2), its events and its jobs.
 */
export async function recordRefund(
  deps: RefundDeps,
  correlationId: string,
  transaction: TransactionRow,
  input: NewRefund,
  idempotency?: { companyId: string; body: unknown },
): Promise<{ row: RefundRow; replayed: boolean }> {
  const id = randomUUID();
  return deps.db.transaction((tx) => recordRefundIn(tx, deps, correlationId, transaction, input, idempotency, id));
}

/**
 * recordRefund inside the caller's transaction (a provider fact recording a return made at the provider,
 * providers.md R3.6: `input.external`, which hands nothing to a provider and so needs no provider deps).
 */
export async function recordRefundIn(
  tx: Tx,
  deps: Pick<RefundDeps, 'clock'> & Partial<RefundDeps>,
  correlationId: string,
  transaction: Pick<TransactionRow, 'id'>,
  input: NewRefund,
  idempotency?: { companyId: string; body: unknown },
  id: string = randomUUID(),
): Promise<{ row: RefundRow; replayed: boolean }> {
  if (input.requestId && idempotency) {
    const existing = await claimRequestId(tx, {
      companyId: idempotency.companyId,
      scope: 'refund',
      requestId: input.requestId,
      body: idempotency.body,
      resourceId: id,
    });
    if (existing) {
      const row = await findRefund(tx, existing);
      if (!row) throw notFound('Refund');
      return { row, replayed: true };
    }
  }
  const locked = (await lockTransactionRow(tx, transaction.id))!;
  const now = deps.clock.now(locked.organizationId);
  // providers.md R8.1: a capture or cancel whose outcome is still unknown decides what there is to refund.
  if (await openOperationOf(tx, TRANSACTION_RESOURCE, locked.id)) throw operationInProgress(locked.status);
  const previous = await refundsOfTransaction(tx, locked.id);
  // What disputes claim (in progress, lost, accepted) is not refundable: the cardholder is never paid twice.
  const disputed = await disputedAmountOf(tx, locked.id);
  const tr = {
    status: locked.status,
    paymentMethod: locked.paymentMethod,
    capturedAmount: locked.capturedAmount - disputed,
    capturedAt: locked.capturedAt,
    paidAt: locked.pix?.paid_at ? new Date(locked.pix.paid_at) : null,
  };
  const checked = checkRefund(tr, previous, input.amount, now);
  if (!checked.ok) throw refundRefusalError(checked.refusal);
  // money.md M2: the refund's money is reserved now: its transaction's receivables (last installment first),
  // then available, the shortfall as debt -> held. The ledger takes from pending exactly what the receivables gave.
  const fromReceivables = await consumeForRefund(tx, {
    transactionId: locked.id,
    organizationId: locked.organizationId,
    refundId: id,
    amount: checked.amount,
    now,
  });
  let split = { pending: 0, available: 0, debt: 0 };
  let sequence: number | null = null;
  if (locked.bankAccountId) {
    const owner = { provider: locked.provider, companyId: locked.companyId, organizationId: locked.organizationId };
    const reserved = await reserve(tx, {
      code: 'REFUND',
      source: source(id),
      account: { id: locked.bankAccountId, owner },
      amount: checked.amount,
      maxFromPending: fromReceivables,
      now,
    });
    split = reserved.split ?? split;
    sequence = reserved.lastSequence;
  }
  const row = await insertRefund(tx, {
    id,
    transactionId: locked.id,
    companyId: locked.companyId,
    organizationId: locked.organizationId,
    requestId: input.requestId ?? null,
    provider: locked.provider,
    paymentMethod: locked.paymentMethod,
    amount: checked.amount,
    status: 'PENDING',
    reason: input.reason ?? 'REQUESTED_BY_CUSTOMER',
    description: input.description ?? null,
    origin: input.origin,
    medNature: input.medNature ?? null,
    bankAccountId: locked.bankAccountId,
    reservedPending: split.pending,
    reservedAvailable: split.available,
    reservedDebt: split.debt,
    ...(input.external
      ? {
          providerRefundId: input.external.providerRefundId,
          pixReturnId: input.external.pixReturnId,
          submittedAt: now,
        }
      : {}),
    createdAt: now,
    updatedAt: now,
  });
  await recordEvent(
    tx,
    {
      type: 'refund.created',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId,
      payload: { ...toRefundView(row), bank_account_id: row.bankAccountId, sequence },
    },
    now,
  );
  const change = afterRefundCreated(
    locked.id,
    { status: locked.status, capturedAmount: locked.capturedAmount },
    previous,
    { id, amount: row.amount, status: 'PENDING' },
  );
  await moveTransaction(
    tx,
    locked,
    change.status,
    { kind: 'refund-created', refundId: id },
    now,
    {
      refundedAmount: change.totals.refunded_amount,
      pendingRefundAmount: change.totals.pending_refund_amount,
    },
    { sequence },
  );
  // The call that hands it to the provider, claimed with its recovery job in this same transaction: a
  // process that dies before or after the call leaves it to that job (same key: the refund id).
  if (input.external) return { row, replayed: false };
  const call: RefundCall = {
    paymentKey: paymentKeyOf(locked),
    amount: row.amount,
    reason: row.reason,
    rail: locked.paymentMethod === 'PIX' ? 'PIX' : 'CARD',
    // An API Pix devolução acts on the payment's endToEndId (R3.6); other adapters ignore it.
    ...(locked.pix?.end_to_end_id ? { endToEndId: locked.pix.end_to_end_id } : {}),
    ...(row.description ? { description: row.description } : {}),
  };
  await claimProviderOperation(
    tx,
    enqueueJob,
    {
      id,
      kind: REFUND_OPERATION,
      resourceType: REFUND_RESOURCE,
      resourceId: id,
      organizationId: row.organizationId,
      companyId: row.companyId,
      provider: row.provider,
      request: { ...call },
    },
    deps.clock.now(),
  );
  await scheduleRefundJobs(tx, deps as RefundDeps, row, now);
  return { row, replayed: false };
}

async function scheduleRefundJobs(tx: Executor, deps: RefundDeps, row: RefundRow, now: Date) {
  // Provider work runs on real time: the recovery point (a no-op once the provider acknowledged the refund).
  const real = deps.clock.now();
  const recover: RefundSyncPayload = { refundId: row.id, settle: deps.pollProviders };
  await enqueueJob(
    tx,
    {
      kind: REFUND_SYNC_JOB,
      runAt: new Date(real.getTime() + (deps.recoveryAfterMs ?? REFUND_RECOVERY_AFTER_MS)),
      payload: { ...recover },
      dedupeKey: `${REFUND_SYNC_JOB}:${row.id}:recover`,
    },
    real,
  );
  if (deps.autopilot) {
    // payments.md P9: with autopilot a refund settles about 2 s after creation, on the organization's clock.
    const autopilot: RefundSyncPayload = { refundId: row.id, settle: true };
    await enqueueJob(
      tx,
      {
        kind: REFUND_SYNC_JOB,
        runAt: new Date(now.getTime() + deps.autopilot.delayMs),
        payload: { ...autopilot },
        dedupeKey: `${REFUND_SYNC_JOB}:${row.id}:autopilot`,
        organizationId: row.organizationId,
      },
      now,
    );
  }
}

/**
 * A PENDING refund settles (provider answer, sync, sandbox control): one transaction under the transaction's
 * row lock, then the refund's: the refund's status, the transaction's move by P4's rule (an event for every
 * outcome, even PENDING_REFUND -> PENDING_REFUND), the reservation paid out (clearing -R) or undone, and
 * `refund.status-changed`. A refund no longer PENDING answers 409 on `status`.
 */
export async function settleRefund(
  deps: Pick<RefundDeps, 'db' | 'clock'>,
  correlationId: string,
  refundId: string,
  outcome: 'SUCCEEDED' | 'FAILED',
  failure: RefundFailureJson | null,
): Promise<RefundRow> {
  const first = await findRefund(deps.db, refundId);
  if (!first) throw notFound('Refund');
  return deps.db.transaction((tx) => settleRefundIn(tx, deps.clock, correlationId, first, outcome, failure));
}

/** settleRefund inside the caller's transaction (a provider operation's recording transaction). */
export async function settleRefundIn(
  tx: Tx,
  clock: Clock,
  correlationId: string,
  first: Pick<RefundRow, 'id' | 'transactionId'>,
  outcome: 'SUCCEEDED' | 'FAILED',
  failure: RefundFailureJson | null,
): Promise<RefundRow> {
  const refundId = first.id;
  const locked = (await lockTransactionRow(tx, first.transactionId))!;
  const refund = (await findRefund(tx, refundId, true))!;
  if (refund.status !== 'PENDING')
    throw invalidState(`A refund in status ${refund.status} cannot move to ${outcome}`, {
      field: 'status',
      value: refund.status,
    });
  const now = clock.now(locked.organizationId);
  const all = await refundsOfTransaction(tx, locked.id);
  const change = afterRefundSettled(
    locked.id,
    { status: locked.status, capturedAmount: locked.capturedAmount },
    all,
    refundId,
    outcome,
  );
  const fail = outcome === 'FAILED' ? (failure ?? refundFailure('PROVIDER_DECLINED')) : null;
  const row = await updateRefund(tx, refundId, { status: outcome, failure: fail, settledAt: now, updatedAt: now });
  let sequence: number | null = null;
  if (refund.bankAccountId) {
    if (outcome === 'SUCCEEDED') {
      await payOutReservation(tx, {
        code: 'REFUND',
        source: source(refundId),
        credits: [
          { account: { type: 'CLEARING', provider: refund.provider }, direction: 'CREDIT', amount: refund.amount },
        ],
        now,
      });
    } else {
      await restoreForFailedRefund(tx, { refundId, organizationId: locked.organizationId, now });
      await undoReservation(tx, {
        code: 'REFUND',
        source: source(refundId),
        account: { id: refund.bankAccountId },
        fromPending: refund.reservedPending,
        now,
      });
    }
    sequence = await lastSequenceOf(tx, refund.bankAccountId);
  }
  await recordEvent(
    tx,
    {
      type: 'refund.status-changed',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId,
      payload: {
        ...refundStatusChanged(refundId, locked.id, 'PENDING', outcome, fail),
        bank_account_id: refund.bankAccountId,
        sequence,
      },
    },
    now,
  );
  await moveTransaction(
    tx,
    locked,
    change.status,
    { kind: 'refund-settled', refundId },
    now,
    {
      refundedAmount: change.totals.refunded_amount,
      pendingRefundAmount: change.totals.pending_refund_amount,
    },
    { sequence },
  );
  return row;
}

export async function getRefund(db: Database, principal: CompanyPrincipal, id: string): Promise<RefundRow> {
  const row = await findRefundInReach(db, principal, id);
  if (!row) throw notFound('Refund');
  return row;
}

export async function listRefunds(
  db: Database,
  principal: CompanyPrincipal,
  transactionId: string,
): Promise<RefundRow[]> {
  const tr = await findTransactionInReach(db, principal, transactionId);
  if (!tr) throw notFound('Transaction');
  return refundsOfTransaction(db, tr.id);
}
