import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.js';
import { refunds, transactions, type RefundRow, type TransactionRow } from '../../../db/schema/index.js';
import { DomainError } from '../../../kernel/errors.js';
import type { Clock } from '../../../kernel/clock.js';
import { keyOfPixId } from '../../../providers/pix-api-bcb/bodies.js';
import type { PixApiChargeResult, PixReturn } from '../../../providers/pix-api-bcb/connector.js';
import { approvePixPayment } from './pix-payment.js';
import { recordRefund, refundFailure, settleRefund, type RefundDeps } from '../refunds/refunds.service.js';
import { findRefund } from '../refunds/refunds.repo.js';
import { lockTransactionRow } from '../shared/transactions.repo.js';
import { moveTransaction } from '../shared/transactions.moves.js';

/**
 * What an API Pix PSP says about one of our charges (providers.md R3.5, R3.6), from a callback (R3.7, the
 * provider-webhooks ingestion) or a read (`pix.sync`): the charge's status, its payment, its devoluções.
 * Applied idempotently and never backwards: a fact already applied, or one about a resource that has moved on,
 * changes nothing, so a duplicated or late callback is harmless.
 */
export interface PixChargeFacts {
  /** The account (provider) name the charge lives at. */
  provider: string;
  txid: string;
  /** The charge as read (`pix.sync`); null when only callback entries are known. */
  charge?: Pick<
    PixApiChargeResult,
    'status' | 'cancelReason' | 'paidAt' | 'endToEndId' | 'paidAmount' | 'returns'
  > | null;
  /** Callback entries (`pix[]` of `{ pix: [...] }`) for this txid, each with its devoluções. */
  payments?: Array<{ endToEndId: string; amount: number; paidAt: Date; returns: PixReturn[] }>;
}

export interface PixFactsOutcome {
  /** null: no transaction of ours under this txid at this account (the caller keeps the event unmatched). */
  transactionId: string | null;
  /** What changed: `APPROVED`, `CANCELED`, `refund:<id>:<status>`; empty when everything was already applied. */
  applied: string[];
  /** R3.5: facts the platform keeps but does not apply (a second payment, an amount other than due). */
  discrepancies: Array<{ type: 'DUPLICATE_PAYMENT' | 'AMOUNT_MISMATCH'; detail: string }>;
}

export type PixFactsDeps = Pick<RefundDeps, 'db' | 'clock' | 'providers' | 'pollProviders' | 'autopilot'>;

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

/**
 * Applies a PSP's facts about one charge: the earliest payment approves the transaction with what was paid
 * (R3.4, R3.5; later ones are DUPLICATE_PAYMENT), a removal cancels a charge still waiting
 * (`PIX_CANCELED` / `PIX_REMOVED_BY_PROVIDER`), and each devolução settles the refund that asked for it or,
 * when the platform asked for none, becomes a refund of origin `MED` or `PROVIDER` (R3.6, Changes 6).
 */
export async function applyPixChargeFacts(deps: PixFactsDeps, facts: PixChargeFacts): Promise<PixFactsOutcome> {
  const found = await findByTxid(deps.db, facts.provider, facts.txid);
  const out: PixFactsOutcome = { transactionId: found?.id ?? null, applied: [], discrepancies: [] };
  if (!found) return out;
  const payments = [...(facts.payments ?? [])];
  const c = facts.charge;
  if (c?.endToEndId && c.paidAt && c.paidAmount !== null && !payments.some((p) => p.endToEndId === c.endToEndId)) {
    payments.push({ endToEndId: c.endToEndId, amount: c.paidAmount, paidAt: c.paidAt, returns: [] });
  }
  payments.sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  const returns = [...(c?.returns ?? []), ...payments.flatMap((p) => p.returns)];

  await deps.db.transaction(async (tx) => {
    const row = (await lockTransactionRow(tx, found.id))!;
    const now = deps.clock.now(row.organizationId);
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
        const expected = row.pix?.due ? null : row.amount;
        if (expected !== null && first.amount !== expected)
          out.discrepancies.push({ type: 'AMOUNT_MISMATCH', detail: `paid ${first.amount}, amount ${expected}` });
      }
    }
    const paidE2e = recorded ?? first?.endToEndId ?? null;
    for (const p of [...(recorded && first && first.endToEndId !== recorded ? [first] : []), ...rest]) {
      if (p.endToEndId !== paidE2e)
        out.discrepancies.push({ type: 'DUPLICATE_PAYMENT', detail: `${p.endToEndId}: ${p.amount}` });
    }
    if (!first && c?.status === 'CANCELED' && row.status === 'WAITING_PAYMENT') {
      await moveTransaction(tx, row, 'CANCELED', { kind: 'move', reason: c.cancelReason ?? 'PIX_CANCELED' }, now, {
        cancelReason: c.cancelReason ?? 'PIX_CANCELED',
      });
      out.applied.push('CANCELED');
    }
  });

  for (const r of returns) {
    const change = await applyReturn(deps, found.id, r);
    if (change) out.applied.push(change);
  }
  return out;
}

/** One devolução: ours (its id is our refund id without dashes) settles; any other becomes a refund. */
async function applyReturn(deps: PixFactsDeps, transactionId: string, r: PixReturn): Promise<string | null> {
  const ours = await findRefund(deps.db, keyOfPixId(r.id)).catch(() => undefined);
  let refund: RefundRow | undefined =
    ours?.transactionId === transactionId ? ours : await findExternalRefund(deps.db, transactionId, r.id);
  if (!refund) {
    const transaction = (await deps.db.select().from(transactions).where(eq(transactions.id, transactionId)))[0];
    const med = r.nature === 'MED_OPERACIONAL' || r.nature === 'MED_FRAUDE';
    try {
      refund = (
        await recordRefund(deps, `pix-return-${r.id}`, transaction, {
          amount: r.amount,
          reason: med && r.nature === 'MED_FRAUDE' ? 'FRAUDULENT' : 'OTHER',
          description: r.reason,
          origin: med ? 'MED' : 'PROVIDER',
          medNature: med ? (r.nature as 'MED_OPERACIONAL' | 'MED_FRAUDE') : null,
          external: { providerRefundId: r.id, pixReturnId: r.rtrId },
        })
      ).row;
    } catch (err) {
      // A return the platform's refund rules refuse (status, window, more than refundable): it is kept by the
      // caller as a discrepancy; nothing is moved.
      if (err instanceof DomainError) return `return:${r.id}:REFUSED:${err.message}`;
      throw err;
    }
  }
  if (refund.status !== 'PENDING' || r.status === 'PENDING')
    return refund.status === 'PENDING' ? `refund:${refund.id}:PENDING` : null;
  const failure = r.status === 'FAILED' ? refundFailure('PROVIDER_DECLINED', r.reason ?? undefined) : null;
  await settleRefund(deps, `pix-return-${r.id}`, refund.id, r.status, failure).catch((err: unknown) => {
    if (err instanceof DomainError && err.code === 'CONFLICT_ERROR') return undefined; // settled meanwhile
    throw err;
  });
  return `refund:${refund.id}:${r.status}`;
}

async function findExternalRefund(
  db: Database,
  transactionId: string,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.transactionId, transactionId), eq(refunds.providerRefundId, providerRefundId)))
    .limit(1);
  return row;
}

/**
 * Reads the charge at its PSP (`pix.sync`) and applies what it says (R3.5, R5.1's PIX read). The charge is
 * read under the key its `txid` came from (the final attempt's, R3.2).
 */
export async function syncPixCharge(
  deps: PixFactsDeps & { clock: Clock },
  transactionId: string,
): Promise<PixFactsOutcome> {
  const [row] = await deps.db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!row?.pix) return { transactionId: null, applied: [], discrepancies: [] };
  const read = await deps.providers.require(
    row.provider,
    'pix.sync',
  )({ idempotencyKey: keyOfPixId(row.pix.txid), ...(row.pix.charge_kind ? { kind: row.pix.charge_kind } : {}) });
  if (!read.found) return { transactionId: row.id, applied: [], discrepancies: [] };
  const charge = read as unknown as PixApiChargeResult;
  return applyPixChargeFacts(deps, {
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
  });
}
