import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { IdentifierType } from '../../db/schema/index.js';
import { must } from '../../kernel/must.js';

/** Pure rules of users and authentication: identifiers, passwords, one-time codes and lockout. */

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const CODE_TTL_MS = 15 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_DURATION_MS = 15 * 60_000;

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/**
 * One spelling per identifier so the same person is found however it is typed: e-mail trimmed and lowercased,
 * phone as E.164 (`+55` assumed for 10-11 national digits). Null when it is not a valid one of its type.
 */
export function normalizeIdentifier(type: IdentifierType, raw: string): string | null {
  const value = raw.trim();
  if (type === 'email') {
    const email = value.toLowerCase();
    return email.length <= 254 && EMAIL.test(email) ? email : null;
  }
  const compact = value.replace(/[\s().-]/g, '');
  const m = /^(\+)?(\d{10,15})$/.exec(compact);
  if (!m) return null;
  const digits = must(m[2], 'the pattern requires the digits');
  if (!m[1]) return digits.length <= 11 ? `+55${digits}` : null;
  return `+${digits}`;
}

/** Login and the code flows take one string: an e-mail when it has an `@`, else a phone. */
export function parseIdentifier(raw: string): { type: IdentifierType; value: string } | null {
  const type: IdentifierType = raw.includes('@') ? 'email' : 'phone';
  const value = normalizeIdentifier(type, raw);
  return value ? { type, value } : null;
}

/** 6 digits, uniformly random (leading zeros kept). */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are kept as an HMAC bound to their row: a 6-digit space is too small for a plain hash. */
export function hashCode(secret: string, codeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${codeId}:${code}`).digest('hex');
}

export function codeMatches(secret: string, codeId: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(secret, codeId, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export type CodeCheck = 'ok' | 'missing' | 'expired' | 'exhausted' | 'used' | 'wrong';

/** Whether a presented code is accepted; anything but `ok` is one failed try (except when nothing is left to try). */
export function checkCode(
  code: { expiresAt: Date; attempts: number; consumedAt: Date | null } | undefined,
  now: Date,
  matches: boolean,
): CodeCheck {
  if (!code) return 'missing';
  if (code.consumedAt) return 'used';
  if (code.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (code.attempts >= CODE_MAX_ATTEMPTS) return 'exhausted';
  return matches ? 'ok' : 'wrong';
}

export const CODE_FAILURE_MESSAGES: Record<Exclude<CodeCheck, 'ok'>, string> = {
  // Missing and wrong read the same, so the answer does not tell whether an identifier exists.
  missing: 'The code is wrong',
  used: 'The code was already used; request a new one',
  expired: 'The code has expired; request a new one',
  exhausted: 'Too many wrong tries for this code; request a new one',
  wrong: 'The code is wrong',
};

export interface FailureState {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

export function isLocked(state: FailureState | undefined, now: Date): boolean {
  return !!state?.lockedUntil && state.lockedUntil.getTime() > now.getTime();
}

/** One more failed login for an identifier: failures count within a window; the fifth locks it for a while. */
export function recordFailure(state: FailureState | undefined, now: Date): FailureState {
  const fresh =
    !state ||
    now.getTime() - state.windowStartedAt.getTime() >= LOCKOUT_WINDOW_MS ||
    (state.lockedUntil !== null && !isLocked(state, now));
  const failures = fresh ? 1 : state.failures + 1;
  const windowStartedAt = fresh ? now : state.windowStartedAt;
  const lockedUntil = failures >= LOCKOUT_MAX_FAILURES ? new Date(now.getTime() + LOCKOUT_DURATION_MS) : null;
  return { failures, windowStartedAt, lockedUntil };
}
