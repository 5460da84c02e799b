import { createHmac, timingSafeEqual } from 'node:crypto';
import { systemClock, type Clock } from '../../kernel/clock.js';

/** A hosted onboarding link works for 7 days from its issue time (product.md §15). */
export const HOSTED_LINK_TTL_SECONDS = 7 * 24 * 3600;
/**
 * Issue times fall on UTC day boundaries: every read within one day presents the same URL (stable across GET,
 * list and events), and any URL presented has between 6 and 7 days left. A read after the link expired lands in
 * a later day, so it presents a fresh link. Nothing is stored: the issue time is a function of the clock.
 */
export const HOSTED_LINK_ISSUE_STEP_SECONDS = 24 * 3600;

/** Where the page lives on the core host; the token rides in the query string, which request logs leave out. */
export const HOSTED_PAGE_PATH = '/core/v1/onboarding/hosted';

const PURPOSE = 'hosted-onboarding.v1';
const MAX_TOKEN_LENGTH = 512;

export interface HostedLinkClaims {
  affiliationId: string;
  companyId: string;
  issuedAt: Date;
  expiresAt: Date;
}

export type HostedLinkCheck = { ok: true; claims: HostedLinkClaims } | { ok: false; reason: 'INVALID' | 'EXPIRED' };

/** The part of an affiliation a link is about: the merchant and the affiliation, nothing else reachable. */
export interface LinkSubject {
  id: string;
  companyId: string;
}

/**
 * `<base64url JSON {a, c, i}>.<base64url HMAC-SHA256>`: affiliation, company (merchant) and issue time in
 * seconds. The signature covers all three, so neither the scope nor the validity can be changed.
 */
export class HostedLinkSigner {
  constructor(
    private readonly secret: string,
    /** Real (or injected) time, never an organization's test clock: a link's validity is a security matter. */
    private readonly clock: Clock = systemClock,
  ) {
    if (secret.length < 32) throw new Error('hosted onboarding link secret must be at least 32 characters');
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(`${PURPOSE}.${payload}`).digest('base64url');
  }

  /** The issue time a link presented now carries: the start of the current UTC day. */
  static issueTime(now: Date): number {
    const seconds = Math.floor(now.getTime() / 1000);
    return seconds - (seconds % HOSTED_LINK_ISSUE_STEP_SECONDS);
  }

  token(subject: LinkSubject, now = this.clock.now()): { token: string; issuedAt: Date; expiresAt: Date } {
    const issued = HostedLinkSigner.issueTime(now);
    const payload = Buffer.from(JSON.stringify({ a: subject.id, c: subject.companyId, i: issued })).toString(
      'base64url',
    );
    return {
      token: `${payload}.${this.mac(payload)}`,
      issuedAt: new Date(issued * 1000),
      expiresAt: new Date((issued + HOSTED_LINK_TTL_SECONDS) * 1000),
    };
  }

  url(baseUrl: string, subject: LinkSubject, now = this.clock.now()): string {
    return `${baseUrl}${HOSTED_PAGE_PATH}?token=${this.token(subject, now).token}`;
  }

  verify(token: unknown, now = this.clock.now()): HostedLinkCheck {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH)
      return { ok: false, reason: 'INVALID' };
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'INVALID' };
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'INVALID' };
    let claims: { a?: unknown; c?: unknown; i?: unknown };
    try {
      // Any JSON: every claim is checked below before it is used.
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
    } catch {
      return { ok: false, reason: 'INVALID' };
    }
    if (
      typeof claims.a !== 'string' ||
      typeof claims.c !== 'string' ||
      typeof claims.i !== 'number' ||
      !Number.isInteger(claims.i)
    )
      return { ok: false, reason: 'INVALID' };
    const expiresAt = new Date((claims.i + HOSTED_LINK_TTL_SECONDS) * 1000);
    if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'EXPIRED' };
    return {
      ok: true,
      claims: { affiliationId: claims.a, companyId: claims.c, issuedAt: new Date(claims.i * 1000), expiresAt },
    };
  }
}
