import { z } from 'zod';
import { dashboardPageQuery } from './webhooks.schemas.js';

/** What the page can say after a form: the redirect names it, the page words it (never echoing input). */
export const DASHBOARD_NOTICES = [
  'replayed',
  'already-pending',
  'no-endpoint',
  'not-found',
  'recovered',
  'invalid-since',
  'future-since',
] as const;
export type DashboardNotice = (typeof DASHBOARD_NOTICES)[number];

/**
 * The page's query, lenient like the filters before it (a person edits it): a bad value is ignored rather than an
 * error page. `q` searches by event id, company id or company name.
 */
export const dashboardViewQuery = dashboardPageQuery.extend({
  q: z.string().max(100).optional().catch(undefined),
  notice: z.enum(DASHBOARD_NOTICES).optional().catch(undefined),
  count: z.coerce.number().int().min(0).max(1_000_000_000).optional().catch(undefined),
});

export const dashboardReplayBody = dashboardViewQuery.extend({ event_id: z.guid() });

/** `since` is checked by the route (parseSince) so a bad time answers the page with a notice, not a JSON error. */
export const dashboardRecoverBody = dashboardViewQuery.extend({ since: z.string().max(64).optional() });

// A datetime-local value (`2026-11-23T06:30`, seconds optional), read as UTC; an explicit zone is accepted too.
const SINCE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** The instant a recover form names, or why not: malformed, impossible (Feb 30) or in the future. */
export function parseSince(
  value: string | undefined,
  now: Date,
): { since: Date } | { error: 'invalid-since' | 'future-since' } {
  const m = SINCE_SHAPE.exec((value ?? '').trim());
  if (!m) return { error: 'invalid-since' };
  const [, y, mo, d, h, mi, s = '00', zone] = m;
  // The pattern's groups all take part in a match but the seconds and the zone: narrowed for the types.
  if (y === undefined || mo === undefined || d === undefined || h === undefined || mi === undefined)
    return { error: 'invalid-since' };
  const local = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  const check = new Date(local);
  // Date.UTC rolls over (Feb 30 -> Mar 2, 24:00 -> next day); a real date reads back the same fields.
  if (
    check.getUTCFullYear() !== +y ||
    check.getUTCMonth() !== +mo - 1 ||
    check.getUTCDate() !== +d ||
    check.getUTCHours() !== +h ||
    +mi > 59 ||
    +s > 59
  ) {
    return { error: 'invalid-since' };
  }
  let at = local;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const [zh, zm] = zone.slice(1).split(':').map(Number);
    if (zh === undefined || zm === undefined || zh > 23 || zm > 59) return { error: 'invalid-since' };
    at -= sign * (zh * 60 + zm) * 60_000;
  }
  if (at > now.getTime()) return { error: 'future-since' };
  return { since: new Date(at) };
}

/** `YYYY-MM-DDTHH:MM` in UTC: the value a datetime-local input shows. */
export const toDatetimeLocal = (d: Date) => d.toISOString().slice(0, 16);
