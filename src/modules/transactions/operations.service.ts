import type { Database, Tx } from '../../db/client.js';
import type { TransactionRow } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { conflict, DomainError, notFound } from '../../kernel/errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { Clock } from '../../jobs/clock.js';
import { isProviderError } from '../../providers/errors.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { providerFailure } from '../provider-failures.js';
import { checkCancel, checkCapture } from './refunds.rules.js';
import { claimOperation, finishOperation, findOperation, releaseOperation } from './refunds.repo.js';
import { findTransactionInReach, findTransactionRow, lockTransactionRow } from './transactions.repo.js';
import { moveTransaction } from './transactions.moves.js';
import { paidPix, sandboxEndToEndId } from './transactions.pix.js';
import { postApproval } from './transactions.ledger.js';
import { feeUnderPolicy } from '../fees/effective-fee.js';
import { pixPayment, refusal, type RefusalCode } from './transactions.rules.js';
import type { CancelReason } from './transactions.states.js';

export interface OperationDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
}

/** After an unknown provider outcome: where the capture or cancel stands is asked again (card.sync / pix.sync). */
export const OPERATION_SYNC_JOB = 'transaction.operation-sync';
const SYNC_AFTER_MS = 2_000;

type Exit = { kind: 'CAPTURE'; amount: number; released: number } | { kind: 'CANCEL'; reason: CancelReason };

/**
 * P5 capture and cancel, and the authorization's expiry: the one exit of an AUTHORIZED card (or a
 * WAITING_PAYMENT PIX) that needs its provider. Three steps, the provider call outside any transaction:
 * (1) under the transaction's row lock, check the move and claim the exit (`transaction_operations`' primary
 * key: a concurrent capture or cancel finds the claim and answers 409 on `status`); (2) the provider call with
 * the transaction id as idempotency key; (3) the move, in its own transaction. `refused` releases the claim
 * (502); `unavailable` too (nothing was submitted); `unknown_outcome` keeps the claim and the transaction
 * AUTHORIZED until the sync job learns the outcome.
 */
async function claimExit(deps: OperationDeps, id: string, decide: (row: TransactionRow) => Exit): Promise<{ row: TransactionRow; exit: Exit }> {
  return deps.db.transaction(async (tx) => {
    const row = (await lockTransactionRow(tx, id))!;
    const exit = decide(row);
    const now = deps.clock.now(row.organizationId);
    const claimed = await claimOperation(tx, {
      transactionId: row.id,
      companyId: row.companyId,
      organizationId: row.organizationId,
      kind: exit.kind,
      amount: exit.kind === 'CAPTURE' ? exit.amount : null,
      cancelReason: exit.kind === 'CANCEL' ? exit.reason : null,
      createdAt: now,
      updatedAt: now,
    });
    // Another capture or cancel got there first (its provider call may still be running).
    if (!claimed) throw conflict(`A transaction in status ${row.status} already has a capture or cancel in progress`, 'status', row.status);
    return { row, exit };
  });
}

async function callProvider(deps: OperationDeps, row: TransactionRow, exit: Exit): Promise<void> {
  if (exit.kind === 'CAPTURE') {
    await deps.providers.require(row.provider, 'card.capture')({ idempotencyKey: row.id, paymentKey: row.id, amount: exit.amount });
  } else if (row.paymentMethod === 'PIX') {
    await deps.providers.require(row.provider, 'pix.cancel')({ idempotencyKey: row.id });
  } else {
    await deps.providers.require(row.provider, 'card.void')({ idempotencyKey: row.id, paymentKey: row.id });
  }
}

/** Step 3: the move the provider confirmed, in its own transaction (the claim marked DONE with it). */
async function completeExit(deps: OperationDeps, id: string, exit: Exit): Promise<TransactionRow> {
  return deps.db.transaction(async (tx) => {
    const row = (await lockTransactionRow(tx, id))!;
    const now = deps.clock.now(row.organizationId);
    await finishOperation(tx, id, now);
    if (exit.kind === 'CAPTURE') {
      if (exit.amount < row.amount && row.bankAccountId) {
        // money.md M2: a partial capture books only what was captured, its fee evaluated again on that amount
        // with the policy stored at creation; the move's own approval posting then replays this one.
        const fee = await feeUnderPolicy(tx, row.fee?.fee_policy_id ?? null, { amount: exit.amount, payment_method: row.paymentMethod, installments: row.installments, card_data: { brand: row.cardData?.brand ?? undefined } });
        await postApproval(tx, { ...row, capturedAmount: exit.amount }, now, { amount: exit.amount, fee: fee?.amount ?? 0 });
      }
      return moveTransaction(tx, row, 'APPROVED', { kind: 'move' }, now, { capturedAmount: exit.amount, capturedAt: now });
    }
    return moveTransaction(tx, row, 'CANCELED', { kind: 'move', reason: exit.reason }, now, { cancelReason: exit.reason, canceledAt: now });
  });
}

async function runExit(deps: OperationDeps, id: string, decide: (row: TransactionRow) => Exit, what: string): Promise<TransactionRow> {
  const { row, exit } = await claimExit(deps, id, decide);
  try {
    await callProvider(deps, row, exit);
  } catch (err) {
    if (isProviderError(err) && err.kind === 'unknown_outcome') {
      // It may have happened: keep the claim (the transaction stays as it is) and let the sync find out.
      const now = deps.clock.now();
      await enqueueJob(deps.db, { kind: OPERATION_SYNC_JOB, runAt: new Date(now.getTime() + SYNC_AFTER_MS), payload: { transactionId: id }, dedupeKey: `${OPERATION_SYNC_JOB}:${id}` }, now);
    } else {
      await releaseOperation(deps.db, id);
    }
    throw providerFailure(err, what);
  }
  return completeExit(deps, id, exit);
}

async function inReach(db: Database, principal: CompanyPrincipal, id: string): Promise<TransactionRow> {
  const row = await findTransactionInReach(db, principal, id);
  if (!row) throw notFound('Transaction');
  return row;
}

export async function captureTransaction(deps: OperationDeps, principal: CompanyPrincipal, id: string, amount: number | undefined): Promise<TransactionRow> {
  await inReach(deps.db, principal, id);
  return runExit(deps, id, (row) => {
    const checked = checkCapture(row.status, row.amount, amount);
    if (!checked.ok) throw conflict(checked.field === 'amount' ? 'The capture amount is above the authorized amount' : `A transaction in status ${row.status} cannot be captured`, checked.field, checked.value);
    return { kind: 'CAPTURE', amount: checked.capturedAmount, released: checked.releasedAmount };
  }, 'capture');
}

export async function cancelTransaction(deps: OperationDeps, principal: CompanyPrincipal, id: string): Promise<TransactionRow> {
  await inReach(deps.db, principal, id);
  return runExit(deps, id, (row) => {
    const checked = checkCancel(row.paymentMethod, row.status);
    if (!checked.ok) throw conflict(`A transaction in status ${row.status} cannot be canceled`, 'status', row.status);
    return { kind: 'CANCEL', reason: checked.reason };
  }, 'cancel');
}

/**
 * An authorization expires (7 days without capture, or the sandbox control): AUTHORIZED -> CANCELED
 * AUTHORIZATION_EXPIRED, voided at the provider. A capture or cancel in flight wins (409 on `status`).
 */
export async function expireAuthorization(deps: OperationDeps, id: string): Promise<TransactionRow> {
  return runExit(deps, id, (row) => {
    if (row.paymentMethod === 'PIX' || row.status !== 'AUTHORIZED') throw conflict(`A transaction in status ${row.status} cannot expire`, 'status', row.status);
    return { kind: 'CANCEL', reason: 'AUTHORIZATION_EXPIRED' };
  }, 'void');
}

/** A PIX charge expires: WAITING_PAYMENT -> EXPIRED (nothing to ask the provider: the charge is dead by its own date). */
export async function expirePix(deps: Pick<OperationDeps, 'db' | 'clock'>, id: string): Promise<TransactionRow> {
  return deps.db.transaction(async (tx) => {
    const row = (await lockTransactionRow(tx, id))!;
    if (row.paymentMethod !== 'PIX' || row.status !== 'WAITING_PAYMENT') throw conflict(`A transaction in status ${row.status} cannot expire`, 'status', row.status);
    // A cancel in flight at the provider: the expiry waits for it (the sync or the request finishes it).
    if (await findOperation(tx, id)) throw conflict(`A transaction in status ${row.status} has a cancel in progress`, 'status', row.status);
    return moveTransaction(tx, row, 'EXPIRED', { kind: 'move' }, deps.clock.now(row.organizationId));
  });
}

/**
 * A PIX payment arrives (the provider's notice, the sandbox control or its autopilot): WAITING_PAYMENT,
 * EXPIRED or CANCELED -> APPROVED, late when it came after `expires_at` or after an expiry/cancel (P4).
 */
export async function payPix(deps: Pick<OperationDeps, 'db' | 'clock'>, id: string, payer: { name: string | null; document_number: string | null } | null): Promise<TransactionRow> {
  return deps.db.transaction(async (tx: Tx) => {
    const row = (await lockTransactionRow(tx, id))!;
    const now = deps.clock.now(row.organizationId);
    const pix = row.pix;
    const paid = row.paymentMethod === 'PIX' && pix ? pixPayment(row.status, new Date(pix.expires_at), now) : ({ ok: false } as const);
    if (!paid.ok || !pix) throw conflict(`A transaction in status ${row.status} cannot take a payment`, 'status', row.status);
    // The payment settles whatever cancel was in flight: its claim is spent.
    await finishOperation(tx, id, now);
    return moveTransaction(tx, row, 'APPROVED', { kind: 'move' }, now, {
      pix: paidPix(pix, { paidAt: now, endToEndId: pix.end_to_end_id ?? sandboxEndToEndId(row.id, now), payer, late: paid.latePayment }),
    });
  });
}

/** P9's settle control (and a card's status sync): PROCESSING -> APPROVED, AUTHORIZED or REFUSED. */
export async function settleProcessing(deps: Pick<OperationDeps, 'db' | 'clock'>, id: string, to: 'APPROVED' | 'AUTHORIZED' | 'REFUSED', refusalCode: RefusalCode | undefined): Promise<TransactionRow> {
  return deps.db.transaction(async (tx) => {
    const row = (await lockTransactionRow(tx, id))!;
    const now = deps.clock.now(row.organizationId);
    if (row.status !== 'PROCESSING') throw conflict(`A transaction in status ${row.status} cannot be settled`, 'status', row.status);
    if (to === 'REFUSED') {
      const code = refusalCode ?? 'CARD_DECLINED';
      return moveTransaction(tx, row, 'REFUSED', { kind: 'move', reason: code }, now, { refusal: refusal(code, 'The card was declined', null) });
    }
    return moveTransaction(tx, row, to, { kind: 'move' }, now, { authorizedAt: now });
  });
}

/**
 * `transaction.operation-sync` {transactionId}: a capture or cancel whose provider answer was lost. Asks where
 * the payment stands (card.sync / pix.sync): done at the provider -> the move; still open -> the same call
 * again (same key); gone another way (refused, voided, paid) -> the claim is released. While the provider
 * cannot answer, it tries again later; the transaction stays as it was meanwhile.
 */
export async function syncOperation(deps: OperationDeps, transactionId: string): Promise<{ rescheduleAt: Date } | void> {
  const claim = await findOperation(deps.db, transactionId);
  if (!claim || claim.status === 'DONE') return;
  const row = await findTransactionRow(deps.db, transactionId);
  if (!row) return;
  const exit: Exit = claim.kind === 'CAPTURE' ? { kind: 'CAPTURE', amount: claim.amount ?? row.amount, released: 0 } : { kind: 'CANCEL', reason: claim.cancelReason ?? 'REQUESTED' };
  const later = () => ({ rescheduleAt: new Date(deps.clock.now().getTime() + SYNC_AFTER_MS * 5) });
  try {
    let state: string | null;
    if (row.paymentMethod === 'PIX') {
      const found = await deps.providers.require(row.provider, 'pix.sync')({ idempotencyKey: row.id });
      state = found.found ? found.status : null;
    } else {
      const found = await deps.providers.require(row.provider, 'card.sync')({ idempotencyKey: row.id });
      state = found.found ? found.status : null;
    }
    const done = exit.kind === 'CAPTURE' ? state === 'CAPTURED' : state === 'VOIDED' || state === 'CANCELED';
    const open = state === 'AUTHORIZED' || state === 'WAITING_PAYMENT';
    if (!done && !open) {
      await releaseOperation(deps.db, transactionId);
      return;
    }
    if (open) await callProvider(deps, row, exit);
  } catch (err) {
    if (isProviderError(err) && err.kind !== 'refused') return later();
    if (isProviderError(err)) {
      await releaseOperation(deps.db, transactionId);
      return;
    }
    throw err;
  }
  await completeExit(deps, transactionId, exit).catch((err) => {
    // The transaction moved another way meanwhile (a PIX paid during its cancel): nothing left to do.
    if (err instanceof DomainError && err.code === 'CONFLICT_ERROR') return releaseOperation(deps.db, transactionId);
    throw err;
  });
}
