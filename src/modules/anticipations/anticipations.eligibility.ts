import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { disputes, feePolicies, transactions, type ReceivableRow } from '../../db/schema/index.js';
import { conflictWithReason, DomainError, notFound } from '../../kernel/errors.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { effectivePolicy } from '../fees/effective-fee.js';
import { OPEN_DISPUTE_STATUSES } from '../../domain/open-disputes.js';
import { saoPauloDate } from '../../domain/business-calendar.js';
import { accountById, accountInReach, affiliationStatus, eligibleReceivables } from './anticipations.repo.js';
import { isEligible, parseRate, type Candidate, type CivilDate, type RateE4 } from './anticipations.rules.js';

/**
 * The transactions among `ids` with an open dispute (src/domain/open-disputes.ts, the definition the disputes area
 * uses too), in one statement for the whole set.
 */
export async function transactionsWithOpenDispute(ex: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ex
    .selectDistinct({ id: disputes.transactionId })
    .from(disputes)
    .where(and(inArray(disputes.transactionId, [...ids]), inArray(disputes.status, [...OPEN_DISPUTE_STATUSES])));
  return new Set(rows.map((r) => r.id));
}

export interface AnticipationAccount {
  id: string;
  companyId: string;
  organizationId: string;
  provider: string;
  policyId: string;
  spotRate: RateE4;
  automaticRate: RateE4;
  spotRateText: string;
  automaticRateText: string;
}

/**
 * The account an anticipation draws on, with the merchant's rates, checked as M4 says: in reach (404), an
 * effective fee policy (409 ANTICIPATION_NOT_CONFIGURED), the merchant ACTIVE (COMPANY_NOT_ACTIVE) and its
 * affiliation at the account's provider ACTIVE (AFFILIATION_NOT_ACTIVE), in that order.
 * `principal` null: a job (no reach check). `statusChecks: false` (limits, a read) reports `active` instead of 409.
 */
export async function anticipationAccount(
  ex: Executor,
  principal: CompanyPrincipal | null,
  bankAccountId: string,
  options: { statusChecks?: boolean } = {},
): Promise<AnticipationAccount & { active: boolean }> {
  const found = principal ? await accountInReach(ex, principal, bankAccountId) : await accountById(ex, bankAccountId);
  if (!found) throw notFound('Bank account');
  const { account } = found;
  const policy = found.companyKind === 'MERCHANT' ? await effectivePolicy(ex, account.companyId) : null;
  const [rates] = policy ? await ex.select().from(feePolicies).where(eq(feePolicies.id, policy.id)).limit(1) : [];
  if (!policy || !rates) {
    throw conflictWithReason(
      'The merchant has no fee policy with anticipation rates',
      'bank_account_id',
      bankAccountId,
      'ANTICIPATION_NOT_CONFIGURED',
    );
  }
  const companyActive = found.companyStatus === 'ACTIVE';
  const affiliationActive =
    companyActive && (await affiliationStatus(ex, account.companyId, account.provider)) === 'ACTIVE';
  if (options.statusChecks !== false) {
    if (!companyActive)
      throw conflictWithReason('The merchant is not active', 'bank_account_id', bankAccountId, 'COMPANY_NOT_ACTIVE');
    if (!affiliationActive)
      throw conflictWithReason(
        "The merchant's affiliation is not active",
        'bank_account_id',
        bankAccountId,
        'AFFILIATION_NOT_ACTIVE',
      );
  }
  return {
    active: companyActive && affiliationActive,
    id: account.id,
    companyId: account.companyId,
    organizationId: account.organizationId,
    provider: account.provider,
    policyId: policy.id,
    spotRate: parseRate(rates.spotAnticipationPercentage),
    automaticRate: parseRate(rates.automaticAnticipationPercentage),
    spotRateText: rates.spotAnticipationPercentage,
    automaticRateText: rates.automaticAnticipationPercentage,
  };
}

export const toCandidate = (r: ReceivableRow): Candidate => ({
  id: r.id,
  paymentDate: r.paymentDate,
  netAmount: r.netAmount,
});

/**
 * The account's eligible receivables for `date` (M4): the SQL conditions, then the open-dispute check and the
 * pure rule once more (one definition of eligibility). `approvedOnOrBefore` (automatic anticipation) keeps the
 * receivables of transactions captured on or before that São Paulo date.
 */
export async function eligibleFor(
  ex: Executor,
  bankAccountId: string,
  date: CivilDate,
  options: { lock?: boolean; ids?: string[]; approvedOnOrBefore?: CivilDate } = {},
): Promise<ReceivableRow[]> {
  let rows = await eligibleReceivables(ex, bankAccountId, date, { lock: options.lock, ids: options.ids });
  if (rows.length === 0) return rows;
  const txIds = [...new Set(rows.map((r) => r.transactionId))];
  const disputed = await transactionsWithOpenDispute(ex, txIds);
  if (options.approvedOnOrBefore) {
    const limit = options.approvedOnOrBefore;
    const approved = await ex
      .select({ id: transactions.id, capturedAt: transactions.capturedAt, createdAt: transactions.createdAt })
      .from(transactions)
      .where(inArray(transactions.id, txIds));
    const okIds = new Set(approved.filter((t) => saoPauloDate(t.capturedAt ?? t.createdAt) <= limit).map((t) => t.id));
    rows = rows.filter((r) => okIds.has(r.transactionId));
  }
  return rows.filter((r) =>
    isEligible(
      {
        role: r.role,
        paymentMethod: r.paymentMethod,
        status: r.status,
        reserved: r.anticipationId !== null,
        paymentDate: r.paymentDate,
        openDispute: disputed.has(r.transactionId),
      },
      date,
    ),
  );
}

/**
 * The balance's `anticipatable` (money.md M3/M4): the net of the receivables a SPOT anticipation could take
 * today (the limits' `maximum.amount`); 0 when the account cannot anticipate (no policy, merchant or
 * affiliation not active).
 */
export async function anticipatableNow(ex: Executor, bankAccountId: string, now: Date): Promise<number> {
  let account;
  try {
    account = await anticipationAccount(ex, null, bankAccountId, { statusChecks: false });
  } catch (err) {
    if (err instanceof DomainError) return 0;
    throw err;
  }
  if (!account.active) return 0;
  const eligible = await eligibleFor(ex, bankAccountId, saoPauloDate(now));
  return eligible.reduce((s, r) => s + r.netAmount, 0);
}
