import type { Executor } from '../../db/client.js';
import type { DisputeRow } from '../../db/schema/index.js';
import { recordEvent } from '../../events/outbox.js';
import { debtChangesOf } from '../../ledger/reads.js';
import { lastSequenceOf, payOutReservation, reserve, undoReservation } from '../../ledger/reserve.js';
import type { ClosingMove } from './disputes.rules.js';
import { closingOf } from './disputes.rules.js';

/**
 * The money of a dispute (money.md M3/M6), each step one ledger transaction posted once (source DISPUTE:<id>):
 * opening reserves the whole amount into held from available, the shortfall as debt (DISPUTE_OPENED); WON voids
 * the hold back to available, which repays debt first (DISPUTE_WON); LOST/ACCEPTED pays it out to the
 * provider's clearing (DISPUTE_LOST).
 */
const source = (id: string) => ({ type: 'DISPUTE' as const, id });

export interface HoldAccount {
  id: string;
  owner: { provider: string; companyId: string; organizationId: string };
}

export async function holdDisputedMoney(tx: Executor, disputeId: string, account: HoldAccount, amount: number, now: Date) {
  const reserved = await reserve(tx, { code: 'DISPUTE_OPENED', source: source(disputeId), account, amount, now, availableOnly: true });
  return { transactionId: reserved.transactionId, held: amount, debt: reserved.split?.debt ?? 0, sequence: reserved.lastSequence };
}

/** Releases (WON) or pays out (LOST, ACCEPTED) the dispute's hold; returns the ledger transaction and the account's last sequence. */
export async function finishDisputedMoney(tx: Executor, d: DisputeRow, to: ClosingMove, now: Date): Promise<{ transactionId: string; sequence: number } | null> {
  if (!d.bankAccountId) return null;
  const { code, money } = closingOf(to);
  const posted =
    money === 'release'
      ? await undoReservation(tx, { code, source: source(d.id), account: { id: d.bankAccountId }, fromPending: 0, now })
      : await payOutReservation(tx, { code, source: source(d.id), credits: [{ account: { type: 'CLEARING', provider: d.provider }, direction: 'CREDIT', amount: d.amount }], now });
  return { transactionId: posted.transactionId, sequence: await lastSequenceOf(tx, d.bankAccountId) };
}

/** money.md M9: a dispute step that moved a debt says so, in the same transaction. */
export async function recordDebtChanges(tx: Executor, ledgerTransactionId: string, d: Pick<DisputeRow, 'companyId' | 'organizationId'>, correlationId: string, now: Date) {
  for (const c of await debtChangesOf(tx, ledgerTransactionId)) {
    const payload = { bank_account_id: c.bankAccountId, old_debt: c.oldDebt, new_debt: c.newDebt, sequence: c.sequence };
    await recordEvent(tx, { type: 'balance.debt-changed', companyId: d.companyId, organizationId: d.organizationId, correlationId, payload }, now);
  }
}
