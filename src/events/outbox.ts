import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client.js';
import { events, type EventRow } from '../db/schema/index.js';
import { enqueueMessage } from '../modules/webhooks/messages.repo.js';

export const EVENT_SOURCE = 'payment-platform';
export const EVENT_VERSION = 1;

export type EventType =
  | 'company.created'
  | 'company.status-changed'
  | 'affiliation.created'
  | 'affiliation.status-changed'
  | 'internal-transfer.created'
  | 'internal-transfer.status-changed'
  | 'onboarding-document.status-changed'
  | 'transaction.created'
  | 'transaction.status-changed'
  | 'cashout.created'
  | 'cashout.status-changed';

export interface NewEvent {
  type: EventType;
  /** The company the event concerns (the merchant for a merchant's event). */
  companyId: string;
  /** The organization whose endpoint receives it. */
  organizationId: string;
  payload: Record<string, unknown>;
  /** Ties events of one request; the request id when there is one. */
  correlationId: string;
}

/** Records an event inside the caller's transaction (the outbox): it exists exactly when the change does. */
export async function recordEvent(tx: Executor, event: NewEvent): Promise<EventRow> {
  const [row] = await recordEvents(tx, [event]);
  return row;
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
 * with its delivery row in the same transaction, so no event meant for a receiver can be lost.
 */
export async function recordEvents(tx: Executor, list: NewEvent[]): Promise<EventRow[]> {
  if (list.length === 0) return [];
  const occurredAt = new Date();
  const rows = await tx
    .insert(events)
    .values(
      list.map((event) => ({
        id: randomUUID(),
        type: event.type,
        version: EVENT_VERSION,
        source: EVENT_SOURCE,
        companyId: event.companyId,
        organizationId: event.organizationId,
        correlationId: event.correlationId,
        payload: event.payload,
        occurredAt,
      })),
    )
    .returning();
  for (const row of rows) await enqueueMessage(tx, row);
  return rows;
}
