import { randomUUID } from 'node:crypto';
import type { DisputeDocumentRow, DisputeRow } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { badRequest, conflictWithReason, DomainError, invalidState, notFound } from '../../kernel/errors.js';
import { claimRequestId } from '../../kernel/idempotency.js';
import { decodeUpload } from '../onboarding/documents.service.js';
import type { FileStore } from '../onboarding/file-store.js';
import { checkEvidence, type EvidenceRefusal } from './disputes.rules.js';
import {
  documentIdsOfDispute,
  findDisputeDocument,
  findDisputeInReach,
  insertDisputeDocument,
  updateDispute,
} from './disputes.repo.js';
import type { DisputeDocumentBody, EvidenceBody } from './disputes.schemas.js';
import { moveDispute, withLockedDispute, type DisputeDeps } from './disputes.service.js';

/** Evidence of a dispute (money.md M6): documents, the draft (text + document ids) and its submission. */

function evidenceRefusalError(r: EvidenceRefusal, d: DisputeRow): DomainError {
  if (r === 'DEADLINE_PASSED')
    return conflictWithReason(
      'The evidence deadline has passed',
      'evidence_due_by',
      d.evidenceDueBy.toISOString(),
      'EVIDENCE_DEADLINE_PASSED',
    );
  if (r === 'NOT_OPEN')
    return invalidState(`A dispute in status ${d.status} takes no evidence`, { field: 'status', value: d.status });
  return badRequest('Submitting needs evidence: a text or at least one document', 'evidence');
}

function assertEvidence(d: DisputeRow, now: Date, action: 'edit' | 'submit') {
  const refusal = checkEvidence(d, now, action);
  if (refusal) throw evidenceRefusalError(refusal, d);
}

/**
 * POST /v1/disputes/{id}/documents, as onboarding documents: the bytes are checked (strict base64, 10 MiB,
 * magic bytes matching content_type) and stored content-addressed before the transaction; the row commits
 * while the dispute still takes evidence.
 */
export async function uploadDisputeDocument(
  deps: DisputeDeps,
  store: FileStore,
  principal: CompanyPrincipal,
  disputeId: string,
  input: DisputeDocumentBody,
): Promise<{ row: DisputeDocumentRow; replayed: boolean }> {
  const found = await findDisputeInReach(deps.db, principal, disputeId);
  if (!found) throw notFound('Dispute'); // 404 before any byte is written
  const bytes = await decodeUpload(input);
  const storageKey = await store.put(bytes);
  return withLockedDispute(deps, found.id, principal, async (tx, d, now) => {
    const id = randomUUID();
    if (input.request_id) {
      const existing = await claimRequestId(tx, {
        companyId: principal.companyId,
        scope: 'dispute-document',
        requestId: input.request_id,
        body: input,
        resourceId: id,
      });
      if (existing) {
        const row = await findDisputeDocument(tx, existing);
        if (!row) throw notFound('Dispute document');
        return { row, replayed: true };
      }
    }
    assertEvidence(d, now, 'edit');
    const extension =
      input.content_type === 'application/pdf' ? 'pdf' : input.content_type === 'image/png' ? 'png' : 'jpg';
    const row = await insertDisputeDocument(tx, {
      id,
      disputeId: d.id,
      companyId: d.companyId,
      organizationId: d.organizationId,
      contentType: input.content_type,
      fileName: input.file_name ?? `dispute-evidence-${id}.${extension}`,
      fileSizeBytes: bytes.length,
      storageKey,
      createdAt: now,
    });
    return { row, replayed: false };
  });
}

/** PUT /v1/disputes/{id}/evidence: replaces the draft while OPEN; every document id must be this dispute's (else 404). */
export function putEvidence(
  deps: DisputeDeps,
  principal: CompanyPrincipal,
  disputeId: string,
  body: EvidenceBody,
): Promise<DisputeRow> {
  return withLockedDispute(deps, disputeId, principal, async (tx, d, now) => {
    const ids = [...new Set(body.document_ids ?? [])];
    const own = await documentIdsOfDispute(tx, d.id, ids);
    if (ids.some((id) => !own.has(id))) throw notFound('Dispute document');
    assertEvidence(d, now, 'edit');
    return updateDispute(tx, d.id, { evidenceText: body.text ?? null, evidenceDocumentIds: ids, updatedAt: now });
  });
}

/** POST /v1/disputes/{id}/submit: OPEN -> UNDER_REVIEW with the draft as submitted (M6's checks in rules). */
export function submitEvidence(
  deps: DisputeDeps,
  principal: CompanyPrincipal,
  disputeId: string,
  correlationId: string,
): Promise<DisputeRow> {
  return withLockedDispute(deps, disputeId, principal, async (tx, d, now) => {
    assertEvidence(d, now, 'submit');
    return moveDispute(tx, d, 'UNDER_REVIEW', now, correlationId, { set: { evidenceSubmittedAt: now } });
  });
}
