import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  affiliations,
  biometricVerifications,
  companies,
  onboardingDocuments,
  providerAccounts,
  type AffiliationRow,
} from '../../db/schema/index.js';

/** The affiliation a link names, only when it still belongs to the company the link names. */
export async function findLinkedAffiliation(
  db: Executor,
  affiliationId: string,
  companyId: string,
): Promise<(AffiliationRow & { companyName: string; companyStatus: string }) | undefined> {
  const [row] = await db
    .select({ affiliation: affiliations, companyName: companies.name, companyStatus: companies.status })
    .from(affiliations)
    .innerJoin(companies, eq(companies.id, affiliations.companyId))
    .where(and(eq(affiliations.id, affiliationId), eq(affiliations.companyId, companyId)));
  return row ? { ...row.affiliation, companyName: row.companyName, companyStatus: row.companyStatus } : undefined;
}

/** The company's captures still PENDING, newest per subject (the page offers the sandbox approval of these). */
export async function pendingCaptures(db: Executor, companyId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({
      id: biometricVerifications.id,
      subject: biometricVerifications.subjectDocumentNumber,
      createdAt: biometricVerifications.createdAt,
    })
    .from(biometricVerifications)
    .where(and(eq(biometricVerifications.companyId, companyId), eq(biometricVerifications.status, 'PENDING')));
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return new Map(rows.map((r) => [r.subject, r.id]));
}

/** A capture of this company (another company's id answers as absent). */
export async function findCompanyCapture(db: Executor, id: string, companyId: string) {
  const [row] = await db
    .select()
    .from(biometricVerifications)
    .where(and(eq(biometricVerifications.id, id), eq(biometricVerifications.companyId, companyId)));
  return row;
}

/** The company's documents as the page lists them under each row (type, subject, review status), oldest first. */
export async function receivedDocuments(db: Executor, companyId: string) {
  const rows = await db
    .select({
      fileType: onboardingDocuments.fileType,
      subject: onboardingDocuments.subjectDocumentNumber,
      status: onboardingDocuments.status,
      createdAt: onboardingDocuments.createdAt,
    })
    .from(onboardingDocuments)
    .where(eq(onboardingDocuments.companyId, companyId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
export type ReceivedDocument = Awaited<ReturnType<typeof receivedDocuments>>[number];

/**
 * The provider as the page names it: its account's display name (staff set it), else the code made readable
 * (`PROVIDER_A` -> `Provider A`), never the raw enum (issue 27, finding 9).
 */
export async function providerDisplayName(db: Executor, provider: string): Promise<string> {
  const [row] = await db
    .select({ name: providerAccounts.displayName })
    .from(providerAccounts)
    .where(eq(providerAccounts.provider, provider))
    .limit(1);
  return row?.name ?? readableCode(provider);
}

export const readableCode = (code: string) =>
  code
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word, i) => (i === 0 || word.length > 1 ? word[0]!.toUpperCase() + word.slice(1) : word.toUpperCase()))
    .join(' ');
