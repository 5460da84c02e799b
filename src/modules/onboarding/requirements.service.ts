import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, desc } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import {
  companies,
  onboardingAnswers,
  onboardingDocuments,
  type CompanyRow,
  type RequirementRow,
} from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { badRequest, forbidden, invalidState, notFound } from '../../kernel/errors.js';
import { claimRequestId, PLATFORM_SCOPE } from '../../kernel/idempotency.js';
import { merchantPathCompany } from '../../kernel/tenancy.js';
import { findCompany } from '../companies/companies.repo.js';
import { evaluate, organizationIdOf, type EngineContext } from './engine.js';
import {
  findRequirement,
  insertRequirements,
  lockCompanyOnboarding,
  selectCompanyAffiliations,
  waiveByStaff,
} from './onboarding.repo.js';
import type { RequirementView } from './onboarding.schemas.js';
import { takesAnswers } from './requirements.rules.js';

import { readSnapshot } from './snapshot-read.js';
import { must } from '../../kernel/must.js';

export const ONBOARDING_NOT_AVAILABLE = 'Company onboarding is not available yet';

/** The organization's switch (product.md §6): off, the requirements read answers 403 with the contract's message. */
async function assertOnboardingAvailable(tx: Tx, company: CompanyRow): Promise<void> {
  const organization =
    company.kind === 'ORGANIZATION' ? company : await findCompany(tx, eq(companies.id, organizationIdOf(company)));
  if (!organization?.companyOnboardingEnabled) throw forbidden(ONBOARDING_NOT_AVAILABLE);
}

/** GET …/onboarding-requirements: reconcile, share, derive, persist and re-evaluate the affiliation, in one transaction. */
export async function readRequirements(
  db: Database,
  ctx: EngineContext,
  principal: CompanyPrincipal,
  merchantId: string,
  provider: string,
): Promise<RequirementView[]> {
  // Most reads change nothing: a single-statement snapshot answers those without the company lock.
  const snapshot = await readSnapshot(db, ctx, principal, merchantId, provider);
  if (snapshot.kind === 'not-found') throw notFound('Merchant');
  if (snapshot.kind === 'onboarding-unavailable') throw forbidden(ONBOARDING_NOT_AVAILABLE);
  if (snapshot.kind === 'unchanged') return snapshot.views;
  return db.transaction(async (tx) => {
    const company = await merchantPathCompany(tx, principal, merchantId);
    await assertOnboardingAvailable(tx, company);
    return evaluate(tx, ctx, company, provider, { share: true });
  });
}

/** After any change of evidence: re-derive every provider the company has an affiliation with (same transaction). */
export async function reevaluateAffiliations(
  tx: Tx,
  ctx: EngineContext,
  company: CompanyRow,
  only?: string,
): Promise<void> {
  for (const affiliation of await selectCompanyAffiliations(tx, company.id)) {
    if (affiliation.provider === 'INTERNAL' || (only !== undefined && affiliation.provider !== only)) continue;
    await evaluate(tx, ctx, company, affiliation.provider, { share: false });
  }
}

/** Re-derives the provider's rows and picks one out: the answer of every single-row change. */
async function viewOf(tx: Tx, ctx: EngineContext, company: CompanyRow, row: RequirementRow): Promise<RequirementView> {
  const views = await evaluate(tx, ctx, company, row.provider, { share: false });
  const view = views.find((v) => v.id === row.id);
  if (!view) throw new Error('requirement vanished');
  return view;
}

async function companyOf(tx: Tx, companyId: string, lock = false): Promise<CompanyRow> {
  const company = await findCompany(tx, eq(companies.id, companyId), lock);
  if (!company) throw notFound('Company');
  return company;
}

export interface NewRequirementInput {
  type: string;
  subject_document_number: string;
  subject_role: RequirementRow['subjectRole'];
  description: string;
}

/** Staff rows (`STAFF`) and provider review rows (`PROVIDER_REQUEST`): added, then derived like any other row. */
export function addRequirements(
  db: Database,
  ctx: EngineContext,
  companyId: string,
  origin: 'STAFF' | 'PROVIDER_REQUEST',
  provider: string,
  inputs: NewRequirementInput[],
  requestId?: string,
): Promise<{ views: RequirementView[]; replayed: boolean }> {
  return db.transaction(async (tx) => {
    const company = await companyOf(tx, companyId);
    await lockCompanyOnboarding(tx, company.id);
    let ids: string[] = inputs.map(() => randomUUID());
    let replayed = false;
    if (requestId) {
      const existing = await claimRequestId(tx, {
        companyId: PLATFORM_SCOPE,
        scope: `onboarding-requirement:${companyId}`,
        requestId,
        body: inputs,
        resourceId: must(ids[0], 'a request names at least one requirement'),
      });
      if (existing) {
        ids = [existing];
        replayed = true;
      }
    }
    if (!replayed) {
      const now = ctx.clock.now(organizationIdOf(company));
      await insertRequirements(
        tx,
        inputs.map((input, i) => ({
          id: must(ids[i], 'one id per input'),
          companyId: company.id,
          organizationId: organizationIdOf(company),
          provider,
          type: input.type,
          subjectDocumentNumber: input.subject_document_number,
          subjectRole: input.subject_role,
          origin,
          description: input.description,
          status: 'PENDING' as const,
          createdAt: new Date(now.getTime() + i),
          updatedAt: new Date(now.getTime() + i),
        })),
      );
    }
    const views = await evaluate(tx, ctx, company, provider, { share: false });
    const wanted = new Set(ids);
    return { views: views.filter((v) => wanted.has(v.id)), replayed };
  });
}

/** Staff waiver: stands whatever evidence arrives later (product.md §6). Waiving again changes nothing. */
export function waiveRequirement(
  db: Database,
  ctx: EngineContext,
  id: string,
  reason: string | null,
): Promise<RequirementView> {
  return db.transaction(async (tx) => {
    const found = await findRequirement(tx, id);
    if (!found) throw notFound('Onboarding requirement');
    await lockCompanyOnboarding(tx, found.companyId);
    const row = (await findRequirement(tx, id))!;
    if (row.waivedBy !== 'STAFF') await waiveByStaff(tx, id, reason, ctx.clock.now(row.organizationId));
    return viewOf(tx, ctx, await companyOf(tx, row.companyId), row);
  });
}

/** POST …/onboarding-requirements/{id}/answers: INFORMATION text, or an EVIDENCE_PACKAGE closed with its files. */
export function answerRequirement(
  db: Database,
  ctx: EngineContext,
  principal: CompanyPrincipal,
  merchantId: string,
  requirementId: string,
  input: { answer: string; onboarding_document_ids?: string[]; request_id?: string },
): Promise<{ view: RequirementView; replayed: boolean }> {
  return db.transaction(async (tx) => {
    const company = await merchantPathCompany(tx, principal, merchantId);
    await lockCompanyOnboarding(tx, company.id);
    const row = await findRequirement(tx, requirementId);
    if (!row || row.companyId !== company.id) throw notFound('Onboarding requirement');
    if (!takesAnswers(row.type))
      throw badRequest(
        `A ${row.type} requirement takes no answer; only INFORMATION and EVIDENCE_PACKAGE do`,
        'requirementId',
        requirementId,
      );
    const attachments = [...new Set(input.onboarding_document_ids ?? [])];
    if (row.type === 'INFORMATION' && attachments.length > 0) {
      throw badRequest(
        'An INFORMATION requirement takes a text answer without attachments',
        'onboarding_document_ids',
        input.onboarding_document_ids,
      );
    }
    if (row.type === 'EVIDENCE_PACKAGE' && attachments.length === 0) {
      throw badRequest(
        'An EVIDENCE_PACKAGE answer closes the package: attach its files in onboarding_document_ids',
        'onboarding_document_ids',
        null,
      );
    }
    if (attachments.length > 0) {
      const owned = await tx
        .select({ id: onboardingDocuments.id })
        .from(onboardingDocuments)
        .where(and(inArray(onboardingDocuments.id, attachments), eq(onboardingDocuments.companyId, company.id)));
      const ownedIds = new Set(owned.map((d) => d.id));
      const foreign = attachments.filter((id) => !ownedIds.has(id));
      // Another company's document is outside reach: 404, like any foreign id, so its existence stays hidden.
      if (foreign.length > 0) throw notFound('Onboarding document');
    }
    const answerId = randomUUID();
    const replay = input.request_id
      ? await claimRequestId(tx, {
          companyId: company.id,
          scope: `onboarding-answer:${row.id}`,
          requestId: input.request_id,
          body: input,
          resourceId: answerId,
        })
      : null;
    if (!replay) {
      await tx.insert(onboardingAnswers).values({
        id: answerId,
        requirementId: row.id,
        companyId: company.id,
        organizationId: organizationIdOf(company),
        answer: input.answer,
        onboardingDocumentIds: attachments,
        createdAt: ctx.clock.now(organizationIdOf(company)),
      });
    }
    return { view: await viewOf(tx, ctx, company, row), replayed: replay !== null };
  });
}

/** Sandbox: the provider refuses the latest answer of a requirement. */
export function refuseLatestAnswer(
  db: Database,
  ctx: EngineContext,
  requirementId: string,
  reason: string | null,
): Promise<RequirementView> {
  return db.transaction(async (tx) => {
    const row = await findRequirement(tx, requirementId);
    if (!row) throw notFound('Onboarding requirement');
    await lockCompanyOnboarding(tx, row.companyId);
    const [latest] = await tx
      .select()
      .from(onboardingAnswers)
      .where(eq(onboardingAnswers.requirementId, row.id))
      .orderBy(desc(onboardingAnswers.createdAt), desc(onboardingAnswers.id))
      .limit(1);
    if (!latest)
      throw invalidState('This requirement has no answer to refuse', { field: 'requirementId', value: requirementId });
    if (!latest.refusedAt) {
      await tx
        .update(onboardingAnswers)
        .set({ refusedAt: ctx.clock.now(row.organizationId), refusalReason: reason })
        .where(and(eq(onboardingAnswers.id, latest.id), isNull(onboardingAnswers.refusedAt)));
    }
    return viewOf(tx, ctx, await companyOf(tx, row.companyId), row);
  });
}
