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
import { SETTLEMENT_JOB, type SettlementJobPayload } from './receivables.create.js';
import { insertSettlement, lockDueReceivables, lockDueRevenue, lockUnsweptFeeShares, markPaid, markRevenueSwept, markSwept } from './receivables.repo.js';
import { attachOrganizationStrays, settlementPostings } from './receivables.sweep.js';
import { toSettlementView } from './receivables.schemas.js';

export interface SettlementDeps {
  db: Database;
  clock: Clock;
}

/**
 * One settlement run of an account and date (money.md M2), in one transaction: the account's PENDING
 * receivables due on or before the date (locked), one settlement row (unique per account, date and run key,
 * so a retried or concurrent run finds it and does nothing), the receivables PAID at the run's time, one
 * RECEIVABLE_SETTLED post (source the settlement) and `settlement.completed`. Nothing due: no settlement.
 * On the organization's own account the run is also its sweep (docs/decisions/receivables.md): its fee shares
 * (PENDING ones settled, PIX ones PAID at once and not yet swept) and its cashout prices and anticipation fees
 * due by the date move from REVENUE to `available` in that same post; the settlement counts the fee shares and
 * adds the prices and fees to its gross and net, so its `net_amount` is what reached the account.
 */
export async function runSettlement(deps: SettlementDeps, payload: SettlementJobPayload, correlationId: string): Promise<SettlementRow | null> {
  return deps.db.transaction(async (tx) => {
    const [account] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, payload.bankAccountId)).limit(1);
    if (!account) return null;
    const now = deps.clock.now(account.organizationId);
    const organization = account.companyId === account.organizationId;
    if (organization) await attachOrganizationStrays(tx, account, now, payload.paymentDate);
    const due = await lockDueReceivables(tx, account.id, payload.paymentDate);
    const shares = organization ? await lockUnsweptFeeShares(tx, account.id, payload.paymentDate) : [];
    const items = organization ? await lockDueRevenue(tx, account.id, payload.paymentDate) : [];
    if (due.length + shares.length + items.length === 0) return null;
    const paidAt = payload.runKey === 'date' ? settlementInstant(payload.paymentDate) : now;
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
    await markPaid(tx, due.map((r) => r.id), settlement.id, paidAt);
    await markSwept(tx, shares.map((r) => r.id), settlement.id, now);
    await markRevenueSwept(tx, items.map((i) => i.id), settlement.id);
    const net = (role: 'MERCHANT' | 'ORGANIZATION') => counted.filter((r) => r.role === role).reduce((s, r) => s + r.netAmount, 0);
    const postings = settlementPostings(account, net('MERCHANT'), net('ORGANIZATION') + itemsTotal);
    if (postings.length >= 2) {
      const posted = await post(tx, { code: 'RECEIVABLE_SETTLED', source: { type: 'SETTLEMENT', id: settlement.id }, postings, now });
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
