import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  companies,
  events,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
  type EventRow,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookMessageRow,
} from '../../db/schema/index.js';
import { lockMessages, organizationNow, refreshMessageStatus, rowsOf } from './deliveries.repo.js';
import { executeNamed } from '../../db/named-statement.js';
import { must } from '../../kernel/must.js';

// The worker's claim, re-exported where tests have always found it.
export { claimDue, type AttemptOutcome } from './deliveries.repo.js';

/**
 * Called by recordEvent(s) inside the business transaction: the message to deliver exists exactly when the event
 * does, with one delivery per endpoint that receives it (not deleted, not disabled, subscribed to the type), and
 * only when the event's company has `webhook_enabled`, all decided at the moment of the event
 * (docs/decisions/webhooks.md). One statement for all the events recorded together (a batch of creates records
 * one each): the fan-out is set-based, never a query per event or per endpoint.
 */
export async function enqueueMessages(
  tx: Executor,
  list: Pick<EventRow, 'id' | 'organizationId' | 'companyId' | 'type' | 'occurredAt'>[],
) {
  if (list.length === 0) return;
  const rows = list.map((e) => ({
    event_id: e.id,
    organization_id: e.organizationId,
    company_id: e.companyId,
    type: e.type,
    occurred_at: e.occurredAt.toISOString(),
  }));
  await executeNamed(tx, ENQUEUE_MESSAGES_STATEMENT, enqueueMessagesStatement(rows));
}

/**
 * Named (prepared once per connection): most of the fan-out's server time was planning its CTEs (0.48 -> 0.14 ms
 * median for a batch of 8 with no endpoint, measured in docs/performance.md, fourth session). Its text is fixed;
 * the batch is its one parameter.
 */
export const ENQUEUE_MESSAGES_STATEMENT = 'webhook_fan_out';

/**
 * The statement of enqueueMessages (exported so the bench's bare node+pg baseline runs exactly the same SQL).
 * `webhook.test` is never fanned out: POST …/endpoints/{id}/test queues it for its one endpoint
 * (endpoints.rules.ts endpointReceives says the same).
 */
export function enqueueMessagesStatement(
  rows: { event_id: string; organization_id: string; company_id: string; type: string; occurred_at: string }[],
) {
  return sql`
    with e as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(event_id uuid, organization_id uuid, company_id uuid, type text, occurred_at timestamptz)
    ), targets as (
      select e.event_id, e.organization_id, e.company_id, e.type, e.occurred_at, w.id as endpoint_id
      from e
      join companies c on c.id = e.company_id and c.webhook_enabled
      join webhook_endpoints w on w.organization_id = e.organization_id and w.deleted_at is null and not w.disabled
        and (w.enabled_events @> '{*}'::text[] or e.type = any(w.enabled_events))
      where e.type <> 'webhook.test'
    ), messages as (
      insert into webhook_messages (event_id, organization_id, company_id, type, status, created_at)
      select distinct event_id, organization_id, company_id, type, 'PENDING', occurred_at from targets
      returning event_id
    )
    insert into webhook_deliveries (event_id, endpoint_id, organization_id, status, attempt_count, next_attempt_at, created_at)
    select t.event_id, t.endpoint_id, t.organization_id, 'PENDING', 0, ${organizationNow(sql`t.organization_id`)}, t.occurred_at
    from targets t join messages m on m.event_id = t.event_id`;
}

/** A message for one endpoint only (the test event). */
export async function enqueueForEndpoint(tx: Executor, event: EventRow, endpointId: string) {
  await tx.execute(sql`
    with m as (
      insert into webhook_messages (event_id, organization_id, company_id, type, status, created_at)
      values (${event.id}, ${event.organizationId}, ${event.companyId}, ${event.type}, 'PENDING', ${event.occurredAt.toISOString()}::timestamptz)
      returning event_id)
    insert into webhook_deliveries (event_id, endpoint_id, organization_id, status, attempt_count, next_attempt_at, created_at)
    select m.event_id, ${endpointId}, ${event.organizationId}, 'PENDING', 0, ${organizationNow(event.organizationId)}, ${event.occurredAt.toISOString()}::timestamptz from m`);
}

export interface MessageFilters {
  status?: string[];
  type?: string[];
  createdFrom?: Date;
  createdTo?: Date;
}

function messageWhere(organizationId: string, f: MessageFilters): SQL {
  const m = webhookMessages;
  const where: SQL[] = [eq(m.organizationId, organizationId)];
  if (f.status?.length) where.push(inArray(m.status, f.status as WebhookMessageRow['status'][]));
  if (f.type?.length) where.push(inArray(m.type, f.type));
  if (f.createdFrom) where.push(sql`${m.createdAt} >= ${f.createdFrom.toISOString()}::timestamptz`);
  if (f.createdTo) where.push(sql`${m.createdAt} <= ${f.createdTo.toISOString()}::timestamptz`);
  return and(...where)!;
}

/** One page of an organization's messages with their deliveries and attempts (oldest attempt first). */
export async function listMessages(
  db: Executor,
  organizationId: string,
  f: MessageFilters,
  page: { offset: number; limit: number; ascending?: boolean },
) {
  const m = webhookMessages;
  const where = messageWhere(organizationId, f);
  const order = page.ascending ? asc(m.createdAt) : desc(m.createdAt);
  const rows = await db
    .select()
    .from(m)
    .where(where)
    .orderBy(order, asc(m.eventId))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(m).where(where);
  const total = counted?.total ?? 0; // a count without group by answers one row
  return { rows: await withAttempts(db, rows), total: Number(total) };
}

/** One message of the organization with its event (GET /v1/webhooks/messages/{id}); undefined outside its reach. */
export async function findMessage(db: Executor, organizationId: string, eventId: string) {
  const m = webhookMessages;
  const [row] = await db
    .select({ message: m, event: events })
    .from(m)
    .innerJoin(events, eq(events.id, m.eventId))
    .where(and(eq(m.eventId, eventId), eq(m.organizationId, organizationId)));
  if (!row) return undefined;
  return { message: await withAttemptsOf(db, row.message), event: row.event };
}

/** One message with its attempts and deliveries (withAttempts for a single row). */
export async function withAttemptsOf(db: Executor, row: WebhookMessageRow): Promise<MessageWithAttempts> {
  return must((await withAttempts(db, [row]))[0], 'withAttempts answers one entry per row');
}

export type MessageWithAttempts = WebhookMessageRow & {
  attempts: WebhookAttemptRow[];
  deliveries: WebhookDeliveryRow[];
};

export async function withAttempts(db: Executor, rows: WebhookMessageRow[]): Promise<MessageWithAttempts[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.eventId);
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.eventId, ids))
    .orderBy(asc(webhookAttempts.at), asc(webhookAttempts.id));
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.eventId, ids))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.endpointId));
  return rows.map((r) => ({
    ...r,
    attempts: attempts.filter((a) => a.eventId === r.eventId),
    deliveries: deliveries.filter((d) => d.eventId === r.eventId),
  }));
}

export async function lockMessage(tx: Executor, organizationId: string, eventId: string) {
  const m = webhookMessages;
  const [row] = await tx
    .select()
    .from(m)
    .where(and(eq(m.eventId, eventId), eq(m.organizationId, organizationId)))
    .for('update');
  return row;
}

/** A new run, due now on the organization's clock. */
const RESET = (organizationId: string) =>
  sql`status = 'PENDING', attempt_count = 0, next_attempt_at = ${organizationNow(organizationId)}, locked_until = null, lease_token = null, delivered_at = null, updated_at = now()`;

/**
 * A replay starts a new run on the endpoints the message targeted that still receive (not deleted, not disabled);
 * when none does any more, on the organization's endpoints that receive its type now. Any lease in flight loses
 * its say. Answers how many deliveries were reset (0: nowhere to deliver). The caller holds the message's lock.
 */
export async function resetForReplay(tx: Executor, message: WebhookMessageRow): Promise<number> {
  const targeted = rowsOf(
    await tx.execute(sql`
    update webhook_deliveries d set ${RESET(message.organizationId)}
    from webhook_endpoints w
    where d.event_id = ${message.eventId} and w.id = d.endpoint_id and w.deleted_at is null and not w.disabled
    returning d.endpoint_id`),
  );
  if (targeted.length === 0 && message.type !== 'webhook.test') {
    await tx.execute(sql`
      insert into webhook_deliveries (event_id, endpoint_id, organization_id, status, attempt_count, next_attempt_at, created_at)
      select ${message.eventId}, w.id, w.organization_id, 'PENDING', 0, ${organizationNow(message.organizationId)}, ${organizationNow(message.organizationId)}
      from webhook_endpoints w
      where w.organization_id = ${message.organizationId} and w.deleted_at is null and not w.disabled
        and (w.enabled_events @> '{*}'::text[] or ${message.type} = any(w.enabled_events))
      on conflict (event_id, endpoint_id) do update set ${RESET(message.organizationId)}`);
  }
  await refreshMessageStatus(tx, [message.eventId]);
  const { n } = must(
    rowsOf(
      await tx.execute(
        sql`select count(*)::int as n from webhook_deliveries where event_id = ${message.eventId} and status = 'PENDING'`,
      ),
    )[0],
    'a count answers one row',
  );
  return Number(n);
}

/**
 * product.md §15 recover, every undelivered message (issue 27: FAILED took about 2 days of retries to reach, so a
 * fixed endpoint got nothing back): deliveries (of `endpointIds`, all live endpoints of the organization) that are
 * FAILED, or PENDING a retry, whose last attempt was at or after `since` (never attempted: queued at or after it)
 * start a new run now. A delivery under way (its lease runs) is left to that attempt. Answers the event ids recovered.
 */
export async function recoverUndeliveredSince(
  tx: Executor,
  organizationId: string,
  endpointIds: string[] | 'all',
  since: Date,
): Promise<string[]> {
  const scope = endpointIds === 'all' ? sql`` : sql` and d.endpoint_id = any(${`{${endpointIds.join(',')}}`}::uuid[])`;
  const undelivered = sql`d.status in ('FAILED', 'PENDING') and not (d.status = 'PENDING' and d.locked_until is not null and d.locked_until > now())
      and coalesce((select max(a.at) from webhook_attempts a where a.event_id = d.event_id and a.endpoint_id = d.endpoint_id), d.created_at) >= ${since.toISOString()}::timestamptz`;
  const candidates = rowsOf(
    await tx.execute(sql`
    select distinct d.event_id from webhook_deliveries d
    join webhook_endpoints w on w.id = d.endpoint_id and w.deleted_at is null and not w.disabled
    where d.organization_id = ${organizationId}${scope} and ${undelivered}`),
  );
  const ids = candidates.map((r) => String(r.event_id));
  if (ids.length === 0) return [];
  await lockMessages(tx, ids);
  const reset = rowsOf(
    await tx.execute(sql`
    update webhook_deliveries d set ${RESET(organizationId)}
    from webhook_endpoints w
    where w.id = d.endpoint_id and w.deleted_at is null and not w.disabled
      and d.event_id = any(${`{${ids.join(',')}}`}::uuid[]) and d.organization_id = ${organizationId}${scope} and ${undelivered}
    returning d.event_id`),
  );
  const recovered = [...new Set(reset.map((r) => String(r.event_id)))].sort();
  await refreshMessageStatus(tx, recovered);
  return recovered;
}

export async function liveEndpointExists(tx: Executor, organizationId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), isNull(webhookEndpoints.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Names of companies, for the dashboard's company column. */
export async function companyNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
