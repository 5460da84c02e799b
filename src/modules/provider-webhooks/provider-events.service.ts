import type { Database } from '../../db/client.js';
import type { ProviderEventRow } from '../../db/schema/index.js';
import type { CommonListFilters } from '../../http/pagination.js';
import { conflict, notFound } from '../../kernel/errors.js';
import { processEvent, type ProcessDeps } from './processing.service.js';
import { findEvent, listEvents, type ProviderEventFilters } from './provider-events.repo.js';

/** R4.6 (staff): provider events are platform records (no tenant reach applies: staff see every account's). */
export const listProviderEvents = (db: Database, q: CommonListFilters & ProviderEventFilters) => listEvents(db, q);

export async function getProviderEvent(db: Database, id: string): Promise<ProviderEventRow> {
  const row = await findEvent(db, id);
  if (!row) throw notFound('Provider event');
  return row;
}

/** Processes an UNMATCHED or FAILED event again now (409 on `status` otherwise) and answers it as it ends. */
export async function reprocessProviderEvent(deps: ProcessDeps, id: string): Promise<ProviderEventRow> {
  const row = await getProviderEvent(deps.db, id);
  if (row.status !== 'UNMATCHED' && row.status !== 'FAILED')
    throw conflict(`A provider event in status ${row.status} is not reprocessed`, 'status', row.status);
  return (await processEvent(deps, id))!;
}
