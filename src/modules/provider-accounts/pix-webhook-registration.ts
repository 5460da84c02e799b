import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { providerAccountCredentials, providerAccounts } from '../../db/schema/index.js';
import type { Clock } from '../../kernel/clock.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { JobRegistrations } from '../../jobs/registry.js';
import type { PixApiConnector } from '../../providers/pix-api-bcb/connector.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { webhookUrl } from './provider-accounts.rules.js';

/**
 * providers.md R3.7: the platform registers its callback URL at an API Pix PSP (`PUT /webhook/{chave}`) for the
 * account's `default_chave` (and, once affiliations carry a `merchant_reference.chave`, every distinct one of
 * its confirmed affiliations). A job, outside any database transaction: registration never blocks payments
 * (the PIX reads cover a missing webhook). A failure is `FAILED` with `last_error`, tried again at 1 min,
 * 5 min, 30 min, then hourly.
 */
export const PIX_WEBHOOK_REGISTRATION_JOB = 'provider-account.pix-webhook-registration';
const RETRY_MS = [60_000, 300_000, 1_800_000, 3_600_000];

export interface RegistrationDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
  /** `{core}`: the public core address (`PUBLIC_BASE_URL/core`). */
  coreUrl: string;
}

/** Enqueued when an account becomes ACTIVE, on rotation, on `POST …/webhook-registration`, on a confirmation. */
export async function enqueuePixWebhookRegistration(
  ex: Executor,
  accountId: string,
  now: Date,
  attempt = 0,
  runAt: Date = now,
): Promise<void> {
  await enqueueJob(
    ex,
    {
      kind: PIX_WEBHOOK_REGISTRATION_JOB,
      runAt,
      payload: { accountId, attempt },
      dedupeKey: `${PIX_WEBHOOK_REGISTRATION_JOB}:${accountId}:${attempt}`,
    },
    now,
  );
}

/** One registration attempt; answers what it recorded (null: nothing to do for this account). */
export async function registerPixWebhooks(
  deps: RegistrationDeps,
  accountId: string,
  attempt = 0,
): Promise<'REGISTERED' | 'FAILED' | null> {
  const [account] = await deps.db.select().from(providerAccounts).where(eq(providerAccounts.id, accountId));
  if (
    !account ||
    account.connector !== 'PIX_API_BCB' ||
    account.status !== 'ACTIVE' ||
    account.settings.register_webhooks === false
  )
    return null;
  const [credentials] = await deps.db
    .select({ token: providerAccountCredentials.webhookToken })
    .from(providerAccountCredentials)
    .where(and(eq(providerAccountCredentials.accountId, accountId), isNull(providerAccountCredentials.validUntil)))
    .orderBy(desc(providerAccountCredentials.version))
    .limit(1);
  const chaves = [account.settings.default_chave].filter((c): c is string => typeof c === 'string' && c.length > 0);
  const url = webhookUrl(deps.coreUrl, account, credentials?.token ?? null);
  const now = deps.clock.now();
  try {
    if (chaves.length === 0) throw new Error('the account has no default_chave to register a webhook for');
    const connector = (await deps.providers.resolve(account.provider)) as unknown as PixApiConnector;
    const registered = await connector.registerWebhooks(url, chaves);
    await deps.db
      .update(providerAccounts)
      .set({
        webhookRegistration: 'REGISTERED',
        registeredKeys: registered,
        webhookLastError: null,
        webhookUpdatedAt: now,
        updatedAt: now,
      })
      .where(eq(providerAccounts.id, accountId));
    return 'REGISTERED';
  } catch (err) {
    // The error's message names the class and the PSP's problem (never a credential: the transport redacts).
    const message = err instanceof Error ? err.message.slice(0, 500) : 'registration failed';
    await deps.db.transaction(async (tx) => {
      await tx
        .update(providerAccounts)
        .set({ webhookRegistration: 'FAILED', webhookLastError: message, webhookUpdatedAt: now, updatedAt: now })
        .where(eq(providerAccounts.id, accountId));
      const next = attempt + 1;
      await enqueuePixWebhookRegistration(
        tx,
        accountId,
        now,
        next,
        new Date(now.getTime() + RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]),
      );
    });
    return 'FAILED';
  }
}

export function pixWebhookRegistrationJobs(deps: RegistrationDeps): JobRegistrations {
  return {
    [PIX_WEBHOOK_REGISTRATION_JOB]: async (job) => {
      await registerPixWebhooks(deps, String(job.payload.accountId), Number(job.payload.attempt ?? 0));
    },
  };
}
