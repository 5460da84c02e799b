import { refused } from '../errors.js';
import type { ParsedWebhook, StatusReport } from '../webhooks.js';
import { cents, keyOfPixId } from './bodies.js';
import { returnsOf, type PixReturn } from './returns.js';

/**
 * R3.7: the PSP's callback `POST {webhookUrl}/pix` with `{ pix: [Pix] }` (the document's `listaPix` callback).
 * Each entry with a `txid` is a payment of our charge (its `txid` is our id without dashes, R3.2); each
 * `devolucoes` entry a return. An entry without `txid` is kept for the ingestion (stored `IGNORED`).
 */
export interface PixCallbackEntry {
  eventId: string;
  txid: string | null;
  endToEndId: string;
  amount: number;
  paidAt: Date;
  returns: PixReturn[];
  raw: Record<string, unknown>;
}
export interface PixCallbackParsed extends ParsedWebhook {
  entries: PixCallbackEntry[];
}

export function parseCallback(rawBody: string): PixCallbackParsed {
  let body: { pix?: unknown };
  try {
    body = JSON.parse(rawBody) as typeof body; // any JSON: the shape is checked below
  } catch {
    throw refused('INVALID_BODY', 'The callback is not JSON', 'webhook.parse');
  }
  if (!Array.isArray(body?.pix)) throw refused('INVALID_BODY', 'The callback has no pix list', 'webhook.parse');
  const entries = (body.pix as Array<Record<string, unknown>>).map((p) => {
    if (!p || typeof p.endToEndId !== 'string' || typeof p.valor !== 'string' || typeof p.horario !== 'string')
      throw refused('INVALID_BODY', 'A pix entry is malformed', 'webhook.parse');
    const returns = returnsOf(p, p.endToEndId);
    // A return's own state is part of the event: the same Pix resent after a return settles is a new event.
    const eventId = [p.endToEndId, ...returns.map((r) => `${r.id}:${r.status}`)].join('|');
    return {
      eventId,
      txid: typeof p.txid === 'string' ? p.txid : null,
      endToEndId: p.endToEndId,
      amount: cents(p.valor),
      paidAt: new Date(p.horario),
      returns,
      raw: p,
    };
  });
  const reports: StatusReport[] = entries.flatMap((e) => [
    ...(e.txid
      ? [
          {
            resource: 'pix-charge' as const,
            resourceId: keyOfPixId(e.txid),
            status: 'PAID' as const,
            failure: null,
            endToEndId: e.endToEndId,
            paidAt: e.paidAt,
          },
        ]
      : []),
    ...e.returns.map((r) => ({
      resource: 'refund' as const,
      resourceId: keyOfPixId(r.id),
      status: r.status,
      failure:
        r.status === 'FAILED' ? { code: 'PROVIDER_DECLINED', message: r.reason ?? 'The return was not made' } : null,
    })),
  ]);
  return {
    eventId: entries.map((e) => e.eventId).join(','),
    occurredAt: entries[0]?.paidAt ?? new Date(0),
    reports,
    entries,
  };
}
