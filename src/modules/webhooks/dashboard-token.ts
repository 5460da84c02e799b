import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { systemClock } from '../../kernel/clock.js';

/** A dashboard link stays valid for one hour, like a document download URL. */
export const DASHBOARD_TOKEN_TTL_SECONDS = 3600;

const PURPOSE = 'webhooks-dashboard.v1';

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}.${payload}`).digest('base64url');

/**
 * `<base64url JSON {o, e, r?}>.<base64url HMAC>`: who (organization), until when, and whether the link shows the
 * request logs too (`r`: the caller held `request_log.list` when it asked for the link); no API key in the link.
 */
export function signDashboardToken(
  secret: string,
  organizationId: string,
  now = systemClock.now(),
  ttlSeconds = DASHBOARD_TOKEN_TTL_SECONDS,
  scope: { requestLogs?: boolean } = {},
) {
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + ttlSeconds * 1000);
  const payload = Buffer.from(
    JSON.stringify({ o: organizationId, e: expiresAt.getTime() / 1000, ...(scope.requestLogs ? { r: 1 } : {}) }),
  ).toString('base64url');
  return { token: `${payload}.${mac(secret, payload)}`, expiresAt };
}

/** Who the token was issued to and until when, or null when it is malformed, tampered with or expired. */
export function verifyDashboardClaims(
  secret: string,
  token: unknown,
  now = systemClock.now(),
): { organizationId: string; expiresAt: Date; requestLogs: boolean } | null {
  if (typeof token !== 'string' || token.length > 512) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      o?: unknown;
      e?: unknown;
      r?: unknown;
    };
    if (typeof claims.o !== 'string' || typeof claims.e !== 'number' || !Number.isFinite(claims.e)) return null;
    if (claims.e * 1000 <= now.getTime()) return null;
    return { organizationId: claims.o, expiresAt: new Date(claims.e * 1000), requestLogs: claims.r === 1 };
  } catch {
    return null;
  }
}

/** The organization the token was issued to, or null when it is malformed, tampered with or expired. */
export function verifyDashboardToken(secret: string, token: unknown, now = systemClock.now()): string | null {
  return verifyDashboardClaims(secret, token, now)?.organizationId ?? null;
}

/** A process-local secret when none is given: links then work only on the instance that issued them. */
export const ephemeralDashboardSecret = () => randomBytes(32).toString('base64url');
