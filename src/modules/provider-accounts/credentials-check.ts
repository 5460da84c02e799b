import type { Database, Executor } from '../../db/client.js';
import type { CredentialsCheckStatus, ProviderAccountRow } from '../../db/schema/index.js';
import type { Clock } from '../../kernel/clock.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { JobRegistrations } from '../../jobs/registry.js';
import { notFound } from '../../kernel/errors.js';
import * as repo from './provider-accounts.repo.js';

/**
 * providers.md R1.4: an account's credentials checked with its provider, on `POST …/check` and in the background
 * after create, rotation and `enable`. The result never changes `status`.
 */
export interface CredentialsCheckResult {
  status: CredentialsCheckStatus;
  /** The class of R2.2/R3.8 and the provider's message when FAILED; null otherwise. */
  error: string | null;
}

/**
 * How a check is made: supplied by the composition root, which alone can hand the connectors their opened
 * credentials (`credentialsFor`, src/vault/provider-credentials.ts). Called outside any transaction.
 */
export type CredentialsChecker = (account: ProviderAccountRow) => Promise<CredentialsCheckResult>;

/** Until the ADYEN_CHECKOUT and PIX_API_BCB connectors supply theirs: SANDBOX is always OK, the others NOT_CHECKED. */
export const sandboxOnlyChecker: CredentialsChecker = async (account) =>
  account.connector === 'SANDBOX' ? { status: 'OK', error: null } : { status: 'NOT_CHECKED', error: null };

/** An adapter that can check its own credentials with its provider (the ADYEN_CHECKOUT connector: R1.4). */
interface ChecksCredentials {
  checkCredentials(): Promise<CredentialsCheckResult>;
}
const checksCredentials = (adapter: unknown): adapter is ChecksCredentials =>
  typeof (adapter as Partial<ChecksCredentials> | null)?.checkCredentials === 'function';

/**
 * R1.4 with the connectors: `SANDBOX` always `OK`; `ADYEN_CHECKOUT` `NOT_CHECKED` without a
 * `default_merchant_account`, else the connector's own call (`POST /paymentMethods`: a `401`/`403` is `FAILED`
 * `AUTH_FAILED`); any connector whose adapter offers `checkCredentials` is checked by it, the rest `NOT_CHECKED`.
 * `resolve` is the registry's (`ProviderRegistry.resolve`): the adapter built from the account's current
 * credentials, opened by the composition root only.
 */
export function connectorChecker(resolve: (provider: string) => Promise<unknown>): CredentialsChecker {
  return async (account) => {
    if (account.connector === 'SANDBOX') return sandboxOnlyChecker(account);
    if (account.connector === 'ADYEN_CHECKOUT' && typeof account.settings.default_merchant_account !== 'string')
      return { status: 'NOT_CHECKED', error: null };
    let adapter: unknown;
    try {
      adapter = await resolve(account.provider);
    } catch (err) {
      return {
        status: 'FAILED',
        error: `NOT_SENT: ${err instanceof Error ? err.message : 'the adapter could not be built'}`,
      };
    }
    return checksCredentials(adapter) ? adapter.checkCredentials() : { status: 'NOT_CHECKED', error: null };
  };
}

export const CHECK_CREDENTIALS_JOB = 'provider-account.check-credentials';

export interface CheckDeps {
  db: Database;
  clock: Clock;
  checker: CredentialsChecker;
}

/** Runs the check (the provider call, outside a transaction) and records its result. */
export async function runCredentialsCheck(deps: CheckDeps, accountId: string): Promise<ProviderAccountRow> {
  const account = await repo.findAccount(deps.db, accountId);
  if (!account) throw notFound('Provider account');
  const result = await deps.checker(account);
  const now = deps.clock.now();
  return repo.updateAccount(deps.db, accountId, {
    credentialsCheckStatus: result.status,
    credentialsCheckedAt: now,
    credentialsCheckError: result.error === null ? null : result.error.slice(0, 500),
    updatedAt: now,
  });
}

/** Queues a background check inside the change's transaction (it runs once that change is committed). */
export async function scheduleCredentialsCheck(tx: Executor, accountId: string, now: Date): Promise<void> {
  await enqueueJob(tx, { kind: CHECK_CREDENTIALS_JOB, runAt: now, payload: { accountId } }, now);
}

export function providerAccountJobs(deps: CheckDeps): JobRegistrations {
  return {
    [CHECK_CREDENTIALS_JOB]: async (job) => {
      await runCredentialsCheck(deps, String(job.payload.accountId));
    },
  };
}
