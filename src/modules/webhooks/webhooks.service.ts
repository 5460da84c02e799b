import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { invalidState, notFound } from '../../kernel/errors.js';
import { offsetOf, paginate, type CommonListFilters } from '../../http/pagination.js';
import { EVENT_PAYLOADS } from '../event-payloads.js';
import { EVENT_VERSION, eventEnvelope } from '../../events/outbox.js';
import { findMessage, listMessages, lockMessage, resetForReplay, withAttempts } from './messages.repo.js';
import { toMessageView } from './webhooks.views.js';

export async function listOrganizationMessages(
  db: Database,
  organizationId: string,
  q: CommonListFilters & { type?: string[] },
) {
  const ascending = q.sort?.[0]?.descending === false;
  const { rows, total } = await listMessages(
    db,
    organizationId,
    { status: q.status, type: q.type, createdFrom: q.created_at_from, createdTo: q.created_at_to },
    { offset: offsetOf(q), limit: q.limit, ascending },
  );
  return { data: rows.map(toMessageView), pagination: paginate(q.page, q.limit, total) };
}

/** GET /v1/webhooks/messages/{id}: the message and the whole event envelope it delivers. */
export async function getOrganizationMessage(db: Database, organizationId: string, eventId: string) {
  const found = await findMessage(db, organizationId, eventId);
  if (!found) throw notFound('Webhook message');
  return { ...toMessageView(found.message), event: eventEnvelope(found.event) };
}

/**
 * Replays a message: a new run of the retry schedule on the endpoints it targeted, same event id (receivers
 * deduplicate by it). FAILED and DELIVERED messages replay; a PENDING one is already on its way (409). Needs an
 * endpoint to deliver to (409 otherwise).
 */
export async function replayMessage(db: Database, organizationId: string, eventId: string) {
  const row = await db.transaction(async (tx) => {
    const message = await lockMessage(tx, organizationId, eventId);
    if (!message) throw notFound('Webhook message');
    const reset = await resetForReplay(tx, message);
    if (reset === 0)
      throw invalidState('No webhook endpoint receives this message', {
        field: 'endpoint',
        value: null,
        reason: 'NO_ENDPOINT',
      });
    return (await lockMessage(tx, organizationId, eventId))!;
  });
  const [full] = await withAttempts(db, [row]);
  return toMessageView(full);
}

/** GET /v1/webhooks/event-types: every type a receiver may get, with the JSON Schema of its payload. */
export function listEventTypes() {
  return {
    data: Object.entries(EVENT_PAYLOADS).map(([type, payload]) => {
      const { $schema: _drop, ...schema } = z.toJSONSchema(payload as z.ZodType, {
        target: 'draft-2020-12',
        io: 'output',
        unrepresentable: 'any',
      }) as Record<string, unknown>;
      return { type, version: EVENT_VERSION, schema };
    }),
  };
}
