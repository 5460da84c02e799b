import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { bankAccounts, type JobRow, type SettlementRow } from '../../db/schema/index.js';
import { recordEvent } from '../../events/outbox.js';
import type { Clock } from '../../jobs/clock.js';
import { JOB_PRIORITY, type JobRegistrations } from '../../jobs/registry.js';
import { post } from '../../ledger/ledger.js';
import { debtChangesOf } from '../../ledger/reads.js';
import { lastSequenceOf } from '../../ledger/reserve.js';
import { settlementInstant } from '../transactions/receivables.schedule.js';
import { SETTLEMENT_JOB, settlePostings, type SettlementJobPayload } from './receivables.create.js';
import { allowLongSettlement, findSettlement, settleDueReceivables, settlementExists } from './receivables.repo.js';
import { toSettlementView } from './receivables.schemas.js';

export interface SettlementDeps {
  db: Database;
  clock: Clock;
}

/**
 * One settlement run of an account and date (money.md M2), in one transaction: the account's PENDING
 * receivables due on or before the date locked (id order), marked PAID at the run's time and summed into one
 * settlement row by one set-based statement (settleDueReceivables: memory stays flat whatever the count), one
 * RECEIVABLE_SETTLED posting (source the settlement: pending -r, the ledger repays debt first, then available
 * +rest) for the merchant's net, and `settlement.completed`. Nothing due: no settlement. Exactly once: the
 * settlement row is unique per account, date and run key, so a retried run (crashed after committing) finds
 * it and does nothing, a concurrent one fails on the constraint and rolls back whole, and a crash before the
 * commit leaves nothing behind. The organization's receivables settle as records only (their money is the
 * organization's REVENUE, docs/decisions/receivables.md).
 */
export async function runSettlement(deps: SettlementDeps, payload: SettlementJobPayload, correlationId: string): Promise<SettlementRow | null> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [account] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, payload.bankAccountId)).limit(1);
      if (!account) return null;
      if (await settlementExists(tx, account.id, payload.paymentDate, payload.runKey)) return null; // this run already happened
      const now = deps.clock.now(account.organizationId);
      const paidAt = payload.runKey === 'date' ? settlementInstant(payload.paymentDate) : now;
      const id = randomUUID();
      await allowLongSettlement(tx);
      const settled = await settleDueReceivables(tx, { settlementId: id, account, paymentDate: payload.paymentDate, runKey: payload.runKey, paidAt, now });
      if (!settled) return null;
      if (settled.merchantNet > 0) {
        const posted = await post(tx, { code: 'RECEIVABLE_SETTLED', source: { type: 'SETTLEMENT', id }, postings: settlePostings(account.id, settled.merchantNet), now });
        for (const c of await debtChangesOf(tx, posted.transactionId)) {
          const payload = { bank_account_id: c.bankAccountId, old_debt: c.oldDebt, new_debt: c.newDebt, sequence: c.sequence };
          await recordEvent(tx, { type: 'balance.debt-changed', companyId: account.companyId, organizationId: account.organizationId, correlationId, payload }, now);
        }
      }
      const settlement = (await findSettlement(tx, id))!;
      const sequence = await lastSequenceOf(tx, account.id);
      await recordEvent(tx, { type: 'settlement.completed', companyId: account.companyId, organizationId: account.organizationId, correlationId, payload: { ...toSettlementView(settlement), sequence } }, now);
      return settlement;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'settlements_once')) return null; // a concurrent run of the same key committed first
    throw err;
  }
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
