import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { apiKeys, type ApiKeyRow } from '../../db/schema/index.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import { generateApiKey, hashApiKey, keyDisplayPrefix } from '../../http/api-keys.js';
import { isActive, last4 } from './api-keys.rules.js';
import { must } from '../../kernel/must.js';

export interface KeyOwner {
  id: string;
  kind: 'ORGANIZATION' | 'MERCHANT';
  /** Null for an organization (it owns itself). */
  organizationId: string | null;
}

/**
 * Issues a key for a company: the one place keys are made (company creates, API key creates and rolls).
 * Returns the stored record and the key, which exists nowhere else afterwards.
 */
export async function issueKey(
  tx: Executor,
  owner: KeyOwner,
  fields: { now: Date; description?: string | null; expiresAt?: Date | null },
): Promise<{ row: ApiKeyRow; apiKey: string }> {
  const apiKey = generateApiKey(owner.kind);
  const row = must(
    (
      await tx
        .insert(apiKeys)
        .values({
          id: randomUUID(),
          companyId: owner.id,
          organizationId: owner.organizationId ?? owner.id,
          kind: owner.kind,
          keyHash: hashApiKey(apiKey),
          keyPrefix: keyDisplayPrefix(apiKey),
          last4: last4(apiKey),
          description: fields.description ?? null,
          createdAt: fields.now,
          expiresAt: fields.expiresAt ?? null,
        })
        .returning()
    )[0],
    'an insert returns the row it wrote',
  );
  return { row, apiKey };
}

export async function findKey(tx: Executor, where: SQL, lock = false): Promise<ApiKeyRow | undefined> {
  const query = tx.select().from(apiKeys).where(where).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Every key of a company, locked in id order (revocations of one company's keys queue behind each other). */
export async function lockCompanyKeys(tx: Executor, companyId: string): Promise<ApiKeyRow[]> {
  return tx.select().from(apiKeys).where(eq(apiKeys.companyId, companyId)).orderBy(asc(apiKeys.id)).for('update');
}

/** A revocation or a roll: `changed_at` in database time (clock_timestamp: close to the commit) for the pollers. */
export async function updateKey(
  tx: Executor,
  id: string,
  changes: Partial<Pick<ApiKeyRow, 'expiresAt' | 'revokedAt'>>,
): Promise<ApiKeyRow> {
  return must(
    (
      await tx
        .update(apiKeys)
        .set({ ...changes, changedAt: sql`clock_timestamp()` })
        .where(eq(apiKeys.id, id))
        .returning()
    )[0],
    'an update by id finds the row its caller read',
  );
}

/**
 * A company's status moved to or from BLOCKED (product.md §14): its keys and its merchants' keys are marked
 * changed, so instances polling `recentlyChangedKeyIds` drop them from their caches like a revocation.
 */
export async function touchCompanyKeys(tx: Executor, companyId: string): Promise<void> {
  await tx
    .update(apiKeys)
    .set({ changedAt: sql`clock_timestamp()` })
    .where(
      sql`${apiKeys.companyId} in (select id from companies where id = ${companyId} or organization_id = ${companyId})`,
    );
}

/**
 * Keys revoked or rolled in the last `windowSeconds` (database time, so instances' clocks do not matter).
 * Polled each second, the window re-reads a few seconds so a change committed late is still seen.
 */
export async function recentlyChangedKeyIds(db: Executor, windowSeconds = 5): Promise<string[]> {
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(sql`${apiKeys.changedAt} > clock_timestamp() - make_interval(secs => ${windowSeconds})`);
  return rows.map((r) => r.id);
}

const listColumns = { id: apiKeys.id, createdAt: apiKeys.createdAt };

export function listKeys(db: Executor, scope: SQL, q: CommonListFilters & { company_id?: string }) {
  return selectPage(
    db,
    apiKeys,
    and(scope, ...(q.company_id ? [eq(apiKeys.companyId, q.company_id)] : [])),
    q,
    listColumns,
  );
}

/** Whether a key exists and still works at `now` (the sandbox start checks the key it prints). */
export async function keyWorks(db: Executor, apiKey: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashApiKey(apiKey)))
    .limit(1);
  return !!row && isActive(row, now);
}

/** Sandbox start: fills the last4 of a key issued before 0610, which only the holder of the key can know. */
export async function backfillLast4(db: Executor, apiKey: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ last4: last4(apiKey) })
    .where(and(eq(apiKeys.keyHash, hashApiKey(apiKey)), isNull(apiKeys.last4)));
}
