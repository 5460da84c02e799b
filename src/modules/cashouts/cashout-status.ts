import { randomUUID } from 'node:crypto';
import type { Database, Tx } from '../../db/client.js';
import { cashoutReturns, type CashoutRow } from '../../db/schema/index.js';
import { recordEvent } from '../../events/outbox.js';
import type { Clock } from '../../kernel/clock.js';
import { enqueueJob } from '../../jobs/queue.js';
import { conflictWithReason, notFound } from '../../kernel/errors.js';
import { post, postHold, transactionKey, voidHold } from '../../ledger/ledger.js';
import type { Posting } from '../../ledger/rules.js';
import { lastSequenceOf } from '../../ledger/sequence.js';
import { recordOrganizationRevenue } from '../receivables/receivables.sweep.js';
import { byId, findCashout, updateCashout } from './cashouts.repo.js';
import { cashoutErrorCode, cashoutStates, checkReturn, sandboxScript, type ReturnReason } from './cashouts.rules.js';

/** SANDBOX_AUTOPILOT: the return a magic amount (92, 93 cents) gets an hour after completion. */
export const CASHOUT_SANDBOX_RETURN_JOB = 'cashout.sandbox-return';

export interface StatusDeps {
  db: Database;
  clock: Clock;
  /** SANDBOX_AUTOPILOT on: completing a magic amount schedules its return. */
  autopilot?: boolean;
}

/** What the provider (or the sandbox control) reports: a cashout completed, or failed with one of M5's codes. */
export type CashoutReport =
  | { status: 'COMPLETED'; endToEndId?: string | null }
  | { status: 'FAILED'; errorCode?: string | null; errorMessage?: string | null };

const source = (id: string) => ({ type: 'CASHOUT' as const, id });

/**
 * Applies a final answer to a PENDING cashout in one transaction: the move (409 when the table lacks it), the
 * ledger (COMPLETED: held -(X+P), clearing -X, the organization's revenue +P, swept later; FAILED: held back to available,
 * no price charged) and `cashout.status-changed`. The hold is finished last but one: it locks the balance row.
 */
export async function applyCashoutReport(
  deps: StatusDeps,
  correlationId: string,
  cashoutId: string,
  report: CashoutReport,
): Promise<CashoutRow> {
  return deps.db.transaction((tx) => applyCashoutReportIn(tx, deps, correlationId, cashoutId, report));
}

/** applyCashoutReport inside the caller's transaction (a provider operation's recording). */
export async function applyCashoutReportIn(
  tx: Tx,
  deps: Omit<StatusDeps, 'db'>,
  correlationId: string,
  cashoutId: string,
  report: CashoutReport,
): Promise<CashoutRow> {
  const row = await findCashout(tx, byId(cashoutId), true);
  if (!row) throw notFound('Cashout');
  cashoutStates.assert(row.status, report.status);
  const now = deps.clock.now(row.organizationId);
  let updated: CashoutRow;
  if (report.status === 'COMPLETED') {
    const credits: Posting[] = [
      { account: { type: 'CLEARING', provider: row.provider }, direction: 'CREDIT', amount: row.amount },
    ];
    // The price is the organization's: REVENUE now (appended entries, no balance row), its available at the
    // sweep of the organization's account the next date (docs/decisions/cashouts.md).
    if (row.price > 0)
      credits.push({
        account: { type: 'REVENUE', organizationId: row.organizationId, provider: row.provider },
        direction: 'CREDIT',
        amount: row.price,
      });
    await postHold(tx, { holdSource: source(row.id), code: 'CASHOUT_COMPLETED', source: source(row.id), credits, now });
    await recordOrganizationRevenue(tx, {
      organizationId: row.organizationId,
      provider: row.provider,
      sourceType: 'CASHOUT',
      sourceId: row.id,
      amount: row.price,
      now,
    });
    updated = await updateCashout(
      tx,
      row.id,
      { status: 'COMPLETED', completedAt: now, endToEndId: report.endToEndId ?? row.endToEndId },
      now,
    );
    if (deps.autopilot) await scheduleSandboxReturn(tx, updated, now);
  } else {
    await voidHold(tx, { holdSource: source(row.id), code: 'CASHOUT_RELEASED', source: source(row.id), now });
    const errorCode = cashoutErrorCode(report.errorCode);
    updated = await updateCashout(
      tx,
      row.id,
      {
        status: 'FAILED',
        failedAt: now,
        errorCode,
        errorMessage: report.errorMessage ?? `The cashout failed: ${errorCode}`,
      },
      now,
    );
  }
  await recordStatusChange(tx, correlationId, row.status, updated, now);
  return updated;
}

async function recordStatusChange(
  tx: Tx,
  correlationId: string,
  oldStatus: CashoutRow['status'],
  row: CashoutRow,
  now: Date,
) {
  await recordEvent(
    tx,
    {
      type: 'cashout.status-changed',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId,
      payload: {
        cashout_id: row.id,
        old_status: oldStatus,
        new_status: row.status,
        error_message: row.status === 'FAILED' ? row.errorMessage : null,
        bank_account_id: row.bankAccountId,
        sequence: await lastSequenceOf(tx, row.bankAccountId),
      },
    },
    now,
  );
}

async function scheduleSandboxReturn(tx: Tx, row: CashoutRow, now: Date) {
  const script = sandboxScript(row.amount);
  if (script.outcome !== 'COMPLETED' || script.returnAfterMs === null) return;
  await enqueueJob(
    tx,
    {
      kind: CASHOUT_SANDBOX_RETURN_JOB,
      runAt: new Date(now.getTime() + script.returnAfterMs),
      payload: { cashoutId: row.id, amount: script.returnAmount },
      dedupeKey: `${CASHOUT_SANDBOX_RETURN_JOB}:${row.id}`,
      organizationId: row.organizationId,
    },
    now,
  );
}

/**
 * A return of R (the receiver's bank sent money back): within 90 x 24 h of completion, never above the amount.
 * Ledger: clearing +R, the account's available +R (repaying debt first; the price is kept). One transaction
 * with the return row, the status move and `cashout.returned` (+ `cashout.status-changed` when it moves).
 */
export async function applyReturn(
  deps: StatusDeps,
  correlationId: string,
  cashoutId: string,
  input: { amount: number; reason: ReturnReason },
) {
  return deps.db.transaction(async (tx) => {
    const row = await findCashout(tx, byId(cashoutId), true);
    if (!row) throw notFound('Cashout');
    const now = deps.clock.now(row.organizationId);
    const check = checkReturn(row, input.amount, now);
    if (!check.ok) {
      if (check.reason === 'NOT_RETURNABLE')
        throw conflictWithReason(`A ${row.status} cashout cannot be returned`, 'status', row.status, 'INVALID_STATE');
      const message =
        check.reason === 'RETURN_WINDOW_CLOSED'
          ? 'Returns come within 90 days of completion'
          : 'The returns would exceed the cashout amount';
      throw conflictWithReason(message, 'amount', input.amount, check.reason);
    }
    cashoutStates.assert(row.status, check.status);
    const returnId = randomUUID();
    await post(tx, {
      code: 'CASHOUT_RETURNED',
      source: source(row.id),
      key: `${transactionKey('CASHOUT_RETURNED', source(row.id))}:${returnId}`,
      postings: [
        { account: { type: 'CLEARING', provider: row.provider }, direction: 'DEBIT', amount: input.amount },
        {
          account: {
            type: 'BANK_ACCOUNT',
            id: row.bankAccountId,
            balance: 'AVAILABLE',
            owner: { provider: row.provider, companyId: row.companyId, organizationId: row.organizationId },
          },
          direction: 'CREDIT',
          amount: input.amount,
        },
      ],
      now,
    });
    const [ret] = await tx
      .insert(cashoutReturns)
      .values({ id: returnId, cashoutId: row.id, amount: input.amount, reason: input.reason, returnedAt: now })
      .returning();
    const updated = await updateCashout(
      tx,
      row.id,
      { status: check.status, returnedAmount: check.returnedAmount },
      now,
    );
    const sequence = await lastSequenceOf(tx, row.bankAccountId);
    if (updated.status !== row.status) await recordStatusChange(tx, correlationId, row.status, updated, now);
    await recordEvent(
      tx,
      {
        type: 'cashout.returned',
        companyId: row.companyId,
        organizationId: row.organizationId,
        correlationId,
        payload: {
          cashout_id: row.id,
          return_id: returnId,
          amount: input.amount,
          returned_amount: updated.returnedAmount,
          status: updated.status,
          bank_account_id: row.bankAccountId,
          sequence,
        },
      },
      now,
    );
    return { row: updated, ret: ret! };
  });
}
