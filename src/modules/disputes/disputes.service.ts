import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '../../db/client.js';
import type { DisputeReason, DisputeRow } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { conflict, conflictWithReason, DomainError, notFound } from '../../kernel/errors.js';
import { recordEvent } from '../../events/outbox.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { Clock } from '../../kernel/clock.js';
import {
  checkOpen,
  closingOf,
  deadlinePassed,
  disputeMachine,
  evidenceDueBy,
  type ClosingMove,
  type OpenRefusal,
} from './disputes.rules.js';
import {
  findDispute,
  findDisputeInReach,
  hasOpenDispute,
  insertDispute,
  listDisputesInReach,
  lockTransactionRow,
  lostAmountOf,
  updateDispute,
  type DisputeListQuery,
} from './disputes.repo.js';
import { toDisputeView } from './disputes.schemas.js';
import { finishDisputedMoney, holdDisputedMoney, recordDebtChanges } from './disputes.money.js';

export interface DisputeDeps {
  db: Database;
  clock: Clock;
}

/** M6: an OPEN dispute still without a decision at `evidence_due_by` is LOST (NO_RESPONSE). */
export const DISPUTE_DEADLINE_JOB = 'dispute.evidence-deadline';

function openRefusalError(r: OpenRefusal): DomainError {
  if (r.kind === 'payment_method')
    return conflict('Only card transactions can be disputed (a PIX has MED returns)', 'payment_method', r.value);
  if (r.kind === 'status') return conflict(`A transaction in status ${r.value} cannot be disputed`, 'status', r.value);
  return conflict(`The dispute amount must be between 1 and ${r.max}`, 'amount', r.value);
}

/**
 * Opens a dispute (the provider's notice; the sandbox control stands for it): one transaction under the
 * transaction's row lock (so two openings, or an opening and a refund, are judged one after the other), the
 * hold of its money, `dispute.created` and the deadline job on the organization's clock.
 */
export async function openDispute(
  deps: DisputeDeps,
  correlationId: string,
  transactionId: string,
  input: { amount?: number; reason: DisputeReason; reasonCode?: string },
): Promise<DisputeRow> {
  return deps.db.transaction((tx) => openDisputeIn(tx, deps.clock, correlationId, transactionId, input));
}

/** openDispute inside the caller's transaction (a provider's chargeback event, providers.md R2.9). */
export async function openDisputeIn(
  tx: Executor,
  clock: Clock,
  correlationId: string,
  transactionId: string,
  input: { amount?: number; reason: DisputeReason; reasonCode?: string },
): Promise<DisputeRow> {
  const deps = { clock };
  {
    const tr = await lockTransactionRow(tx, transactionId);
    if (!tr || !tr.announced) throw notFound('Transaction');
    if (await hasOpenDispute(tx, tr.id))
      throw conflictWithReason(
        'The transaction already has a dispute in progress',
        'transaction_id',
        tr.id,
        'DISPUTE_ALREADY_OPEN',
      );
    const checked = checkOpen(tr, await lostAmountOf(tx, tr.id), input.amount);
    if (!checked.ok) throw openRefusalError(checked.refusal);
    const now = deps.clock.now(tr.organizationId);
    const id = randomUUID();
    let money = { held: 0, debt: 0, sequence: null as number | null, transactionId: null as string | null };
    if (tr.bankAccountId) {
      const owner = { provider: tr.provider, companyId: tr.companyId, organizationId: tr.organizationId };
      money = await holdDisputedMoney(tx, id, { id: tr.bankAccountId, owner }, checked.amount, now);
    }
    const row = await insertDispute(tx, {
      id,
      transactionId: tr.id,
      companyId: tr.companyId,
      organizationId: tr.organizationId,
      bankAccountId: tr.bankAccountId,
      provider: tr.provider,
      amount: checked.amount,
      currency: tr.currency,
      reason: input.reason,
      reasonCode: input.reasonCode ?? null,
      status: 'OPEN',
      evidenceDueBy: evidenceDueBy(now),
      evidenceText: null,
      evidenceDocumentIds: [],
      evidenceSubmittedAt: null,
      heldAmount: money.held,
      debtAmount: money.debt,
      closedReason: null,
      openedAt: now,
      closedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await recordEvent(
      tx,
      {
        type: 'dispute.created',
        companyId: row.companyId,
        organizationId: row.organizationId,
        correlationId,
        payload: { ...toDisputeView(row), bank_account_id: row.bankAccountId, sequence: money.sequence },
      },
      now,
    );
    if (money.transactionId) await recordDebtChanges(tx, money.transactionId, row, correlationId, now);
    await enqueueJob(
      tx,
      {
        kind: DISPUTE_DEADLINE_JOB,
        runAt: row.evidenceDueBy,
        payload: { disputeId: id },
        dedupeKey: `${DISPUTE_DEADLINE_JOB}:${id}`,
        organizationId: row.organizationId,
      },
      now,
    );
    return row;
  }
}

/** One status move of a locked dispute through the table, with its event (and its money for a closing move). */
export async function moveDispute(
  tx: Executor,
  d: DisputeRow,
  to: DisputeRow['status'],
  now: Date,
  correlationId: string,
  extra: { byDeadline?: boolean; set?: Partial<DisputeRow> } = {},
): Promise<DisputeRow> {
  disputeMachine.assert(d.status, to);
  const closing = to === 'WON' || to === 'LOST' || to === 'ACCEPTED' ? closingOf(to, extra.byDeadline) : null;
  const money = closing ? await finishDisputedMoney(tx, d, to as ClosingMove, now) : null;
  const row = await updateDispute(tx, d.id, {
    ...extra.set,
    status: to,
    updatedAt: now,
    ...(closing ? { closedReason: closing.closedReason, closedAt: now } : {}),
  });
  const sequence = money?.sequence ?? null;
  await recordEvent(
    tx,
    {
      type: 'dispute.status-changed',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId,
      payload: {
        dispute_id: row.id,
        transaction_id: row.transactionId,
        old_status: d.status,
        new_status: to,
        closed_reason: row.closedReason,
        amount: row.amount,
        bank_account_id: row.bankAccountId,
        sequence,
      },
    },
    now,
  );
  if (money) await recordDebtChanges(tx, money.transactionId, row, correlationId, now);
  return row;
}

/** Locks the dispute (found in the caller's reach, or any for staff and jobs) and runs `work` in one transaction. */
export async function withLockedDispute<T>(
  deps: DisputeDeps,
  disputeId: string,
  principal: CompanyPrincipal | null,
  work: (tx: Executor, d: DisputeRow, now: Date) => Promise<T>,
): Promise<T> {
  const found = principal
    ? await findDisputeInReach(deps.db, principal, disputeId)
    : await findDispute(deps.db, disputeId);
  if (!found) throw notFound('Dispute');
  return deps.db.transaction(async (tx) => {
    const d = (await findDispute(tx, found.id, true))!;
    return work(tx, d, deps.clock.now(d.organizationId));
  });
}

/** POST /v1/disputes/{id}/accept: the merchant gives up (OPEN -> ACCEPTED; the hold is paid out). */
export function acceptDispute(
  deps: DisputeDeps,
  principal: CompanyPrincipal,
  disputeId: string,
  correlationId: string,
): Promise<DisputeRow> {
  return withLockedDispute(deps, disputeId, principal, (tx, d, now) =>
    moveDispute(tx, d, 'ACCEPTED', now, correlationId),
  );
}

/** Sandbox control (M8): the provider's decision, from UNDER_REVIEW only (anything else 409 on status). */
export function decideDispute(
  deps: DisputeDeps,
  disputeId: string,
  outcome: 'WON' | 'LOST',
  correlationId: string,
): Promise<DisputeRow> {
  return withLockedDispute(deps, disputeId, null, (tx, d, now) => {
    if (d.status !== 'UNDER_REVIEW')
      throw conflict(`A dispute in status ${d.status} has no provider decision to take`, 'status', d.status);
    return moveDispute(tx, d, outcome, now, correlationId);
  });
}

/** The deadline job: an OPEN dispute at or past `evidence_due_by` is LOST (NO_RESPONSE); anything else is left. */
export async function closeAtDeadline(
  deps: DisputeDeps,
  disputeId: string,
  correlationId: string,
): Promise<{ rescheduleAt: Date } | void> {
  const d = await findDispute(deps.db, disputeId);
  if (!d || d.status !== 'OPEN') return;
  if (!deadlinePassed(d.evidenceDueBy, deps.clock.now(d.organizationId))) return { rescheduleAt: d.evidenceDueBy };
  await withLockedDispute(deps, disputeId, null, async (tx, locked, now) => {
    if (locked.status !== 'OPEN' || !deadlinePassed(locked.evidenceDueBy, now)) return;
    await moveDispute(tx, locked, 'LOST', now, correlationId, { byDeadline: true });
  });
}

export async function getDispute(db: Database, principal: CompanyPrincipal, id: string): Promise<DisputeRow> {
  const row = await findDisputeInReach(db, principal, id);
  if (!row) throw notFound('Dispute');
  return row;
}

export const listDisputes = (db: Database, principal: CompanyPrincipal, q: DisputeListQuery) =>
  listDisputesInReach(db, principal, q);
