import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * The challenge page's one-time token `t` (payments.md P7): a JWT (HS256) naming the session (`sub`), with a
 * random `jti` the session row keeps and an expiry at the session's `expires_at`. The page needs no API key;
 * the token is "used" once the session has left ACTION_REQUIRED (the page checks that against the row).
 */
const AUDIENCE = 'platform:3ds-challenge';
const ISSUER = 'payment-platform';
const ALGORITHM = 'HS256';
/** The longest token accepted before any parsing (a JWT of this shape is ~300 characters). */
export const MAX_TOKEN_LENGTH = 1024;

export type TokenCheck = { ok: true; jti: string } | { ok: false; reason: 'INVALID' | 'EXPIRED' };

/** A key for this purpose only, derived from the given secret (the JWT secret must not sign these directly). */
export const challengeKey = (secret: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(`3ds-challenge.v1\u0000${secret}`).digest());

export const newTokenId = (): string => randomBytes(16).toString('base64url');

export async function signChallengeToken(
  key: Uint8Array,
  claims: { sessionId: string; jti: string; expiresAt: Date; now: Date },
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sessionId)
    .setJti(claims.jti)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(claims.now.getTime() / 1000))
    .setExpirationTime(Math.ceil(claims.expiresAt.getTime() / 1000))
    .sign(key);
}

/**
 * Checks signature, audience, issuer, subject (the session in the path) and expiry against `now` (the
 * organization's clock). Anything malformed or tampered is INVALID; a well-signed token past its time EXPIRED.
 */
export async function verifyChallengeToken(
  key: Uint8Array,
  token: unknown,
  sessionId: string,
  now: Date,
): Promise<TokenCheck> {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH)
    return { ok: false, reason: 'INVALID' };
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      audience: AUDIENCE,
      issuer: ISSUER,
      subject: sessionId,
      currentDate: now,
      clockTolerance: 0,
    });
    if (typeof payload.jti !== 'string' || payload.jti.length === 0) return { ok: false, reason: 'INVALID' };
    return { ok: true, jti: payload.jti };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'EXPIRED' : 'INVALID' };
  }
}

/**
 * What the page may do with a token that verified, given the row: its `jti` must be the one the session holds
 * (else INVALID: a token for an older or another session), and the session must still be waiting (else USED).
 */
export function tokenUse(
  check: TokenCheck,
  session: { challengeTokenId: string | null; status: string; expiresAt: Date } | undefined,
  now: Date,
): 'OK' | 'INVALID' | 'USED' | 'EXPIRED' {
  if (!check.ok) return check.reason;
  if (!session || session.challengeTokenId === null || session.challengeTokenId !== check.jti) return 'INVALID';
  if (session.status === 'EXPIRED') return 'EXPIRED';
  if (session.status !== 'ACTION_REQUIRED') return 'USED';
  if (now.getTime() >= session.expiresAt.getTime()) return 'EXPIRED';
  return 'OK';
}
