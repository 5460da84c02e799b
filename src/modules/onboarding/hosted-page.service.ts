import type { Database } from '../../db/client.js';
import type { AffiliationRow } from '../../db/schema/index.js';
import { scanInput } from '../../http/input-guard.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { DomainError } from '../../kernel/errors.js';
import { createBiometric, reviewBiometric } from './biometrics.service.js';
import { uploadDocument } from './documents.service.js';
import type { EngineContext } from './engine.js';
import type { FileStore } from './file-store.js';
import type { HostedLinkClaims, HostedLinkSigner } from './hosted-link.js';
import {
  findCompanyCapture,
  findLinkedAffiliation,
  pendingCaptures,
  providerDisplayName,
  receivedDocuments,
  type ReceivedDocument,
} from './hosted-page.repo.js';
import type { Notice } from './hosted-page.i18n.js';
import { answerBody, uploadDocumentBody, uploadFileFields, type RequirementView } from './onboarding.schemas.js';
import { findRequirement } from './onboarding.repo.js';
import { acceptedDocumentTypes } from './requirements.rules.js';
import { answerRequirement, ONBOARDING_NOT_AVAILABLE, readRequirements } from './requirements.service.js';

/**
 * The hosted page's actions. Each goes through the service the API route uses (same validation, same
 * transaction, same events), acting as the merchant the link names on the one affiliation it names.
 */
export interface HostedReach {
  affiliation: AffiliationRow & { companyName: string };
  principal: CompanyPrincipal;
  claims: HostedLinkClaims;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The link's reach, or why it is refused: tampered, expired, or naming what no longer exists. */
export async function reachOf(
  db: Database,
  links: HostedLinkSigner,
  token: unknown,
): Promise<HostedReach | { refused: 'INVALID' | 'EXPIRED' }> {
  const check = links.verify(token);
  if (!check.ok) return { refused: check.reason };
  const { affiliationId, companyId } = check.claims;
  if (!UUID.test(affiliationId) || !UUID.test(companyId)) return { refused: 'INVALID' };
  const affiliation = await findLinkedAffiliation(db, affiliationId, companyId);
  // A BLOCKED company's key reaches nothing but /v1/companies/me (product.md §14): neither does its link.
  if (!affiliation || affiliation.companyStatus === 'BLOCKED') return { refused: 'INVALID' };
  const principal: CompanyPrincipal = {
    kind: 'merchant',
    companyId,
    organizationId: affiliation.organizationId,
    via: 'api_key',
    credentialId: `hosted-onboarding:${affiliationId}`,
  };
  return { affiliation, principal, claims: check.claims };
}

/** What the page shows: the provider's requirements as the API derives them (null: onboarding switched off). */
export async function pageData(
  db: Database,
  ctx: EngineContext,
  reach: HostedReach,
): Promise<{
  requirements: RequirementView[] | null;
  pendingCaptures: Map<string, string>;
  documents: ReceivedDocument[];
  providerName: string;
}> {
  const { affiliation, principal } = reach;
  let requirements: RequirementView[] | null = null;
  try {
    requirements = await readRequirements(db, ctx, principal, affiliation.companyId, affiliation.provider);
  } catch (err) {
    if (!(err instanceof DomainError && err.message === ONBOARDING_NOT_AVAILABLE)) throw err;
  }
  const [captures, documents, providerName] = await Promise.all([
    pendingCaptures(db, affiliation.companyId),
    receivedDocuments(db, affiliation.companyId),
    providerDisplayName(db, affiliation.provider),
  ]);
  return { requirements, pendingCaptures: captures, documents, providerName };
}

/** A requirement of this company at this affiliation's provider; anything else is out of the link's reach. */
async function requirementInReach(db: Database, reach: HostedReach, id: unknown) {
  if (typeof id !== 'string' || !UUID.test(id)) return undefined;
  const row = await findRequirement(db, id);
  return row && row.companyId === reach.affiliation.companyId && row.provider === reach.affiliation.provider
    ? row
    : undefined;
}

/** Domain failures become the page's notices; anything unexpected stays an error. */
export function noticeOf(err: unknown): Notice {
  if (!(err instanceof DomainError)) throw err;
  if (err.status === 404) return 'not-found';
  const issue = (err.details?.issues as { field?: string; type?: string }[] | undefined)?.[0];
  if (issue?.field === 'content_type') return 'file-type';
  if (issue?.field === 'content_base64')
    return issue.type === 'TOO_LARGE' ? 'too-large' : issue.type === 'TOO_SMALL' ? 'file-missing' : 'file-mismatch';
  if (issue?.field === 'answer' || err.details?.invalidField === 'onboarding_document_ids') return 'answer-invalid';
  return 'failed';
}

export interface UploadedFile {
  bytes: Buffer;
  type: string;
  name: string;
}

/** The API's upload body for a file from the form, validated by the API's own schema. */
function uploadInput(fileType: string, subject: string, file: UploadedFile) {
  // The browser's file name is kept only when the API would accept it; the API then names the file itself.
  const name = uploadFileFields.file_name.safeParse(file.name);
  const parsed = uploadDocumentBody.safeParse({
    file_type: fileType,
    subject_document_number: subject,
    content_type: file.type,
    content_base64: file.bytes.toString('base64'),
    ...(name.success && name.data ? { file_name: name.data } : {}),
  });
  if (parsed.success) return { ok: true, input: parsed.data } as const;
  const field = parsed.error.issues[0]?.path[0];
  const notice: Notice =
    field === 'content_type'
      ? 'file-type'
      : field === 'content_base64'
        ? 'file-missing'
        : field === 'file_type'
          ? 'document-type'
          : 'failed';
  return { ok: false, notice } as const;
}

/**
 * A document for a document row (one file of a type the row accepts at this provider), or an evidence
 * package (its files, uploaded as OTHER about the row's subject, closed by the answer).
 */
export async function uploadFromPage(
  db: Database,
  store: FileStore,
  ctx: EngineContext,
  reach: HostedReach,
  form: { requirementId: unknown; fileType: unknown; files: UploadedFile[]; answer: unknown },
): Promise<Notice> {
  const row = await requirementInReach(db, reach, form.requirementId);
  if (!row) return 'not-found';
  const files = form.files.filter((f) => f.bytes.length > 0);
  if (files.length === 0) return 'file-missing';
  const merchantId = reach.affiliation.companyId;
  try {
    if (row.type === 'EVIDENCE_PACKAGE') {
      const answer = answerBody.safeParse({ answer: form.answer });
      if (!answer.success || scanInput(answer.data, 'body').length > 0) return 'answer-invalid';
      const ids: string[] = [];
      for (const file of files) {
        const built = uploadInput('OTHER', row.subjectDocumentNumber, file);
        if (!built.ok) return built.notice;
        ids.push((await uploadDocument(db, store, ctx, reach.principal, merchantId, built.input)).document.id);
      }
      await answerRequirement(db, ctx, reach.principal, merchantId, row.id, {
        answer: answer.data.answer,
        onboarding_document_ids: ids,
      });
      return 'answered';
    }
    const accepted = acceptedDocumentTypes(row.type, ctx.accepts(row.provider)) ?? [];
    const [file] = files;
    if (typeof form.fileType !== 'string' || !accepted.includes(form.fileType) || files.length !== 1 || !file)
      return 'document-type';
    const built = uploadInput(form.fileType, row.subjectDocumentNumber, file);
    if (!built.ok) return built.notice;
    await uploadDocument(db, store, ctx, reach.principal, merchantId, built.input);
    return 'uploaded';
  } catch (err) {
    return noticeOf(err);
  }
}

/** A text answer to an INFORMATION row, through the API's answer service. */
export async function answerFromPage(
  db: Database,
  ctx: EngineContext,
  reach: HostedReach,
  form: { requirementId: unknown; answer: unknown },
): Promise<Notice> {
  const row = await requirementInReach(db, reach, form.requirementId);
  if (!row) return 'not-found';
  const answer = answerBody.safeParse({ answer: form.answer });
  if (!answer.success || scanInput(answer.data, 'body').length > 0) return 'answer-invalid';
  try {
    await answerRequirement(db, ctx, reach.principal, reach.affiliation.companyId, row.id, answer.data);
    return 'answered';
  } catch (err) {
    return noticeOf(err);
  }
}

/** Starts a capture of a BIOMETRIC_VERIFICATION row's subject. */
export async function startCaptureFromPage(
  db: Database,
  ctx: EngineContext,
  reach: HostedReach,
  form: { requirementId: unknown },
): Promise<Notice> {
  const row = await requirementInReach(db, reach, form.requirementId);
  if (!row || row.type !== 'BIOMETRIC_VERIFICATION') return 'not-found';
  try {
    await createBiometric(db, ctx, reach.principal, reach.affiliation.companyId, {
      subject_document_number: row.subjectDocumentNumber,
    });
    return 'capture-started';
  } catch (err) {
    return noticeOf(err);
  }
}

/** Sandbox only (the route exists nowhere else): the provider approves this company's pending capture. */
export async function approveCaptureFromPage(
  db: Database,
  ctx: EngineContext,
  reach: HostedReach,
  form: { verificationId: unknown },
): Promise<Notice> {
  if (typeof form.verificationId !== 'string' || !UUID.test(form.verificationId)) return 'not-found';
  const capture = await findCompanyCapture(db, form.verificationId, reach.affiliation.companyId);
  if (!capture) return 'not-found';
  try {
    await reviewBiometric(db, ctx, capture.id, 'APPROVED', 'PENDING');
    return 'capture-approved';
  } catch (err) {
    return noticeOf(err);
  }
}
