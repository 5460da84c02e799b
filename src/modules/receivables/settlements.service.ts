import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { bankAccounts, type BankAccountRow, type JobRow, type SettlementRow } from '../../db/schema/index.js';
import { recordEvent } from '../../events/outbox.js';
import type { Clock } from '../../kernel/clock.js';
import { JOB_PRIORITY, type JobRegistrations } from '../../jobs/registry.js';
import { post } from '../../ledger/ledger.js';
import { debtChangesOf } from '../../ledger/reads.js';
import { lastSequenceOf } from '../../ledger/reserve.js';
import { settlementInstant } from '../../domain/business-calendar.js';
import { SETTLEMENT_JOB, type SettlementJobPayload } from './receivables.create.js';
import {
  allowLongSettlement,
  findSettlement,
  insertSettlement,
  lockDueReceivables,
  lockDueRevenue,
  lockUnsweptFeeShares,
  markPaid,
  markRevenueSwept,
  markSwept,
  settleDueReceivables,
  settlementExists,
} from './receivables.repo.js';
import { attachOrganizationStrays, settlementPostings } from './receivables.sweep.js';
import { toSettlementView } from './receivables.schemas.js';

export interface SettlementDeps {
  db: Database;
  clock: Clock;
}

interface Run {
  account: BankAccountRow;
  payload: SettlementJobPayload;
  paidAt: Date;
  now: Date;
}
type Settled = { settlement: SettlementRow; merchantNet: number; organizationNet: number } | null;

/**
 * One settlement run of an account and date (money.md M2), in one transaction: the account's PENDING
 * receivables due on or before the date PAID at the run's time, one settlement row, one RECEIVABLE_SETTLED post
 * (source the settlement: pending -r, the ledger repays debt first, then available +rest) and
 * `settlement.completed`. Nothing due: no settlement. Exactly once: the settlement row is unique per account, date
 * and run key, so a retried run (crashed after committing) finds it and does nothing, a concurrent one fails on
 * the constraint and rolls back whole, and a crash before the commit leaves nothing behind.
 * A merchant's account settles set-based (one statement, flat memory at 100,000 receivables); the organization's
 * own account is also its sweep (docs/decisions/receivables.md), whose rows are read to be counted.
 */
export async function runSettlement(
  deps: SettlementDeps,
  payload: SettlementJobPayload,
  correlationId: string,
): Promise<SettlementRow | null> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [account] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, payload.bankAccountId)).limit(1);
      if (!account) return null;
      if (await settlementExists(tx, account.id, payload.paymentDate, payload.runKey)) return null; // this run already happened
      const now = deps.clock.now(account.organizationId);
      const run: Run = {
        account,
        payload,
        now,
        paidAt: payload.runKey === 'date' ? settlementInstant(payload.paymentDate) : now,
      };
      await allowLongSettlement(tx);
      const settled =
        account.companyId === account.organizationId
          ? await settleOrganizationAccount(tx, run)
          : await settleMerchantAccount(tx, run);
      if (!settled) return null;
      const postings = settlementPostings(account, settled.merchantNet, settled.organizationNet);
      if (postings.length >= 2) {
        const posted = await post(tx, {
          code: 'RECEIVABLE_SETTLED',
          source: { type: 'SETTLEMENT', id: settled.settlement.id },
          postings,
          now,
        });
        for (const c of await debtChangesOf(tx, posted.transactionId)) {
          const event = {
            bank_account_id: c.bankAccountId,
            old_debt: c.oldDebt,
            new_debt: c.newDebt,
            sequence: c.sequence,
          };
          await recordEvent(
            tx,
            {
              type: 'balance.debt-changed',
              companyId: account.companyId,
              organizationId: account.organizationId,
              correlationId,
              payload: event,
            },
            now,
          );
        }
      }
      const sequence = await lastSequenceOf(tx, account.id);
      const view = { ...toSettlementView(settled.settlement), sequence };
      await recordEvent(
        tx,
        {
          type: 'settlement.completed',
          companyId: account.companyId,
          organizationId: account.organizationId,
          correlationId,
          payload: view,
        },
        now,
      );
      return settled.settlement;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'settlements_once')) return null; // a concurrent run of the same key committed first
    throw err;
  }
}

async function settleMerchantAccount(tx: Executor, { account, payload, paidAt, now }: Run): Promise<Settled> {
  const id = randomUUID();
  const settled = await settleDueReceivables(tx, {
    settlementId: id,
    account,
    paymentDate: payload.paymentDate,
    runKey: payload.runKey,
    paidAt,
    now,
  });
  if (!settled) return null;
  return { settlement: (await findSettlement(tx, id))!, merchantNet: settled.merchantNet, organizationNet: 0 };
}

/**
 * The organization's account: its fee shares (PENDING ones settled, PIX ones PAID at once and not yet swept) and
 * its cashout prices and anticipation fees due by the date move from REVENUE to `available` in the run's one
 * post; the settlement counts the fee shares and adds the prices and fees to its gross and net, so its
 * `net_amount` is what reached the account.
 */
async function settleOrganizationAccount(tx: Executor, { account, payload, paidAt, now }: Run): Promise<Settled> {
  await attachOrganizationStrays(tx, account, now, payload.paymentDate);
  const due = await lockDueReceivables(tx, account.id, payload.paymentDate);
  const shares = await lockUnsweptFeeShares(tx, account.id, payload.paymentDate);
  const items = await lockDueRevenue(tx, account.id, payload.paymentDate);
  if (due.length + shares.length + items.length === 0) return null;
  const counted = [...due, ...shares];
  const sum = (f: (r: (typeof counted)[number]) => number) => counted.reduce((s, r) => s + f(r), 0);
  const itemsTotal = items.reduce((s, i) => s + i.amount, 0);
  const settlement = await insertSettlement(tx, {
    id: randomUUID(),
    bankAccountId: account.id,
    companyId: account.companyId,
    organizationId: account.organizationId,
    provider: account.provider,
    paymentDate: payload.paymentDate,
    runKey: payload.runKey,
    receivableCount: counted.length,
    grossAmount: sum((r) => r.grossAmount) + itemsTotal,
    feeAmount: sum((r) => r.feeAmount),
    anticipationFeeAmount: sum((r) => r.anticipationFeeAmount),
    netAmount: sum((r) => r.netAmount) + itemsTotal,
    createdAt: now,
  });
  if (!settlement) return null; // this run already happened
  await markPaid(
    tx,
    due.map((r) => r.id),
    settlement.id,
    paidAt,
  );
  await markSwept(
    tx,
    shares.map((r) => r.id),
    settlement.id,
    now,
  );
  await markRevenueSwept(
    tx,
    items.map((i) => i.id),
    settlement.id,
  );
  const net = (role: 'MERCHANT' | 'ORGANIZATION') =>
    counted.filter((r) => r.role === role).reduce((s, r) => s + r.netAmount, 0);
  return { settlement, merchantNet: net('MERCHANT'), organizationNet: net('ORGANIZATION') + itemsTotal };
}

/** The receivables area's job kind: `receivables.settle` {bankAccountId, paymentDate, runKey}, settlements first at one instant (M7). */
export function receivableJobs(deps: SettlementDeps): JobRegistrations {
  return {
    [SETTLEMENT_JOB]: {
      handler: async (job: JobRow) => {
        await runSettlement(deps, job.payload as unknown as SettlementJobPayload, `job:${job.id}`);
      },
      options: { priority: JOB_PRIORITY.settlement },
    },
  };
}
