import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { must } from '../../kernel/must.js';

/**
 * The worker's side of delivery: one `webhook_deliveries` row per (message, endpoint) carries the retry schedule
 * and the lease; the message's own status sums its deliveries up (refreshMessageStatus).
 */

/**
 * Now on an organization's clock: real time plus its sandbox test-clock offset (money.md M7; none in production).
 * A message's times (created_at, attempts, next_attempt_at) are all on that clock (issue 27: one message showed
 * created_at 2027 beside next_attempt_at 2026), so a retry is due when the organization's clock reaches it:
 * after its real-time interval, or at once when the clock is advanced past it. Leases keep real time.
 */
export const organizationNow = (organizationId: SQL | string) =>
  sql`(now() + coalesce((select c.offset_ms from sandbox_clocks c where c.organization_id = ${organizationId}), 0) * interval '1 millisecond')`;

const DUE = sql`status = 'PENDING' and next_attempt_at <= ${organizationNow(sql`webhook_deliveries.organization_id`)} and (locked_until is null or locked_until <= now())`;
const uuids = (ids: string[]) => `{${ids.join(',')}}`;

export interface DueEndpoint {
  endpointId: string;
  organizationId: string;
}

/** Endpoints with due work, oldest first (no locks: the per-endpoint claim below takes them). */
export async function endpointsWithDueWork(
  db: Executor,
  excludeEndpoints: string[],
  limit: number,
  onlyOrganizations?: string[],
): Promise<DueEndpoint[]> {
  let where = excludeEndpoints.length ? sql` and not (endpoint_id = any(${uuids(excludeEndpoints)}::uuid[]))` : sql``;
  if (onlyOrganizations) where = sql`${where} and organization_id = any(${uuids(onlyOrganizations)}::uuid[])`;
  const result = await db.execute(sql`
    select endpoint_id, organization_id from webhook_deliveries where ${DUE}${where}
    group by endpoint_id, organization_id order by min(next_attempt_at) limit ${limit}`);
  return rowsOf(result).map((r) => ({ endpointId: String(r.endpoint_id), organizationId: String(r.organization_id) }));
}

export interface ClaimedDelivery {
  eventId: string;
  endpointId: string;
  organizationId: string;
  leaseToken: string;
}

/**
 * Claims up to `max` due deliveries with a lease. SKIP LOCKED lets any number of workers claim side by side; the
 * lease (not the row lock, released at commit) keeps others off until it expires, which is also how a crashed
 * worker's claims come back.
 */
async function claim(db: Executor, scope: SQL, max: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const token = randomUUID();
  const result = await db.execute(sql`
    update webhook_deliveries d set locked_until = now() + make_interval(secs => ${leaseMs / 1000}), lease_token = ${token}, updated_at = now()
    where (d.event_id, d.endpoint_id) in (
      select event_id, endpoint_id from webhook_deliveries
      where ${scope} and ${DUE}
      order by next_attempt_at, event_id limit ${max}
      for update skip locked)
    returning d.event_id, d.endpoint_id, d.organization_id`);
  return rowsOf(result).map((r) => ({
    eventId: String(r.event_id),
    endpointId: String(r.endpoint_id),
    organizationId: String(r.organization_id),
    leaseToken: token,
  }));
}

/** The worker's claim: one endpoint's due deliveries (its concurrency is counted per endpoint). */
export const claimDueForEndpoint = (db: Executor, endpointId: string, max: number, leaseMs: number) =>
  claim(db, sql`endpoint_id = ${endpointId}`, max, leaseMs);

/** Any endpoint's due deliveries of one organization (tests play a crashed worker with it). */
export const claimDue = (db: Executor, organizationId: string, max: number, leaseMs: number) =>
  claim(db, sql`organization_id = ${organizationId}`, max, leaseMs);

/** What an attempt needs: the event and the endpoint as it is now (deleted or disabled ones receive nothing). */
export async function loadDelivery(db: Executor, eventId: string, endpointId: string) {
  const [row] = await db
    .select({ event: events, endpoint: webhookEndpoints })
    .from(events)
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, endpointId))
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
 * Records an attempt and moves the delivery on, then the message's status, in one transaction. The message row is
 * locked first, so concurrent outcomes of one message's deliveries sum up in turn. The move is guarded by the lease
 * token: a worker whose lease expired (re-claimed, or replayed) still logs its attempt but decides nothing.
 * `retryInSeconds` null means no retry is left: FAILED.
 */
export async function recordAttempt(
  tx: Executor,
  claimed: ClaimedDelivery,
  companyId: string,
  realOutcome: AttemptOutcome,
  retryInSeconds: number | null,
) {
  await lockMessages(tx, [claimed.eventId]);
  // The attempt's time on the organization's clock (the sender signs with real time; the message shows the clock's).
  const { offset } = must(
    rowsOf(
      await tx.execute(
        sql`select coalesce((select offset_ms from sandbox_clocks where organization_id = ${claimed.organizationId}), 0)::bigint as offset`,
      ),
    )[0],
    'a select without FROM answers one row',
  );
  const outcome = { ...realOutcome, at: new Date(realOutcome.at.getTime() + Number(offset)) };
  await tx.insert(webhookAttempts).values({
    id: randomUUID(),
    eventId: claimed.eventId,
    endpointId: claimed.endpointId,
    organizationId: claimed.organizationId,
    companyId,
    ...outcome,
  });
  const guard = and(
    eq(webhookDeliveries.eventId, claimed.eventId),
    eq(webhookDeliveries.endpointId, claimed.endpointId),
    eq(webhookDeliveries.leaseToken, claimed.leaseToken),
  );
  const released = {
    lockedUntil: null,
    leaseToken: null,
    updatedAt: sql`now()`,
    attemptCount: sql`${webhookDeliveries.attemptCount} + 1`,
  };
  if (outcome.succeeded) {
    await tx
      .update(webhookDeliveries)
      .set({ ...released, status: 'DELIVERED', deliveredAt: outcome.at, nextAttemptAt: null })
      .where(guard);
  } else if (retryInSeconds === null) {
    await tx
      .update(webhookDeliveries)
      .set({ ...released, status: 'FAILED', nextAttemptAt: null })
      .where(guard);
  } else {
    const next = sql`${organizationNow(claimed.organizationId)} + make_interval(secs => ${retryInSeconds})`;
    await tx
      .update(webhookDeliveries)
      .set({ ...released, status: 'PENDING', nextAttemptAt: next })
      .where(guard);
  }
  await refreshMessageStatus(tx, [claimed.eventId]);
}

export async function attemptCountOf(db: Executor, eventId: string, endpointId: string): Promise<number> {
  const [row] = await db
    .select({ n: webhookDeliveries.attemptCount })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.eventId, eventId), eq(webhookDeliveries.endpointId, endpointId)));
  return row?.n ?? 0;
}

/** Row locks on messages, in id order (every writer of a message's deliveries takes them first: no deadlock). */
export async function lockMessages(tx: Executor, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await tx.execute(
    sql`select event_id from webhook_messages where event_id = any(${uuids(eventIds)}::uuid[]) order by event_id for update`,
  );
}

/**
 * A message's status from its deliveries (endpoints.rules.ts messageStatusOf): FAILED when one gave up, DELIVERED
 * when all got it, else PENDING. Callers hold the messages' locks (lockMessages), so this reads the latest rows.
 */
export async function refreshMessageStatus(tx: Executor, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await tx.execute(sql`
    update webhook_messages m set
      status = s.status,
      delivered_at = case when s.status = 'DELIVERED' then s.delivered_at else null end,
      updated_at = now()
    from (
      select event_id,
        case when bool_or(status = 'FAILED') then 'FAILED' when bool_and(status = 'DELIVERED') then 'DELIVERED' else 'PENDING' end as status,
        max(delivered_at) as delivered_at
      from webhook_deliveries where event_id = any(${uuids(eventIds)}::uuid[]) group by event_id) s
    where m.event_id = s.event_id`);
}

/** node-postgres answers `{ rows }`, PGlite too; drizzle passes the driver's result through. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const r = result as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}
