import { z } from 'zod';
import { and, asc, count, desc, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';

export interface SortKey {
  field: string;
  descending: boolean;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
}

/** product.md §2: totalPages = ceil(total / limit) (0 when empty); hasNext = page < totalPages; hasPrev = page > 1. */
export function paginate(page: number, limit: number, total: number): Pagination {
  const totalPages = total === 0 ? 0 : Math.ceil(total / limit);
  return { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});

export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: paginationSchema });

const wholeNumber = (min: number, max?: number) => {
  const n = z.coerce.number().int().min(min);
  return max === undefined ? n : n.max(max);
};

export const timestampFilter = z.string().transform((value, ctx) => {
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(ms)) {
    ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date-time', params: { type: 'INVALID_FORMAT' } });
    return z.NEVER;
  }
  return new Date(ms);
});

/**
 * The values each comma-separated list filter takes, by its schema: the document states such a filter as an array
 * of that enum sent comma-separated (`style: form, explode: false`), so a generated client types it (issue 27).
 */
const COMMA_LISTS = new WeakMap<object, readonly string[]>();

/** The values a comma-separated list filter takes, when `schema` is one (for the document). */
export const commaListValues = (schema: object): readonly string[] | undefined => COMMA_LISTS.get(schema);

function documentedAsList<S extends object>(schema: S, values: readonly string[]): S {
  COMMA_LISTS.set(schema, values);
  return schema;
}

/** A comma-separated list whose every item is one of `allowed` (status filters, sort fields). */
export function commaList(allowed: readonly string[], { signed }: { signed: boolean }) {
  const values = signed ? allowed.flatMap((item) => [item, `-${item}`]) : allowed;
  return documentedAsList(commaListOf(allowed, { signed }), values);
}

function commaListOf(allowed: readonly string[], { signed }: { signed: boolean }) {
  return z.string().transform((value, ctx) => {
    const items = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = items.filter((item) => !allowed.includes(signed ? item.replace(/^-/, '') : item));
    if (items.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of: ${allowed.join(', ')}${signed ? ' (prefix - for descending)' : ''}`,
        params: { type: 'INVALID_ENUM', constraints: { allowed } },
      });
      return z.NEVER;
    }
    return items;
  });
}

export interface ListQueryOptions<Extra extends z.ZodRawShape> {
  /** Sortable fields; `created_at` is always one. */
  sort?: readonly string[];
  statuses?: readonly string[];
  /** The resource has an `amount`: enables amount filters and sort. */
  amount?: boolean;
  extra?: Extra;
}

/** The list query every list endpoint shares: page, limit, sort allowlist and the common filters. */
export function listQuery<Extra extends z.ZodRawShape = Record<never, never>>(options: ListQueryOptions<Extra> = {}) {
  const sortFields = [...new Set(['created_at', ...(options.amount ? ['amount'] : []), ...(options.sort ?? [])])];
  const base = {
    page: wholeNumber(1).default(1),
    limit: wholeNumber(1, 100).default(20),
    sort: documentedAsList(
      commaList(sortFields, { signed: true }).transform((items) =>
        items.map((item): SortKey => ({ field: item.replace(/^-/, ''), descending: item.startsWith('-') })),
      ),
      sortFields.flatMap((item) => [item, `-${item}`]),
    ).optional(),
    created_at_from: timestampFilter.optional(),
    created_at_to: timestampFilter.optional(),
    ...(options.statuses ? { status: commaList(options.statuses, { signed: false }).optional() } : {}),
    ...(options.amount ? { amount_from: wholeNumber(0).optional(), amount_to: wholeNumber(0).optional() } : {}),
  };
  // The conditional keys defeat inference; the shape is exactly CommonListFilters plus the extras.
  return z.strictObject({ ...base, ...(options.extra ?? ({} as Extra)) }) as unknown as z.ZodType<
    CommonListFilters & z.output<z.ZodObject<Extra>>,
    Record<string, unknown>
  >;
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
