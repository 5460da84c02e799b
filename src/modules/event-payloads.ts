import { z } from 'zod';
import { merchantSchema } from './companies/companies.schemas.js';
import { affiliationSchema } from './onboarding/onboarding.schemas.js';
import { internalTransferSchema } from './banking/banking.schemas.js';
import { cashoutSchema } from './cashouts/cashouts.schemas.js';
import { CASHOUT_STATUSES } from './cashouts/cashouts.rules.js';
import { settlementCompletedPayload } from './receivables/receivables.schemas.js';
// The event assembly, like the route list of ./index.ts, is the modules' root: it takes the payloads module
// itself (not the face, whose routes would load with every reader of event types).
import { paymentEventPayloads as payments } from './payments/events.js';
import { disputeCreatedPayload, disputeStatusChangedPayload } from './disputes/disputes.schemas.js';
import { routingConfigurationSchema } from './routing/routing.schemas.js';
import { anticipationCreatedPayload, anticipationStatusChangedPayload } from './anticipations/anticipations.schemas.js';

/**
 * One schema per event type: the payload a receiver gets (platform-api.md Events, product.md), assembled here
 * from the areas that own them (payments' in src/modules/payments/events.ts). Services are
 * type-checked against them when they record an event (the outbox's `EventPayloadTypes`, filled below), a
 * test parses every recorded payload with them, and the OpenAPI `webhooks` section is generated from them. Resource-carrying payloads reuse the resource's
 * response schema (a data shape, not area logic), so an event never drifts from what GET returns.
 */
const statusChange = <S extends z.ZodType>(idField: string, status: S) =>
  z.object({ [idField]: z.string(), old_status: status.nullable(), new_status: status });

export const EVENT_PAYLOADS = {
  'company.created': merchantSchema,
  'company.status-changed': z.object({ company_id: z.string(), old_status: z.string(), new_status: z.string() }),
  'affiliation.created': affiliationSchema,
  'affiliation.status-changed': z.object({
    affiliation_id: z.string(),
    old_status: z.string().nullable(),
    new_status: z.string(),
    onboarding_url: z.string().nullable().optional().describe('Present when the status is WAITING_DOCUMENTS'),
    provider_status_message: z.string().nullable(),
    affiliation: affiliationSchema,
  }),
  'internal-transfer.created': internalTransferSchema,
  'internal-transfer.status-changed': statusChange('internal_transfer_id', z.string()).extend({
    error_message: z.string().optional().describe('On FAILED, when available'),
  }),
  // money.md M9: a debt moved (a credit repaid it, a debit found available short); sequence = the account's last.
  // money.md M2/M9: the settlement record, with the account's last ledger sequence.
  'settlement.completed': settlementCompletedPayload,
  'balance.debt-changed': z.object({
    bank_account_id: z.string(),
    old_debt: z.int(),
    new_debt: z.int(),
    sequence: z.int(),
  }),
  'onboarding-document.status-changed': z.object({
    onboarding_document_id: z.string(),
    company_id: z.string(),
    file_type: z.string(),
    subject_document_number: z.string().nullable(),
    origin: z.string(),
    old_status: z.string().nullable(),
    new_status: z.string(),
    refusal_reason: z.string().nullable(),
  }),
  // The payment events (payments.md P4, P5; money.md M9), owned by src/modules/payments.
  'transaction.created': payments['transaction.created'],
  'transaction.status-changed': payments['transaction.status-changed'],
  'refund.created': payments['refund.created'],
  'refund.status-changed': payments['refund.status-changed'],
  // money.md M4/M9: the anticipation as GET returns it (+ the account's last ledger sequence).
  'anticipation.created': anticipationCreatedPayload,
  'anticipation.status-changed': anticipationStatusChangedPayload,
  // money.md M5/M9: the cashout as GET returns it, with cashout_id; money events carry the account's last ledger sequence.
  'cashout.created': cashoutSchema.extend({ cashout_id: z.string(), sequence: z.int() }),
  'three-ds-session.status-changed': payments['three-ds-session.status-changed'],
  // money.md M6/M9: the dispute as GET returns it (+ the account and its sequence: opening holds money).
  'dispute.created': disputeCreatedPayload,
  'dispute.status-changed': disputeStatusChangedPayload,
  'transaction.discrepancy-detected': payments['transaction.discrepancy-detected'],
  'cashout.status-changed': z.object({
    cashout_id: z.string(),
    old_status: z.enum(CASHOUT_STATUSES),
    new_status: z.enum(CASHOUT_STATUSES),
    error_message: z.string().nullable().describe('On FAILED, when available; null otherwise'),
    bank_account_id: z.string(),
    sequence: z.int(),
  }),
  'cashout.returned': z.object({
    cashout_id: z.string(),
    return_id: z.string(),
    amount: z.int(),
    returned_amount: z.int(),
    status: z.enum(CASHOUT_STATUSES),
    bank_account_id: z.string(),
    sequence: z.int(),
  }),
  // providers.md R8.2: to each organization that may use the account (R1.5, R6.11).
  'provider-account.status-changed': z.object({
    provider_account_id: z.string(),
    provider: z.string().describe("The account's name"),
    old_status: z.enum(['ACTIVE', 'DISABLED']),
    new_status: z.enum(['ACTIVE', 'DISABLED']),
    reason: z.string().nullable().describe('The reason given to disable; null on enable'),
  }),
  'provider-account.health-changed': z.object({
    provider_account_id: z.string(),
    provider: z.string(),
    old_state: z.enum(['CLOSED', 'OPEN', 'HALF_OPEN']),
    new_state: z.enum(['CLOSED', 'OPEN', 'HALF_OPEN']),
    consecutive_failures: z.int(),
    last_failure_code: z.string().nullable(),
    next_probe_at: z.string().nullable(),
  }),
  // product.md §15: POST /v1/webhooks/endpoints/{id}/test sends it to that one endpoint only.
  'webhook.test': z.object({
    endpoint_id: z.string().describe('The endpoint the test was sent to'),
    message: z.string().describe('A fixed text: this delivery is a test'),
  }),
  // providers.md R8.2: the configuration as GET /v1/routing returns it.
  'routing-configuration.updated': routingConfigurationSchema,
} as const satisfies Record<string, z.ZodType>;

export type EventType = keyof typeof EVENT_PAYLOADS;
export const EVENT_TYPES = Object.keys(EVENT_PAYLOADS) as EventType[];
/** What a service must hand over for an event type (dates already ISO strings, as delivered). */
export type EventPayload<T extends EventType> = z.input<(typeof EVENT_PAYLOADS)[T]>;
type AssembledPayloads = { [T in EventType]: EventPayload<T> };

declare module '../events/outbox.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging fills the outbox's map
  interface EventPayloadTypes extends AssembledPayloads {}
}

/** Parses a recorded payload against its type's schema (tests and the OpenAPI document use it). */
export function parseEventPayload(type: string, payload: unknown) {
  const schema = EVENT_PAYLOADS[type as EventType];
  if (!schema) throw new Error(`unknown event type ${type}`);
  return schema.safeParse(payload);
}
