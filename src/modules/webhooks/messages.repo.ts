import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies, events, webhookAttempts, webhookEndpoints, webhookMessages, type EventRow, type WebhookAttemptRow, type WebhookMessageRow } from '../../db/schema/index.js';

/**
 * Called by recordEvent(s) inside the business transaction: the message to deliver exists exactly when the
 * event does. Only when the organization has an endpoint and the event's company has `webhook_enabled`, both
 * decided at the moment of the event (docs/decisions/webhooks.md). One statement for all the events recorded
 * together (a batch of creates records one each).
 */
export async function enqueueMessages(tx: Executor, list: Pick<EventRow, 'id' | 'organizationId' | 'companyId' | 'type' | 'occurredAt'>[]) {
  if (list.length === 0) return;
  await tx.execute(enqueueMessagesStatement(list.map((e) => ({ event_id: e.id, organization_id: e.organizationId, company_id: e.companyId, type: e.type, occurred_at: e.occurredAt.toISOString() }))));
}

/** The statement of enqueueMessages (exported so the bench's bare node+pg baseline runs exactly the same SQL). */
export function enqueueMessagesStatement(rows: { event_id: string; organization_id: string; company_id: string; type: string; occurred_at: string }[]) {
  return sql`
    insert into webhook_messages (event_id, organization_id, company_id, type, status, attempt_count, next_attempt_at, created_at)
    select e.event_id, e.organization_id, e.company_id, e.type, 'PENDING', 0, now(), e.occurred_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(event_id uuid, organization_id uuid, company_id uuid, type text, occurred_at timestamptz)
    join companies c on c.id = e.company_id and c.webhook_enabled
    join webhook_endpoints w on w.organization_id = e.organization_id`;
}

const DUE = sql`status = 'PENDING' and next_attempt_at <= now() and (locked_until is null or locked_until <= now())`;

/** Organizations with due work, oldest first (no locks: the per-organization claim below takes them). */
export async function organizationsWithDueWork(db: Executor, exclude: string[], limit: number, only?: string[]): Promise<string[]> {
  const uuids = (ids: string[]) => `{${ids.join(',')}}`;
  let excluded = exclude.length ? sql` and not (organization_id = any(${uuids(exclude)}::uuid[]))` : sql``;
  if (only) excluded = sql`${excluded} and organization_id = any(${uuids(only)}::uuid[])`;
  const result = await db.execute(sql`
    select organization_id from webhook_messages where ${DUE}${excluded}
    group by organization_id order by min(next_attempt_at) limit ${limit}`);
  return rowsOf(result).map((r) => String(r.organization_id));
}

export interface ClaimedMessage {
  eventId: string;
  organizationId: string;
  leaseToken: string;
}

/**
 * Claims up to `max` due messages of one organization with a lease. SKIP LOCKED lets any number of workers
 * claim side by side; the lease (not the row lock, released at commit) keeps others off until it expires,
 * which is also how a crashed worker's claims come back.
 */
export async function claimDue(db: Executor, organizationId: string, max: number, leaseMs: number): Promise<ClaimedMessage[]> {
  const token = randomUUID();
  const result = await db.execute(sql`
    update webhook_messages m set locked_until = now() + make_interval(secs => ${leaseMs / 1000}), lease_token = ${token}, updated_at = now()
    where m.event_id in (
      select event_id from webhook_messages
      where organization_id = ${organizationId} and ${DUE}
      order by next_attempt_at, event_id limit ${max}
      for update skip locked)
    returning m.event_id, m.organization_id`);
  return rowsOf(result).map((r) => ({ eventId: String(r.event_id), organizationId: String(r.organization_id), leaseToken: token }));
}

/** What a delivery needs: the event and the organization's current endpoint (none once deleted). */
export async function loadDelivery(db: Executor, eventId: string) {
  const [row] = await db
    .select({ event: events, url: webhookEndpoints.url, secret: webhookEndpoints.signingSecret })
    .from(events)
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.organizationId, events.organizationId))
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}

export interface AttemptOutcome {
  at: Date;
  url: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  succeeded: boolean;
}

/**
 * Records an attempt and moves the message on, in one transaction. The move is guarded by the lease token: a
 * worker whose lease expired (and was re-claimed, or replayed) still logs its attempt but decides nothing.
 * `retryInSeconds` null means no retry is left: FAILED.
 */
export async function recordAttempt(tx: Executor, claim: ClaimedMessage, companyId: string, outcome: AttemptOutcome, retryInSeconds: number | null) {
  await tx.insert(webhookAttempts).values({ id: randomUUID(), eventId: claim.eventId, organizationId: claim.organizationId, companyId, ...outcome });
  const guard = and(eq(webhookMessages.eventId, claim.eventId), eq(webhookMessages.leaseToken, claim.leaseToken));
  const released = { lockedUntil: null, leaseToken: null, updatedAt: sql`now()`, attemptCount: sql`${webhookMessages.attemptCount} + 1` };
  if (outcome.succeeded) {
    await tx.update(webhookMessages).set({ ...released, status: 'DELIVERED', deliveredAt: outcome.at, nextAttemptAt: null }).where(guard);
  } else if (retryInSeconds === null) {
    await tx.update(webhookMessages).set({ ...released, status: 'FAILED', nextAttemptAt: null }).where(guard);
  } else {
    const next = sql`now() + make_interval(secs => ${retryInSeconds})`;
    await tx.update(webhookMessages).set({ ...released, status: 'PENDING', nextAttemptAt: next }).where(guard);
  }
}

export async function attemptCountOf(db: Executor, eventId: string): Promise<number> {
  const [row] = await db.select({ n: webhookMessages.attemptCount }).from(webhookMessages).where(eq(webhookMessages.eventId, eventId));
  return row?.n ?? 0;
}

export interface MessageFilters {
  status?: string[];
  type?: string[];
  createdFrom?: Date;
  createdTo?: Date;
}

function messageWhere(organizationId: string, f: MessageFilters): SQL {
  const where: SQL[] = [eq(webhookMessages.organizationId, organizationId)];
  if (f.status?.length) where.push(inArray(webhookMessages.status, f.status as WebhookMessageRow['status'][]));
  if (f.type?.length) where.push(inArray(webhookMessages.type, f.type));
  if (f.createdFrom) where.push(sql`${webhookMessages.createdAt} >= ${f.createdFrom.toISOString()}::timestamptz`);
  if (f.createdTo) where.push(sql`${webhookMessages.createdAt} <= ${f.createdTo.toISOString()}::timestamptz`);
  return and(...where)!;
}

/** One page of an organization's messages with their attempts (oldest attempt first). */
export async function listMessages(db: Executor, organizationId: string, f: MessageFilters, page: { offset: number; limit: number; ascending?: boolean }) {
  const where = messageWhere(organizationId, f);
  const order = page.ascending ? asc(webhookMessages.createdAt) : desc(webhookMessages.createdAt);
  const rows = await db.select().from(webhookMessages).where(where).orderBy(order, asc(webhookMessages.eventId)).limit(page.limit).offset(page.offset);
  const [{ total }] = await db.select({ total: count() }).from(webhookMessages).where(where);
  return { rows: await withAttempts(db, rows), total: Number(total) };
}

export type MessageWithAttempts = WebhookMessageRow & { attempts: WebhookAttemptRow[] };

export async function withAttempts(db: Executor, rows: WebhookMessageRow[]): Promise<MessageWithAttempts[]> {
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.eventId, rows.map((r) => r.eventId)))
    .orderBy(asc(webhookAttempts.at), asc(webhookAttempts.id));
  return rows.map((r) => ({ ...r, attempts: attempts.filter((a) => a.eventId === r.eventId) }));
}

export async function lockMessage(tx: Executor, organizationId: string, eventId: string) {
  const [row] = await tx
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.eventId, eventId), eq(webhookMessages.organizationId, organizationId)))
    .for('update');
  return row;
}

/** A replay starts a new run: PENDING, due now, a fresh retry schedule; any lease in flight loses its say. */
export async function resetForReplay(tx: Executor, eventId: string) {
  const [row] = await tx
    .update(webhookMessages)
    .set({ status: 'PENDING', attemptCount: 0, nextAttemptAt: sql`now()`, lockedUntil: null, leaseToken: null, deliveredAt: null, updatedAt: sql`now()` })
    .where(eq(webhookMessages.eventId, eventId))
    .returning();
  return row;
}

export async function endpointExists(tx: Executor, organizationId: string): Promise<boolean> {
  const rows = await tx.select({ id: webhookEndpoints.organizationId }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId));
  return rows.length > 0;
}

/** node-postgres answers `{ rows }`, PGlite too; drizzle passes the driver's result through. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  const r = result as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

/** Names of companies, for the dashboard's company column. */
export async function companyNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
