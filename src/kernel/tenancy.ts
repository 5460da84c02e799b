import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { companies, type CompanyRow } from '../db/schema/index.js';
import type { CompanyPrincipal } from './context.js';
import { notFound } from './errors.js';

/**
 * The companies a caller reaches (product.md §3): an organization reaches itself and its merchants,
 * a merchant only itself. Every tenant-owned query filters through this, so foreign ids answer 404.
 */
export function companiesInReach(principal: CompanyPrincipal): SQL {
  if (principal.kind === 'merchant') return eq(companies.id, principal.companyId);
  return or(eq(companies.id, principal.organizationId), eq(companies.organizationId, principal.organizationId))!;
}

/** The company, if the caller reaches it; otherwise 404 (never 403, so foreign ids stay unrevealed). */
export async function companyInReach(
  tx: Executor,
  principal: CompanyPrincipal,
  companyId: string,
  what = 'Company',
): Promise<CompanyRow> {
  const [row] = await tx
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), companiesInReach(principal)))
    .limit(1);
  if (!row) throw notFound(what);
  return row;
}

/** For `/v1/merchants/{merchantId}/…` sub-resources: any company in reach (the organization itself included). */
export const merchantPathCompany = (tx: Executor, principal: CompanyPrincipal, merchantId: string) =>
  companyInReach(tx, principal, merchantId, 'Merchant');

/**
 * Reach over any tenant-owned table: every such table carries `company_id` and `organization_id`, so the
 * check is one indexed condition, never a list of ids.
 */
export function ownedRowsInReach(
  principal: CompanyPrincipal,
  cols: { companyId: PgColumn; organizationId: PgColumn },
): SQL {
  return principal.kind === 'merchant'
    ? eq(cols.companyId, principal.companyId)
    : eq(cols.organizationId, principal.organizationId);
}

/** The same reach as ownedRowsInReach, for a row already read (a lookup by id that then checks the caller). */
export function rowInReach(principal: CompanyPrincipal, row: { companyId: string; organizationId: string }): boolean {
  return principal.kind === 'merchant'
    ? row.companyId === principal.companyId
    : row.organizationId === principal.organizationId;
}
