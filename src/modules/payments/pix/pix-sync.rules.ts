/**
 * providers.md R5.1, PIX `WAITING_PAYMENT` at an API Pix PSP: the charge is read (`GET /cob` or `/cobv`) 10 s,
 * 30 s, 1 min, 2 min, 5 min, 10 min and 30 min after the last try, then hourly, until it is paid or removed; a
 * charge not paid by `expires_at` is read at `expires_at` + 10 min, then once at + 1 h and + 24 h (a late payment),
 * then no more. Stateless: the tries are counted from the sync's start, so a restart or a missed run resumes on
 * the same schedule.
 */
export const PIX_SYNC_STEPS_MS = [10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000] as const;
export const PIX_SYNC_HOURLY_MS = 3_600_000;
/** After `expires_at`: + 10 min, + 1 h, + 24 h. */
export const PIX_SYNC_AFTER_EXPIRY_MS = [600_000, 3_600_000, 86_400_000] as const;

/** The next read after `now` for a sync started at `startedAt`; null: the schedule is over. */
export function nextPixSyncAt(startedAt: Date, now: Date, expiresAt: Date): Date | null {
  const t = now.getTime();
  const expiry = expiresAt.getTime();
  let at = startedAt.getTime();
  for (let i = 0; ; i++) {
    at += PIX_SYNC_STEPS_MS[i] ?? PIX_SYNC_HOURLY_MS;
    if (at >= expiry) break; // the standard schedule ends at the expiry
    if (at > t) return new Date(at);
  }
  for (const offset of PIX_SYNC_AFTER_EXPIRY_MS) if (expiry + offset > t) return new Date(expiry + offset);
  return null;
}
