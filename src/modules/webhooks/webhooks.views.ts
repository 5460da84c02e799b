import type { MessageWithAttempts } from './messages.repo.js';

/** The message of product.md §11: `id` is the event id; attempts oldest first. */
export function toMessageView(m: MessageWithAttempts) {
  return {
    id: m.eventId,
    type: m.type,
    company_id: m.companyId,
    status: m.status,
    attempts: m.attempts.map((a) => ({ at: a.at.toISOString(), status_code: a.statusCode, duration_ms: a.durationMs, error: a.error })),
    next_attempt_at: m.status === 'PENDING' && m.nextAttemptAt ? m.nextAttemptAt.toISOString() : null,
    created_at: m.createdAt.toISOString(),
  };
}
export type MessageView = ReturnType<typeof toMessageView>;
