import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.js';
import {
  bankAccounts,
  companies,
  storedCards,
  type BankAccountRow,
  type CompanyRow,
  type StoredCardRow,
} from '../../../db/schema/index.js';
import type { CompanyPrincipal } from '../../../kernel/context.js';
import { conflict, conflictWithReason, notFound } from '../../../kernel/errors.js';
import type { Clock } from '../../../kernel/clock.js';
import type { ProviderRegistry } from '../../../providers/registry.js';
import { providerFailure } from '../../../kernel/provider-failures.js';
import { openBankAccount, openLedgerOnlyAccount } from '../../banking/account-opening-operation.js';
import { ProviderError, unknownOutcome } from '../../../providers/errors.js';
import { bankAccountIdFor } from '../../banking/account-opening.js';
import { assertStatusesMayMoveMoney } from '../../companies/company-status.js';

/**
 * What a create needs read before anything is written or called (payments.md P1 preconditions): the company,
 * the provider, a stored card, and the merchant's bank account at the provider (the ledger account an approval
 * credits).
 */

/** P1: the company is ACTIVE (`409 { field: "company", value: <status>, reason: "COMPANY_NOT_ACTIVE" }`); an organization acting for it is not INACTIVE. */
export function assertCompanyMayPay(
  principal: CompanyPrincipal,
  company: CompanyRow,
  callerStatus: string | null,
): void {
  if (company.status !== 'ACTIVE')
    throw conflictWithReason(
      `The company is ${company.status}: only an ACTIVE company takes payments`,
      'company',
      company.status,
      'COMPANY_NOT_ACTIVE',
    );
  if (principal.companyId !== company.id) assertStatusesMayMoveMoney([callerStatus]);
}

/** P3 `card_id`: a stored card of the same company (404 otherwise) that is ACTIVE (409 `field: "card_id"`). */
export async function storedCardOf(db: Executor, companyId: string, cardId: string): Promise<StoredCardRow> {
  const [card] = await db
    .select()
    .from(storedCards)
    .where(and(eq(storedCards.id, cardId), eq(storedCards.companyId, companyId)))
    .limit(1);
  if (!card) throw notFound('Card');
  if (card.status !== 'ACTIVE') throw conflict(`The card is ${card.status}`, 'card_id', card.status);
  return card;
}

/** The same id for the same company and provider, so concurrent first payments open one account (banking owns the rule). */
export { bankAccountIdFor };

/**
 * The company's bank account at the provider (money.md M2: opened with the ACTIVE affiliation): an existing
 * ACTIVE one, else opened now, before the payment's provider call and outside any database transaction
 * (docs/decisions/transactions.md), under an id derived from company and provider (the provider's idempotency
 * key), so a retry or a concurrent first payment opens exactly one.
 */
export async function ensureBankAccount(
  db: Database,
  providers: ProviderRegistry,
  clock: Clock,
  company: CompanyRow,
  provider: string,
  active: readonly BankAccountRow[],
): Promise<BankAccountRow> {
  // `active`: the company's ACTIVE accounts, oldest first, as read with the create's other reads.
  const existing = active.find((a) => a.provider === provider);
  if (existing) return existing;
  const id = bankAccountIdFor(company.id, provider);
  const organizationId = company.organizationId ?? company.id;
  let account: BankAccountRow;
  try {
    // providers.md Changes 9: an account without banking keeps the company's account on the ledger only.
    if ((await providers.keepsBankAccounts(provider)) === false)
      account = await openLedgerOnlyAccount({ db, clock }, company, provider, id);
    else {
      providers.require(provider, 'bank-account.open');
      const opening = await openBankAccount({ db, clock, providers }, company, provider, id);
      if (opening.status !== 'SUCCEEDED')
        throw opening.error instanceof ProviderError
          ? opening.error
          : unknownOutcome('the opening was not recorded', 'bank-account.open');
      account = opening.account;
    }
  } catch (err) {
    throw providerFailure(err, 'bank account opening');
  }
  if (organizationId !== company.id) await ensureOrganizationAccount(db, providers, clock, organizationId, provider);
  return account;
}

/**
 * money.md M2: "the organization's account at a provider opens with its first merchant's account there", so its
 * fee shares have an account to be swept into (insertAccount attaches those recorded before). A failure here does
 * not fail the merchant's payment: the fee waits in REVENUE and is attached when the account opens (the next
 * merchant's first payment at the provider, or the organization's own POST /v1/banking/bank-accounts).
 */
async function ensureOrganizationAccount(
  db: Database,
  providers: ProviderRegistry,
  clock: Clock,
  organizationId: string,
  provider: string,
): Promise<void> {
  const [existing] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, organizationId), eq(bankAccounts.provider, provider)))
    .limit(1);
  if (existing) return; // whatever its state: the organization manages its own accounts from there
  const [organization] = await db.select().from(companies).where(eq(companies.id, organizationId)).limit(1);
  if (!organization) return;
  await ensureBankAccount(db, providers, clock, organization, provider, []).catch(() => undefined);
}
