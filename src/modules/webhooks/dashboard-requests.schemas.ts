import { z } from 'zod';
import type { RequestLogListQuery } from '../request-logs/request-logs.schemas.js';
import { STATUS_CLASSES, type RequestFilters } from './dashboard-requests.page.js';

/** The requests page's query: lenient like the deliveries page's (a person edits it), a bad value ignored. */
export const dashboardRequestsQuery = z.object({
  token: z.string().max(512).optional(),
  // The class select and the exact-status box share the name: either, or both (the number wins).
  status: z
    .union([z.string().max(8), z.array(z.string().max(8)).max(4)])
    .optional()
    .catch(undefined),
  path: z.string().max(2048).optional().catch(undefined),
  request_id: z.string().max(255).optional().catch(undefined),
  from: z.string().max(64).optional().catch(undefined),
  to: z.string().max(64).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type DashboardRequestsQuery = z.output<typeof dashboardRequestsQuery>;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A datetime-local value read as UTC; `end` makes a minute-precise value cover its whole minute. */
export function utcLocal(value: string | undefined, end = false): Date | undefined {
  const m = LOCAL.exec((value ?? '').trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  // The pattern's groups all take part in a match but the seconds: narrowed for the types.
  if (y === undefined || mo === undefined || d === undefined || h === undefined || mi === undefined) return undefined;
  const at = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, s === undefined ? 0 : +s));
  if (at.getUTCMonth() !== +mo - 1 || at.getUTCDate() !== +d || at.getUTCHours() !== +h || at.getUTCMinutes() !== +mi)
    return undefined;
  return end ? new Date(at.getTime() + (s === undefined ? 59_999 : 999)) : at;
}

/** The page's filters as shown back (only what was understood), and as the request-logs list reads them. */
export function requestsFilters(
  q: DashboardRequestsQuery,
  limit: number,
): { filters: RequestFilters; list: RequestLogListQuery } {
  const statuses = (Array.isArray(q.status) ? q.status : [q.status])
    .map((s) => s?.trim().toLowerCase())
    .filter((s): s is string => !!s);
  const exact = statuses.find((s) => /^[1-5]\d{2}$/.test(s));
  const cls = statuses.find((s) => (STATUS_CLASSES as readonly string[]).includes(s)) as
    (typeof STATUS_CLASSES)[number] | undefined;
  const path = q.path?.trim() || undefined;
  const requestId = q.request_id?.trim() || undefined;
  const from = utcLocal(q.from);
  const to = utcLocal(q.to, true);
  const filters: RequestFilters = {
    status: exact ?? cls,
    path,
    request_id: requestId,
    from: from ? q.from!.trim() : undefined,
    to: to ? q.to!.trim() : undefined,
    page: q.page ?? 1,
  };
  const list = {
    page: q.page ?? 1,
    limit,
    ...(exact ? { status: Number(exact) } : cls ? { status_class: cls } : {}),
    ...(path ? { path } : {}),
    ...(requestId ? { request_id: requestId } : {}),
    ...(from ? { created_at_from: from } : {}),
    ...(to ? { created_at_to: to } : {}),
  } as RequestLogListQuery;
  return { filters, list };
}
