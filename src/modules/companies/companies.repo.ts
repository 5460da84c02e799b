import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { apiKeys, companies, type CompanyRow } from '../../db/schema/index.js';
import { commonFilters, offsetOf, orderBy, type CommonListFilters } from '../../http/pagination.js';

export type NewCompanyRow = typeof companies.$inferInsert;

export async function insertCompany(tx: Executor, row: NewCompanyRow): Promise<CompanyRow> {
  const [inserted] = await tx.insert(companies).values(row).returning();
  return inserted;
}

export async function insertApiKey(tx: Executor, row: typeof apiKeys.$inferInsert): Promise<void> {
  await tx.insert(apiKeys).values(row);
}

export async function findCompany(tx: Executor, where: SQL, lock = false): Promise<CompanyRow | undefined> {
  const query = tx.select().from(companies).where(where).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateCompany(tx: Executor, id: string, changes: Partial<NewCompanyRow>): Promise<CompanyRow> {
  const [row] = await tx.update(companies).set({ ...changes, updatedAt: new Date() }).where(eq(companies.id, id)).returning();
  return row;
}

const listColumns = { id: companies.id, createdAt: companies.createdAt, status: companies.status, sortable: { name: companies.name } };

/** One page of companies matching `scope` and the common filters, with the total. */
export async function listCompanies(tx: Executor, scope: SQL, q: CommonListFilters): Promise<{ rows: CompanyRow[]; total: number }> {
  const where = and(scope, ...commonFilters(q, listColumns));
  const [rows, [{ total }]] = await Promise.all([
    tx.select().from(companies).where(where).orderBy(...orderBy(q, listColumns)).limit(q.limit).offset(offsetOf(q)),
    tx.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows, total };
}
