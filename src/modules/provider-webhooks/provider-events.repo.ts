import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  providerAccounts,
  providerEvents,
  type NewProviderEventRow,
  type ProviderAccountRow,
  type ProviderEventRow,
} from '../../db/schema/index.js';
import { allOf, commonFilters, offsetOf, orderBy, type CommonListFilters } from '../../http/pagination.js';
import { must } from '../../kernel/must.js';

/** SQL of provider events only (providers.md R4.4-R4.6). */

export async function findAccountForWebhook(db: Executor, id: string): Promise<ProviderAccountRow | undefined> {
  const [row] = await db.select().from(providerAccounts).where(eq(providerAccounts.id, id)).limit(1);
  return row;
}

/**
 * Stores each event once per (account, dedupe_key): a key seen before only counts a duplicate on the first row
 * (R4.4). Returns the rows stored new (the ones the caller enqueues). One insert for all the rows (a key twice
 * among them: the first is stored, the second counts a duplicate), then one update per row not stored.
 */
export async function storeEvents(tx: Executor, rows: NewProviderEventRow[], now: Date): Promise<ProviderEventRow[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(providerEvents)
    .values(rows)
    .onConflictDoNothing({ target: [providerEvents.providerAccountId, providerEvents.dedupeKey] })
    .returning();
  const byId = new Map(inserted.map((r) => [r.id, r]));
  const stored: ProviderEventRow[] = [];
  for (const row of rows) {
    const mine = byId.get(row.id);
    if (mine) {
      stored.push(mine);
      continue;
    }
    await tx
      .update(providerEvents)
      .set({ duplicates: sql`${providerEvents.duplicates} + 1`, updatedAt: row.updatedAt ?? now })
      .where(
        and(eq(providerEvents.providerAccountId, row.providerAccountId), eq(providerEvents.dedupeKey, row.dedupeKey)),
      );
  }
  return stored;
}

export async function findEvent(ex: Executor, id: string, lock = false): Promise<ProviderEventRow | undefined> {
  const q = ex.select().from(providerEvents).where(eq(providerEvents.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateEvent(
  ex: Executor,
  id: string,
  set: Partial<NewProviderEventRow>,
): Promise<ProviderEventRow> {
  return must(
    (await ex.update(providerEvents).set(set).where(eq(providerEvents.id, id)).returning())[0],
    'an update by id finds the row its caller read',
  );
}

/** True when an event of the same account received before this one has not been tried yet (R4.5's order). */
export async function earlierUntried(
  ex: Executor,
  event: Pick<ProviderEventRow, 'providerAccountId' | 'receivedSeq'>,
): Promise<boolean> {
  const [row] = await ex
    .select({ id: providerEvents.id })
    .from(providerEvents)
    .where(
      and(
        eq(providerEvents.providerAccountId, event.providerAccountId),
        eq(providerEvents.status, 'PENDING'),
        sql`${providerEvents.receivedSeq} < ${event.receivedSeq}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface ProviderEventFilters {
  provider_account_id?: string;
  provider?: string[];
  effect?: string[];
  event_type?: string[];
  resource_type?: string[];
  resource_id?: string;
  dedupe_key?: string;
}

export async function listEvents(
  db: Executor,
  q: CommonListFilters & ProviderEventFilters,
): Promise<{ rows: ProviderEventRow[]; total: number }> {
  const cols = {
    id: providerEvents.id,
    createdAt: providerEvents.createdAt,
    status: providerEvents.status,
    sortable: { occurred_at: providerEvents.occurredAt },
  };
  const filters: (SQL | undefined)[] = [
    ...commonFilters(q, cols),
    q.provider_account_id ? eq(providerEvents.providerAccountId, q.provider_account_id) : undefined,
    q.provider?.length ? inArray(providerEvents.provider, q.provider) : undefined,
    q.effect?.length ? inArray(providerEvents.effect, q.effect as never[]) : undefined,
    q.event_type?.length ? inArray(providerEvents.eventType, q.event_type) : undefined,
    q.resource_type?.length ? inArray(providerEvents.resourceType, q.resource_type as never[]) : undefined,
    q.resource_id ? eq(providerEvents.resourceId, q.resource_id) : undefined,
    q.dedupe_key ? eq(providerEvents.dedupeKey, q.dedupe_key) : undefined,
  ];
  const where = allOf(filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(providerEvents)
      .where(where)
      .orderBy(...orderBy(q, cols))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(providerEvents).where(where),
  ]);
  const total = counted?.total ?? 0; // a count without group by answers one row
  return { rows, total };
}

/** For tests and staff tooling: an account's events in the order received. */
export function eventsOfAccount(ex: Executor, accountId: string): Promise<ProviderEventRow[]> {
  return ex
    .select()
    .from(providerEvents)
    .where(eq(providerEvents.providerAccountId, accountId))
    .orderBy(asc(providerEvents.receivedSeq));
}
