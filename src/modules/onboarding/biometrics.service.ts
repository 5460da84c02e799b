import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { biometricVerifications, companies, type BiometricRow } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { claimRequestId } from '../../kernel/idempotency.js';
import { merchantPathCompany } from '../../kernel/tenancy.js';
import { findCompany } from '../companies/companies.repo.js';
import { organizationIdOf, type EngineContext } from './engine.js';
import { lockCompanyOnboarding } from './onboarding.repo.js';
import { reevaluateAffiliations } from './requirements.service.js';
import { BIOMETRIC_REVIEW_JOB, scheduleAutopilotReview } from './onboarding.job-kinds.js';
import { must } from '../../kernel/must.js';

/** A biometric capture starts PENDING; a new capture moves a REJECTED row back to PENDING (product.md §6). */
export function createBiometric(
  db: Database,
  ctx: EngineContext,
  principal: CompanyPrincipal,
  merchantId: string,
  input: { subject_document_number: string; request_id?: string },
): Promise<{ row: BiometricRow; replayed: boolean }> {
  return db.transaction(async (tx) => {
    const company = await merchantPathCompany(tx, principal, merchantId);
    await lockCompanyOnboarding(tx, company.id);
    const id = randomUUID();
    if (input.request_id) {
      const existing = await claimRequestId(tx, {
        companyId: company.id,
        scope: 'biometric-verification',
        requestId: input.request_id,
        body: input,
        resourceId: id,
      });
      if (existing) {
        const [row] = await tx.select().from(biometricVerifications).where(eq(biometricVerifications.id, existing));
        if (!row) throw notFound('Biometric verification');
        return { row, replayed: true };
      }
    }
    const now = ctx.clock.now(organizationIdOf(company));
    const row = must(
      (
        await tx
          .insert(biometricVerifications)
          .values({
            id,
            companyId: company.id,
            organizationId: organizationIdOf(company),
            subjectDocumentNumber: input.subject_document_number,
            status: 'PENDING',
            createdAt: now,
            updatedAt: now,
          })
          .returning()
      )[0],
      'an insert returns the row it wrote',
    );
    await scheduleAutopilotReview(tx, ctx, BIOMETRIC_REVIEW_JOB, row.id, row.organizationId, now);
    await reevaluateAffiliations(tx, ctx, company);
    return { row, replayed: false };
  });
}

/** Sandbox review of a capture; the requirement and affiliation follow in the same transaction. */
export function reviewBiometric(
  db: Database,
  ctx: EngineContext,
  id: string,
  decision: 'APPROVED' | 'REJECTED',
  onlyFrom?: BiometricRow['status'],
): Promise<BiometricRow> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ companyId: biometricVerifications.companyId })
      .from(biometricVerifications)
      .where(eq(biometricVerifications.id, id));
    if (!found) throw notFound('Biometric verification');
    await lockCompanyOnboarding(tx, found.companyId);
    const current = must(
      (await tx.select().from(biometricVerifications).where(eq(biometricVerifications.id, id)))[0],
      "the row found above is still there under its company's lock",
    );
    if (current.status === decision || (onlyFrom && current.status !== onlyFrom)) return current;
    const row = must(
      (
        await tx
          .update(biometricVerifications)
          .set({ status: decision, updatedAt: ctx.clock.now(current.organizationId) })
          .where(eq(biometricVerifications.id, id))
          .returning()
      )[0],
      'an update by id finds the row read before it',
    );
    const company = await findCompany(tx, eq(companies.id, row.companyId));
    if (company) await reevaluateAffiliations(tx, ctx, company);
    return row;
  });
}
