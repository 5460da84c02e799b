import type { Executor } from '../../db/client.js';
import type { DisputeRow } from '../../db/schema/index.js';
import { recordEvent } from '../../events/outbox.js';
import { debtChangesOf } from '../../ledger/reads.js';
import { lockBalances } from '../../ledger/ledger.js';
import { lastSequenceOf, payOutReservation, reserve, undoReservation } from '../../ledger/reserve.js';
import type { Posting } from '../../ledger/rules.js';
import { consumeForChargeback } from '../receivables/receivables.chargebacks.js';
import type { ClosingMove } from './disputes.rules.js';
import { closingOf } from './disputes.rules.js';

/**
 * The money of a dispute (money.md M3/M6), each step one ledger transaction posted once (source DISPUTE:<id>):
 * opening reserves the whole amount into held from available, the shortfall as debt (DISPUTE_OPENED); WON voids
 * the hold back to available, which repays debt first (DISPUTE_WON); LOST/ACCEPTED pays it out to the
 * provider's clearing (DISPUTE_LOST), and a debt it left still owed is taken from the transaction's receivables.
 */
const source = (id: string) => ({ type: 'DISPUTE' as const, id });

export interface HoldAccount {
  id: string;
  owner: { provider: string; companyId: string; organizationId: string };
}

export async function holdDisputedMoney(
  tx: Executor,
  disputeId: string,
  account: HoldAccount,
  amount: number,
  now: Date,
) {
  const reserved = await reserve(tx, {
    code: 'DISPUTE_OPENED',
    source: source(disputeId),
    account,
    amount,
    now,
    availableOnly: true,
  });
  return {
    transactionId: reserved.transactionId,
    held: amount,
    debt: reserved.split?.debt ?? 0,
    sequence: reserved.lastSequence,
  };
}

/**
 * Releases (WON) or pays out (LOST, ACCEPTED) the dispute's hold; returns the ledger transaction and the account's
 * last sequence. A payout while the dispute's debt is still owed is a chargeback: the transaction's PENDING
 * receivables repay it (consumeForChargeback), posted in the same DISPUTE_LOST transaction as pending -x, debt -x.
 */
export async function finishDisputedMoney(
  tx: Executor,
  d: DisputeRow,
  to: ClosingMove,
  now: Date,
): Promise<{ transactionId: string; sequence: number } | null> {
  if (!d.bankAccountId) return null;
  const accountId = d.bankAccountId;
  const { code, money } = closingOf(to);
  if (money === 'release') {
    const posted = await undoReservation(tx, {
      code,
      source: source(d.id),
      account: { id: accountId },
      fromPending: 0,
      now,
    });
    return { transactionId: posted.transactionId, sequence: await lastSequenceOf(tx, accountId) };
  }
  const owed = async () => Math.min(d.debtAmount, (await lockBalances(tx, accountId)).debt);
  const charged =
    d.debtAmount > 0
      ? await consumeForChargeback(
          tx,
          { transactionId: d.transactionId, organizationId: d.organizationId, disputeId: d.id, now },
          owed,
        )
      : 0;
  const credits: Posting[] = [
    { account: { type: 'CLEARING', provider: d.provider }, direction: 'CREDIT', amount: d.amount },
  ];
  if (charged > 0) {
    credits.push(
      { account: { type: 'BANK_ACCOUNT', id: accountId, balance: 'PENDING' }, direction: 'DEBIT', amount: charged },
      { account: { type: 'BANK_ACCOUNT', id: accountId, balance: 'DEBT' }, direction: 'CREDIT', amount: charged },
    );
  }
  const posted = await payOutReservation(tx, { code, source: source(d.id), credits, now });
  return {
    transactionId: posted.transactionId,
    sequence: posted.lastSequences?.[accountId] ?? (await lastSequenceOf(tx, accountId)),
  };
}

/** money.md M9: a dispute step that moved a debt says so, in the same transaction. */
export async function recordDebtChanges(
  tx: Executor,
  ledgerTransactionId: string,
  d: Pick<DisputeRow, 'companyId' | 'organizationId'>,
  correlationId: string,
  now: Date,
) {
  for (const c of await debtChangesOf(tx, ledgerTransactionId)) {
    const payload = {
      bank_account_id: c.bankAccountId,
      old_debt: c.oldDebt,
      new_debt: c.newDebt,
      sequence: c.sequence,
    };
    await recordEvent(
      tx,
      {
        type: 'balance.debt-changed',
        companyId: d.companyId,
        organizationId: d.organizationId,
        correlationId,
        payload,
      },
      now,
    );
  }
}
