import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bankAccounts, type JobRow, type SettlementRow } from '../../db/schema/index.js';
import { recordEvent } from '../../events/outbox.js';
import type { Clock } from '../../jobs/clock.js';
import { JOB_PRIORITY, type JobRegistrations } from '../../jobs/registry.js';
import { post } from '../../ledger/ledger.js';
import { debtChangesOf } from '../../ledger/reads.js';
import { lastSequenceOf } from '../../ledger/reserve.js';
import { settlementInstant } from '../transactions/receivables.schedule.js';
import { SETTLEMENT_JOB, settlePostings, type SettlementJobPayload } from './receivables.create.js';
import { insertSettlement, lockDueReceivables, markPaid } from './receivables.repo.js';
import { toSettlementView } from './receivables.schemas.js';

export interface SettlementDeps {
  db: Database;
  clock: Clock;
}

/**
 * One settlement run of an account and date (money.md M2), in one transaction: the account's PENDING
 * receivables due on or before the date (locked), one settlement row (unique per account, date and run key,
 * so a retried or concurrent run finds it and does nothing), the receivables PAID at the run's time, one
 * RECEIVABLE_SETTLED posting (source the settlement: pending -r, the ledger repays debt first, then
 * available +rest) for the merchant's net, and `settlement.completed`. Nothing due: no settlement.
 * The organization's receivables settle as records only (their money is the organization's REVENUE,
 * docs/decisions/receivables.md).
 */
export async function runSettlement(deps: SettlementDeps, payload: SettlementJobPayload, correlationId: string): Promise<SettlementRow | null> {
  return deps.db.transaction(async (tx) => {
    const [account] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, payload.bankAccountId)).limit(1);
    if (!account) return null;
    const now = deps.clock.now(account.organizationId);
    const due = await lockDueReceivables(tx, account.id, payload.paymentDate);
    if (due.length === 0) return null;
    const paidAt = payload.runKey === 'date' ? settlementInstant(payload.paymentDate) : now;
    const sum = (f: (r: (typeof due)[number]) => number) => due.reduce((s, r) => s + f(r), 0);
    const settlement = await insertSettlement(tx, {
      id: randomUUID(),
      bankAccountId: account.id,
      companyId: account.companyId,
      organizationId: account.organizationId,
      provider: account.provider,
      paymentDate: payload.paymentDate,
      runKey: payload.runKey,
      receivableCount: due.length,
      grossAmount: sum((r) => r.grossAmount),
      feeAmount: sum((r) => r.feeAmount),
      anticipationFeeAmount: sum((r) => r.anticipationFeeAmount),
      netAmount: sum((r) => r.netAmount),
      createdAt: now,
    });
    if (!settlement) return null; // this run already happened
    await markPaid(tx, due.map((r) => r.id), settlement.id, paidAt);
    const merchantNet = due.filter((r) => r.role === 'MERCHANT').reduce((s, r) => s + r.netAmount, 0);
    if (merchantNet > 0) {
      const posted = await post(tx, { code: 'RECEIVABLE_SETTLED', source: { type: 'SETTLEMENT', id: settlement.id }, postings: settlePostings(account.id, merchantNet), now });
      for (const c of await debtChangesOf(tx, posted.transactionId)) {
        const payload = { bank_account_id: c.bankAccountId, old_debt: c.oldDebt, new_debt: c.newDebt, sequence: c.sequence };
        await recordEvent(tx, { type: 'balance.debt-changed', companyId: account.companyId, organizationId: account.organizationId, correlationId, payload }, now);
      }
    }
    const sequence = await lastSequenceOf(tx, account.id);
    await recordEvent(tx, { type: 'settlement.completed', companyId: account.companyId, organizationId: account.organizationId, correlationId, payload: { ...toSettlementView(settlement), sequence } }, now);
    return settlement;
  });
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
