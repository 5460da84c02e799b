import { randomUUID } from 'node:crypto';
import { sql, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { buildText, executeNamedQuery, type PreparedText } from '../db/named-statement.js';
import { dateOf, rowsOf } from '../db/rows.js';
import { events, type EventRow } from '../db/schema/index.js';
import { eventConsumers } from './consumers.js';
import { must } from '../kernel/must.js';

/**
 * Every event type's payload (what a service hands over; dates already ISO strings), by type. The areas own
 * their payload schemas; the assembly (src/modules/event-payloads.ts) fills this interface by declaration
 * merging, so the outbox type-checks every recorded payload without importing an area.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the assembly's declaration merging
export interface EventPayloadTypes {}
export type EventType = Extract<keyof EventPayloadTypes, string>;
export type EventPayload<T extends EventType> = EventPayloadTypes[T];

export const EVENT_SOURCE = 'payment-platform';
export const EVENT_VERSION = 1;

export interface NewEvent<T extends EventType = EventType> {
  type: T;
  /** The company the event concerns (the merchant for a merchant's event). */
  companyId: string;
  /** The organization whose endpoint receives it. */
  organizationId: string;
  payload: EventPayload<T>;
  /** Ties events of one request; the request id when there is one. */
  correlationId: string;
}

/** Any event, with its payload checked against its own type (a union correlated by `type`). */
export type AnyNewEvent = { [T in EventType]: NewEvent<T> }[EventType];

/**
 * Records an event inside the caller's transaction (the outbox): it exists exactly when the change does.
 * `occurredAt` is the change's own timestamp (from the organization's clock), so the event and the resource agree.
 */
export async function recordEvent<T extends EventType>(
  tx: Executor,
  event: NewEvent<T>,
  occurredAt: Date,
): Promise<EventRow> {
  // The row as stored (its payload read back): callers answer its envelope (the sandbox's trigger), in the
  // stored payload's key order. One event, so reading it back costs little; batches use recordEvents.
  const row = must(
    (
      await tx
        .insert(events)
        .values(eventValues([event as AnyNewEvent], occurredAt))
        .returning()
    )[0],
    'an insert returns the row it wrote',
  );
  await eventConsumers.dispatch(tx, [row]);
  return row;
}

/**
 * A batch's events as one JSON parameter, in a statement whose text never changes: it runs as a named prepared
 * statement (parsed and planned once per connection), and nothing builds SQL per value (Drizzle's multi-row
 * insert built its text value by value: about 5% of a card create's CPU, docs/performance.md 2026-11-28).
 * Exported so the bench's same-SQL baseline sends exactly it.
 */
export const EVENTS_INSERT_STATEMENT = 'events_insert';
export const eventsInsertStatement = (rows: string | Placeholder) =>
  sql`insert into events (id, type, version, source, company_id, organization_id, correlation_id, payload, occurred_at)
      select id, type, version, source, company_id, organization_id, correlation_id, payload, occurred_at
      from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, type text, version integer, source text,
        company_id uuid, organization_id uuid, correlation_id text, payload jsonb, occurred_at timestamptz)
      returning id, created_at`;
let eventsInsert: PreparedText | undefined;
const eventsInsertText = (tx: Executor) =>
  (eventsInsert ??= buildText(tx, eventsInsertStatement(sql.placeholder('rows'))));

/** The statement's parameter: the events as the rows of `jsonb_to_recordset`. */
export const eventRecordsJson = (
  values: readonly (Omit<ReturnType<typeof eventValues>[number], 'type' | 'payload'> & {
    type: string;
    payload: unknown;
  })[],
) =>
  JSON.stringify(
    values.map((v) => ({
      id: v.id,
      type: v.type,
      version: v.version,
      source: v.source,
      company_id: v.companyId,
      organization_id: v.organizationId,
      correlation_id: v.correlationId,
      payload: v.payload,
      occurred_at: v.occurredAt.toISOString(),
    })),
  );

function eventValues(list: AnyNewEvent[], occurredAt: Date) {
  return list.map((event) => ({
    id: randomUUID(),
    type: event.type,
    version: EVENT_VERSION,
    source: EVENT_SOURCE,
    companyId: event.companyId,
    organizationId: event.organizationId,
    correlationId: event.correlationId,
    payload: event.payload,
    occurredAt,
  }));
}

/** The envelope of platform-api.md Events, as delivered. */
export function eventEnvelope(row: EventRow) {
  return {
    id: row.id,
    type: row.type,
    version: row.version,
    timestamp: row.occurredAt.toISOString(),
    source: row.source,
    company_id: row.companyId,
    correlation_id: row.correlationId,
    payload: row.payload,
  };
}

/**
 * Records several events with one statement (a read that creates several documents stays one query), each
 * handed to the registered consumers in the same transaction (webhook delivery queues its message there), so no
 * event meant for a receiver can be lost. The rows handed on are the ones written, built here: the insert
 * returns only what the database sets (`created_at`), not the payload back, which PostgreSQL would print and
 * `pg` parse again for every event of a create batch. Their payload is the caller's object (JSON-equal to the
 * stored one for the plain objects events carry: the consumers read its fields, not its key order).
 */
export async function recordEvents(tx: Executor, list: AnyNewEvent[], occurredAt: Date): Promise<EventRow[]> {
  if (list.length === 0) return [];
  const values = eventValues(list, occurredAt);
  const written = rowsOf(
    await executeNamedQuery(tx, EVENTS_INSERT_STATEMENT, eventsInsertText(tx), { rows: eventRecordsJson(values) }),
  );
  const createdAt = new Map(written.map((w) => [String(w.id), dateOf(w.created_at)]));
  const rows: EventRow[] = values.map((v) => ({ ...v, createdAt: must(createdAt.get(v.id), 'one row per event') }));
  await eventConsumers.dispatch(tx, rows);
  return rows;
}
