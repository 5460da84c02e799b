import type { Executor } from '../../../db/client.js';
import type { TransactionRow } from '../../../db/schema/index.js';
import { feeUnderPolicy } from '../../fees/effective-fee.js';
import { amountDue } from '../shared/pix-due.rules.js';
import { saoPauloDate } from '../../../domain/business-calendar.js';
import { moveTransaction } from '../shared/transactions.moves.js';
import { paidPix } from './transactions.pix.js';
import { pixPayment } from '../shared/transactions.rules.js';

/** A PIX payment as a provider (or the sandbox) reports it. `amount` null: the payer paid what was due. */
export interface PixPaymentFact {
  paidAt: Date;
  endToEndId: string;
  amount: number | null;
  payer: { name: string | null; document_number: string | null } | null;
}

/**
 * What is due on the day a PIX is paid: `amount`, or for a due-date PIX the amount due on that São Paulo date
 * (providers.md R3.4; after the last payable date, late, the amount itself).
 */
export function expectedPixAmount(row: Pick<TransactionRow, 'amount' | 'pix'>, paidAt: Date): number {
  const due = row.pix?.due;
  if (!due) return row.amount;
  return amountDue(row.amount, due, saoPauloDate(paidAt)).amountDue ?? row.amount;
}

/**
 * A PIX paid (payments.md P4, providers.md R3.5 and Changes 4), inside the caller's transaction with the row
 * locked: WAITING_PAYMENT, EXPIRED or CANCELED -> APPROVED. `captured_amount` and `pix.paid_amount` are the
 * amount paid, which for a due-date PIX may be above `amount` (fine and interest) or below (discount); the fee
 * is evaluated again on it under the policy stored at creation (as a partial capture's, money.md M2), and the
 * approval's posting and receivables follow. Null when the status cannot take a payment (the caller decides
 * whether that is a 409 or a duplicate to ignore).
 */
export async function approvePixPayment(
  tx: Executor,
  row: TransactionRow,
  fact: PixPaymentFact,
  now: Date,
): Promise<TransactionRow | null> {
  const pix = row.pix;
  const paid =
    row.paymentMethod === 'PIX' && pix
      ? pixPayment(row.status, new Date(pix.expires_at), fact.paidAt)
      : ({ ok: false } as const);
  if (!paid.ok || !pix) return null;
  const amount = fact.amount ?? expectedPixAmount(row, fact.paidAt);
  let fee = row.fee;
  if (amount !== row.amount && row.fee) {
    const evaluated = await feeUnderPolicy(tx, row.fee.fee_policy_id, {
      amount,
      payment_method: 'PIX',
      installments: 1,
      card_data: {},
    });
    fee = { ...row.fee, rule_id: evaluated?.rule_id ?? null, amount: Math.min(evaluated?.amount ?? 0, amount) };
  }
  return moveTransaction(tx, row, 'APPROVED', { kind: 'move' }, now, {
    capturedAmount: amount,
    capturedAt: now,
    fee,
    pix: {
      ...paidPix(pix, { paidAt: fact.paidAt, endToEndId: fact.endToEndId, payer: fact.payer, late: paid.latePayment }),
      paid_amount: amount,
    },
  });
}
