import { scheduleAccountOpening } from '../banking/account-opening.js';
import { randomUUID } from 'node:crypto';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { affiliations, type AffiliationRow, type CompanyRow, type ProviderAccountRow } from '../../db/schema/index.js';
import { ONBOARDING_PROVIDERS } from '../provider-accounts/capabilities.rules.js';
import { requireUsableAccount } from '../provider-accounts/provider-accounts.service.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { conflict, notFound } from '../../kernel/errors.js';
import { claimRequestId } from '../../kernel/idempotency.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import { merchantPathCompany, ownedRowsInReach } from '../../kernel/tenancy.js';
import { recordEvent } from '../../events/outbox.js';
import { activateCompany, affiliationState, evaluate, organizationIdOf, type EngineContext } from './engine.js';
import { lockCompanyOnboarding } from './onboarding.repo.js';
import { toAffiliationView } from './onboarding.views.js';
import { must } from '../../kernel/must.js';

const duplicate = (provider: string) =>
  conflict('The merchant already has an affiliation with this provider', 'provider', provider);

/**
 * One affiliation per company and provider. INTERNAL is ACTIVE at once; the others start from the
 * provider's requirements as derived now. The first ACTIVE affiliation activates the company.
 */
export async function createAffiliation(
  db: Database,
  ctx: EngineContext,
  principal: CompanyPrincipal,
  merchantId: string,
  input: { provider: string; request_id?: string },
): Promise<{ row: AffiliationRow; replayed: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const company = await merchantPathCompany(tx, principal, merchantId);
      await lockCompanyOnboarding(tx, company.id);
      const id = randomUUID();
      if (input.request_id) {
        const existing = await claimRequestId(tx, {
          companyId: company.id,
          scope: 'affiliation',
          requestId: input.request_id,
          body: input,
          resourceId: id,
        });
        if (existing) {
          const [row] = await tx.select().from(affiliations).where(eq(affiliations.id, existing));
          if (!row) throw notFound('Affiliation');
          return { row, replayed: true };
        }
      }
      // providers.md R1.5: any account the organization may use (400 INVALID_ENUM with the names it may use).
      const account = await requireUsableAccount(tx, organizationIdOf(company), input.provider);
      const provider = account.provider;
      const [taken] = await tx
        .select({ id: affiliations.id })
        .from(affiliations)
        .where(and(eq(affiliations.companyId, company.id), eq(affiliations.provider, provider)));
      if (taken) throw duplicate(provider);
      const state = await initialState(tx, ctx, company, account);
      const now = ctx.clock.now(organizationIdOf(company));
      const row = must(
        (
          await tx
            .insert(affiliations)
            .values({
              id,
              companyId: company.id,
              organizationId: organizationIdOf(company),
              provider,
              providerAccountId: account.id,
              ...state,
              createdAt: now,
              updatedAt: now,
            })
            .returning()
        )[0],
        'an insert returns the row it wrote',
      );
      await recordEvent(
        tx,
        {
          type: 'affiliation.created',
          companyId: company.id,
          organizationId: row.organizationId,
          correlationId: ctx.correlationId,
          payload: toAffiliationView(row, ctx.onboardingLinkOf),
        },
        now,
      );
      if (row.status === 'ACTIVE') {
        await activateCompany(tx, ctx, company.id);
        await scheduleAccountOpening(tx, row, now); // money.md M2: the account opens with the ACTIVE affiliation
      }
      return { row, replayed: false };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'affiliations_company_provider_uq')) throw duplicate(input.provider);
    throw err;
  }
}

/**
 * R1.7: ADYEN_CHECKOUT and PIX_API_BCB wait for staff to confirm the provider's merchant reference; the
 * built-ins with company onboarding derive from their requirements; INTERNAL and staff-created SANDBOX
 * accounts are ACTIVE at once.
 */
async function initialState(tx: Tx, ctx: EngineContext, company: CompanyRow, account: ProviderAccountRow) {
  if (account.connector !== 'SANDBOX')
    return { status: 'WAITING_CONFIRMATION' as const, onboardingUrl: null, providerStatusMessage: null };
  if (!ONBOARDING_PROVIDERS.includes(account.provider))
    return { status: 'ACTIVE' as const, onboardingUrl: null, providerStatusMessage: null };
  return affiliationState(
    ctx,
    company.id,
    account.provider,
    (await evaluate(tx, ctx, company, account.provider, { share: false })).map((v) => v.status),
  );
}

const columns = { id: affiliations.id, createdAt: affiliations.createdAt, status: affiliations.status };

async function page(db: Database, scope: SQL, q: CommonListFilters) {
  return selectPage(db, affiliations, scope, q, columns);
}

/** GET /v1/affiliations: every affiliation within the caller's reach. */
export const listAffiliations = (db: Database, principal: CompanyPrincipal, q: CommonListFilters) =>
  page(
    db,
    ownedRowsInReach(principal, { companyId: affiliations.companyId, organizationId: affiliations.organizationId }),
    q,
  );

export async function listMerchantAffiliations(
  db: Database,
  principal: CompanyPrincipal,
  merchantId: string,
  q: CommonListFilters,
) {
  const company = await merchantPathCompany(db, principal, merchantId);
  return page(db, eq(affiliations.companyId, company.id), q);
}

export async function getMerchantAffiliation(
  db: Database,
  principal: CompanyPrincipal,
  merchantId: string,
  affiliationId: string,
): Promise<AffiliationRow> {
  const company = await merchantPathCompany(db, principal, merchantId);
  const [row] = await db
    .select()
    .from(affiliations)
    .where(and(eq(affiliations.id, affiliationId), eq(affiliations.companyId, company.id)));
  if (!row) throw notFound('Affiliation');
  return row;
}
