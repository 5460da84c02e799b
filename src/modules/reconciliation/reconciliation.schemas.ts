import { z } from 'zod';
import { listQuery } from '../../http/pagination.js';
import { requestIdField, timestamp, uuid } from '../../http/schemas.js';
import {
  RECONCILIATION_SOURCES,
  type ReconciliationItemRow,
  type ReconciliationRunRow,
} from '../../db/schema/reconciliation.js';
import { STATEMENT_LINE_TYPES } from './reconciliation.rules.js';

/** providers.md R5.3: request and response shapes of reconciliation runs. */

/** The item kinds of R5.3 (this version writes AMOUNT_MISMATCH, MISSING_AT_PROVIDER, MISSING_IN_PLATFORM). */
export const ITEM_KINDS = [
  'AMOUNT_MISMATCH',
  'MISSING_AT_PROVIDER',
  'MISSING_IN_PLATFORM',
  'STATUS_MISMATCH',
  'OUTCOME_UNKNOWN',
  'REFUND_OUTCOME_MISSING',
  'UNMATCHED_EVENT',
  'CAPTURE_FAILED_AFTER_APPROVAL',
  'CANCEL_FAILED_AFTER_CANCEL',
  'REFUND_FAILED_AFTER_SUCCESS',
  'REFUND_REVERSED',
  'SECOND_CHARGEBACK',
  'OUTCOME_CONFLICT',
  'DUPLICATE_PAYMENT',
] as const;

const date = () => z.iso.date().meta({ description: 'YYYY-MM-DD, a São Paulo calendar date' });
const reference = () => z.string().min(1).max(80);

const statementLine = z.strictObject({
  type: z.enum(STATEMENT_LINE_TYPES),
  provider_reference: reference(),
  merchant_reference: reference().nullable(),
  amount: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  booked_on: date(),
});

export const createRunBody = z.strictObject({
  request_id: requestIdField(),
  provider_account_id: uuid(),
  from: date(),
  to: date(),
  statement: z.strictObject({ lines: z.array(statementLine).min(1).max(10_000) }).optional(),
});
export type CreateRunInput = z.infer<typeof createRunBody>;

export const runListQuery = listQuery({ extra: { provider_account_id: uuid().optional() } });
export const itemListQuery = listQuery({ extra: { kind: z.enum(ITEM_KINDS).optional() } });

const totals = z.object({ count: z.int(), amount: z.int() });
export const runSchema = z.object({
  id: z.string(),
  request_id: z.string().nullable(),
  provider_account_id: z.string(),
  provider: z.string(),
  from: z.string(),
  to: z.string(),
  source: z.enum(RECONCILIATION_SOURCES),
  status: z.enum(['COMPLETED']),
  summary: z.object({
    captures_ours: totals,
    captures_provider: totals,
    refunds_ours: totals,
    refunds_provider: totals,
    matched: z.int(),
    items: z.int(),
  }),
  created_at: timestamp(),
});

export const itemSchema = z.object({
  id: z.string(),
  run_id: z.string(),
  kind: z.enum(ITEM_KINDS),
  transaction_id: z.string().nullable(),
  refund_id: z.string().nullable(),
  dispute_id: z.string().nullable(),
  provider_event_id: z.string().nullable(),
  provider_reference: z.string().nullable(),
  our_amount: z.int().nullable(),
  provider_amount: z.int().nullable(),
  detail: z.string(),
  created_at: timestamp(),
});

export const toRunView = (r: ReconciliationRunRow): z.input<typeof runSchema> => ({
  id: r.id,
  request_id: r.requestId,
  provider_account_id: r.providerAccountId,
  provider: r.provider,
  from: r.fromDate,
  to: r.toDate,
  source: r.source,
  status: r.status,
  summary: r.summary,
  created_at: r.createdAt.toISOString(),
});

export const toItemView = (i: ReconciliationItemRow): z.input<typeof itemSchema> => ({
  id: i.id,
  run_id: i.runId,
  kind: i.kind as (typeof ITEM_KINDS)[number],
  transaction_id: i.transactionId,
  refund_id: i.refundId,
  dispute_id: i.disputeId,
  provider_event_id: i.providerEventId,
  provider_reference: i.providerReference,
  our_amount: i.ourAmount,
  provider_amount: i.providerAmount,
  detail: i.detail,
  created_at: i.createdAt.toISOString(),
});
