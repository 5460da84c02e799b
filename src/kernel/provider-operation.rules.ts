import { createHash } from 'node:crypto';
import type { ProviderOperationStatus } from '../db/schema/provider-operations.js';
import { isProviderError } from './provider-errors.js';
import { canonicalJson } from './idempotency.js';

/**
 * The pure rules of a provider operation (src/kernel/provider-operation.ts): what an answer means and when the
 * recovery job asks again. Table-driven tests beside this file.
 */

/** What one provider call ended with. */
export type CallOutcome = 'succeeded' | 'refused' | 'unavailable' | 'unknown';
/** The request that decided the call, or the recovery job repeating it under the same key. */
export type CallPhase = 'request' | 'recovery';

/**
 * A ProviderError by its kind; anything else thrown by a call (a reset socket, an adapter bug, a process about
 * to die) may have reached the provider, so it is an unknown outcome, never a refusal.
 */
export function outcomeOfFailure(err: unknown): Exclude<CallOutcome, 'succeeded'> {
  if (!isProviderError(err)) return 'unknown';
  if (err.kind === 'refused') return 'refused';
  if (err.kind === 'unavailable') return 'unavailable';
  return 'unknown';
}

/**
 * Where the operation stands after a call: only `refused` fails it. `unavailable` from the request's own call
 * means nothing was ever submitted, so it is released (a retry claims afresh); from the recovery job it says
 * nothing about the first call, which may have been applied, so the operation stays PENDING, as after an
 * unknown outcome. A kind whose resource is already recorded and must reach the provider under its one key
 * (a refund: its id is the key) keeps it PENDING instead (`releaseWhenUnavailable: false`): the recovery job
 * submits it again.
 */
export function statusAfter(
  outcome: CallOutcome,
  phase: CallPhase,
  releaseWhenUnavailable = true,
): ProviderOperationStatus {
  switch (outcome) {
    case 'succeeded':
      return 'SUCCEEDED';
    case 'refused':
      return 'FAILED';
    case 'unavailable':
      return phase === 'request' && releaseWhenUnavailable ? 'RELEASED' : 'PENDING';
    case 'unknown':
      return 'PENDING';
  }
}

/** providers.md R5.1: 10 s, 30 s, 1 min, 2 min, 5 min, 10 min, 30 min after the last try, then hourly. */
export const SYNC_SCHEDULE_MS = [10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000] as const;
const HOURLY_MS = 3_600_000;

/** How long after its `tries`-th completed call (1 = the request's own) the operation is asked again. */
export function syncDelayMs(tries: number): number {
  if (tries < 1) return SYNC_SCHEDULE_MS[0];
  return SYNC_SCHEDULE_MS[tries - 1] ?? HOURLY_MS;
}

/**
 * A call may still be running (the request that claimed it has not finished its call) while no call has
 * completed and the claim is younger than this: the recovery job waits so it never races a live call.
 * Adapters time out well within it. The default; PROVIDER_IN_FLIGHT_GRACE_MS sets it (the fault tests: seconds).
 */
export const IN_FLIGHT_GRACE_MS = 30_000;
/** R5.1: a capture or cancel with an unknown outcome is asked for 24 h; then reconciliation shows it. */
export const DEFAULT_STOP_AFTER_MS = 24 * HOURLY_MS;

export type RecoveryStep =
  { action: 'skip' } | { action: 'wait'; until: Date } | { action: 'give-up' } | { action: 'resume' };

/** What the recovery job does with an operation, from its row and the time. */
export function recoveryStep(
  op: { status: ProviderOperationStatus; attempts: number; createdAt: Date; updatedAt: Date },
  now: Date,
  stopAfterMs = DEFAULT_STOP_AFTER_MS,
  graceMs = IN_FLIGHT_GRACE_MS,
): RecoveryStep {
  if (op.status !== 'PENDING') return { action: 'skip' };
  if (op.attempts === 0 && now.getTime() < op.createdAt.getTime() + graceMs)
    return { action: 'wait', until: new Date(op.createdAt.getTime() + graceMs) };
  if (now.getTime() >= op.createdAt.getTime() + stopAfterMs) return { action: 'give-up' };
  return { action: 'resume' };
}

/** The request's fingerprint (canonical JSON, sha-256): the same key is never sent with other parameters. */
export function fingerprintOf(request: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/**
 * A fixed operation id derived from a resource and a purpose (a UUID-shaped sha-256), for a call whose every
 * retry must send the same key but that has no row of its own (a stranded PIX charge's cancel).
 */
export function derivedOperationId(resourceId: string, purpose: string): string {
  const h = createHash('sha256').update(`${purpose}:${resourceId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
