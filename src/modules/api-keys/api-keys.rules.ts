/**
 * API key lifecycle rules (product.md §15). Pure: the service reads rows and the clock, these decide.
 * A key is usable until it is revoked or its `expires_at` passes, whichever comes first.
 */

export const MAX_GRACE_SECONDS = 604_800;

export interface KeyState {
  expiresAt: Date | null;
  revokedAt: Date | null;
}

export type KeyStatus = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

export function keyStatus(key: KeyState, now: Date): KeyStatus {
  if (key.revokedAt) return 'REVOKED';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

export const isActive = (key: KeyState, now: Date) => keyStatus(key, now) === 'ACTIVE';

/**
 * The rolled key's new end: now + grace, but a roll never lengthens a key's life (one already due to expire
 * sooner keeps its date).
 */
export function rolledExpiry(current: Date | null, now: Date, graceSeconds: number): Date {
  const end = new Date(now.getTime() + graceSeconds * 1000);
  return current && current.getTime() < end.getTime() ? current : end;
}

export type RevokeDecision = { kind: 'revoke' } | { kind: 'already-revoked' } | { kind: 'refuse'; reason: 'LAST_KEY' };

/**
 * Deleting a key: an already revoked key answers as it is (a repeated DELETE is harmless); an active key
 * may go only while another key of its company stays active, so no company locks itself out. An expired
 * key is not in use and may always be revoked.
 */
export function revokeDecision(
  target: KeyState & { id: string },
  companyKeys: (KeyState & { id: string })[],
  now: Date,
): RevokeDecision {
  if (target.revokedAt) return { kind: 'already-revoked' };
  if (!isActive(target, now)) return { kind: 'revoke' };
  const othersActive = companyKeys.some((k) => k.id !== target.id && isActive(k, now));
  return othersActive ? { kind: 'revoke' } : { kind: 'refuse', reason: 'LAST_KEY' };
}

/** What a listing may show of a key: its last four characters. */
export const last4 = (key: string) => key.slice(-4);
