import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import type { Posting } from '../../ledger/rules.js';
import { addDays, saoPauloDate } from '../../domain/business-calendar.js';
import { scheduleSettlement } from './receivables.create.js';
import { attachStrays, insertRevenue, organizationAccountAt } from './receivables.repo.js';

/**
 * The organization's sweep (docs/decisions/receivables.md): everything an organization earns from its
 * merchants (fee shares, cashout prices, anticipation fees) is credited to its REVENUE account as it happens
 * (appended entries, no balance row, so no payment, cashout or anticipation ever locks the organization's
 * account), and the settlement run of the organization's own bank account and a date moves what is due from
 * REVENUE to that account's `available` (debt repaid first), in the run's one ledger post.
 */

/** A price or anticipation fee earned on São Paulo date C is swept by the run of C + 1 (00:00 in São Paulo). */
export const sweepDateOf = (now: Date): string => addDays(saoPauloDate(now), 1);

/**
 * Records a cashout price or an anticipation fee for the sweep, in the transaction that credited it to
 * REVENUE, and schedules the run that sweeps it (the organization's account at the provider; none yet: it
 * is attached when that account opens).
 */
export async function recordOrganizationRevenue(
  tx: Executor,
  input: {
    organizationId: string;
    provider: string;
    sourceType: 'CASHOUT' | 'ANTICIPATION';
    sourceId: string;
    amount: number;
    now: Date;
  },
): Promise<void> {
  if (input.amount <= 0) return;
  const bankAccountId = await organizationAccountAt(tx, input.organizationId, input.provider);
  const dueDate = sweepDateOf(input.now);
  await insertRevenue(tx, {
    id: randomUUID(),
    organizationId: input.organizationId,
    provider: input.provider,
    bankAccountId,
    sourceType: input.sourceType,
    sourceId: input.sourceId,
    amount: input.amount,
    dueDate,
    settlementId: null,
    createdAt: input.now,
  });
  if (bankAccountId)
    await scheduleSettlement(
      tx,
      { organizationId: input.organizationId, bankAccountId, paymentDate: dueDate },
      input.now,
    );
}

/**
 * An organization's account at a provider (opening, or any run of it: a fee share recorded while the account
 * was being opened may have missed the opening) takes the fee shares and revenue items recorded while it had
 * none there, and gets the runs that sweep them: one run of today for everything already due (past dates
 * collapse into it), the payment date's own run for later ones. `coveredThrough` (a run's own date) skips
 * the dates that run covers itself.
 */
export async function attachOrganizationStrays(
  tx: Executor,
  account: { id: string; companyId: string; organizationId: string; provider: string },
  now: Date,
  coveredThrough?: string,
): Promise<void> {
  if (account.companyId !== account.organizationId) return; // a merchant's account holds no fee share
  const dates = await attachStrays(tx, account.organizationId, account.provider, account.id, now);
  const today = saoPauloDate(now);
  const runs = new Set(dates.map((d) => (d < today ? today : d)));
  for (const paymentDate of [...runs].sort()) {
    if (coveredThrough && paymentDate <= coveredThrough) continue;
    await scheduleSettlement(
      tx,
      { organizationId: account.organizationId, bankAccountId: account.id, paymentDate },
      now,
    );
  }
}

/**
 * M3's settlement of one account and date, with the organization's sweep: the merchant's net leaves `pending`,
 * the organization's due revenue leaves REVENUE, and both reach `available` (the ledger repays debt first).
 */
export function settlementPostings(
  account: { id: string; organizationId: string; provider: string },
  merchantNet: number,
  organizationNet: number,
): Posting[] {
  const postings: Posting[] = [];
  if (merchantNet > 0)
    postings.push({
      account: { type: 'BANK_ACCOUNT', id: account.id, balance: 'PENDING' },
      direction: 'DEBIT',
      amount: merchantNet,
    });
  if (organizationNet > 0)
    postings.push({
      account: { type: 'REVENUE', organizationId: account.organizationId, provider: account.provider },
      direction: 'DEBIT',
      amount: organizationNet,
    });
  if (merchantNet + organizationNet > 0)
    postings.push({
      account: { type: 'BANK_ACCOUNT', id: account.id, balance: 'AVAILABLE' },
      direction: 'CREDIT',
      amount: merchantNet + organizationNet,
    });
  return postings;
}
