import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { recordset } from '../../../db/recordset.js';
import {
  affiliations,
  companies,
  storedCards,
  threeDsSessions,
  type ThreeDsSessionRow,
} from '../../../db/schema/index.js';
import type { CompanyPrincipal } from '../../../kernel/context.js';
import { ownedRowsInReach } from '../../../kernel/tenancy.js';
import { must } from '../../../kernel/must.js';

/** SQL of 3DS sessions only; every function takes the caller's executor. */

export type NewSession = typeof threeDsSessions.$inferInsert;

export async function insertSession(tx: Executor, row: NewSession): Promise<ThreeDsSessionRow> {
  return must((await tx.insert(threeDsSessions).values(row).returning())[0], 'an insert returns the row it wrote');
}

export async function findSession(tx: Executor, id: string): Promise<ThreeDsSessionRow | undefined> {
  const [row] = await tx.select().from(threeDsSessions).where(eq(threeDsSessions.id, id)).limit(1);
  return row;
}

/** The merchant the cardholder pays, as the challenge page names it (its trading name). */
export async function merchantNameOf(tx: Executor, companyId: string): Promise<string> {
  const [row] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.name ?? '';
}

/** Locked for a read-modify-write (a status move, its use by a transaction). */
export async function lockSession(
  tx: Executor,
  id: string,
  companyId?: string,
): Promise<ThreeDsSessionRow | undefined> {
  const where =
    companyId === undefined
      ? eq(threeDsSessions.id, id)
      : and(eq(threeDsSessions.id, id), eq(threeDsSessions.companyId, companyId));
  const [row] = await tx.select().from(threeDsSessions).where(where).limit(1).for('update');
  return row;
}

/**
 * Several sessions locked at once, in id order (two batches locking overlapping sessions cannot deadlock), each
 * only if it belongs to one of `companyIds` (the caller pairs each row with its company).
 */
export function lockSessions(
  tx: Executor,
  ids: readonly string[],
  companyIds: readonly string[],
): Promise<ThreeDsSessionRow[]> {
  return tx
    .select()
    .from(threeDsSessions)
    .where(and(inArray(threeDsSessions.id, [...ids]), inArray(threeDsSessions.companyId, [...companyIds])))
    .orderBy(asc(threeDsSessions.id))
    .for('update');
}

/** Marks sessions used by their transactions, one statement (rows locked by `lockSessions` in this transaction). */
export async function markSessionsUsed(
  tx: Executor,
  uses: readonly { id: string; transactionId: string; updatedAt: Date }[],
): Promise<void> {
  if (uses.length === 0) return;
  const rows = uses.map((u) => ({ id: u.id, transaction_id: u.transactionId, updated_at: u.updatedAt.toISOString() }));
  await tx.execute(sql`update three_ds_sessions s set transaction_id = r.transaction_id, updated_at = r.updated_at
    from ${recordset(rows, 'id uuid, transaction_id uuid, updated_at timestamptz')} as r
    where s.id = r.id`);
}

export async function findSessionInReach(
  tx: Executor,
  principal: CompanyPrincipal,
  id: string,
): Promise<ThreeDsSessionRow | undefined> {
  const reach = ownedRowsInReach(principal, {
    companyId: threeDsSessions.companyId,
    organizationId: threeDsSessions.organizationId,
  });
  const [row] = await tx
    .select()
    .from(threeDsSessions)
    .where(and(eq(threeDsSessions.id, id), eq(threeDsSessions.announced, true), reach))
    .limit(1);
  return row;
}

export async function updateSession(
  tx: Executor,
  id: string,
  changes: Partial<NewSession>,
): Promise<ThreeDsSessionRow> {
  return must(
    (await tx.update(threeDsSessions).set(changes).where(eq(threeDsSessions.id, id)).returning())[0],
    'an update by id finds the row its caller read',
  );
}

export async function companyStatus(tx: Executor, companyId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.status;
}

export const affiliationsOf = (tx: Executor, companyId: string) =>
  tx
    .select({ provider: affiliations.provider, status: affiliations.status, createdAt: affiliations.createdAt })
    .from(affiliations)
    .where(eq(affiliations.companyId, companyId));

/** A stored card of that company (the ciphertext included: it goes to the provider, never to a view). */
export async function storedCardOf(tx: Executor, companyId: string, cardId: string) {
  const [row] = await tx
    .select()
    .from(storedCards)
    .where(and(eq(storedCards.id, cardId), eq(storedCards.companyId, companyId)))
    .limit(1);
  return row;
}
