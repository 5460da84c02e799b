import { randomUUID } from 'node:crypto';
import type { Clock } from '../../kernel/clock.js';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { feePolicies, type FeePolicyRow } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { conflict, notFound } from '../../kernel/errors.js';
import { claimRequestId } from '../../kernel/idempotency.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import { percentageDecimal, quote, type QuoteTransaction, type Rule } from './fees.rules.js';
import type { PolicyInput, StoredRule } from './fees.schemas.js';
import { merchantPathCompany } from '../../kernel/tenancy.js';
import { effectivePolicy } from './effective-fee.js';
import { feeQuote, type FeeQuote, type FeeQuoteTransaction } from './fee-quote.rules.js';

const NAME_UQ = 'fee_policies_org_name_uq';
const nameTaken = (name: string) =>
  conflict('A fee policy with this name already exists in the organization', 'name', name);

/** The columns a policy input sets (a PUT replaces all of them; rules get new ids). */
function columnsOf(input: PolicyInput, now: Date) {
  const rules: StoredRule[] = input.rules.map((rule) => ({
    id: randomUUID(),
    conditions: rule.conditions,
    price: rule.price,
    priority: rule.priority,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  }));
  return {
    name: input.name,
    description: input.description ?? null,
    isActive: input.is_active ?? true,
    cashoutPrice: input.cashout_price,
    automaticAnticipationPercentage: percentageDecimal(input.automatic_anticipation_percentage),
    spotAnticipationPercentage: percentageDecimal(input.spot_anticipation_percentage),
    rules,
    updatedAt: now,
  };
}

const inOrganization = (p: CompanyPrincipal) => eq(feePolicies.organizationId, p.organizationId);

export async function createPolicy(
  db: Database,
  clock: Clock,
  principal: CompanyPrincipal,
  input: PolicyInput & { request_id?: string },
) {
  const id = randomUUID();
  try {
    return await db.transaction(async (tx) => {
      if (input.request_id) {
        const existing = await claimRequestId(tx, {
          companyId: principal.companyId,
          scope: 'fee-policy',
          requestId: input.request_id,
          body: input,
          resourceId: id,
        });
        if (existing) return { row: await getPolicy(tx, principal, existing), replayed: true };
      }
      const now = clock.now(principal.organizationId);
      const [row] = await tx
        .insert(feePolicies)
        .values({
          id,
          companyId: principal.companyId,
          organizationId: principal.organizationId,
          createdAt: now,
          ...columnsOf(input, now),
        })
        .returning();
      return { row, replayed: false };
    });
  } catch (err) {
    if (isUniqueViolation(err, NAME_UQ)) throw nameTaken(input.name);
    throw err;
  }
}

export async function getPolicy(
  tx: Executor,
  principal: CompanyPrincipal,
  id: string,
  lock = false,
): Promise<FeePolicyRow> {
  const query = tx
    .select()
    .from(feePolicies)
    .where(and(eq(feePolicies.id, id), inOrganization(principal)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Fee policy');
  return row;
}

export async function replacePolicy(
  db: Database,
  clock: Clock,
  principal: CompanyPrincipal,
  id: string,
  input: PolicyInput,
): Promise<FeePolicyRow> {
  try {
    return await db.transaction(async (tx) => {
      await getPolicy(tx, principal, id, true);
      const [row] = await tx
        .update(feePolicies)
        .set(columnsOf(input, clock.now(principal.organizationId)))
        .where(eq(feePolicies.id, id))
        .returning();
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, NAME_UQ)) throw nameTaken(input.name);
    throw err;
  }
}

/** DELETE deactivates (product.md §9): the policy stays readable, with is_active false. */
export async function deactivatePolicy(
  db: Database,
  clock: Clock,
  principal: CompanyPrincipal,
  id: string,
): Promise<FeePolicyRow> {
  return db.transaction(async (tx) => {
    const current = await getPolicy(tx, principal, id, true);
    if (!current.isActive) return current;
    const [row] = await tx
      .update(feePolicies)
      .set({ isActive: false, updatedAt: clock.now(principal.organizationId) })
      .where(eq(feePolicies.id, id))
      .returning();
    return row;
  });
}

const listColumns = { id: feePolicies.id, createdAt: feePolicies.createdAt, sortable: { name: feePolicies.name } };

export async function listPolicies(
  db: Database,
  principal: CompanyPrincipal,
  q: CommonListFilters & { is_active?: boolean },
) {
  return selectPage(
    db,
    feePolicies,
    and(inOrganization(principal), ...(q.is_active === undefined ? [] : [eq(feePolicies.isActive, q.is_active)])),
    q,
    listColumns,
  );
}

export async function quotePolicy(db: Database, principal: CompanyPrincipal, id: string, tx: QuoteTransaction) {
  const policy = await getPolicy(db, principal, id);
  return { fee_policy_id: policy.id, ...quote(policy.rules as Rule[], tx) };
}

/**
 * POST /v1/merchants/{merchantId}/fee-quote: what the merchant would receive from a transaction, and when, under
 * its effective policy, dated from today on its organization's clock.
 */
export async function quoteForMerchant(
  db: Database,
  clock: Clock,
  principal: CompanyPrincipal,
  merchantId: string,
  tx: FeeQuoteTransaction,
): Promise<FeeQuote> {
  const company = await merchantPathCompany(db, principal, merchantId);
  const policy = await effectivePolicy(db, company.id);
  return feeQuote(policy, tx, clock.now(company.organizationId ?? company.id));
}
