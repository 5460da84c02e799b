import { z } from 'zod';
import { transactionSchema } from './shared/transactions.view.js';
import { TRANSACTION_STATUSES } from './shared/transactions.states.js';
import { THREE_DS_STATUSES } from './three-ds/three-ds.rules.js';
import { refundCreatedPayload, refundStatusChangedPayload } from './refunds/refunds.schemas.js';

/**
 * The payloads of the events payments records (platform-api.md Events), owned here and assembled with the
 * other areas' in src/modules/event-payloads.ts. Resource-carrying payloads reuse the resource's response
 * schema, so an event never drifts from what GET returns.
 */
const transactionMoney = {
  bank_account_id: z
    .string()
    .nullable()
    .describe("The merchant's bank account the payment's money moves on (null while it has none)"),
  sequence: z
    .int()
    .nullable()
    .describe("That account's last ledger sequence after the change; null when the change moves no money"),
};

export const paymentEventPayloads = {
  // payments.md P4: the transaction as GET returns it; every move with all five fields (null when none applies).
  // money.md M9: transaction events carry the merchant's bank account and its last ledger sequence after the change
  // (null when the change moves no money: anything but an approval or a refund step).
  'transaction.created': transactionSchema.extend(transactionMoney),
  'transaction.status-changed': z.object({
    transaction_id: z.string(),
    old_status: z.enum(TRANSACTION_STATUSES),
    new_status: z.enum(TRANSACTION_STATUSES),
    refund_id: z.string().nullable().describe('The refund that caused the move, or null'),
    reason: z.string().nullable().describe('The refusal code or cancel reason where one applies'),
    ...transactionMoney,
  }),
  // payments.md P5 (+ money.md M9's bank_account_id and sequence: a refund moves money).
  'refund.created': refundCreatedPayload,
  'refund.status-changed': refundStatusChangedPayload,
  'three-ds-session.status-changed': z.object({
    three_ds_session_id: z.string(),
    old_status: z.enum(THREE_DS_STATUSES).nullable(),
    new_status: z.enum(THREE_DS_STATUSES),
  }),
  // providers.md R5.2, R8.2: a provider fact the platform will not apply because it contradicts what it did.
  'transaction.discrepancy-detected': z.object({
    transaction_id: z.string(),
    refund_id: z.string().nullable(),
    dispute_id: z.string().nullable(),
    kind: z.enum([
      'CAPTURE_FAILED_AFTER_APPROVAL',
      'CANCEL_FAILED_AFTER_CANCEL',
      'REFUND_FAILED_AFTER_SUCCESS',
      'REFUND_REVERSED',
      'SECOND_CHARGEBACK',
      'OUTCOME_CONFLICT',
      'AMOUNT_MISMATCH',
      'DUPLICATE_PAYMENT',
    ]),
    provider: z.string(),
    provider_event_id: z.string().nullable(),
    detail: z.string().nullable(),
  }),
} as const satisfies Record<string, z.ZodType>;
