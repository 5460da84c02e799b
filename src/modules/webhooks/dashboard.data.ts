import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { companies, events, webhookMessages, type WebhookMessageStatus } from '../../db/schema/index.js';
import { eventEnvelope } from '../../events/outbox.js';
import { paginate } from '../../http/pagination.js';
import { systemClock } from '../../kernel/clock.js';
import { invalidState } from '../../kernel/errors.js';
import { companyNames, liveEndpointExists, withAttempts } from './messages.repo.js';
import { listEndpointHealth, recoverOrganizationSince } from './endpoints.service.js';
import { toMessageView } from './webhooks.views.js';

/**
 * What the dashboard page reads and the one thing it writes (recover), behind a small surface of its own so the
 * page does not follow the delivery tables' shape. Endpoint health and recovery come from the endpoints service
 * (listEndpointHealth, recoverOrganizationSince), over every endpoint of the organization.
 */

export interface EndpointHealth {
  id: string;
  url: string;
  description: string | null;
  disabled: boolean;
  delivered_24h: number;
  failed_24h: number;
  last_attempt_at: string | null;
  last_status_code: number | null;
}

const DAY_MS = 24 * 3600_000;

/** The organization's endpoints with their last 24 hours of attempts (succeeded / failed) and their last attempt. */
export async function endpointHealth(
  db: Database,
  organizationId: string,
  now = systemClock.now(),
): Promise<EndpointHealth[]> {
  const since = new Date(now.getTime() - DAY_MS);
  return (await listEndpointHealth(db, organizationId, { since })).map((e) => ({
    id: e.id,
    url: e.url,
    description: e.description,
    disabled: e.disabled,
    delivered_24h: e.health.succeeded,
    failed_24h: e.health.failed,
    last_attempt_at: e.health.last_attempt_at,
    last_status_code: e.health.last_status_code,
  }));
}

/**
 * Replays every FAILED delivery of the organization's endpoints whose last attempt was at or after `since`, as
 * replayMessage does one (a new run of the retry schedule, same event id). Answers how many messages; 409 when
 * there is no endpoint.
 */
export async function recoverUndeliveredSince(db: Database, organizationId: string, since: Date): Promise<number> {
  if (!(await liveEndpointExists(db, organizationId)))
    throw invalidState('No webhook endpoint is configured for the organization');
  return (await recoverOrganizationSince(db, organizationId, since)).recovered;
}

export interface MessageSearch {
  /** An event id or company id (whole, or its first characters), or part of a company's name. */
  q?: string;
  status?: WebhookMessageStatus;
  type?: string;
  page: number;
  limit: number;
}

const UUID_PREFIX = /^[0-9a-f-]{4,36}$/i;
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchCondition(q: string): SQL {
  const text = q.trim();
  const byName = sql`exists (select 1 from ${companies} where ${companies.id} = ${webhookMessages.companyId} and ${companies.name} ilike ${`%${likeLiteral(text)}%`})`;
  if (!UUID_PREFIX.test(text)) return byName;
  const id = text.toLowerCase();
  // A whole id uses the keys; a prefix (what a person copies from a log line) scans the organization's messages.
  const byIds =
    id.length === 36
      ? or(eq(webhookMessages.eventId, id), eq(webhookMessages.companyId, id))!
      : sql`(${webhookMessages.eventId}::text like ${`${likeLiteral(id)}%`} or ${webhookMessages.companyId}::text like ${`${likeLiteral(id)}%`})`;
  return or(byIds, byName)!;
}

/** One page of the organization's messages (newest first) matching the search, with attempts and company names. */
export async function searchMessages(db: Executor, organizationId: string, s: MessageSearch) {
  const where: SQL[] = [eq(webhookMessages.organizationId, organizationId)];
  if (s.status) where.push(eq(webhookMessages.status, s.status));
  if (s.type) where.push(eq(webhookMessages.type, s.type));
  if (s.q?.trim()) where.push(searchCondition(s.q));
  const condition = and(...where)!;
  const rows = await db
    .select()
    .from(webhookMessages)
    .where(condition)
    .orderBy(desc(webhookMessages.createdAt), asc(webhookMessages.eventId))
    .limit(s.limit)
    .offset((s.page - 1) * s.limit);
  const [counted] = await db.select({ total: count() }).from(webhookMessages).where(condition);
  const total = counted?.total ?? 0; // a count without group by answers one row
  const messages = (await withAttempts(db, rows)).map(toMessageView);
  const names = await companyNames(
    db,
    messages.map((m) => m.company_id),
  );
  return { data: messages, companyNames: names, pagination: paginate(s.page, s.limit, Number(total)) };
}

export type EventEnvelope = ReturnType<typeof eventEnvelope>;

/** The envelopes (as delivered) of the given events, when they are the organization's. */
export async function eventEnvelopes(
  db: Executor,
  organizationId: string,
  eventIds: string[],
): Promise<Map<string, EventEnvelope>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.organizationId, organizationId), inArray(events.id, eventIds)));
  return new Map(rows.map((r) => [r.id, eventEnvelope(r)]));
}
