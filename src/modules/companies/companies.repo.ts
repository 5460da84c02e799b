import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { companies, type CompanyRow } from '../../db/schema/index.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import { must } from '../../kernel/must.js';

export type NewCompanyRow = typeof companies.$inferInsert;

/** The company `id` when it is an organization (staff routes that take an organization id). */
export const isOrganization = (id: string): SQL => and(eq(companies.id, id), eq(companies.kind, 'ORGANIZATION'))!;

export async function insertCompany(tx: Executor, row: NewCompanyRow): Promise<CompanyRow> {
  return must((await tx.insert(companies).values(row).returning())[0], 'an insert returns the row it wrote');
}

export async function findCompany(tx: Executor, where: SQL, lock = false): Promise<CompanyRow | undefined> {
  const query = tx.select().from(companies).where(where).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateCompany(
  tx: Executor,
  id: string,
  changes: Partial<NewCompanyRow>,
  now: Date,
): Promise<CompanyRow> {
  return must(
    (
      await tx
        .update(companies)
        .set({ ...changes, updatedAt: now })
        .where(eq(companies.id, id))
        .returning()
    )[0],
    'an update by id finds the row its caller read',
  );
}

const listColumns = {
  id: companies.id,
  createdAt: companies.createdAt,
  status: companies.status,
  sortable: { name: companies.name },
};

/** One page of companies matching `scope` and the common filters, with the total. */
export async function listCompanies(
  tx: Executor,
  scope: SQL,
  q: CommonListFilters,
): Promise<{ rows: CompanyRow[]; total: number }> {
  return selectPage(tx, companies, scope, q, listColumns);
}

/**
 * The merchant read is the hottest query of the API: prepared once per database (named statements, so
 * PostgreSQL plans it once per connection and Drizzle stops rebuilding the SQL on every request).
 */
function prepareMerchantReads(db: Database) {
  const byOrganization = db
    .select()
    .from(companies)
    .where(
      and(
        eq(companies.id, sql.placeholder('id')),
        eq(companies.kind, 'MERCHANT'),
        or(eq(companies.id, sql.placeholder('org')), eq(companies.organizationId, sql.placeholder('org'))),
      ),
    )
    .limit(1)
    .prepare('merchant_by_id_for_organization');
  const itself = db
    .select()
    .from(companies)
    .where(and(eq(companies.id, sql.placeholder('id')), eq(companies.kind, 'MERCHANT')))
    .limit(1)
    .prepare('merchant_by_id_itself');
  return { byOrganization, itself };
}

const preparedReads = new WeakMap<Database, ReturnType<typeof prepareMerchantReads>>();

/** A merchant the caller reaches: the organization's merchant, or a merchant key's own company. */
export async function findMerchantInReach(
  db: Database,
  reach: { kind: 'organization' | 'merchant'; companyId: string; organizationId: string },
  id: string,
): Promise<CompanyRow | undefined> {
  let prepared = preparedReads.get(db);
  if (!prepared) preparedReads.set(db, (prepared = prepareMerchantReads(db)));
  if (reach.kind === 'merchant') return id === reach.companyId ? (await prepared.itself.execute({ id }))[0] : undefined;
  return (await prepared.byOrganization.execute({ id, org: reach.organizationId }))[0];
}
