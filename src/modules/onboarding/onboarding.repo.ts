import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  affiliations,
  biometricVerifications,
  companies,
  onboardingAnswers,
  onboardingDocuments,
  onboardingRequirements,
  type AffiliationRow,
  type DocumentRow,
  type RequirementRow,
  type RequirementStatus,
} from '../../db/schema/index.js';

export type NewRequirementRow = typeof onboardingRequirements.$inferInsert;
export type NewDocumentRow = typeof onboardingDocuments.$inferInsert;

/**
 * Serializes onboarding changes of one company (reads that reconcile, uploads, reviews, answers) for the
 * rest of the transaction. Taken first in every such transaction, before any row lock, so that multi-row
 * status updates never meet in opposite orders. An advisory lock rather than a company row lock: foreign-key
 * checks take KEY SHARE locks on the company row, which a FOR UPDATE would wait on (and deadlock with).
 */
export async function lockCompanyOnboarding(tx: Executor, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`onboarding:${companyId}`}, 0))`);
}

/** A company's requirements for one provider, oldest first (insertion order breaks equal timestamps). */
export function selectRequirements(tx: Executor, companyId: string, provider: string): Promise<RequirementRow[]> {
  return tx
    .select()
    .from(onboardingRequirements)
    .where(and(eq(onboardingRequirements.companyId, companyId), eq(onboardingRequirements.provider, provider)))
    .orderBy(asc(onboardingRequirements.createdAt), asc(onboardingRequirements.seq));
}

export async function findRequirement(tx: Executor, id: string, lock = false): Promise<RequirementRow | undefined> {
  const query = tx.select().from(onboardingRequirements).where(eq(onboardingRequirements.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Inserts rows; BASE rows racing a concurrent read hit the unique index and are skipped, not duplicated. */
export async function insertRequirements(tx: Executor, rows: NewRequirementRow[]): Promise<RequirementRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(onboardingRequirements).values(rows).onConflictDoNothing().returning();
}

export async function waiveByShape(tx: Executor, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(onboardingRequirements)
    .set({ waivedBy: 'SHAPE', waivedAt: now, status: 'WAIVED', updatedAt: now })
    .where(and(inArray(onboardingRequirements.id, ids), isNull(onboardingRequirements.waivedBy)));
}

export async function restoreFromShape(tx: Executor, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(onboardingRequirements)
    .set({ waivedBy: null, waivedAt: null, updatedAt: now })
    .where(and(inArray(onboardingRequirements.id, ids), eq(onboardingRequirements.waivedBy, 'SHAPE')));
}

export async function waiveByStaff(tx: Executor, id: string, reason: string | null, now: Date): Promise<void> {
  await tx
    .update(onboardingRequirements)
    .set({ waivedBy: 'STAFF', waivedAt: now, waiveReason: reason, status: 'WAIVED', updatedAt: now })
    .where(eq(onboardingRequirements.id, id));
}

/** Persists derived statuses with one statement, whatever the number of rows. */
export async function updateStatuses(
  tx: Executor,
  changes: { id: string; status: RequirementStatus }[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const values = sql.join(
    changes.map((c) => sql`(${c.id}::uuid, ${c.status}::text)`),
    sql`, `,
  );
  await tx.execute(sql`update onboarding_requirements as r set status = v.status, updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(id, status) where r.id = v.id`);
}

export function selectDocuments(tx: Executor, companyId: string): Promise<DocumentRow[]> {
  return tx.select().from(onboardingDocuments).where(eq(onboardingDocuments.companyId, companyId));
}

export function selectBiometrics(tx: Executor, companyId: string) {
  return tx.select().from(biometricVerifications).where(eq(biometricVerifications.companyId, companyId));
}

export function selectAnswers(tx: Executor, companyId: string) {
  return tx.select().from(onboardingAnswers).where(eq(onboardingAnswers.companyId, companyId));
}

const owner = alias(companies, 'owner_organization');

/**
 * APPROVED uploads about these subjects held by companies of other organizations that share their documents
 * (product.md §6 "Sharing"). Copies are never shared on: only the validated originals are.
 */
export function selectShareable(tx: Executor, organizationId: string, subjects: string[]): Promise<DocumentRow[]> {
  return tx
    .select({ doc: onboardingDocuments })
    .from(onboardingDocuments)
    .innerJoin(owner, eq(owner.id, onboardingDocuments.organizationId))
    .where(
      and(
        inArray(onboardingDocuments.subjectDocumentNumber, subjects),
        eq(onboardingDocuments.status, 'APPROVED'),
        eq(onboardingDocuments.origin, 'UPLOAD'),
        ne(onboardingDocuments.organizationId, organizationId),
        eq(owner.shareDocuments, true),
      ),
    )
    .then((rows) => rows.map((r) => r.doc));
}

/** Inserts SHARED copies; a copy a concurrent read already made is skipped (unique index), so one copy exists. */
export async function insertSharedCopies(tx: Executor, rows: NewDocumentRow[]): Promise<DocumentRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(onboardingDocuments).values(rows).onConflictDoNothing().returning();
}

export async function findAffiliation(
  tx: Executor,
  companyId: string,
  provider: string,
): Promise<AffiliationRow | undefined> {
  const [row] = await tx
    .select()
    .from(affiliations)
    .where(and(eq(affiliations.companyId, companyId), eq(affiliations.provider, provider)))
    .limit(1);
  return row;
}

export function selectCompanyAffiliations(tx: Executor, companyId: string): Promise<AffiliationRow[]> {
  return tx
    .select()
    .from(affiliations)
    .where(eq(affiliations.companyId, companyId))
    .orderBy(desc(affiliations.createdAt));
}

/**
 * Moves an affiliation only if it still has the status this transaction read: of two concurrent
 * re-evaluations exactly one moves it, so exactly one event is recorded.
 */
export async function moveAffiliation(
  tx: Executor,
  row: AffiliationRow,
  changes: Pick<AffiliationRow, 'status' | 'onboardingUrl' | 'providerStatusMessage'>,
  now: Date,
): Promise<AffiliationRow | undefined> {
  const [updated] = await tx
    .update(affiliations)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(affiliations.id, row.id), eq(affiliations.status, row.status)))
    .returning();
  return updated;
}
