import type { MessageWithAttempts } from './messages.repo.js';

/**
 * The message of product.md §11/§15: `id` is the event id; attempts oldest first, each naming its endpoint;
 * `deliveries` is the state per endpoint; `next_attempt_at` the soonest of the pending ones.
 */
export function toMessageView(m: MessageWithAttempts) {
  const pending = m.deliveries
    .filter((d) => d.status === 'PENDING' && d.nextAttemptAt)
    .map((d) => d.nextAttemptAt!.getTime());
  return {
    id: m.eventId,
    type: m.type,
    company_id: m.companyId,
    status: m.status,
    attempts: m.attempts.map((a) => ({
      at: a.at.toISOString(),
      endpoint_id: a.endpointId,
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      error: a.error,
    })),
    deliveries: m.deliveries.map((d) => ({
      endpoint_id: d.endpointId,
      status: d.status,
      attempt_count: d.attemptCount,
      next_attempt_at: d.status === 'PENDING' && d.nextAttemptAt ? d.nextAttemptAt.toISOString() : null,
    })),
    next_attempt_at: m.status === 'PENDING' && pending.length ? new Date(Math.min(...pending)).toISOString() : null,
    created_at: m.createdAt.toISOString(),
  };
}
export type MessageView = ReturnType<typeof toMessageView>;
