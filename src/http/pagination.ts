import { z } from 'zod';
import type { CommonListFilters, SortKey } from '../db/paging.js';

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

export {
  allOf,
  commonFilters,
  offsetOf,
  orderBy,
  selectPage,
  type CommonListFilters,
  type ListColumns,
  type SortKey,
} from '../db/paging.js';
