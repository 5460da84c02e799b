import { defineStateMachine } from '../../../kernel/state-machine.js';
import type { CardBrand } from '../../../domain/card-brands.js';
import { eciFor, SANDBOX_CHALLENGE_CODE, threeDsBehaviour } from '../shared/sandbox-cards.js';

/** payments.md P7: 3DS sessions. */
export const THREE_DS_STATUSES = ['ACTION_REQUIRED', 'SUCCEEDED', 'FAILED', 'EXPIRED'] as const;
export type ThreeDsStatus = (typeof THREE_DS_STATUSES)[number];
export type ThreeDsFailure =
  | 'AUTHENTICATION_FAILED'
  | 'CARD_NOT_ENROLLED'
  | 'CHALLENGE_CANCELLED'
  | 'TIMED_OUT'
  | 'DIRECTORY_UNAVAILABLE'
  | 'PROTOCOL_ERROR';

/** A frictionless outcome is created SUCCEEDED or FAILED; a challenge is created ACTION_REQUIRED and then moves once. */
export const threeDsMachine = defineStateMachine<ThreeDsStatus>('A 3DS session', {
  ACTION_REQUIRED: ['SUCCEEDED', 'FAILED', 'EXPIRED'],
  SUCCEEDED: [],
  FAILED: [],
  EXPIRED: [],
});

export const SESSION_TTL_MS = 10 * 60_000;
/** The authentication value is shown for 1 hour after success, then null. */
export const AUTHENTICATION_VALUE_TTL_MS = 3_600_000;

export type ChallengePreference =
  'NO_PREFERENCE' | 'CHALLENGE_REQUESTED' | 'CHALLENGE_MANDATED' | 'NO_CHALLENGE_REQUESTED';

export type SessionStart =
  | { status: 'SUCCEEDED'; flow: 'FRICTIONLESS'; trans_status: 'Y'; eci: string; liability_shift: true }
  | {
      status: 'FAILED';
      flow: 'FRICTIONLESS';
      trans_status: 'N';
      eci: string;
      liability_shift: false;
      failure_reason: 'AUTHENTICATION_FAILED';
    }
  | {
      status: 'FAILED';
      flow: null;
      trans_status: null;
      eci: null;
      liability_shift: false;
      failure_reason: 'CARD_NOT_ENROLLED';
    }
  | { status: 'ACTION_REQUIRED'; flow: 'CHALLENGE' };

/**
 * The sandbox directory's answer for a card: P9's row, whatever the challenge preference (a preference is a
 * request to the issuer's ACS, which decides; P9 says any other card succeeds frictionless). The preference is
 * taken so the next session can pass it to real providers through the same call.
 */
export function sandboxSessionStart(number: string, brand: CardBrand, _preference: ChallengePreference): SessionStart {
  const behaviour = threeDsBehaviour(number);
  if (behaviour.flow === 'NONE')
    return {
      status: 'FAILED',
      flow: null,
      trans_status: null,
      eci: null,
      liability_shift: false,
      failure_reason: 'CARD_NOT_ENROLLED',
    };
  if (behaviour.flow === 'CHALLENGE') return { status: 'ACTION_REQUIRED', flow: 'CHALLENGE' };
  if (behaviour.outcome === 'SUCCEEDED')
    return {
      status: 'SUCCEEDED',
      flow: 'FRICTIONLESS',
      trans_status: 'Y',
      eci: eciFor(brand, 'FULL'),
      liability_shift: true,
    };
  return {
    status: 'FAILED',
    flow: 'FRICTIONLESS',
    trans_status: 'N',
    eci: eciFor(brand, 'NONE'),
    liability_shift: false,
    failure_reason: 'AUTHENTICATION_FAILED',
  };
}

/** The challenge page's answer: `1234` succeeds, anything else fails. */
export function challengeOutcome(
  code: string,
): { status: 'SUCCEEDED' } | { status: 'FAILED'; failure_reason: 'AUTHENTICATION_FAILED' } {
  return code === SANDBOX_CHALLENGE_CODE
    ? { status: 'SUCCEEDED' }
    : { status: 'FAILED', failure_reason: 'AUTHENTICATION_FAILED' };
}

/** The staff control's outcomes (P9) mapped onto a session's status and failure reason. */
export function controlOutcome(outcome: 'SUCCEEDED' | 'FAILED' | 'CANCELLED'): {
  status: 'SUCCEEDED' | 'FAILED';
  failure_reason: ThreeDsFailure | null;
} {
  if (outcome === 'SUCCEEDED') return { status: 'SUCCEEDED', failure_reason: null };
  return {
    status: 'FAILED',
    failure_reason: outcome === 'CANCELLED' ? 'CHALLENGE_CANCELLED' : 'AUTHENTICATION_FAILED',
  };
}

export const authenticationValueVisible = (succeededAt: Date | null, now: Date) =>
  succeededAt !== null && now.getTime() - succeededAt.getTime() < AUTHENTICATION_VALUE_TTL_MS;

export interface SessionForUse {
  status: ThreeDsStatus;
  transactionId: string | null;
  amount: number;
  installments: number;
  expiresAt: Date;
}

/**
 * P3: a transaction may use a session that is SUCCEEDED and not used (409 on `three_ds.session_id`, `value` its
 * status or `USED`), with the same amount (409 `amount`) and installments (409 `installments`). A session past
 * `expires_at` still ACTION_REQUIRED is judged EXPIRED even if the expiry job has not run yet; a SUCCEEDED one
 * stays usable (its 10 minutes bound the challenge, not the use). The transaction that already holds it may take
 * it again (a retry of that transaction's create after a 502).
 */
export function checkSessionUse(
  session: SessionForUse,
  tx: { amount: number; installments: number; transactionId?: string },
  now: Date,
): { ok: true } | { ok: false; field: 'three_ds.session_id' | 'amount' | 'installments'; value: unknown } {
  // The same transaction taking it again is a retry (its provider call answered 502 and the request is resumed
  // under the same transaction id), not a second use.
  if (session.transactionId !== null && session.transactionId !== tx.transactionId)
    return { ok: false, field: 'three_ds.session_id', value: 'USED' };
  const status =
    session.status === 'ACTION_REQUIRED' && now.getTime() >= session.expiresAt.getTime() ? 'EXPIRED' : session.status;
  if (status !== 'SUCCEEDED') return { ok: false, field: 'three_ds.session_id', value: status };
  if (session.amount !== tx.amount) return { ok: false, field: 'amount', value: tx.amount };
  if (session.installments !== tx.installments) return { ok: false, field: 'installments', value: tx.installments };
  return { ok: true };
}

/** `three-ds-session.status-changed` (P7). */
export const threeDsStatusChanged = (id: string, oldStatus: ThreeDsStatus | null, newStatus: ThreeDsStatus) => ({
  three_ds_session_id: id,
  old_status: oldStatus,
  new_status: newStatus,
});
