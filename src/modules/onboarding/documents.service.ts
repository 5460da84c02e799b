import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../db/client.js';
import { affiliations, companies, onboardingDocuments, type DocumentRow } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { invalidField, notFound } from '../../kernel/errors.js';
import { claimRequestId } from '../../kernel/idempotency.js';
import { merchantPathCompany } from '../../kernel/tenancy.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import { recordEvent } from '../../events/outbox.js';
import { findCompany } from '../companies/companies.repo.js';
import { documentEventPayload, organizationIdOf, type EngineContext } from './engine.js';
import type { FileStore } from './file-store.js';
import { MAX_DOCUMENT_BYTES, type UploadDocumentInput } from './onboarding.schemas.js';
import { lockCompanyOnboarding } from './onboarding.repo.js';
import { reevaluateAffiliations } from './requirements.service.js';
import { DOCUMENT_REVIEW_JOB, scheduleAutopilotReview } from './onboarding.job-kinds.js';
import { must } from '../../kernel/must.js';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/** Strict base64 checked linearly (a repeated-group regex overflows the regex stack on 10 MiB inputs). */
export function isStrictBase64(text: string): boolean {
  if (text.length % 4 !== 0 || /[^A-Za-z0-9+/=]/.test(text)) return false;
  const pad = text.indexOf('=');
  return pad === -1 || (pad >= text.length - 2 && /^=+$/.test(text.slice(pad)));
}

/**
 * Decodes and checks an upload before anything is stored: strict base64, at most 10 MiB, and magic bytes
 * that match the declared content type (file-type). Each failure is a VALIDATION_ERROR on its field; the
 * content itself is never echoed.
 */
export async function decodeUpload(
  input: Pick<UploadDocumentInput, 'content_base64' | 'content_type'>,
): Promise<Buffer> {
  const text = input.content_base64.replace(/\s+/g, '');
  if (!isStrictBase64(text))
    throw invalidField('content_base64', 'INVALID_FORMAT', 'content_base64 must be standard base64');
  // Checked on the encoded length first so an oversized body is refused without decoding it.
  const size = (text.length / 4) * 3 - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
  if (size > MAX_DOCUMENT_BYTES) {
    throw invalidField(
      'content_base64',
      'TOO_LARGE',
      `the decoded file must be at most ${MAX_DOCUMENT_BYTES} bytes`,
      undefined,
      { max: MAX_DOCUMENT_BYTES },
    );
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw invalidField('content_base64', 'TOO_SMALL', 'the file is empty', undefined, { min: 1 });
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime !== input.content_type) {
    throw invalidField(
      'content_base64',
      'INVALID_FORMAT',
      `the content is not ${input.content_type}${detected ? ` (it looks like ${detected.mime})` : ''}`,
      undefined,
      {
        content_type: input.content_type,
      },
    );
  }
  return bytes;
}

/**
 * Upload: bytes are checked and stored before the transaction (content addressed, so a failed transaction
 * leaves an unreferenced blob, never a row without its file); the row, its event and the affiliations'
 * re-evaluation then commit together.
 */
export async function uploadDocument(
  db: Database,
  store: FileStore,
  ctx: EngineContext,
  principal: CompanyPrincipal,
  merchantId: string,
  input: UploadDocumentInput,
): Promise<{ document: DocumentRow; replayed: boolean }> {
  await merchantPathCompany(db, principal, merchantId); // 404 before any byte is written
  const bytes = await decodeUpload(input);
  const storageKey = await store.put(bytes);
  return db.transaction(async (tx) => {
    const company = await merchantPathCompany(tx, principal, merchantId);
    await lockCompanyOnboarding(tx, company.id);
    const id = randomUUID();
    if (input.request_id) {
      const existing = await claimRequestId(tx, {
        companyId: company.id,
        scope: 'onboarding-document',
        requestId: input.request_id,
        body: input,
        resourceId: id,
      });
      if (existing) {
        const [document] = await tx.select().from(onboardingDocuments).where(eq(onboardingDocuments.id, existing));
        if (!document) throw notFound('Onboarding document');
        return { document, replayed: true };
      }
    }
    const now = ctx.clock.now(organizationIdOf(company));
    const document = must(
      (
        await tx
          .insert(onboardingDocuments)
          .values({
            id,
            companyId: company.id,
            organizationId: organizationIdOf(company),
            fileType: input.file_type,
            subjectDocumentNumber: input.subject_document_number,
            contentType: input.content_type,
            fileSizeBytes: bytes.length,
            fileName: input.file_name ?? `${input.file_type.toLowerCase()}-${id}.${EXTENSIONS[input.content_type]}`,
            storageKey,
            status: 'PENDING_REVIEW',
            origin: 'UPLOAD',
            refusalReason: null,
            sourceDocumentId: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
      )[0],
      'an insert returns the row it wrote',
    );
    await recordEvent(
      tx,
      {
        type: 'onboarding-document.status-changed',
        companyId: company.id,
        organizationId: organizationIdOf(company),
        correlationId: ctx.correlationId,
        payload: documentEventPayload(document, null),
      },
      now,
    );
    await scheduleAutopilotReview(tx, ctx, DOCUMENT_REVIEW_JOB, document.id, document.organizationId, now);
    await reevaluateAffiliations(tx, ctx, company);
    return { document, replayed: false };
  });
}

const documentColumns = {
  id: onboardingDocuments.id,
  createdAt: onboardingDocuments.createdAt,
  status: onboardingDocuments.status,
};

export async function listDocuments(
  db: Database,
  principal: CompanyPrincipal,
  merchantId: string,
  q: CommonListFilters,
) {
  const company = await merchantPathCompany(db, principal, merchantId);
  return selectPage(db, onboardingDocuments, eq(onboardingDocuments.companyId, company.id), q, documentColumns);
}

/** The read under an affiliation: 404 unless the affiliation and the document both belong to the merchant. */
export async function documentUnderAffiliation(
  db: Database,
  principal: CompanyPrincipal,
  merchantId: string,
  affiliationId: string,
  documentId: string,
) {
  const company = await merchantPathCompany(db, principal, merchantId);
  const [affiliation] = await db
    .select({ id: affiliations.id })
    .from(affiliations)
    .where(and(eq(affiliations.id, affiliationId), eq(affiliations.companyId, company.id)));
  if (!affiliation) throw notFound('Affiliation');
  const [document] = await db
    .select()
    .from(onboardingDocuments)
    .where(and(eq(onboardingDocuments.id, documentId), eq(onboardingDocuments.companyId, company.id)));
  if (!document) throw notFound('Onboarding document');
  return document;
}

/** Sandbox review: the provider approves or refuses a document; requirements and affiliations follow at once. */
export function reviewDocument(
  db: Database,
  ctx: EngineContext,
  documentId: string,
  decision: 'APPROVED' | 'REFUSED',
  reason: string | null,
  /** Autopilot: review only if the document is still in this status. */
  onlyFrom?: DocumentRow['status'],
): Promise<DocumentRow> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ companyId: onboardingDocuments.companyId })
      .from(onboardingDocuments)
      .where(eq(onboardingDocuments.id, documentId));
    if (!found) throw notFound('Onboarding document');
    await lockCompanyOnboarding(tx, found.companyId);
    const current = must(
      (await tx.select().from(onboardingDocuments).where(eq(onboardingDocuments.id, documentId)))[0],
      "the row found above is still there under its company's lock",
    );
    if (onlyFrom && current.status !== onlyFrom) return current;
    const refusalReason = decision === 'REFUSED' ? (reason ?? 'Refused by the provider') : null;
    if (current.status === decision && current.refusalReason === refusalReason) return current;
    const now = ctx.clock.now(current.organizationId);
    const document = must(
      (
        await tx
          .update(onboardingDocuments)
          .set({ status: decision, refusalReason, updatedAt: now })
          .where(eq(onboardingDocuments.id, documentId))
          .returning()
      )[0],
      'an update by id finds the row read before it',
    );
    await recordEvent(
      tx,
      {
        type: 'onboarding-document.status-changed',
        companyId: document.companyId,
        organizationId: document.organizationId,
        correlationId: ctx.correlationId,
        payload: documentEventPayload(document, current.status),
      },
      now,
    );
    const company = await findCompany(tx, eq(companies.id, document.companyId));
    if (company) await reevaluateAffiliations(tx, ctx, company);
    return document;
  });
}

/** The signed download: the row for the id (signature checked by the caller), or null. */
export async function documentForDownload(db: Database, documentId: string): Promise<DocumentRow | undefined> {
  const [document] = await db.select().from(onboardingDocuments).where(eq(onboardingDocuments.id, documentId));
  return document;
}
