import type { Database, Tx } from '../../../db/client.js';
import type { ProviderOperationRow, TransactionRow } from '../../../db/schema/index.js';
import type { CompanyPrincipal } from '../../../kernel/context.js';
import { conflict, conflictWithReason, DomainError, notFound } from '../../../kernel/errors.js';
import {
  claimProviderOperation,
  closeOpenOperations,
  openOperationOf,
  runProviderOperation,
} from '../../../kernel/provider-operation.js';
import { enqueueJob } from '../../../jobs/queue.js';
import type { Clock } from '../../../kernel/clock.js';
import { isProviderError, ProviderNotCapable } from '../../../providers/errors.js';
import type { ProviderRegistry } from '../../../providers/registry.js';
import { outcomeUnknown, providerFailure, providerRefused } from '../../../kernel/provider-failures.js';
import { checkCancel, checkCapture } from '../refunds/refunds.rules.js';
import {
  CANCEL_OPERATION,
  CAPTURE_OPERATION,
  operationRuntime,
  TRANSACTION_RESOURCE,
  transactionOperationHandlers,
} from './operations.handlers.js';
import { findTransactionInReach, findTransactionRow, lockTransactionRow } from '../shared/transactions.repo.js';
import { moveTransaction } from '../shared/transactions.moves.js';
import { paymentKeyOf } from '../create/attempts.rules.js';
import { sandboxEndToEndId } from '../pix/transactions.pix.js';
import { approvePixPayment } from '../pix/pix-payment.js';
import { pixPayment, refusal, type RefusalCode } from '../shared/transactions.rules.js';
import type { CancelReason } from '../shared/transactions.states.js';

export interface OperationDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
}

/** The earlier scheme's sync kind: jobs queued before the move to provider operations end as no-ops. */
export const OPERATION_SYNC_JOB = 'transaction.operation-sync';

type Exit = { kind: 'CAPTURE'; amount: number } | { kind: 'CANCEL'; reason: CancelReason };

/**
 * P5 capture and cancel, and the authorization's expiry: the one exit of an AUTHORIZED card (or a
 * WAITING_PAYMENT PIX) that needs its provider, as one provider operation (src/kernel/provider-operation.ts):
 * (1) under the transaction's row lock, check the move and claim the operation with its recovery job (one open
 * operation per transaction: a concurrent capture or cancel answers 409 OPERATION_IN_PROGRESS on `status`);
 * (2) the provider call with the operation's id as idempotency key; (3) the move, in its own transaction
 * (operations.handlers.ts). `refused` leaves the transaction as it was (502 PROVIDER_REFUSED); `unavailable`
 * too (nothing was submitted); `unknown_outcome` keeps the operation open and the transaction as it is until
 * the recovery job learns the outcome (502 PROVIDER_OUTCOME_UNKNOWN), whose move the transaction's events announce.
 */
async function claimExit(
  deps: OperationDeps,
  id: string,
  decide: (row: TransactionRow) => Exit,
): Promise<ProviderOperationRow> {
  return deps.db.transaction(async (tx) => {
    const row = (await lockTransactionRow(tx, id))!;
    const exit = decide(row);
    // paymentKey: the key the provider knows the payment by (the deciding attempt's, R6.8).
    const request =
      exit.kind === 'CAPTURE'
        ? { amount: exit.amount, paymentKey: paymentKeyOf(row) }
        : { reason: exit.reason, rail: row.paymentMethod === 'PIX' ? 'PIX' : 'CARD', paymentKey: paymentKeyOf(row) };
    const op = await claimProviderOperation(
      tx,
      enqueueJob,
      {
        kind: exit.kind === 'CAPTURE' ? CAPTURE_OPERATION : CANCEL_OPERATION,
        resourceType: TRANSACTION_RESOURCE,
        resourceId: row.id,
        organizationId: row.organizationId,
        companyId: row.companyId,
        provider: row.provider,
        request,
      },
      deps.clock.now(),
    );
    // Another capture or cancel got there first, its outcome still open (its call running, or unknown).
    if (!op) throw operationInProgress(row.status);
    return op;
  });
}

export const operationInProgress = (status: string) =>
  conflictWithReason(
    `A transaction in status ${status} has an earlier capture or cancel whose outcome is not known yet; it resolves through the sync`,
    'status',
    status,
    'OPERATION_IN_PROGRESS',
  );

async function runExit(
  deps: OperationDeps,
  id: string,
  decide: (row: TransactionRow) => Exit,
  what: string,
): Promise<TransactionRow> {
  const op = await claimExit(deps, id, decide);
  const ran = await runProviderOperation(operationRuntime(deps), op, transactionOperationHandlers(deps)[op.kind]!);
  if (ran.outcome === 'finished-elsewhere' && ran.op.status !== 'SUCCEEDED') throw operationFailure(ran.op, what);
  if (ran.outcome !== 'succeeded' && ran.outcome !== 'finished-elsewhere')
    throw exitFailure(ran.outcome, ran.error, what);
  return (await findTransactionRow(deps.db, id))!;
}

/** providers.md R8.1 / R2.6: the 502 of a capture or cancel says which of the three outcomes it was. */
function exitFailure(outcome: 'refused' | 'unavailable' | 'unknown', err: unknown, what: string): unknown {
  if (err instanceof ProviderNotCapable) return providerFailure(err, what);
  if (outcome === 'refused')
    return isProviderError(err) ? providerRefused(what, err.code, err.message) : providerRefused(what, 'REFUSED');
  if (outcome === 'unavailable') return providerFailure(err, what);
  return outcomeUnknown(
    what,
    "the platform finds out through the sync and announces the outcome with the transaction's events",
  );
}

const operationFailure = (op: ProviderOperationRow, what: string) => {
  const error = (op.outcome?.error ?? {}) as { code?: string | null };
  return op.status === 'FAILED'
    ? providerRefused(what, error.code ?? 'REFUSED')
    : new DomainError('INTEGRATION_ERROR', `The provider is unavailable; nothing was submitted. Retry the ${what}`);
};

async function inReach(db: Database, principal: CompanyPrincipal, id: string): Promise<TransactionRow> {
  const row = await findTransactionInReach(db, principal, id);
  if (!row) throw notFound('Transaction');
  return row;
}

export async function captureTransaction(
  deps: OperationDeps,
  principal: CompanyPrincipal,
  id: string,
  amount: number | undefined,
): Promise<TransactionRow> {
  await inReach(deps.db, principal, id);
  return runExit(
    deps,
    id,
    (row) => {
      const checked = checkCapture(row.status, row.amount, amount);
      if (!checked.ok)
        throw conflict(
          checked.field === 'amount'
            ? 'The capture amount is above the authorized amount'
            : `A transaction in status ${row.status} cannot be captured`,
          checked.field,
          checked.value,
        );
      return { kind: 'CAPTURE', amount: checked.capturedAmount };
    },
    'capture',
  );
}

export async function cancelTransaction(
  deps: OperationDeps,
  principal: CompanyPrincipal,
  id: string,
): Promise<TransactionRow> {
  await inReach(deps.db, principal, id);
  return runExit(
    deps,
    id,
    (row) => {
      const checked = checkCancel(row.paymentMethod, row.status);
      if (!checked.ok) throw conflict(`A transaction in status ${row.status} cannot be canceled`, 'status', row.status);
      return { kind: 'CANCEL', reason: checked.reason };
    },
    'cancel',
  );
}

/**
 * An authorization expires (7 days without capture, or the sandbox control): AUTHORIZED -> CANCELED
 * AUTHORIZATION_EXPIRED, voided at the provider. A capture or cancel in flight wins (409 on `status`).
 */
export async function expireAuthorization(deps: OperationDeps, id: string): Promise<TransactionRow> {
  return runExit(
    deps,
    id,
    (row) => {
      if (row.paymentMethod === 'PIX' || row.status !== 'AUTHORIZED')
        throw conflict(`A transaction in status ${row.status} cannot expire`, 'status', row.status);
      return { kind: 'CANCEL', reason: 'AUTHORIZATION_EXPIRED' };
    },
    'void',
  );
}

/** A PIX charge expires: WAITING_PAYMENT -> EXPIRED (nothing to ask the provider: the charge is dead by its own date). */
export async function expirePix(deps: Pick<OperationDeps, 'db' | 'clock'>, id: string): Promise<TransactionRow> {
  return deps.db.transaction(async (tx) => {
    const row = (await lockTransactionRow(tx, id))!;
    if (row.paymentMethod !== 'PIX' || row.status !== 'WAITING_PAYMENT')
      throw conflict(`A transaction in status ${row.status} cannot expire`, 'status', row.status);
    // A cancel in flight at the provider: the expiry waits for it (the sync or the request finishes it).
    if (await openOperationOf(tx, TRANSACTION_RESOURCE, id)) throw operationInProgress(row.status);
    return moveTransaction(tx, row, 'EXPIRED', { kind: 'move' }, deps.clock.now(row.organizationId));
  });
}

/**
 * A PIX payment arrives (the provider's notice, the sandbox control or its autopilot): WAITING_PAYMENT,
 * EXPIRED or CANCELED -> APPROVED, late when it came after `expires_at` or after an expiry/cancel (P4).
 */
export async function payPix(
  deps: Pick<OperationDeps, 'db' | 'clock'>,
  id: string,
  payer: { name: string | null; document_number: string | null } | null,
): Promise<TransactionRow> {
  return deps.db.transaction(async (tx: Tx) => {
    const row = (await lockTransactionRow(tx, id))!;
    const now = deps.clock.now(row.organizationId);
    const pix = row.pix;
    const paid =
      row.paymentMethod === 'PIX' && pix
        ? pixPayment(row.status, new Date(pix.expires_at), now)
        : ({ ok: false } as const);
    if (!paid.ok || !pix)
      throw conflict(`A transaction in status ${row.status} cannot take a payment`, 'status', row.status);
    // The payment settles whatever cancel was in flight: its operation ends (its recovery job finds it closed).
    await closeOpenOperations(tx, TRANSACTION_RESOURCE, id, 'RELEASED', 'pix.payment', now);
    // The sandbox payer pays what is due today (a due-date PIX's fine, interest or discount, providers.md R3.4).
    const approved = await approvePixPayment(
      tx,
      row,
      { paidAt: now, endToEndId: pix.end_to_end_id ?? sandboxEndToEndId(row.id, now), amount: null, payer },
      now,
    );
    return approved!;
  });
}

/** P9's settle control (and a card's status sync): PROCESSING -> APPROVED, AUTHORIZED or REFUSED. */
export async function settleProcessing(
  deps: Pick<OperationDeps, 'db' | 'clock'>,
  id: string,
  to: 'APPROVED' | 'AUTHORIZED' | 'REFUSED',
  refusalCode: RefusalCode | undefined,
): Promise<TransactionRow> {
  return deps.db.transaction(async (tx) => {
    const row = (await lockTransactionRow(tx, id))!;
    const now = deps.clock.now(row.organizationId);
    if (row.status !== 'PROCESSING')
      throw conflict(`A transaction in status ${row.status} cannot be settled`, 'status', row.status);
    if (to === 'REFUSED') {
      const code = refusalCode ?? 'CARD_DECLINED';
      return moveTransaction(tx, row, 'REFUSED', { kind: 'move', reason: code }, now, {
        refusal: refusal(code, 'The card was declined', null),
      });
    }
    return moveTransaction(tx, row, to, { kind: 'move' }, now, { authorizedAt: now });
  });
}

/** `transaction.operation-sync`: the earlier scheme's job; migration 0650 moved its claims onto provider operations. */
export async function syncOperation(): Promise<void> {}
