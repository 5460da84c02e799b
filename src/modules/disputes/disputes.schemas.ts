import { z } from 'zod';
import {
  DISPUTE_CLOSED_REASONS,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  type DisputeDocumentRow,
  type DisputeRow,
} from '../../db/schema/disputes.js';
import { listQuery } from '../../http/pagination.js';
import { noCardData, uuid } from '../../http/schemas.js';
import { uploadFileFields } from '../onboarding/onboarding.schemas.js';

/** Amounts a body may carry (no overflow in any sum). */
const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;
export const MAX_EVIDENCE_TEXT = 20_000;
export const MAX_EVIDENCE_DOCUMENTS = 50;

/** money.md M6: the dispute resource, every field always present (null when it does not apply). */
export const disputeSchema = z.object({
  id: z.string(),
  transaction_id: z.string(),
  company_id: z.string(),
  bank_account_id: z.string().nullable(),
  provider: z.string(),
  amount: z.int(),
  currency: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  reason_code: z.string().nullable(),
  status: z.enum(DISPUTE_STATUSES),
  evidence_due_by: z.string(),
  evidence: z.object({
    text: z.string().nullable(),
    document_ids: z.array(z.string()),
    submitted_at: z.string().nullable(),
  }),
  held_amount: z.int().meta({ description: 'What opening moved into held (the whole amount)' }),
  debt_amount: z.int().meta({ description: 'The part of the hold that available could not cover, recorded as debt' }),
  closed_reason: z.enum(DISPUTE_CLOSED_REASONS).nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DisputeView = z.infer<typeof disputeSchema>;

export function toDisputeView(d: DisputeRow): DisputeView {
  return {
    id: d.id,
    transaction_id: d.transactionId,
    company_id: d.companyId,
    bank_account_id: d.bankAccountId,
    provider: d.provider,
    amount: d.amount,
    currency: d.currency,
    reason: d.reason,
    reason_code: d.reasonCode,
    status: d.status,
    evidence_due_by: d.evidenceDueBy.toISOString(),
    evidence: {
      text: d.evidenceText,
      document_ids: d.evidenceDocumentIds,
      submitted_at: d.evidenceSubmittedAt?.toISOString() ?? null,
    },
    held_amount: d.heldAmount,
    debt_amount: d.debtAmount,
    closed_reason: d.closedReason,
    opened_at: d.openedAt.toISOString(),
    closed_at: d.closedAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

export const disputeListQuery = listQuery({
  statuses: DISPUTE_STATUSES,
  amount: true,
  extra: { company_id: uuid().optional(), transaction_id: uuid().optional() },
});

/** PUT /v1/disputes/{id}/evidence: replaces the evidence draft (while OPEN). */
export const evidenceBody = z.strictObject({
  text: noCardData(z.string().min(1).max(MAX_EVIDENCE_TEXT)).optional(),
  document_ids: z
    .array(uuid())
    .max(MAX_EVIDENCE_DOCUMENTS)
    .optional()
    .meta({ description: "Ids of this dispute's documents" }),
});
export type EvidenceBody = z.infer<typeof evidenceBody>;

/** POST /v1/disputes/{id}/documents: as an onboarding document upload (base64 JSON), without its subject fields. */
export const disputeDocumentBody = z.strictObject(uploadFileFields);
export type DisputeDocumentBody = z.infer<typeof disputeDocumentBody>;

export const disputeDocumentSchema = z.object({
  id: z.string(),
  dispute_id: z.string(),
  company_id: z.string(),
  content_type: z.string(),
  file_name: z.string(),
  file_size_bytes: z.int(),
  created_at: z.string(),
});

export const toDisputeDocumentView = (d: DisputeDocumentRow): z.infer<typeof disputeDocumentSchema> => ({
  id: d.id,
  dispute_id: d.disputeId,
  company_id: d.companyId,
  content_type: d.contentType,
  file_name: d.fileName,
  file_size_bytes: d.fileSizeBytes,
  created_at: d.createdAt.toISOString(),
});

/** Staff sandbox controls (M8). */
export const openDisputeBody = z.strictObject({
  amount: z
    .int()
    .min(1)
    .max(MAX_AMOUNT)
    .optional()
    .meta({ description: "Cents; defaults to the transaction's disputable amount" }),
  reason: z.enum(DISPUTE_REASONS),
  reason_code: z.string().min(1).max(64).optional(),
});
export const disputeOutcomeBody = z.strictObject({ outcome: z.enum(['WON', 'LOST']) });

/** money.md M9: money events carry the account whose balances moved and its last ledger sequence. */
const moneyEventFields = { bank_account_id: z.string().nullable(), sequence: z.int().nullable() };
export const disputeCreatedPayload = disputeSchema.extend(moneyEventFields);
export const disputeStatusChangedPayload = z.object({
  dispute_id: z.string(),
  transaction_id: z.string(),
  old_status: z.enum(DISPUTE_STATUSES),
  new_status: z.enum(DISPUTE_STATUSES),
  closed_reason: z.enum(DISPUTE_CLOSED_REASONS).nullable(),
  amount: z.int(),
  ...moneyEventFields,
});
