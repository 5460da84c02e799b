import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { EventRow } from '../../db/schema/index.js';
import { dateOf, rowsOf } from '../../db/rows.js';

/**
 * A place in an organization's recorded order of events: (tx_id, seq), the recording transaction's id then the
 * insert order (migration 0635). Kept as decimal strings: both are bigints.
 */
export interface StreamCursor {
  txId: string;
  seq: string;
}

/**
 * Where a stream starts without Last-Event-ID: every transaction still open (or not begun) — the lowest id any
 * open transaction holds, `xmin` of a fresh snapshot. Events of transactions that ended before it are not
 * streamed; a few that committed just before the connection may be (those whose transaction began after one
 * still open), never one after it is missed.
 */
export async function currentCursor(db: Executor): Promise<StreamCursor> {
  const [row] = rowsOf(await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as tx_id`));
  return { txId: String(row!.tx_id), seq: '0' };
}

/** The place of one of the organization's events (another organization's id is unknown here). */
export async function cursorOfEvent(
  db: Executor,
  organizationId: string,
  eventId: string,
): Promise<StreamCursor | undefined> {
  const [row] = rowsOf(
    await db.execute(sql`
    select tx_id::text as tx_id, seq::text as seq from events where id = ${eventId} and organization_id = ${organizationId}`),
  );
  return row ? { txId: String(row.tx_id), seq: String(row.seq) } : undefined;
}

export interface StreamBatch {
  /** Events whose transaction has ended, in recorded order: safe to send, nothing can come before them later. */
  ready: { row: EventRow; cursor: StreamCursor }[];
  /** Committed events held back behind a transaction that is still open (read again shortly). */
  heldBack: boolean;
}

/**
 * The organization's events after `cursor`, in recorded order (the numeric columns: their text copies have other
 * names, since ORDER BY would take an output alias first and sort '10' before '9'). `settled` compares each event's transaction with
 * the snapshot's xmin: below it every transaction has committed or rolled back, so the order up to there is final.
 */
export async function eventsAfter(
  db: Executor,
  organizationId: string,
  cursor: StreamCursor,
  limit: number,
): Promise<StreamBatch> {
  const rows = rowsOf(
    await db.execute(sql`
    select id, type, version, source, company_id, organization_id, correlation_id, payload, occurred_at, created_at,
      tx_id::text as tx_text, seq::text as seq_text,
      tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint as settled
    from events
    where organization_id = ${organizationId} and (tx_id, seq) > (${cursor.txId}::bigint, ${cursor.seq}::bigint)
    order by events.tx_id, events.seq
    limit ${limit}`),
  );
  const ready: StreamBatch['ready'] = [];
  let heldBack = false;
  for (const r of rows) {
    // Ordered by tx_id: once one is held back, every later one is too.
    if (r.settled !== true && r.settled !== 't') {
      heldBack = true;
      break;
    }
    ready.push({
      row: {
        id: String(r.id),
        type: String(r.type),
        version: Number(r.version),
        source: String(r.source),
        companyId: String(r.company_id),
        organizationId: String(r.organization_id),
        correlationId: String(r.correlation_id),
        payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
        occurredAt: dateOf(r.occurred_at),
        createdAt: dateOf(r.created_at),
      },
      cursor: { txId: String(r.tx_text), seq: String(r.seq_text) },
    });
  }
  return { ready, heldBack };
}

/** Whether an API key still works (the stream re-checks the key it was opened with). */
export async function apiKeyStillWorks(db: Executor, keyId: string, now: Date): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
    select 1 as ok from api_keys where id = ${keyId} and revoked_at is null and (expires_at is null or expires_at > ${now.toISOString()}::timestamptz)`),
  );
  return rows.length > 0;
}
