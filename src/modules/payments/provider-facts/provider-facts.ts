import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.js';
import { refunds, transactions, type RefundRow, type TransactionRow } from '../../../db/schema/index.js';
import type { Clock } from '../../../kernel/clock.js';
import { captureApproved } from '../capture-cancel/operations.handlers.js';
import { findRefund, updateRefund } from '../refunds/refunds.repo.js';
import { refundFailure, settleRefundIn } from '../refunds/refunds.service.js';
import { moveTransaction } from '../shared/transactions.moves.js';
import { lockTransactionRow } from '../shared/transactions.repo.js';
import { REFUSAL_CODES, refusal, type RefusalCode } from '../shared/transactions.rules.js';

/**
 * Face for provider events (providers.md R4.5, used by src/modules/provider-webhooks): finding a resource by
 * what a provider calls it, and the forward moves a provider fact applies, each inside the caller's database
 * transaction with the usual events and ledger postings (the same `moveTransaction` / `settleRefundIn` the API
 * and the syncs use). The caller has decided the move is legal for the current state (it locks the row first).
 */

export { lockTransactionRow };

/** How a provider names a transaction of its account (R2.9, R3.2, R3.6). */
export type TransactionCondition =
  /** The transaction's `provider_reference` (Adyen's `pspReference` of the authorization). */
  | { providerReference: string }
  /** A PIX charge's `txid`, or the transaction id the txid was derived from (R3.2). */
  | { txid: string; idOfTxid: string | null }
  /** The `endToEndId` of a PIX payment (a devolução names it). */
  | { endToEndId: string }
  /** Our own id (Adyen's `merchantReference` of an authorization). */
  | { id: string };

function conditionSql(c: TransactionCondition): SQL {
  if ('providerReference' in c) return eq(transactions.providerReference, c.providerReference);
  if ('endToEndId' in c) return sql`${transactions.pix}->>'end_to_end_id' = ${c.endToEndId}`;
  if ('txid' in c) {
    const byTxid = sql`${transactions.pix}->>'txid' = ${c.txid}`;
    return c.idOfTxid ? sql`(${byTxid} or ${transactions.id} = ${c.idOfTxid})` : byTxid;
  }
  return eq(transactions.id, c.id);
}

/** The announced transaction of this account (`provider`) that the provider names by `condition`. */
export async function announcedTransactionOf(
  ex: Executor,
  provider: string,
  condition: TransactionCondition,
): Promise<TransactionRow | undefined> {
  const [row] = await ex
    .select()
    .from(transactions)
    .where(and(eq(transactions.provider, provider), eq(transactions.announced, true), conditionSql(condition)))
    .limit(1);
  return row;
}

/** An announced transaction by id, at any account (a fact naming a transaction decided elsewhere, R2.9). */
export const findTransactionForFact = async (ex: Executor, id: string): Promise<TransactionRow | undefined> => {
  const [row] = await ex
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.announced, true)))
    .limit(1);
  return row;
};

export const findRefundForFact = (ex: Executor, id: string, lock = false): Promise<RefundRow | undefined> =>
  findRefund(ex, id, lock);

/** A refund of this account known at the provider as `providerRefundId`. */
export async function refundByProviderId(
  ex: Executor,
  provider: string,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await ex
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)))
    .limit(1);
  return row;
}

/** R2.9: the oldest refund of the transaction with this amount and no provider id yet (any amount when null). */
export async function oldestUnreferencedRefund(
  ex: Executor,
  transactionId: string,
  amount: number | null,
): Promise<RefundRow | undefined> {
  const [row] = await ex
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.transactionId, transactionId),
        isNull(refunds.providerRefundId),
        amount === null ? undefined : eq(refunds.amount, amount),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(1);
  return row;
}

export type CardFactMove =
  | { to: 'AUTHORIZED' | 'APPROVED'; providerReference?: string | null; capturedAmount?: number | null }
  | { to: 'REFUSED'; refusal: { code: string; message: string; providerCode: string | null } | null }
  | { to: 'CANCELED'; reason: 'REQUESTED' | 'AUTHORIZATION_EXPIRED' };

/** A card transaction moved by a provider fact (authorised, captured, refused, cancelled, expired). */
export async function applyCardFact(
  tx: Tx,
  row: TransactionRow,
  move: CardFactMove,
  now: Date,
): Promise<TransactionRow> {
  const reference =
    'providerReference' in move && move.providerReference ? { providerReference: move.providerReference } : {};
  switch (move.to) {
    case 'AUTHORIZED':
      return moveTransaction(tx, row, 'AUTHORIZED', { kind: 'move' }, now, reference);
    case 'APPROVED': {
      const amount =
        move.capturedAmount && move.capturedAmount > 0 && move.capturedAmount <= row.amount
          ? move.capturedAmount
          : row.amount;
      if (row.status === 'AUTHORIZED') return captureApproved(tx, row, amount, now);
      return moveTransaction(tx, row, 'APPROVED', { kind: 'move' }, now, reference);
    }
    case 'REFUSED': {
      const code: RefusalCode =
        move.refusal && (REFUSAL_CODES as readonly string[]).includes(move.refusal.code)
          ? (move.refusal.code as RefusalCode)
          : 'CARD_DECLINED';
      const refused = refusal(
        code,
        move.refusal?.message ?? 'Refused by the provider',
        move.refusal?.providerCode ?? null,
      );
      return moveTransaction(tx, row, 'REFUSED', { kind: 'move', reason: code }, now, { refusal: refused });
    }
    case 'CANCELED':
      return moveTransaction(tx, row, 'CANCELED', { kind: 'move', reason: move.reason }, now, {
        cancelReason: move.reason,
        canceledAt: now,
      });
  }
}

/**
 * A PENDING refund settled by a provider fact (its transaction locked first, as every refund settlement does);
 * `provider_refund_id` set when it was still missing.
 */
export async function settleRefundByProvider(
  tx: Tx,
  clock: Clock,
  correlationId: string,
  refund: RefundRow,
  outcome: 'SUCCEEDED' | 'FAILED',
  input: { message?: string | null; providerRefundId?: string | null },
): Promise<RefundRow> {
  if (input.providerRefundId && !refund.providerRefundId)
    await updateRefund(tx, refund.id, { providerRefundId: input.providerRefundId });
  const failure = outcome === 'FAILED' ? refundFailure('PROVIDER_DECLINED', input.message ?? undefined) : null;
  return settleRefundIn(tx, clock, correlationId, refund, outcome, failure);
}

/**
 * providers.md R2.9: an attempt whose authorization was voided as an orphan shows `VOIDED`; the transaction does not
 * move. Locks the transaction row; a missing row or attempt changes nothing (idempotent).
 */
export async function markAttemptVoided(tx: Tx, transactionId: string, attemptId: string, now: Date): Promise<void> {
  const row = await lockTransactionRow(tx, transactionId);
  if (!row?.attempts?.some((a) => a.id === attemptId && a.outcome !== 'VOIDED')) return;
  const attempts = row.attempts.map((a) =>
    a.id === attemptId ? { ...a, outcome: 'VOIDED' as const, finished_at: a.finished_at ?? now.toISOString() } : a,
  );
  await tx.update(transactions).set({ attempts, updatedAt: now }).where(eq(transactions.id, transactionId));
}

/** Whether any row (announced or not) has this id: a create records its row before it calls the provider. */
export async function transactionRowExists(ex: Executor, id: string): Promise<boolean> {
  const [row] = await ex.select({ id: transactions.id }).from(transactions).where(eq(transactions.id, id)).limit(1);
  return row !== undefined;
}
