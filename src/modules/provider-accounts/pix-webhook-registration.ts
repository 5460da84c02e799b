import { coreUrlOf, type CoreUrl } from '../../kernel/core-url.js';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { affiliations, providerAccountCredentials, providerAccounts } from '../../db/schema/index.js';
import type { Clock } from '../../kernel/clock.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { JobRegistrations } from '../../jobs/registry.js';
import type { PixApiConnector } from '../../providers/pix-api-bcb/connector.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { webhookUrl } from './provider-accounts.rules.js';
import { must } from '../../kernel/must.js';

/**
 * providers.md R3.7: the platform registers its callback URL at an API Pix PSP (`PUT /webhook/{chave}`) for the
 * account's `default_chave` and every distinct `merchant_reference.chave` of its confirmed affiliations. A job, outside any database transaction: registration never blocks payments
 * (the PIX reads cover a missing webhook). A failure is `FAILED` with `last_error`, tried again at 1 min,
 * 5 min, 30 min, then hourly.
 */
export const PIX_WEBHOOK_REGISTRATION_JOB = 'provider-account.pix-webhook-registration';
const RETRY_MS = [60_000, 300_000, 1_800_000, 3_600_000];

export interface RegistrationDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
  /** `{core}`: the public core address (`PUBLIC_BASE_URL/core`, else the address the server listens on). */
  coreUrl: CoreUrl;
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

/**
 * R3.7: every PIX key the platform uses at the account: its `default_chave` and the distinct `chave` of each
 * confirmed (`ACTIVE`) affiliation with it, sorted. Registering is a `PUT` per key, so a repeat is harmless.
 */
export async function chavesOf(db: Executor, accountId: string, defaultChave: unknown): Promise<string[]> {
  const rows = await db
    .select({ chave: sql<string | null>`${affiliations.merchantReference}->>'chave'` })
    .from(affiliations)
    .where(
      and(
        eq(affiliations.providerAccountId, accountId),
        eq(affiliations.status, 'ACTIVE'),
        isNotNull(affiliations.confirmedAt),
      ),
    );
  const keys = [defaultChave, ...rows.map((r) => r.chave)].filter(
    (c): c is string => typeof c === 'string' && c.length > 0,
  );
  return [...new Set(keys)].sort();
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
  const chaves = await chavesOf(deps.db, account.id, account.settings.default_chave);
  const url = webhookUrl(coreUrlOf(deps.coreUrl), account, credentials?.token ?? null);
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
        new Date(
          now.getTime() +
            must(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)], 'the attempt is clamped into the schedule'),
        ),
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
