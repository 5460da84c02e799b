import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies, webhookEndpoints, type WebhookEndpointRow } from '../../db/schema/index.js';
import { organizationNow, rowsOf } from './deliveries.repo.js';
import { must } from '../../kernel/must.js';

type NewEndpoint = typeof webhookEndpoints.$inferInsert;
const live = (organizationId: string) =>
  and(eq(webhookEndpoints.organizationId, organizationId), isNull(webhookEndpoints.deletedAt));

/** Serializes endpoint creation per organization (the limit of 10 holds whatever requests race); NO KEY UPDATE so
 * that inserts referencing the company (payments, FK checks take KEY SHARE) never wait on it. */
export async function lockOrganization(tx: Executor, organizationId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, organizationId), eq(companies.kind, 'ORGANIZATION')))
    .for('no key update');
  return rows.length > 0;
}

export async function countLiveEndpoints(tx: Executor, organizationId: string): Promise<number> {
  const [counted] = await tx.select({ n: count() }).from(webhookEndpoints).where(live(organizationId));
  const n = counted?.n ?? 0; // a count without group by answers one row
  return Number(n);
}

export async function insertEndpoint(tx: Executor, values: NewEndpoint): Promise<WebhookEndpointRow> {
  return must((await tx.insert(webhookEndpoints).values(values).returning())[0], 'an insert returns the row it wrote');
}

export async function listLiveEndpoints(db: Executor, organizationId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(live(organizationId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

/** One live endpoint of the organization (`forUpdate` inside a transaction); undefined outside its reach. */
export async function findLiveEndpoint(
  db: Executor,
  organizationId: string,
  id: string,
  forUpdate = false,
): Promise<WebhookEndpointRow | undefined> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(live(organizationId), eq(webhookEndpoints.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The organization's staff endpoint (product.md §4), if it has one. */
export async function findStaffEndpoint(db: Executor, organizationId: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(live(organizationId), eq(webhookEndpoints.origin, 'STAFF')))
    .for('update');
  return row;
}

export async function updateEndpoint(tx: Executor, id: string, set: Partial<NewEndpoint>): Promise<WebhookEndpointRow> {
  return must(
    (await tx.update(webhookEndpoints).set(set).where(eq(webhookEndpoints.id, id)).returning())[0],
    'an update by id finds the row its caller read',
  );
}

export interface EndpointHealthRow {
  endpointId: string;
  attempts: number;
  succeeded: number;
  failed: number;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  lastError: string | null;
  lastStatusCode: number | null;
  pending: number;
  failedMessages: number;
}

/** Per live endpoint: attempts since `since` (null: the last 24 hours) (succeeded, failed, the last ones) and deliveries pending or failed now. */
export async function endpointHealth(
  db: Executor,
  organizationId: string,
  since: Date | null,
): Promise<EndpointHealthRow[]> {
  // Attempts are on the organization's clock (deliveries.repo.ts organizationNow), so is the window.
  const from = since
    ? sql`${since.toISOString()}::timestamptz`
    : sql`${organizationNow(organizationId)} - interval '24 hours'`;
  const result = await db.execute(sql`
    select w.id as endpoint_id,
      coalesce(a.attempts, 0)::int as attempts, coalesce(a.succeeded, 0)::int as succeeded, coalesce(a.failed, 0)::int as failed,
      a.last_attempt_at, a.last_success_at, a.last_failure_at,
      (select x.error from webhook_attempts x where x.endpoint_id = w.id and not x.succeeded order by x.at desc limit 1) as last_error,
      (select x.status_code from webhook_attempts x where x.endpoint_id = w.id order by x.at desc, x.id desc limit 1) as last_status_code,
      (select count(*) from webhook_deliveries d where d.endpoint_id = w.id and d.status = 'PENDING')::int as pending,
      (select count(*) from webhook_deliveries d where d.endpoint_id = w.id and d.status = 'FAILED')::int as failed_messages
    from webhook_endpoints w
    left join lateral (
      select count(*) as attempts, count(*) filter (where succeeded) as succeeded, count(*) filter (where not succeeded) as failed,
        max(at) as last_attempt_at, max(at) filter (where succeeded) as last_success_at, max(at) filter (where not succeeded) as last_failure_at
      from webhook_attempts where endpoint_id = w.id and at >= ${from}) a on true
    where w.organization_id = ${organizationId} and w.deleted_at is null
    order by w.created_at, w.id`);
  const date = (v: unknown) => (v == null ? null : new Date(v as string));
  return rowsOf(result).map((r) => ({
    endpointId: String(r.endpoint_id),
    attempts: Number(r.attempts),
    succeeded: Number(r.succeeded),
    failed: Number(r.failed),
    lastAttemptAt: date(r.last_attempt_at),
    lastSuccessAt: date(r.last_success_at),
    lastFailureAt: date(r.last_failure_at),
    lastError: (r.last_error as string | null) ?? null,
    lastStatusCode: r.last_status_code == null ? null : Number(r.last_status_code),
    pending: Number(r.pending),
    failedMessages: Number(r.failed_messages),
  }));
}
