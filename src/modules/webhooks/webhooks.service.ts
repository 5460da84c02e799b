import type { Database } from '../../db/client.js';
import { conflict, invalidState, notFound } from '../../kernel/errors.js';
import { offsetOf, paginate, type CommonListFilters } from '../../http/pagination.js';
import { endpointExists, listMessages, lockMessage, resetForReplay, withAttempts } from './messages.repo.js';
import { toMessageView } from './webhooks.views.js';

export async function listOrganizationMessages(db: Database, organizationId: string, q: CommonListFilters & { type?: string[] }) {
  const ascending = q.sort?.[0]?.descending === false;
  const { rows, total } = await listMessages(
    db,
    organizationId,
    { status: q.status, type: q.type, createdFrom: q.created_at_from, createdTo: q.created_at_to },
    { offset: offsetOf(q), limit: q.limit, ascending },
  );
  return { data: rows.map(toMessageView), pagination: paginate(q.page, q.limit, total) };
}

/**
 * Replays a message: a new run of the retry schedule, same event id (receivers deduplicate by it). FAILED and
 * DELIVERED messages replay; a PENDING one is already on its way (409). Needs an endpoint to deliver to.
 */
export async function replayMessage(db: Database, organizationId: string, eventId: string) {
  const row = await db.transaction(async (tx) => {
    const message = await lockMessage(tx, organizationId, eventId);
    if (!message) throw notFound('Webhook message');
    if (message.status === 'PENDING') throw conflict('The message is already pending delivery', 'status', message.status);
    if (!(await endpointExists(tx, organizationId))) throw invalidState('No webhook endpoint is configured for the organization');
    return resetForReplay(tx, eventId);
  });
  const [full] = await withAttempts(db, [row]);
  return toMessageView(full);
}
