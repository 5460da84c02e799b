import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { bankAccounts, companies, type CompanyRow } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { JobRegistrations } from '../../jobs/registry.js';
import { openBankAccount, openLedgerOnlyAccount, type OpeningDeps } from './account-opening-operation.js';
import { textOf } from '../../kernel/text.js';

/**
 * money.md M2: "when an affiliation becomes ACTIVE the platform opens the company's bank account at that
 * provider (if it has none); the organization's account at a provider opens with its first merchant's account
 * there". The activation's transaction enqueues ACCOUNT_OPEN_JOB; the job calls the provider outside any
 * transaction under the account's id (derived from company and provider, the same id a first payment's
 * `ensureBankAccount` uses, so whichever comes first opens the one account) and records it, as a provider
 * operation (account-opening-operation.ts): a crash or an unknown outcome is finished by its recovery job.
 */
export const ACCOUNT_OPEN_JOB = 'bank-account.open-at-activation';

/** The same id for the same company and provider, so concurrent openers (activation, first payments) open one account. */
export function bankAccountIdFor(companyId: string, provider: string): string {
  const h = createHash('sha256').update(`bank-account:${companyId}:${provider}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/** In the transaction that makes the affiliation ACTIVE: the account opening as a job (once per company and provider). */
export async function scheduleAccountOpening(
  tx: Executor,
  affiliation: { companyId: string; organizationId: string; provider: string },
  now: Date,
): Promise<void> {
  const bankAccountId = bankAccountIdFor(affiliation.companyId, affiliation.provider);
  await enqueueJob(
    tx,
    {
      kind: ACCOUNT_OPEN_JOB,
      runAt: now,
      payload: { companyId: affiliation.companyId, provider: affiliation.provider, bankAccountId },
      dedupeKey: `${ACCOUNT_OPEN_JOB}:${bankAccountId}`,
      organizationId: affiliation.organizationId,
    },
    now,
  );
}

/**
 * Opens the company's account at the provider unless it has one (any status: a closed account is the
 * company's decision), on the provider-operation primitive (account-opening-operation.ts). A provider that
 * opens no accounts: nothing to do. A refusal: nothing opened (a first payment tries again). An unknown outcome
 * or a failing record step: the operation stays PENDING and its recovery job records the account.
 */
async function openAccountAt(deps: OpeningDeps, company: CompanyRow, provider: string): Promise<void> {
  const [existing] = await deps.db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, company.id), eq(bankAccounts.provider, provider)))
    .limit(1);
  if (existing) return;
  const keeps = await deps.providers.keepsBankAccounts(provider);
  if (keeps === null) return;
  const id = bankAccountIdFor(company.id, provider);
  // providers.md Changes 9: an account without banking opens the company's account on the ledger only.
  if (!keeps) await openLedgerOnlyAccount(deps, company, provider, id);
  else await openBankAccount(deps, company, provider, id);
}

export function accountOpeningJobs(deps: OpeningDeps): JobRegistrations {
  return {
    [ACCOUNT_OPEN_JOB]: async (job) => {
      const companyId = textOf(job.payload.companyId ?? '');
      const provider = textOf(job.payload.provider ?? '');
      const [company] = await deps.db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
      if (!company) return;
      await openAccountAt(deps, company, provider);
      if (company.organizationId && company.organizationId !== company.id) {
        const [organization] = await deps.db
          .select()
          .from(companies)
          .where(eq(companies.id, company.organizationId))
          .limit(1);
        if (organization) await openAccountAt(deps, organization, provider);
      }
    },
  };
}
