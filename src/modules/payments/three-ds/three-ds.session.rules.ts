import type { CardBrand } from '../../../domain/card-brands.js';
import { eciFor } from '../shared/sandbox-cards.js';
import type { ThreeDsFailure } from './three-ds.rules.js';

/**
 * Pure rules of 3DS sessions beyond the groundwork in src/modules/payments/three-ds/three-ds.rules.ts: the return
 * URL, the idempotency fingerprint, the provider choice (P1) and what a completed challenge records.
 */

const SANDBOX_HOSTS = new Set(['localhost', '127.0.0.1']);

/** P7: an `https` URL; in the sandbox also `http://localhost` and `http://127.0.0.1` (any port). Null when fine. */
export function returnUrlProblem(value: string, sandbox: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (url.protocol === 'https:') return null;
  if (sandbox && url.protocol === 'http:' && SANDBOX_HOSTS.has(url.hostname)) return null;
  return sandbox
    ? 'must be an https URL (or http://localhost / http://127.0.0.1 in the sandbox)'
    : 'must be an https URL';
}

/**
 * The body as compared for `request_id` replays (P3: "ignores `ev:` values", the same for 3DS sessions): every
 * encryption differs and the PCI host encrypts anew on each retry, so an `ev:` value counts only as "present".
 */
export function withoutEncryptedValues(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith('ev:') ? 'ev:' : value;
  if (Array.isArray(value)) return value.map(withoutEncryptedValues);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutEncryptedValues(v)]));
  return value;
}

export interface AffiliationChoice {
  provider: string;
  status: string;
  createdAt: Date;
}

/**
 * P1's provider rule for a 3DS session: a named provider needs an ACTIVE affiliation whose provider offers 3DS
 * (409 `provider` with the name); absent, the oldest such affiliation (409 `provider` with null when none).
 */
export function chooseProvider(
  named: string | undefined,
  affiliations: readonly AffiliationChoice[],
  offersThreeDs: (provider: string) => boolean,
): { ok: true; provider: string } | { ok: false; value: string | null } {
  const usable = affiliations
    .filter((a) => a.status === 'ACTIVE' && offersThreeDs(a.provider))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  if (named !== undefined)
    return usable.some((a) => a.provider === named) ? { ok: true, provider: named } : { ok: false, value: named };
  return usable[0] ? { ok: true, provider: usable[0].provider } : { ok: false, value: null };
}

/** What a completed challenge records (the sandbox's ACS is the platform's own page, so it decides the result). */
export type ChallengeResult =
  | { status: 'SUCCEEDED'; trans_status: 'Y'; eci: string; liability_shift: true; failure_reason: null }
  | { status: 'FAILED'; trans_status: 'N'; eci: string; liability_shift: false; failure_reason: ThreeDsFailure };

export function challengeResult(
  outcome: { status: 'SUCCEEDED' } | { status: 'FAILED'; failure_reason: ThreeDsFailure | null },
  brand: CardBrand,
): ChallengeResult {
  if (outcome.status === 'SUCCEEDED')
    return {
      status: 'SUCCEEDED',
      trans_status: 'Y',
      eci: eciFor(brand, 'FULL'),
      liability_shift: true,
      failure_reason: null,
    };
  return {
    status: 'FAILED',
    trans_status: 'N',
    eci: eciFor(brand, 'NONE'),
    liability_shift: false,
    failure_reason: outcome.failure_reason ?? 'AUTHENTICATION_FAILED',
  };
}

/** Where the page sends the browser when done: the merchant's URL with the session id and its status added. */
export function returnTarget(returnUrl: string, sessionId: string, status: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('three_ds_session_id', sessionId);
  url.searchParams.set('status', status);
  return url.toString();
}
