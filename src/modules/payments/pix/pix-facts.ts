import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.js';
import { refunds, transactions, type RefundRow, type TransactionRow } from '../../../db/schema/index.js';
import { recordEvent } from '../../../events/outbox.js';
import type { Clock } from '../../../kernel/clock.js';
import { DomainError } from '../../../kernel/errors.js';
import { keyOfPixId } from '../../../providers/pix-api-bcb/bodies.js';
import type { PixApiChargeResult, PixReturn } from '../../../providers/pix-api-bcb/connector.js';
import { approvePixPayment, expectedPixAmount } from './pix-payment.js';
import { findRefund, updateRefund } from '../refunds/refunds.repo.js';
import { recordRefundIn, refundFailure, settleRefundIn, type RefundDeps } from '../refunds/refunds.service.js';
import { lockTransactionRow } from '../shared/transactions.repo.js';
import { moveTransaction } from '../shared/transactions.moves.js';

/**
 * The one path for what a provider says about a PIX charge (providers.md R3.5, R3.6, R4.5, R5.1), whoever heard
 * it: a PSP callback or a sandbox `charge.updated` (the provider-webhooks ingestion), or a read of the charge
 * (`pix.sync`: the periodic sync, tests). Applied inside one database transaction with the transaction row
 * locked, idempotently and never backwards: a fact already applied, or one about a resource that has moved on,
 * changes nothing, so a duplicated, late or out-of-order fact is harmless; one that contradicts what the
 * platform did is recorded as `transaction.discrepancy-detected` (R5.2) and moves nothing.
 */
export interface PixChargeFacts {
  /** The account (provider) name the charge lives at. */
  provider: string;
  txid: string;
  /** The charge's state as read (`pix.sync`) or reported (a sandbox `charge.updated`); absent: unknown. */
  charge?:
    | (Pick<PixApiChargeResult, 'status' | 'paidAt' | 'endToEndId' | 'paidAmount'> & {
        cancelReason?: PixApiChargeResult['cancelReason'];
        returns?: PixReturn[];
      })
    | null;
  /**
   * Payments (a callback's `pix[]` entries for this txid), each with its devoluções. `amount` null: the payer paid
   * what was due that day (a sandbox event carries no amount).
   */
  payments?: Array<{ endToEndId: string; amount: number | null; paidAt: Date; returns: PixReturn[] }>;
  /** Devoluções reported on their own (one provider event per devolução, R4.4). */
  returns?: PixReturn[];
}

export type PixDiscrepancyKind =
  'AMOUNT_MISMATCH' | 'DUPLICATE_PAYMENT' | 'REFUND_FAILED_AFTER_SUCCESS' | 'OUTCOME_CONFLICT';

export interface PixFactsOutcome {
  /** null: no transaction of ours under this txid at this account (the caller keeps the event unmatched). */
  transactionId: string | null;
  /** What changed: `APPROVED`, `CANCELED`, `EXPIRED`, `refund:<id>:<status>`; empty when nothing had to. */
  applied: string[];
  /** R3.4-R3.6, R5.2: facts kept but not applied (a second payment, an amount other than due, a contradiction). */
  discrepancies: Array<{ type: PixDiscrepancyKind; detail: string; refundId: string | null }>;
  /** The refunds the devoluções concern (settled, created or left as they were). */
  refundIds: string[];
}

/** Who reports the facts: the correlation of what they cause, and how a discrepancy names its source (R8.2). */
export interface PixFactsSource {
  correlationId: string;
  /** The provider event's id (`endToEndId`, `rtrId`, the sandbox's `id`); null for a read. */
  providerEventId: string | null;
  /** Record discrepancies as `transaction.discrepancy-detected` (a read records them only with a change). */
  recordDiscrepancies: boolean | 'with-change';
}

export type PixFactsDeps = Pick<RefundDeps, 'db' | 'clock'> & Partial<RefundDeps>;

/** The transaction whose PIX charge has this txid at this account. */
export async function findByTxid(ex: Executor, provider: string, txid: string): Promise<TransactionRow | undefined> {
  const [row] = await ex
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.provider, provider),
        eq(transactions.paymentMethod, 'PIX'),
        sql`${transactions.pix}->>'txid' = ${txid}`,
      ),
    )
    .limit(1);
  return row;
}

/** Finds the charge's transaction, then applies the facts in a transaction of their own (a read, a test). */
export async function applyPixChargeFacts(
  deps: PixFactsDeps,
  facts: PixChargeFacts,
  source: PixFactsSource = {
    correlationId: `pix-facts:${facts.txid}`,
    providerEventId: null,
    recordDiscrepancies: 'with-change',
  },
): Promise<PixFactsOutcome> {
  const found = await findByTxid(deps.db, facts.provider, facts.txid);
  if (!found) return { transactionId: null, applied: [], discrepancies: [], refundIds: [] };
  return deps.db.transaction(async (tx) => {
    const row = (await lockTransactionRow(tx, found.id))!;
    return applyPixFactsIn(tx, deps.clock, source, row, facts);
  });
}

/**
 * Applies a provider's facts about one charge inside the caller's transaction, `row` locked by it: the earliest
 * payment approves the transaction with what was paid (R3.4, R3.5; another amount than was due that day is an
 * `AMOUNT_MISMATCH`, later payments `DUPLICATE_PAYMENT`); a removal or expiry moves a charge still waiting; each
 * devolução settles the refund that asked for it or, when the platform asked for none, becomes a refund of origin
 * `MED` or `PROVIDER` (R3.6, Changes 6) with the P5 events, reservation and ledger postings of any refund.
 */
export async function applyPixFactsIn(
  tx: Tx,
  clock: Clock,
  source: PixFactsSource,
  row: TransactionRow,
  facts: Pick<PixChargeFacts, 'charge' | 'payments' | 'returns'>,
): Promise<PixFactsOutcome> {
  const out: PixFactsOutcome = { transactionId: row.id, applied: [], discrepancies: [], refundIds: [] };
  const payments = [...(facts.payments ?? [])];
  const c = facts.charge;
  if (c?.endToEndId && c.paidAt && !payments.some((p) => p.endToEndId === c.endToEndId))
    payments.push({ endToEndId: c.endToEndId, amount: c.paidAmount ?? null, paidAt: c.paidAt, returns: [] });
  payments.sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  const returns = [...(c?.returns ?? []), ...payments.flatMap((p) => p.returns), ...(facts.returns ?? [])];
  const now = clock.now(row.organizationId);

  const [first, ...rest] = payments;
  const recorded = row.pix?.end_to_end_id ?? null;
  if (first && !row.pix?.paid_at) {
    const approved = await approvePixPayment(
      tx,
      row,
      { paidAt: first.paidAt, endToEndId: first.endToEndId, amount: first.amount, payer: null },
      now,
    );
    if (approved) {
      out.applied.push('APPROVED');
      const expected = expectedPixAmount(row, first.paidAt);
      if (first.amount !== null && first.amount !== expected)
        out.discrepancies.push({
          type: 'AMOUNT_MISMATCH',
          detail: `Paid ${first.amount} for a charge of ${expected} due`,
          refundId: null,
        });
    }
  }
  const paidBy = recorded ?? (first && out.applied.includes('APPROVED') ? first.endToEndId : null);
  for (const p of [...(recorded && first && first.endToEndId !== recorded ? [first] : []), ...rest]) {
    if (paidBy && p.endToEndId !== paidBy)
      out.discrepancies.push({
        type: 'DUPLICATE_PAYMENT',
        detail: `A second payment ${p.endToEndId} (${p.amount ?? 'the amount due'}) of a charge already paid by ${paidBy}`,
        refundId: null,
      });
  }
  if (!first && row.status === 'WAITING_PAYMENT' && (c?.status === 'CANCELED' || c?.status === 'EXPIRED')) {
    if (c.status === 'EXPIRED') {
      await moveTransaction(tx, row, 'EXPIRED', { kind: 'move' }, now, { expiredAt: now });
    } else {
      const reason = c.cancelReason ?? 'PIX_CANCELED';
      await moveTransaction(tx, row, 'CANCELED', { kind: 'move', reason }, now, {
        cancelReason: reason,
        canceledAt: now,
      });
    }
    out.applied.push(c.status);
  }

  for (const r of returns) await applyReturn(tx, clock, source, row.id, r, out);

  const record =
    source.recordDiscrepancies === true || (source.recordDiscrepancies === 'with-change' && out.applied.length > 0);
  if (record) for (const d of out.discrepancies) await recordDiscrepancy(tx, source, row, d, now);
  return out;
}

/** One devolução: ours (its id is our refund id without dashes) settles; any other becomes a refund (once). */
async function applyReturn(
  tx: Tx,
  clock: Clock,
  source: PixFactsSource,
  transactionId: string,
  r: PixReturn,
  out: PixFactsOutcome,
): Promise<void> {
  const key = keyOfPixId(r.id);
  const ours = UUID.test(key) ? await findRefund(tx, key) : undefined;
  let refund: RefundRow | undefined =
    ours?.transactionId === transactionId ? ours : await findExternalRefund(tx, transactionId, r.id);
  if (!refund) {
    // A return that was not made moved no money: nothing to record.
    if (r.status === 'FAILED') return;
    const med = r.nature === 'MED_OPERACIONAL' || r.nature === 'MED_FRAUDE';
    try {
      // A savepoint: a return the refund rules refuse leaves the caller's transaction as it was.
      refund = await tx.transaction(
        async (sp) =>
          (
            await recordRefundIn(
              sp,
              { clock },
              source.correlationId,
              { id: transactionId },
              {
                amount: r.amount,
                reason: r.nature === 'MED_FRAUDE' ? 'FRAUDULENT' : 'OTHER',
                description: r.reason,
                origin: med ? 'MED' : 'PROVIDER',
                medNature: med ? (r.nature as 'MED_OPERACIONAL' | 'MED_FRAUDE') : null,
                external: { providerRefundId: r.id, pixReturnId: r.rtrId },
              },
            )
          ).row,
      );
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      // The platform cannot record it as a refund (more than is refundable, a status that takes none): staff work.
      out.discrepancies.push({
        type: 'OUTCOME_CONFLICT',
        detail: `The PSP returned ${r.amount} (${r.id}, ${r.nature ?? 'no natureza'}) that cannot be recorded as a refund: ${err.message}`,
        refundId: null,
      });
      return;
    }
  } else if (!refund.pixReturnId && r.rtrId) {
    refund = await updateRefund(tx, refund.id, {
      pixReturnId: r.rtrId,
      providerRefundId: refund.providerRefundId ?? r.id,
    });
  }
  out.refundIds.push(refund.id);
  if (refund.status === 'PENDING') {
    if (r.status === 'PENDING') return;
    const failure = r.status === 'FAILED' ? refundFailure('PROVIDER_DECLINED', r.reason ?? undefined) : null;
    await settleRefundIn(tx, clock, source.correlationId, refund, r.status, failure);
    out.applied.push(`refund:${refund.id}:${r.status}`);
    return;
  }
  if (refund.status === 'SUCCEEDED' && r.status === 'FAILED')
    out.discrepancies.push({
      type: 'REFUND_FAILED_AFTER_SUCCESS',
      detail: `The PSP reports the devolução ${r.id} was not made; the refund is SUCCEEDED`,
      refundId: refund.id,
    });
  else if (refund.status === 'FAILED' && r.status === 'SUCCEEDED')
    out.discrepancies.push({
      type: 'OUTCOME_CONFLICT',
      detail: `The PSP reports the devolução ${r.id} was made; the refund is FAILED`,
      refundId: refund.id,
    });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function findExternalRefund(
  ex: Executor,
  transactionId: string,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await ex
    .select()
    .from(refunds)
    .where(and(eq(refunds.transactionId, transactionId), eq(refunds.providerRefundId, providerRefundId)))
    .limit(1);
  return row;
}

async function recordDiscrepancy(
  tx: Tx,
  source: PixFactsSource,
  row: TransactionRow,
  d: PixFactsOutcome['discrepancies'][number],
  now: Date,
): Promise<void> {
  await recordEvent(
    tx,
    {
      type: 'transaction.discrepancy-detected',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId: source.correlationId,
      payload: {
        transaction_id: row.id,
        refund_id: d.refundId,
        dispute_id: null,
        kind: d.type,
        provider: row.provider,
        provider_event_id: source.providerEventId,
        detail: d.detail,
      },
    },
    now,
  );
}

/**
 * Reads the charge at its PSP (`pix.sync`) and applies what it says (R3.5, R5.1's PIX read). The charge is
 * read under the key its `txid` came from (the final attempt's, R3.2).
 */
export async function syncPixCharge(
  deps: PixFactsDeps & Pick<RefundDeps, 'providers'>,
  transactionId: string,
): Promise<PixFactsOutcome> {
  const none = { applied: [], discrepancies: [], refundIds: [] };
  const [row] = await deps.db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!row?.pix) return { transactionId: null, ...none };
  const read = await deps.providers.require(
    row.provider,
    'pix.sync',
  )({ idempotencyKey: keyOfPixId(row.pix.txid), ...(row.pix.charge_kind ? { kind: row.pix.charge_kind } : {}) });
  if (!read.found) return { transactionId: row.id, ...none };
  const charge = read as unknown as PixApiChargeResult;
  return applyPixChargeFacts(
    deps,
    {
      provider: row.provider,
      txid: row.pix.txid,
      charge: {
        status: charge.status,
        cancelReason: charge.cancelReason ?? null,
        paidAt: charge.paidAt,
        endToEndId: charge.endToEndId,
        paidAmount: charge.paidAmount ?? null,
        returns: charge.returns ?? [],
      },
    },
    { correlationId: `pix.sync:${row.id}`, providerEventId: null, recordDiscrepancies: 'with-change' },
  );
}
