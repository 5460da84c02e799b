import { containsCardNumber } from '../../domain/pan.js';
import type { NormalizedNotification } from '../../providers/adyen-checkout/notifications.js';
import type { PixCallbackEntry } from '../../providers/pix-api-bcb/callbacks.js';
import { keyOfPixId } from '../../providers/pix-api-bcb/bodies.js';
import type { IncomingEvent, Move, Target } from './facts.js';

/**
 * Pure rules of the intake (providers.md R4.3, R4.4): each connector's request split into events, each with its
 * dedupe key and its normalized fact; the redaction of what is kept; the retry schedule of R4.5.
 */

// ---- SANDBOX (R4.3) -----------------------------------------------------------------------------------------

const SANDBOX_MOVES: Partial<
  Record<string, Partial<Record<string, (d: SandboxData) => { target: Target; move: Move }>>>
> = {
  'payment.updated': {
    authorized: (d) => ({
      target: { kind: 'transaction', id: d.reference },
      move: { on: 'payment', kind: 'authorised' },
    }),
    captured: (d) => ({ target: { kind: 'transaction', id: d.reference }, move: { on: 'payment', kind: 'captured' } }),
    declined: (d) => ({
      target: { kind: 'transaction', id: d.reference },
      move: {
        on: 'payment',
        kind: 'refused',
        refusal: {
          code: d.failure_code ?? 'CARD_DECLINED',
          message: d.failure_message ?? d.failure_code ?? 'Declined',
          providerCode: d.failure_code ?? null,
        },
      },
    }),
    pending_review: (d) => ({
      target: { kind: 'transaction', id: d.reference },
      move: { on: 'payment', kind: 'pending' },
    }),
    voided: (d) => ({ target: { kind: 'transaction', id: d.reference }, move: { on: 'payment', kind: 'cancelled' } }),
  },
  'refund.updated': {
    requested: (d) => ({ target: { kind: 'refund', id: d.reference }, move: { on: 'refund', kind: 'pending' } }),
    refunded: (d) => ({ target: { kind: 'refund', id: d.reference }, move: { on: 'refund', kind: 'succeeded' } }),
    refund_failed: (d) => ({
      target: { kind: 'refund', id: d.reference },
      move: { on: 'refund', kind: 'failed', message: d.failure_message ?? d.failure_code ?? null },
    }),
  },
  'charge.updated': {
    active: (d) => ({ target: { kind: 'transaction', id: d.reference }, move: { on: 'pix', kind: 'active' } }),
    concluded: (d) => ({
      target: { kind: 'transaction', id: d.reference },
      move: { on: 'pix', kind: 'paid', endToEndId: d.end_to_end_id ?? null, paidAt: d.paid_at ?? null },
    }),
    expired: (d) => ({ target: { kind: 'transaction', id: d.reference }, move: { on: 'pix', kind: 'expired' } }),
    removed: (d) => ({ target: { kind: 'transaction', id: d.reference }, move: { on: 'pix', kind: 'removed' } }),
  },
};

interface SandboxData {
  reference: string;
  status: string;
  failure_code?: string;
  failure_message?: string;
  end_to_end_id?: string;
  paid_at?: string;
}

export type SandboxBodyProblem = { problem: string };

/** One sandbox body is one event; a body without `id`, `type` or `data.reference` is malformed (400). */
export function sandboxEvent(body: unknown): IncomingEvent | SandboxBodyProblem {
  const b = (body ?? {}) as { id?: unknown; type?: unknown; created_at?: unknown; data?: Record<string, unknown> };
  if (typeof b.id !== 'string' || b.id === '' || b.id.length > 200) return { problem: 'id must be a non-empty string' };
  if (typeof b.type !== 'string' || b.type.length > 100) return { problem: 'type must be a string' };
  const data = b.data && typeof b.data === 'object' ? b.data : {};
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const occurred = typeof b.created_at === 'string' ? new Date(b.created_at) : null;
  const d: SandboxData = {
    reference: str(data.reference) ?? '',
    status: str(data.status) ?? '',
    failure_code: str(data.failure_code),
    failure_message: str(data.failure_message),
    end_to_end_id: str(data.end_to_end_id),
    paid_at: str(data.paid_at),
  };
  const build = SANDBOX_MOVES[b.type]?.[d.status];
  const known = build !== undefined && isUuid(d.reference);
  const fact = known
    ? build(d)
    : {
        target: { kind: 'none' as const },
        move: {
          on: 'none' as const,
          why: `The sandbox event ${b.type} with status ${d.status || '(none)'} is not handled`,
        },
      };
  return {
    dedupeKey: b.id,
    providerEventId: b.id,
    eventType: b.type,
    success: null,
    occurredAt: occurred && !Number.isNaN(occurred.getTime()) ? occurred : null,
    fact,
    raw: body,
  };
}

// ---- ADYEN_CHECKOUT (R2.9) ----------------------------------------------------------------------------------

const ADYEN_MOVES: Record<string, (n: NormalizedNotification) => Move> = {
  AUTHORISATION: (n) =>
    n.success
      ? { on: 'payment', kind: 'authorised', pspReference: n.pspReference }
      : { on: 'payment', kind: 'refused', refusal: n.refusal ? { ...n.refusal, providerCode: n.reason } : null },
  CAPTURE: (n) =>
    n.success ? { on: 'payment', kind: 'captured', amount: n.amount.value } : { on: 'payment', kind: 'capture-failed' },
  CAPTURE_FAILED: () => ({ on: 'payment', kind: 'capture-failed' }),
  CANCELLATION: (n) => (n.success ? { on: 'payment', kind: 'cancelled' } : { on: 'payment', kind: 'cancel-failed' }),
  TECHNICAL_CANCEL: (n) =>
    n.success ? { on: 'payment', kind: 'cancelled' } : { on: 'none', why: 'TECHNICAL_CANCEL false changes nothing' },
  EXPIRE: () => ({ on: 'payment', kind: 'expired' }),
  REFUND: (n) =>
    n.success
      ? { on: 'refund', kind: 'succeeded', providerRefundId: n.pspReference }
      : { on: 'refund', kind: 'failed', message: n.reason, providerRefundId: n.pspReference },
  REFUND_FAILED: (n) => ({ on: 'refund', kind: 'failed', message: n.reason }),
  REFUNDED_REVERSED: () => ({ on: 'refund', kind: 'reversed' }),
  NOTIFICATION_OF_CHARGEBACK: (n) => ({
    on: 'dispute',
    kind: 'opened',
    amount: n.amount.value,
    reasonCode: n.raw.additionalData?.chargebackReasonCode?.trim() ?? null,
  }),
  CHARGEBACK: (n) => ({
    on: 'dispute',
    kind: 'opened',
    amount: n.amount.value,
    reasonCode: n.raw.additionalData?.chargebackReasonCode?.trim() ?? null,
  }),
  CHARGEBACK_REVERSED: () => ({ on: 'dispute', kind: 'won' }),
  PREARBITRATION_WON: () => ({ on: 'dispute', kind: 'won' }),
  SECOND_CHARGEBACK: () => ({ on: 'dispute', kind: 'lost' }),
  PREARBITRATION_LOST: () => ({ on: 'dispute', kind: 'lost' }),
};

/** One event per notification item; key `{pspReference}:{eventCode}:{success}` (R4.4). */
export function adyenEvent(n: NormalizedNotification): IncomingEvent {
  const move = ADYEN_MOVES[n.eventCode]?.(n) ?? {
    on: 'none' as const,
    why: `The Adyen event code ${n.eventCode} is not handled`,
  };
  const target: Target =
    move.on === 'none'
      ? { kind: 'none' }
      : {
          kind: 'adyen',
          pspReference: n.pspReference,
          originalReference: n.originalReference,
          merchantReference: n.merchantReference,
          amount: n.amount.value,
        };
  return {
    dedupeKey: `${n.pspReference}:${n.eventCode}:${n.success}`,
    providerEventId: n.pspReference,
    eventType: n.eventCode,
    success: n.success,
    occurredAt: n.occurredAt,
    fact: { target, move },
    raw: n.raw,
  };
}

// ---- PIX_API_BCB (R3.7) -------------------------------------------------------------------------------------

/** One event per `pix[]` entry (`pix:{endToEndId}`) and one per devolução (`devolucao:{rtrId}:{status}`). */
export function pixEvents(entry: PixCallbackEntry): IncomingEvent[] {
  const payment: IncomingEvent = {
    dedupeKey: `pix:${entry.endToEndId}`,
    providerEventId: entry.endToEndId,
    eventType: 'PIX_RECEIVED',
    success: null,
    occurredAt: Number.isNaN(entry.paidAt.getTime()) ? null : entry.paidAt,
    fact: entry.txid
      ? {
          target: { kind: 'pix-charge', txid: entry.txid },
          move: {
            on: 'pix',
            kind: 'paid',
            endToEndId: entry.endToEndId,
            paidAt: entry.paidAt.toISOString(),
            amount: entry.amount,
          },
        }
      : { target: { kind: 'none' }, move: { on: 'none', why: 'A Pix without txid is not a charge of the platform' } },
    raw: entry.raw,
  };
  const returns = entry.returns.map((r): IncomingEvent => {
    const native =
      r.status === 'SUCCEEDED' ? 'DEVOLVIDO' : r.status === 'FAILED' ? 'NAO_REALIZADO' : 'EM_PROCESSAMENTO';
    const kind = r.status === 'SUCCEEDED' ? 'succeeded' : r.status === 'FAILED' ? 'failed' : 'pending';
    const returnId = safeKeyOfPixId(r.id);
    return {
      dedupeKey: `devolucao:${r.rtrId ?? r.id}:${native}`,
      providerEventId: r.rtrId ?? r.id,
      eventType: `DEVOLUCAO_${native}`,
      success: null,
      occurredAt: null,
      // R3.6: ours (its id is our refund's) or one the platform did not ask for (MED, PROVIDER): the same path.
      fact: {
        target: { kind: 'pix-return', returnId: returnId ?? r.id, endToEndId: entry.endToEndId, txid: entry.txid },
        move: { on: 'refund', kind, message: r.reason, providerRefundId: r.id, pixReturn: { ...r } },
      },
      raw: { ...entry.raw, devolucoes: [r] },
    };
  });
  return [payment, ...returns];
}

function safeKeyOfPixId(id: string): string | null {
  try {
    const key = keyOfPixId(id);
    return isUuid(key) ? key : null;
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

// ---- Storage (R4.4) -----------------------------------------------------------------------------------------

const REDACTED_KEYS = new Set([
  'number',
  'cvc',
  'cvv',
  'cavv',
  'xid',
  'authenticationvalue',
  'tokenauthenticationverificationvalue',
]);
export const REDACTED = '[REDACTED]';

/** The event as kept: card-shaped strings and the values of card keys (any depth, any case) become `[REDACTED]`. */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') return containsCardNumber(value) ? REDACTED : value;
  if (typeof value === 'number') return containsCardNumber(String(value)) ? REDACTED : value;
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, REDACTED_KEYS.has(k.toLowerCase()) ? REDACTED : redact(v)]),
    );
  }
  return value;
}

/** Only these headers are kept (R4.4). */
export function keptHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['content-type', 'user-agent']) {
    const v = headers[name];
    if (v !== undefined) out[name] = String(Array.isArray(v) ? v[0] : v).slice(0, 500);
  }
  return out;
}

// ---- Retries (R4.5) -----------------------------------------------------------------------------------------

/** After receipt: 10 s, 30 s, 1 min, 5 min, 15 min, 1 h, 6 h, 24 h. */
export const RETRY_OFFSETS_MS = [10_000, 30_000, 60_000, 300_000, 900_000, 3_600_000, 21_600_000, 86_400_000] as const;

/**
 * When an event not applied yet (UNMATCHED or FAILED) is tried again: the first point of the schedule after
 * `now`, counted from receipt; null once the schedule is over (it stays as it is; reconciliation shows it).
 */
export function nextAttemptAt(receivedAt: Date, now: Date): Date | null {
  for (const offset of RETRY_OFFSETS_MS) {
    const at = receivedAt.getTime() + offset;
    if (at > now.getTime()) return new Date(at);
  }
  return null;
}
