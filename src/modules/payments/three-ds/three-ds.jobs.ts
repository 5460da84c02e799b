import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../kernel/clock.js';
import { JOB_PRIORITY, type JobRegistrations } from '../../../jobs/registry.js';
import { ProviderError } from '../../../providers/errors.js';
import type { ThreeDsResult } from '../../../providers/payments.js';
import type { ProviderRegistry } from '../../../providers/registry.js';
import { findSession } from './three-ds.repo.js';
import {
  applySyncedResult,
  expireSession,
  forgetAuthenticationValue,
  JOB_EXPIRE,
  JOB_FORGET_VALUE,
  JOB_SYNC,
  SYNC_DELAY_MS,
} from './three-ds.transitions.js';
import { textOf } from '../../../kernel/text.js';

export interface ThreeDsJobDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
}

const sessionIdOf = (payload: unknown) => textOf((payload as { sessionId?: unknown }).sessionId ?? '');

/**
 * 3DS session jobs (payments.md P7): the expiry at `expires_at`, the sync of a session whose provider answer
 * timed out, and the removal of the authentication value an hour after success. Each re-reads the row.
 */
export function threeDsJobs(deps: ThreeDsJobDeps): JobRegistrations {
  return {
    [JOB_EXPIRE]: {
      handler: async (job) => expireSession(deps.db, deps.clock, sessionIdOf(job.payload), `job:${job.id}`),
      options: { priority: JOB_PRIORITY.expiration },
    },
    [JOB_FORGET_VALUE]: async (job) => forgetAuthenticationValue(deps.db, sessionIdOf(job.payload)),
    [JOB_SYNC]: {
      handler: async (job) => syncSession(deps, sessionIdOf(job.payload), `job:${job.id}`),
      options: { maxAttempts: 50 },
    },
  };
}

/**
 * Asks the provider where the session stands (outside any transaction); one it never received is submitted
 * again under the same key (the provider's idempotency makes that safe). Still unknown: look again shortly,
 * until the expiry job ends the session at `expires_at`.
 */
async function syncSession(
  deps: ThreeDsJobDeps,
  sessionId: string,
  correlationId: string,
): Promise<{ rescheduleAt: Date } | void> {
  const row = await findSession(deps.db, sessionId);
  if (!row || !row.awaitingProvider || row.status !== 'ACTION_REQUIRED') return;
  const now = deps.clock.now(row.organizationId);
  if (now.getTime() >= row.expiresAt.getTime()) return;
  let result: ThreeDsResult | 'REFUSED';
  try {
    const synced = await deps.providers.require(row.provider, 'three-ds.sync')({ idempotencyKey: row.id });
    result = synced.found
      ? synced
      : await deps.providers.require(
          row.provider,
          'three-ds.authenticate',
        )({
          idempotencyKey: row.id,
          amount: row.amount,
          currency: 'BRL',
          installments: row.installments,
          card: {
            number: row.cardNumberCiphertext,
            expiryMonth: row.cardExpiryMonth,
            expiryYear: row.cardExpiryYear,
            holderName: row.cardHolderName,
            brand: row.cardBrand,
            bin: row.cardBin,
            lastDigits: row.cardLastDigits,
          },
          challengePreference: row.challengePreference as 'NO_PREFERENCE',
        });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    // Only a definitive refusal ends the session (DIRECTORY_UNAVAILABLE); anything else is looked at again.
    if (err.kind !== 'refused') return { rescheduleAt: new Date(now.getTime() + SYNC_DELAY_MS) };
    result = 'REFUSED';
  }
  await applySyncedResult(deps.db, deps.clock, sessionId, result, correlationId);
}
