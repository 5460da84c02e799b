import type { Database } from '../../db/client.js';
import { eventEnvelope } from '../../events/outbox.js';
import { badRequest } from '../../kernel/errors.js';
import { currentCursor, cursorOfEvent, type StreamCursor } from './stream.repo.js';

export interface StreamTiming {
  /** Read without a signal this often: the only way to hear other instances without Redis, a backstop with it. */
  pollMs: number;
  /** A comment line this often keeps proxies and clients from closing an idle stream. */
  heartbeatMs: number;
  /** Re-read this soon while signalled events are not visible yet or are held behind an open transaction. */
  retryMs: number;
  /** How long a signalled event is waited for (its transaction may have rolled back). */
  signalPatienceMs: number;
}

export const DEFAULT_TIMING: StreamTiming = {
  pollMs: 500,
  heartbeatMs: 15_000,
  retryMs: 100,
  signalPatienceMs: 10_000,
};
/** With Redis, signals carry other instances' events at once; the poll only catches a lost signal. */
export const CROSS_INSTANCE_POLL_MS = 5_000;

/**
 * Where a stream starts: after the caller's Last-Event-ID (one of its organization's events, else 400 before
 * the stream opens), or at the current moment.
 */
export async function startCursor(
  db: Database,
  organizationId: string,
  lastEventId: string | undefined,
): Promise<StreamCursor> {
  if (lastEventId === undefined || lastEventId === '') return currentCursor(db);
  const found = await cursorOfEvent(db, organizationId, lastEventId);
  if (!found) throw badRequest('Last-Event-ID names no event of this organization', 'Last-Event-ID', lastEventId);
  return found;
}

/** One SSE frame: `data` is the envelope exactly as a webhook delivery's body. */
export function eventFrame(row: Parameters<typeof eventEnvelope>[0]): string {
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(eventEnvelope(row))}\n\n`;
}
