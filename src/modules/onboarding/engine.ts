import { scheduleAccountOpening } from '../banking/account-opening.js';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  companies,
  type AffiliationRow,
  type CompanyRow,
  type DocumentRow,
  type RequirementRow,
} from '../../db/schema/index.js';
import { recordEvent, recordEvents } from '../../events/outbox.js';
import type { EventPayload } from '../../events/outbox.js';
import { applyCompanyStatus } from '../companies/companies.service.js';
import {
  findAffiliation,
  insertRequirements,
  insertSharedCopies,
  lockCompanyOnboarding,
  moveAffiliation,
  restoreFromShape,
  selectAnswers,
  selectBiometrics,
  selectDocuments,
  selectRequirements,
  selectShareable,
  updateStatuses,
  waiveByShape,
  type NewDocumentRow,
} from './onboarding.repo.js';
import type { RequirementView } from './onboarding.schemas.js';
import { toAffiliationView, toRequirementView } from './onboarding.views.js';
import {
  affiliationStatusFor,
  baseRequirementSet,
  deriveRequirement,
  isDocumentRequirement,
  pickShared,
  reconcileBase,
  type CompanyShapeFacts,
  type Derived,
  type EvidenceAnswer,
} from './requirements.rules.js';
import type { Clock } from '../../kernel/clock.js';
import { HOSTED_PAGE_PATH, type LinkSubject } from './hosted-link.js';

/** What the engine needs from the request and the providers, without Fastify. */
export interface EngineContext {
  correlationId: string;
  /** Base of links the API returns (PUBLIC_BASE_URL, or the request's own host). */
  baseUrl: string;
  /** Document types a provider accepts as evidence. */
  accepts: (provider: string) => readonly string[];
  /** Timestamps come from the company's organization's clock (its sandbox test clock). */
  clock: Clock;
  /** SANDBOX_AUTOPILOT: delay of the sandbox provider's own review of new documents and captures (absent: off). */
  autopilotReviewMs?: number;
  /** The signed hosted-page link of an affiliation, as presented now (events carry it). */
  onboardingLinkOf?: (row: LinkSubject) => string;
}

export const organizationIdOf = (company: CompanyRow) => company.organizationId ?? company.id;

export function shapeOf(company: CompanyRow): CompanyShapeFacts {
  return {
    documentType: company.documentType,
    documentNumber: company.documentNumber,
    taxType: company.documentTaxType,
    contact: company.contact,
    declaredRevenue: company.declaredRevenue,
  };
}

/**
 * What the `onboarding_url` column stores: where the hosted page lives, unsigned. Reads and events present it
 * signed (`onboardingLinkOf`), so the stored value never goes stale and never holds a credential.
 */
export const onboardingUrlOf = (ctx: EngineContext) => `${ctx.baseUrl}${HOSTED_PAGE_PATH}`;

/**
 * Reconciles, derives and persists one company's requirements for one provider, inside the caller's
 * transaction, with a fixed number of queries whatever the number of rows. `share` (reads only) lets
 * pending document rows be met by other organizations' shared documents. Re-evaluates the affiliation.
 */
export async function evaluate(
  tx: Tx,
  ctx: EngineContext,
  company: CompanyRow,
  provider: string,
  options: { share: boolean },
): Promise<RequirementView[]> {
  await lockCompanyOnboarding(tx, company.id);
  const now = ctx.clock.now(organizationIdOf(company));
  const accepts = ctx.accepts(provider);
  let rows = await selectRequirements(tx, company.id, provider);
  const base = baseRowsPlan(rows, company, provider);
  const plan = base.plan;
  if (base.changes > 0) {
    await insertRequirements(
      tx,
      plan.insert.map((item, i) => ({
        id: randomUUID(),
        companyId: company.id,
        organizationId: organizationIdOf(company),
        provider,
        type: item.type,
        subjectDocumentNumber: item.subjectDocumentNumber,
        subjectRole: item.subjectRole,
        origin: 'BASE' as const,
        description: null,
        status: 'PENDING' as const,
        // One statement inserts them all; a microsecond-free offset keeps "oldest first" in table order.
        createdAt: new Date(now.getTime() + i),
        updatedAt: new Date(now.getTime() + i),
      })),
    );
    await waiveByShape(tx, plan.waive, now);
    await restoreFromShape(tx, plan.restore, now);
    rows = await selectRequirements(tx, company.id, provider);
  }
  let evidence = await loadEvidence(tx, company.id);
  let derived = deriveAll(rows, evidence, accepts);

  if (options.share) {
    const copied = await shareInto(tx, ctx, company, provider, pendingDocumentRows(rows, derived));
    if (copied) {
      evidence = { ...evidence, documents: await selectDocuments(tx, company.id) };
      derived = deriveAll(rows, evidence, accepts);
    }
  }

  const changes = rows.flatMap((row, i) =>
    row.status === derived[i].status ? [] : [{ id: row.id, status: derived[i].status }],
  );
  await updateStatuses(tx, changes, now);
  const changed = new Set(changes.map((c) => c.id));
  const views = rows.map((row, i) =>
    toRequirementView(changed.has(row.id) ? { ...row, updatedAt: now } : row, derived[i], accepts),
  );
  await syncAffiliation(
    tx,
    ctx,
    company,
    provider,
    derived.map((d) => d.status),
  );
  return views;
}

/** The base set's reconciliation against the stored rows (product.md §6), and how many rows it touches. */
export function baseRowsPlan(rows: RequirementRow[], company: CompanyRow, provider: string) {
  const plan = reconcileBase(rows, baseRequirementSet(provider, shapeOf(company)));
  return { plan, changes: plan.insert.length + plan.waive.length + plan.restore.length };
}

export type Evidence = Awaited<ReturnType<typeof loadEvidence>>;

/** Everything that can meet a company's rows: documents, biometric captures, answers by requirement. */
export async function loadEvidence(tx: Tx, companyId: string) {
  const [documents, biometrics, answers] = await Promise.all([
    selectDocuments(tx, companyId),
    selectBiometrics(tx, companyId),
    selectAnswers(tx, companyId),
  ]);
  return { documents, biometrics, answersOf: groupAnswers(answers) };
}

export function deriveAll(rows: RequirementRow[], evidence: Evidence, accepts: readonly string[]): Derived[] {
  return rows.map((row) =>
    deriveRequirement(
      { type: row.type, subjectDocumentNumber: row.subjectDocumentNumber, waived: row.waivedBy !== null },
      { documents: evidence.documents, biometrics: evidence.biometrics, answers: evidence.answersOf.get(row.id) ?? [] },
      accepts,
    ),
  );
}

export const pendingDocumentRows = (rows: RequirementRow[], derived: Derived[]) =>
  rows.filter((r, i) => derived[i].status === 'PENDING' && isDocumentRequirement(r.type));

/** Other organizations' shared documents that would meet `pending` rows, and which of them to copy. */
export async function shareableFor(tx: Tx, company: CompanyRow, accepts: readonly string[], pending: RequirementRow[]) {
  if (pending.length === 0) return { candidates: [], toCopy: new Set<string>() };
  const subjects = [...new Set(pending.map((r) => r.subjectDocumentNumber))];
  const candidates = await selectShareable(tx, organizationIdOf(company), subjects);
  return { candidates, toCopy: sharedToCopy(pending, candidates, accepts) };
}

/** Which shared candidates meet pending rows (an identity pair counts only whole). */
export function sharedToCopy(
  pending: RequirementRow[],
  candidates: DocumentRow[],
  accepts: readonly string[],
): Set<string> {
  const toCopy = new Set<string>();
  for (const row of pending)
    for (const id of pickShared(row.type, row.subjectDocumentNumber, candidates, accepts) ?? []) toCopy.add(id);
  return toCopy;
}

/** Whether requirement outcomes move the affiliation (only ACTIVE and WAITING_DOCUMENTS follow requirements). */
export function affiliationMove(
  ctx: EngineContext,
  company: CompanyRow,
  provider: string,
  current: AffiliationRow | undefined,
  statuses: string[],
) {
  // BLOCKED and INVALID_SETTLEMENT_BANK_ACCOUNT come from elsewhere; requirements do not lift them.
  if (!current || (current.status !== 'ACTIVE' && current.status !== 'WAITING_DOCUMENTS')) return null;
  const next = affiliationState(ctx, company.id, provider, statuses);
  if (
    next.status === current.status &&
    next.providerStatusMessage === current.providerStatusMessage &&
    next.onboardingUrl === current.onboardingUrl
  )
    return null;
  return next;
}

export function groupAnswers(rows: Awaited<ReturnType<typeof selectAnswers>>): Map<string, EvidenceAnswer[]> {
  const map = new Map<string, EvidenceAnswer[]>();
  for (const a of rows) {
    const list = map.get(a.requirementId) ?? [];
    list.push({
      id: a.id,
      answer: a.answer,
      onboardingDocumentIds: a.onboardingDocumentIds,
      refused: a.refusedAt !== null,
      createdAt: a.createdAt,
    });
    map.set(a.requirementId, list);
  }
  return map;
}

/**
 * Copies other organizations' validated documents that meet pending rows (product.md §6 "Sharing"). The
 * unique index on (company, source document) makes concurrent reads create one copy; only the transaction
 * whose insert took records `onboarding-document.status-changed`. Returns whether any copy now exists.
 */
async function shareInto(
  tx: Tx,
  ctx: EngineContext,
  company: CompanyRow,
  provider: string,
  pending: RequirementRow[],
): Promise<boolean> {
  const { candidates, toCopy } = await shareableFor(tx, company, ctx.accepts(provider), pending);
  if (toCopy.size === 0) return false;
  const now = ctx.clock.now(organizationIdOf(company));
  const sources = candidates.filter((d) => toCopy.has(d.id));
  const inserted = await insertSharedCopies(
    tx,
    sources.map((source): NewDocumentRow => copyOf(source, company, now)),
  );
  await recordEvents(
    tx,
    inserted.map((doc) => ({
      type: 'onboarding-document.status-changed' as const,
      companyId: company.id,
      organizationId: organizationIdOf(company),
      correlationId: ctx.correlationId,
      payload: documentEventPayload(doc, null),
    })),
    now,
  );
  return true;
}

function copyOf(source: DocumentRow, company: CompanyRow, now: Date): NewDocumentRow {
  return {
    id: randomUUID(),
    companyId: company.id,
    organizationId: organizationIdOf(company),
    fileType: source.fileType,
    subjectDocumentNumber: source.subjectDocumentNumber,
    contentType: source.contentType,
    fileSizeBytes: source.fileSizeBytes,
    fileName: source.fileName,
    storageKey: source.storageKey,
    status: 'APPROVED',
    origin: 'SHARED',
    refusalReason: null,
    sourceDocumentId: source.id,
    createdAt: now,
    updatedAt: now,
  };
}

/** `onboarding-document.status-changed` payload: `{ onboarding_document_id, old_status, new_status, … }`. */
export function documentEventPayload(
  doc: DocumentRow,
  oldStatus: string | null,
): EventPayload<'onboarding-document.status-changed'> {
  return {
    onboarding_document_id: doc.id,
    company_id: doc.companyId,
    file_type: doc.fileType,
    subject_document_number: doc.subjectDocumentNumber,
    origin: doc.origin,
    old_status: oldStatus,
    new_status: doc.status,
    refusal_reason: doc.refusalReason,
  };
}

/** Affiliation fields for a requirement outcome: the onboarding link and a count while documents are awaited. */
export function affiliationState(ctx: EngineContext, companyId: string, provider: string, statuses: readonly string[]) {
  const status = affiliationStatusFor(statuses as never);
  const open = statuses.filter((s) => s === 'PENDING' || s === 'REJECTED').length;
  return status === 'ACTIVE'
    ? { status, onboardingUrl: null, providerStatusMessage: null }
    : {
        status,
        onboardingUrl: onboardingUrlOf(ctx),
        providerStatusMessage: `${open} onboarding requirement(s) pending or rejected`,
      };
}

/** Re-derives the company's affiliation with this provider; events and the company's activation go with it. */
async function syncAffiliation(
  tx: Tx,
  ctx: EngineContext,
  company: CompanyRow,
  provider: string,
  statuses: string[],
): Promise<void> {
  const current = await findAffiliation(tx, company.id, provider);
  const next = affiliationMove(ctx, company, provider, current, statuses);
  if (!current || !next) return;
  const moved = await moveAffiliation(tx, current, next, ctx.clock.now(organizationIdOf(company)));
  if (!moved || moved.status === current.status) return;
  await recordAffiliationStatus(tx, ctx, moved, current.status);
  if (moved.status === 'ACTIVE') {
    await activateCompany(tx, ctx, company.id);
    await scheduleAccountOpening(tx, moved, ctx.clock.now(organizationIdOf(company))); // money.md M2
  }
}

export async function recordAffiliationStatus(
  tx: Tx,
  ctx: EngineContext,
  row: AffiliationRow,
  oldStatus: string | null,
): Promise<void> {
  const view = toAffiliationView(row, ctx.onboardingLinkOf);
  await recordEvent(
    tx,
    {
      type: 'affiliation.status-changed',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId: ctx.correlationId,
      payload: {
        affiliation_id: row.id,
        old_status: oldStatus,
        new_status: row.status,
        ...(row.status === 'WAITING_DOCUMENTS' ? { onboarding_url: view.onboarding_url } : {}),
        provider_status_message: row.providerStatusMessage,
        affiliation: view,
      },
    },
    ctx.clock.now(row.organizationId),
  );
}

/** The company's first ACTIVE affiliation moves it from PENDING_ACTIVATION to ACTIVE (product.md §5). */
export async function activateCompany(tx: Tx, ctx: EngineContext, companyId: string): Promise<void> {
  // NO KEY UPDATE: the status update needs no more, and it does not wait on foreign-key KEY SHARE locks.
  const [locked] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('no key update');
  if (locked && locked.status === 'PENDING_ACTIVATION')
    await applyCompanyStatus(
      tx,
      ctx.correlationId,
      locked,
      'ACTIVE',
      ctx.clock.now(locked.organizationId ?? locked.id),
    );
}
