import { createHmac, timingSafeEqual } from 'node:crypto';
import { refused } from '../errors.js';
import type { ParsedWebhook, ProviderWebhook, StatusReport } from '../webhooks.js';
import { textOf } from '../../kernel/text.js';

/**
 * The sandbox provider's webhooks, in its own vocabulary, to show where status mapping lives: inside the
 * adapter. Body `{ id, type, created_at, data: { reference, status, failure_code?, failure_message?,
 * end_to_end_id?, paid_at? } }`, where `reference` is the idempotency key we submitted under; header
 * `x-sandbox-signature: sha256=<hex HMAC-SHA256 of the raw body>`.
 */
export const SANDBOX_STATUS_MAP = {
  'transfer.updated': {
    resource: 'internal-transfer',
    statuses: { queued: 'PENDING', in_process: 'PROCESSING', settled: 'COMPLETED', rejected: 'FAILED' },
  },
  'payment.updated': {
    resource: 'card-payment',
    statuses: {
      authorized: 'AUTHORIZED',
      captured: 'CAPTURED',
      declined: 'REFUSED',
      pending_review: 'PROCESSING',
      voided: 'VOIDED',
    },
  },
  'refund.updated': {
    resource: 'refund',
    statuses: { requested: 'PENDING', refunded: 'SUCCEEDED', refund_failed: 'FAILED' },
  },
  'charge.updated': {
    resource: 'pix-charge',
    statuses: { active: 'WAITING_PAYMENT', concluded: 'PAID', expired: 'EXPIRED', removed: 'CANCELED' },
  },
  'payout.updated': { resource: 'cashout', statuses: { processing: 'PENDING', paid: 'COMPLETED', failed: 'FAILED' } },
  'authentication.updated': {
    resource: 'three-ds',
    statuses: { challenge: 'ACTION_REQUIRED', authenticated: 'SUCCEEDED', not_authenticated: 'FAILED' },
  },
} as const satisfies Record<string, { resource: StatusReport['resource']; statuses: Record<string, string> }>;

export type SandboxWebhookType = keyof typeof SANDBOX_STATUS_MAP;
export const SIGNATURE_HEADER = 'x-sandbox-signature';

export const signSandboxWebhook = (secret: string, rawBody: string) =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

export function parseSandboxWebhook(secret: string, webhook: ProviderWebhook): ParsedWebhook {
  const header = webhook.headers[SIGNATURE_HEADER];
  const given = Buffer.from(String(Array.isArray(header) ? header[0] : (header ?? '')));
  const expected = Buffer.from(signSandboxWebhook(secret, webhook.rawBody));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw refused('INVALID_SIGNATURE', 'The webhook signature does not match', 'webhook.parse');
  let body: { id?: unknown; type?: unknown; created_at?: unknown; data?: Record<string, unknown> };
  try {
    body = JSON.parse(webhook.rawBody) as typeof body; // any JSON: the shape is checked below
  } catch {
    throw refused('MALFORMED_WEBHOOK', 'The webhook body is not JSON', 'webhook.parse');
  }
  const kind = SANDBOX_STATUS_MAP[body.type as SandboxWebhookType];
  const data = body.data ?? {};
  const native = textOf(data.status ?? '');
  const status = kind && (kind.statuses as Record<string, string>)[native];
  const createdAt = typeof body.created_at === 'string' ? Date.parse(body.created_at) : Number.NaN;
  if (
    !kind ||
    !status ||
    typeof data.reference !== 'string' ||
    typeof body.id !== 'string' ||
    Number.isNaN(createdAt)
  ) {
    // An event or status we do not know is refused, never guessed: a wrong status would move money.
    throw refused('UNKNOWN_EVENT', `Unknown webhook ${String(body.type)} with status ${native}`, 'webhook.parse');
  }
  const failure =
    typeof data.failure_code === 'string'
      ? { code: data.failure_code, message: textOf(data.failure_message ?? data.failure_code) }
      : null;
  const endToEndId = typeof data.end_to_end_id === 'string' ? data.end_to_end_id : null;
  const base = { resourceId: data.reference, failure };
  let report: StatusReport;
  if (kind.resource === 'pix-charge')
    report = {
      ...base,
      resource: kind.resource,
      status: status as never,
      endToEndId,
      paidAt: typeof data.paid_at === 'string' ? new Date(data.paid_at) : null,
    };
  else if (kind.resource === 'cashout')
    report = { ...base, resource: kind.resource, status: status as never, endToEndId };
  else report = { ...base, resource: kind.resource, status: status as never };
  return { eventId: body.id, occurredAt: new Date(createdAt), reports: [report] };
}
