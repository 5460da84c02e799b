import { and, asc, count, desc, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/**
 * SQL paging of lists: the common filters, the order (ties by id ascending), the offset and one page with its
 * total. No HTTP here: the query schemas that produce `CommonListFilters` are in src/http/pagination.ts, which
 * re-exports these for routes.
 */
export interface SortKey {
  field: string;
  descending: boolean;
}

export interface CommonListFilters {
  page: number;
  limit: number;
  sort?: SortKey[];
  status?: string[];
  created_at_from?: Date;
  created_at_to?: Date;
  amount_from?: number;
  amount_to?: number;
}

export interface ListColumns {
  id: PgColumn;
  createdAt: PgColumn;
  status?: PgColumn;
  amount?: PgColumn;
  /** Further sortable columns by API field name. */
  sortable?: Record<string, PgColumn>;
}

/** WHERE conditions for the common filters (all bounds inclusive). */
export function commonFilters(q: CommonListFilters, cols: ListColumns): SQL[] {
  const where: SQL[] = [];
  if (q.status && cols.status) where.push(inArray(cols.status, q.status));
  if (q.created_at_from) where.push(gte(cols.createdAt, q.created_at_from));
  if (q.created_at_to) where.push(lte(cols.createdAt, q.created_at_to));
  if (q.amount_from !== undefined && cols.amount) where.push(gte(cols.amount, q.amount_from));
  if (q.amount_to !== undefined && cols.amount) where.push(lte(cols.amount, q.amount_to));
  return where;
}

/** ORDER BY for the requested sort (default newest first); ties always broken by id ascending. */
export function orderBy(q: CommonListFilters, cols: ListColumns): SQL[] {
  const byName: Record<string, PgColumn | undefined> = {
    created_at: cols.createdAt,
    amount: cols.amount,
    ...cols.sortable,
  };
  const keys = q.sort?.length ? q.sort : [{ field: 'created_at', descending: true }];
  const order = keys.map((k) => {
    const col = byName[k.field];
    if (!col) throw new Error(`sort field ${k.field} has no column`);
    return k.descending ? desc(col) : asc(col);
  });
  order.push(asc(cols.id));
  return order;
}

export const offsetOf = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;

export const allOf = (conditions: (SQL | undefined)[]) => and(...conditions.filter((c): c is SQL => c !== undefined));

/**
 * One page of a table's rows within `scope` and the common filters, in the requested order, with the total
 * matching: the query pair every single-table list runs.
 */
export async function selectPage<T extends PgTable>(
  db: Executor,
  table: T,
  scope: SQL | undefined,
  q: CommonListFilters,
  cols: ListColumns,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const where = and(scope, ...commonFilters(q, cols));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy(q, cols))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  const total = counted?.total ?? 0; // a count without group by answers one row
  return { rows: rows, total };
}
