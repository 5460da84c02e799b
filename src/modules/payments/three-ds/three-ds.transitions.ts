import { randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../../db/client.js';
import type { ThreeDsSessionRow } from '../../../db/schema/index.js';
import { recordEvent } from '../../../events/outbox.js';
import { enqueueJob } from '../../../jobs/queue.js';
import { conflict, conflictWithReason, notFound } from '../../../kernel/errors.js';
import { completeRequest } from '../../../kernel/idempotency.js';
import type { Clock } from '../../../kernel/clock.js';
import type { ThreeDsResult } from '../../../providers/payments.js';
import type { CardBrand } from '../../../domain/card-brands.js';
import {
  AUTHENTICATION_VALUE_TTL_MS,
  threeDsMachine,
  threeDsStatusChanged,
  type ThreeDsFailure,
  type ThreeDsStatus,
} from './three-ds.rules.js';
import { tokenUse, type TokenCheck } from './challenge-token.js';
import { lockSession, updateSession, type NewSession } from './three-ds.repo.js';
import { challengeResult } from './three-ds.session.rules.js';

/**
 * Every status move of a session: one transaction each, through the machine, with its event and the jobs it
 * needs (expiry at `expires_at`, the authentication value's removal an hour after success). A session waiting for
 * its provider is resolved by its provider operation's recovery job (three-ds.operations.ts), not by a job here.
 */
export const JOB_EXPIRE = 'three-ds-session.expire';
/** Sessions recorded before 3DS ran on provider operations: their queued syncs still run (three-ds.jobs.ts). */
export const JOB_SYNC = 'three-ds-session.sync';
export const JOB_FORGET_VALUE = 'three-ds-session.forget-authentication-value';
/** How soon a legacy session's sync looks again. */
export const SYNC_DELAY_MS = 2_000;

type ResultColumns = Pick<
  NewSession,
  | 'status'
  | 'awaitingProvider'
  | 'flow'
  | 'version'
  | 'transStatus'
  | 'eci'
  | 'liabilityShift'
  | 'authenticationValue'
  | 'dsTransactionId'
  | 'threeDsServerTransId'
  | 'acsTransactionId'
  | 'failureReason'
  | 'succeededAt'
  | 'providerAction'
  | 'providerReference'
>;

/** The provider's answer as columns. A card not enrolled has no flow, trans_status or ECI (docs/decisions/transactions.md). */
export function resultColumns(result: ThreeDsResult, now: Date): ResultColumns & { status: ThreeDsStatus } {
  const notEnrolled = result.failureReason === 'CARD_NOT_ENROLLED';
  return {
    status: result.status,
    awaitingProvider: false,
    flow: notEnrolled ? null : result.flow,
    version: result.version,
    transStatus: notEnrolled ? null : result.transStatus,
    eci: notEnrolled ? null : result.eci,
    liabilityShift:
      result.status === 'SUCCEEDED' &&
      (result.liabilityShift ?? (result.transStatus === 'Y' || result.transStatus === 'A')),
    authenticationValue: result.status === 'SUCCEEDED' ? result.authenticationValue : null,
    dsTransactionId: result.dsTransactionId,
    threeDsServerTransId: result.threeDsServerTransId,
    acsTransactionId: result.acsTransactionId,
    failureReason: result.status === 'FAILED' ? (result.failureReason ?? 'AUTHENTICATION_FAILED') : null,
    succeededAt: result.status === 'SUCCEEDED' ? now : null,
    // R2.8: the redirect action is kept while the challenge is open (the page follows it); gone once final.
    providerAction: result.status === 'ACTION_REQUIRED' ? (result.action ?? null) : null,
    ...(result.providerReference ? { providerReference: result.providerReference } : {}),
  };
}

async function statusEvent(
  tx: Executor,
  row: ThreeDsSessionRow,
  old: ThreeDsStatus | null,
  correlationId: string,
  now: Date,
) {
  await recordEvent(
    tx,
    {
      type: 'three-ds-session.status-changed',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId,
      payload: threeDsStatusChanged(row.id, old, row.status),
    },
    now,
  );
}

/** Jobs a session needs in its current state (dedupe keys: scheduling twice is a no-op). */
async function scheduleFor(tx: Executor, row: ThreeDsSessionRow, now: Date) {
  const org = row.organizationId;
  if (row.status === 'ACTION_REQUIRED')
    await enqueueJob(
      tx,
      {
        kind: JOB_EXPIRE,
        runAt: row.expiresAt,
        payload: { sessionId: row.id },
        dedupeKey: `${JOB_EXPIRE}:${row.id}`,
        organizationId: org,
      },
      now,
    );
  if (row.status === 'SUCCEEDED' && row.succeededAt && row.authenticationValue) {
    const runAt = new Date(row.succeededAt.getTime() + AUTHENTICATION_VALUE_TTL_MS);
    await enqueueJob(
      tx,
      {
        kind: JOB_FORGET_VALUE,
        runAt,
        payload: { sessionId: row.id },
        dedupeKey: `${JOB_FORGET_VALUE}:${row.id}`,
        organizationId: org,
      },
      now,
    );
  }
}

/**
 * The recording of a session's provider answer when the session was claimed unannounced (three-ds.operations.ts):
 * its result (or, for an unknown outcome, waiting for its provider), its first event (old_status null) and its
 * jobs, in the recording transaction on the locked row.
 */
export async function announceSession(
  tx: Executor,
  row: ThreeDsSessionRow,
  changes: Partial<NewSession>,
  correlationId: string,
  now: Date,
): Promise<ThreeDsSessionRow> {
  const updated = await updateSession(tx, row.id, { ...changes, announced: true, updatedAt: now });
  await statusEvent(tx, updated, null, correlationId, now);
  await scheduleFor(tx, updated, now);
  return updated;
}

/**
 * The request's answer after an unknown outcome (or a failing recording): the unannounced session announced
 * waiting for its provider, the request_id completed. A session the recovery already announced is answered as is.
 */
export async function announceWaiting(
  db: Database,
  sessionId: string,
  claim: { companyId: string; scope: string; requestId: string } | null,
  correlationId: string,
  now: Date,
): Promise<ThreeDsSessionRow> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, sessionId);
    if (!row) throw notFound('3DS session');
    if (row.announced) return row;
    const announced = await announceSession(
      tx,
      row,
      { status: 'ACTION_REQUIRED', awaitingProvider: true, liabilityShift: false },
      correlationId,
      now,
    );
    if (claim) await completeRequest(tx, claim);
    return announced;
  });
}

/** One move through the machine, in the caller's transaction on a locked row. */
async function move(
  tx: Executor,
  row: ThreeDsSessionRow,
  changes: Partial<NewSession> & { status: ThreeDsStatus },
  correlationId: string,
  now: Date,
): Promise<ThreeDsSessionRow> {
  threeDsMachine.assert(row.status, changes.status);
  const updated = await updateSession(tx, row.id, { ...changes, updatedAt: now });
  await statusEvent(tx, updated, row.status, correlationId, now);
  await scheduleFor(tx, updated, now);
  return updated;
}

/** The columns of a completed challenge (the sandbox ACS: the platform's page, so the result is ours). */
function completion(
  row: ThreeDsSessionRow,
  outcome: { status: 'SUCCEEDED' } | { status: 'FAILED'; failure_reason: ThreeDsFailure | null },
  now: Date,
) {
  const r = challengeResult(outcome, row.cardBrand as CardBrand);
  return {
    status: r.status,
    flow: 'CHALLENGE',
    transStatus: r.trans_status,
    eci: r.eci,
    liabilityShift: r.liability_shift,
    failureReason: r.failure_reason,
    // A CAVV-like value: 20 random bytes, 28 base64 characters (P3's external authentication_value shape).
    authenticationValue: r.status === 'SUCCEEDED' ? randomBytes(20).toString('base64') : null,
    succeededAt: r.status === 'SUCCEEDED' ? now : null,
  } as const;
}

export type PageOutcome =
  | { kind: 'DONE'; row: ThreeDsSessionRow }
  | { kind: 'INVALID' | 'USED' | 'EXPIRED' | 'NOT_READY'; row?: ThreeDsSessionRow };

/**
 * The challenge page's submission: the token is checked again on the locked row (two submissions of one page
 * race here; exactly one completes, the other sees USED).
 */
export async function completeFromPage(
  db: Database,
  clock: Clock,
  sessionId: string,
  check: (row: ThreeDsSessionRow, now: Date) => Promise<TokenCheck>,
  outcome: { status: 'SUCCEEDED' } | { status: 'FAILED'; failure_reason: ThreeDsFailure },
  correlationId: string,
): Promise<PageOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, sessionId);
    if (!row) return { kind: 'INVALID' as const };
    const now = clock.now(row.organizationId);
    const use = tokenUse(await check(row, now), row, now);
    if (use !== 'OK') return { kind: use, row };
    // A real provider's challenge is completed by its return (R2.8), never by the sandbox's code form.
    if (row.providerAction !== null) return { kind: 'INVALID' as const, row };
    if (row.awaitingProvider) return { kind: 'NOT_READY' as const, row };
    return { kind: 'DONE' as const, row: await move(tx, row, completion(row, outcome, now), correlationId, now) };
  });
}

export type ProviderChallengeOutcome =
  | { kind: 'DONE'; row: ThreeDsSessionRow }
  | { kind: 'FINAL'; row: ThreeDsSessionRow }
  | { kind: 'INVALID' | 'USED' | 'EXPIRED' | 'NOT_READY'; row?: ThreeDsSessionRow };

/**
 * R2.8: the provider's answer to the challenge (Adyen's `/payments/details`) applied on the locked row. The token
 * is checked again there; a session already final (a second return, a racing one) is answered as it is.
 */
export async function completeFromProvider(
  db: Database,
  clock: Clock,
  sessionId: string,
  result: ThreeDsResult,
  correlationId: string,
): Promise<ProviderChallengeOutcome> {
  return db.transaction(async (tx) => completeFromProviderIn(tx, clock, sessionId, result, correlationId));
}

/** completeFromProvider in the caller's transaction (the recording of a `three-ds-session.details` operation). */
export async function completeFromProviderIn(
  tx: Executor,
  clock: Clock,
  sessionId: string,
  result: ThreeDsResult,
  correlationId: string,
): Promise<ProviderChallengeOutcome> {
  const row = await lockSession(tx, sessionId);
  if (!row) return { kind: 'INVALID' as const };
  if (row.status !== 'ACTION_REQUIRED') return { kind: 'FINAL' as const, row };
  const now = clock.now(row.organizationId);
  if (now.getTime() >= row.expiresAt.getTime()) return { kind: 'EXPIRED' as const, row };
  const columns = resultColumns({ ...result, flow: 'CHALLENGE' }, now);
  // An answer that is still a challenge (a second redirect) is no result: the session keeps waiting.
  if (columns.status === 'ACTION_REQUIRED') return { kind: 'NOT_READY' as const, row };
  return { kind: 'DONE' as const, row: await move(tx, row, columns, correlationId, now) };
}

/** POST /v1/platform/sandbox/3ds-sessions/{id}/challenge: completes an ACTION_REQUIRED session (else 409). */
export async function completeFromControl(
  db: Database,
  clock: Clock,
  sessionId: string,
  outcome: { status: 'SUCCEEDED' | 'FAILED'; failure_reason: ThreeDsFailure | null },
  correlationId: string,
): Promise<ThreeDsSessionRow> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, sessionId);
    if (!row) throw notFound('3DS session');
    const now = clock.now(row.organizationId);
    // R7.1: the sandbox control stands for the sandbox's ACS only.
    if (row.providerReference !== null)
      throw conflictWithReason(
        'The 3DS session is at a real provider: its challenge completes through the provider',
        'provider',
        row.provider,
        'NOT_A_SANDBOX_PROVIDER',
      );
    if (row.status !== 'ACTION_REQUIRED')
      throw conflict(`A ${row.status} 3DS session has no challenge to complete`, 'status', row.status);
    if (now.getTime() >= row.expiresAt.getTime()) throw conflict('The 3DS session has expired', 'status', 'EXPIRED');
    if (row.awaitingProvider)
      throw conflict('The provider has not answered for this session yet', 'status', row.status);
    const o =
      outcome.status === 'SUCCEEDED'
        ? { status: 'SUCCEEDED' as const }
        : { status: 'FAILED' as const, failure_reason: outcome.failure_reason };
    return move(tx, row, completion(row, o, now), correlationId, now);
  });
}

/** The expiry job: an ACTION_REQUIRED session at `expires_at` becomes EXPIRED (`TIMED_OUT`). */
export async function expireSession(
  db: Database,
  clock: Clock,
  sessionId: string,
  correlationId: string,
): Promise<{ rescheduleAt: Date } | void> {
  return db.transaction(async (tx) => {
    const row = await lockSession(tx, sessionId);
    if (!row || row.status !== 'ACTION_REQUIRED') return;
    const now = clock.now(row.organizationId);
    if (now.getTime() < row.expiresAt.getTime()) return { rescheduleAt: row.expiresAt };
    await move(tx, row, { status: 'EXPIRED', failureReason: 'TIMED_OUT', awaitingProvider: false }, correlationId, now);
  });
}

/** The sync job's answer applied: a session waiting for its provider takes the result (moving when final). */
export async function applySyncedResult(
  db: Database,
  clock: Clock,
  sessionId: string,
  result: ThreeDsResult | 'REFUSED',
  correlationId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockSession(tx, sessionId);
    if (row) await applyProviderResultIn(tx, row, result, correlationId, clock.now(row.organizationId));
  });
}

/**
 * In the caller's transaction on a locked row: an announced session waiting for its provider takes the answer of
 * its sync (a refusal: FAILED `DIRECTORY_UNAVAILABLE`); any other session is left as it is.
 */
export async function applyProviderResultIn(
  tx: Executor,
  row: ThreeDsSessionRow,
  result: ThreeDsResult | 'REFUSED',
  correlationId: string,
  now: Date,
): Promise<void> {
  if (!row.awaitingProvider || row.status !== 'ACTION_REQUIRED') return;
  if (result === 'REFUSED') {
    await move(
      tx,
      row,
      { status: 'FAILED', awaitingProvider: false, failureReason: 'DIRECTORY_UNAVAILABLE' },
      correlationId,
      now,
    );
    return;
  }
  const columns = resultColumns(result, now);
  if (columns.status === 'ACTION_REQUIRED') {
    await updateSession(tx, row.id, { ...columns, updatedAt: now });
    return;
  }
  await move(tx, row, columns, correlationId, now);
}

/** An hour after success the authentication value is gone for good (the view hides it from then on anyway). */
export async function forgetAuthenticationValue(db: Database, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockSession(tx, sessionId);
    if (row?.authenticationValue) await updateSession(tx, row.id, { authenticationValue: null });
  });
}
