import { randomBytes, randomUUID } from 'node:crypto';
import type { Database, Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { ProviderAccountRow } from '../../db/schema/index.js';
import { allOf, type CommonListFilters } from '../../http/pagination.js';
import type { Clock } from '../../kernel/clock.js';
import type { RequestContext } from '../../kernel/context.js';
import {
  badRequest,
  conflict,
  conflictWithReason,
  invalidField,
  notFound,
  validationError,
  type ValidationIssue,
} from '../../kernel/errors.js';
import { claimRequestId, PLATFORM_SCOPE } from '../../kernel/idempotency.js';
import type { CredentialSealer } from '../../kernel/provider-credentials.js';
import { connectorCredentials, connectorSettings } from './connector-input.js';
import { scheduleCredentialsCheck, type CredentialsChecker } from './credentials-check.js';
import { credentialFieldsView, credentialsFingerprint } from './credentials.rules.js';
import {
  accessListProblem,
  accountStatusMachine,
  builtInPatchRefusal,
  changesWebhookTarget,
  checkProviderUrl,
  DEFAULT_GRACE_SECONDS,
  defaultBaseUrl,
  graceEnd,
  initialWebhookRegistration,
  isAdyenV71Path,
  liveRefused,
  type AppEnv,
} from './provider-accounts.rules.js';
import { enqueuePixWebhookRegistration } from './pix-webhook-registration.js';
import * as repo from './provider-accounts.repo.js';
import type { CreateAccountInput, PatchAccountInput } from './provider-accounts.schemas.js';
import { toAccountView } from './provider-accounts.views.js';
import { latenciesByProvider } from './provider-calls.js';

/** providers.md R1: provider accounts' use cases. Staff-only except `organizationAccounts` and `requireUsableAccount`. */
export interface AccountDeps {
  db: Database;
  clock: Clock;
  sealer: CredentialSealer;
  env: AppEnv;
  /** Checks credentials with the provider (R1.4): the connectors' checks, supplied by the composition root. */
  checker: CredentialsChecker;
}

/** The PIX path token (R1.2): 43 base64url characters, random, per account and credentials version. */
const newWebhookToken = () => randomBytes(32).toString('base64url');

export async function accountView(db: Executor, row: ProviderAccountRow, coreUrl: string) {
  const [creds, latencies] = await Promise.all([repo.latestCredentials(db, [row.id]), latenciesByProvider(db)]);
  return toAccountView(row, creds.get(row.id) ?? [], coreUrl, latencies.get(row.provider));
}

export async function accountViews(db: Executor, rows: ProviderAccountRow[], coreUrl: string) {
  const [creds, latencies] = await Promise.all([
    repo.latestCredentials(
      db,
      rows.map((r) => r.id),
    ),
    latenciesByProvider(db),
  ]);
  return rows.map((row) => toAccountView(row, creds.get(row.id) ?? [], coreUrl, latencies.get(row.provider)));
}

export async function requireAccount(db: Executor, id: string, lock = false): Promise<ProviderAccountRow> {
  const row = await repo.findAccount(db, id, lock);
  if (!row) throw notFound('Provider account');
  return row;
}

/** R1.3 `base_url` for the connector: the issue, or the value to store. */
function baseUrlFor(
  connector: ProviderAccountRow['connector'],
  given: string | null | undefined,
  env: AppEnv,
): { value?: string | null; issue?: ValidationIssue } {
  const field = 'base_url';
  if (connector === 'SANDBOX') {
    return given === undefined || given === null
      ? { value: null }
      : {
          issue: {
            field,
            type: 'INVALID_FORMAT',
            message: 'base_url must be absent or null for SANDBOX accounts',
            value: given,
          },
        };
  }
  if (given === undefined || given === null) {
    return connector === 'PIX_API_BCB'
      ? {
          issue: {
            field,
            type: 'REQUIRED',
            message: "base_url is required for PIX_API_BCB accounts (the PSP's address before /cob)",
          },
        }
      : { value: undefined };
  }
  const check = checkProviderUrl(given, env);
  if (!check.ok)
    return { issue: { field, type: 'INVALID_FORMAT', message: `base_url ${check.message}`, value: given } };
  if (connector === 'ADYEN_CHECKOUT' && !isAdyenV71Path(given))
    return {
      issue: { field, type: 'INVALID_FORMAT', message: 'base_url must end in /v71 (Checkout API v71)', value: given },
    };
  return { value: given.replace(/\/+$/, '') };
}

/** `organization_ids`: the list rule (INVALID_FORMAT), then each id an organization (404). */
async function checkAccess(
  db: Executor,
  access: ProviderAccountRow['organizationAccess'],
  ids: readonly string[],
): Promise<string[]> {
  const problem = accessListProblem(access, ids);
  if (problem) throw invalidField('organization_ids', 'INVALID_FORMAT', `organization_ids ${problem}`, ids);
  const unique = [...new Set(ids)];
  const found = await repo.existingOrganizations(db, unique);
  if (found.size !== unique.length) throw notFound('Organization');
  return unique;
}

function sealedSet(
  sealer: CredentialSealer,
  accountId: string,
  version: number,
  connector: ProviderAccountRow['connector'],
  given: Record<string, unknown>,
  now: Date,
) {
  // SANDBOX: a webhook_secret not given is generated (R1.3); the fingerprint and fields describe what was sent.
  const stored =
    connector === 'SANDBOX' && given.webhook_secret === undefined
      ? { ...given, webhook_secret: randomBytes(24).toString('base64url') }
      : given;
  return {
    accountId,
    version,
    sealed: sealer.seal(accountId, version, JSON.stringify(stored)),
    fingerprint: credentialsFingerprint(given),
    fields: credentialFieldsView(given),
    webhookToken: connector === 'PIX_API_BCB' ? newWebhookToken() : null,
    setAt: now,
  };
}

export async function createAccount(
  deps: AccountDeps,
  input: CreateAccountInput,
): Promise<{ row: ProviderAccountRow; replayed: boolean }> {
  const { connector, environment } = input;
  if (liveRefused(environment, connector, deps.env)) {
    throw badRequest(
      connector === 'SANDBOX' ? 'SANDBOX accounts are TEST only' : 'LIVE accounts cannot be created in the sandbox',
      'environment',
      environment,
    );
  }
  const settings = connectorSettings(connector, environment, input.settings, deps.env);
  const issues: ValidationIssue[] = [...settings.issues];
  const url = baseUrlFor(connector, input.base_url, deps.env);
  if (url.issue) issues.push(url.issue);
  let credentials: Record<string, unknown> | undefined;
  if (input.credentials === undefined) {
    if (connector !== 'SANDBOX')
      issues.push({
        field: 'credentials',
        type: 'REQUIRED',
        message: `credentials are required for ${connector} accounts`,
      });
  } else {
    const checked = connectorCredentials(connector, environment, input.credentials);
    issues.push(...checked.issues);
    credentials = checked.credentials;
  }
  if (issues.length > 0) throw validationError(issues);

  const access = input.organization_access ?? 'ALL';
  const organizationIds = await checkAccess(deps.db, access, input.organization_ids ?? []);
  const id = randomUUID();
  const now = deps.clock.now();
  const provider = input.provider;
  try {
    return await deps.db.transaction(async (tx) => {
      if (input.request_id) {
        const existing = await claimRequestId(tx, {
          companyId: PLATFORM_SCOPE,
          scope: 'provider-account',
          requestId: input.request_id,
          body: input,
          resourceId: id,
        });
        if (existing) return { row: await requireAccount(tx, existing), replayed: true };
      }
      if (await repo.providerNameTaken(tx, provider))
        throw conflict(`A provider account named ${provider} already exists`, 'provider', provider);
      const row = await repo.insertAccount(tx, {
        id,
        provider,
        displayName: input.display_name,
        connector,
        environment,
        baseUrl: url.value === undefined ? defaultBaseUrl(connector, environment, settings.settings) : url.value,
        settings: settings.settings,
        status: 'ACTIVE',
        builtIn: false,
        initialStatusPending: false,
        organizationAccess: access,
        organizationIds,
        timeoutMs: input.timeout_ms ?? 10_000,
        circuitFailureThreshold: input.circuit_breaker?.failure_threshold ?? 5,
        circuitCooldownSeconds: input.circuit_breaker?.cooldown_seconds ?? 30,
        webhookRegistration: initialWebhookRegistration(connector),
        registeredKeys: [],
        circuitState: 'CLOSED',
        consecutiveFailures: 0,
        probeInFlight: false,
        // SANDBOX credentials need no provider: the check is OK at once (R1.4); the others wait for their connector.
        credentialsCheckStatus: connector === 'SANDBOX' ? 'OK' : 'NOT_CHECKED',
        credentialsCheckedAt: connector === 'SANDBOX' ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      if (credentials) await repo.insertCredentials(tx, sealedSet(deps.sealer, id, 1, connector, credentials, now));
      // R1.3: a credentials check runs in the background right after (SANDBOX needs none: OK above).
      if (connector !== 'SANDBOX') await scheduleCredentialsCheck(tx, id, now);
      // R3.7: an ACTIVE PIX_API_BCB account registers its callback URL at the PSP (a job, after this commits).
      if (connector === 'PIX_API_BCB') await enqueuePixWebhookRegistration(tx, id, now);
      return { row, replayed: false };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'provider_accounts_provider_key'))
      throw conflict(`A provider account named ${provider} already exists`, 'provider', provider);
    throw err;
  }
}

export async function listStaffAccounts(
  deps: Pick<AccountDeps, 'db'>,
  q: CommonListFilters & Parameters<typeof repo.accountFilters>[0],
) {
  return repo.listAccounts(deps.db, allOf(repo.accountFilters(q)), q);
}

export async function patchAccount(
  deps: AccountDeps,
  id: string,
  input: PatchAccountInput,
): Promise<ProviderAccountRow> {
  const given = Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  if (given.length === 0)
    throw validationError([{ field: 'body', type: 'REQUIRED', message: 'the body must change at least one field' }]);
  // Read, checked and written under the row's lock: a concurrent patch never works from a stale copy.
  return deps.db.transaction(async (tx) => {
    const current = await requireAccount(tx, id, true);
    if (current.builtIn) {
      const refused = builtInPatchRefusal(given);
      if (refused)
        throw conflictWithReason(
          `${refused} cannot be changed on a built-in account`,
          refused,
          (input as Record<string, unknown>)[refused] ?? null,
          'BUILT_IN_ACCOUNT',
        );
    }
    const issues: ValidationIssue[] = [];
    const settings =
      input.settings === undefined
        ? undefined
        : connectorSettings(current.connector, current.environment, input.settings, deps.env);
    if (settings) issues.push(...settings.issues);
    const url = input.base_url === undefined ? undefined : baseUrlFor(current.connector, input.base_url, deps.env);
    if (url?.issue) issues.push(url.issue);
    if (issues.length > 0) throw validationError(issues);
    const access = input.organization_access ?? current.organizationAccess;
    const ids = input.organization_ids ?? (input.organization_access === 'ALL' ? [] : current.organizationIds);
    const organizationIds =
      input.organization_access !== undefined || input.organization_ids !== undefined
        ? await checkAccess(tx, access, ids)
        : current.organizationIds;
    const now = deps.clock.now();
    const nextSettings = settings?.settings ?? current.settings;
    // A base_url left at the connector's default follows new settings (Adyen's LIVE address names live_url_prefix).
    const followsDefault =
      url === undefined && current.baseUrl === defaultBaseUrl(current.connector, current.environment, current.settings);
    const nextBaseUrl =
      url === undefined && !followsDefault
        ? current.baseUrl
        : url?.value === undefined
          ? defaultBaseUrl(current.connector, current.environment, nextSettings)
          : url.value;
    const reregister =
      current.connector === 'PIX_API_BCB' &&
      changesWebhookTarget(current, { baseUrl: nextBaseUrl, settings: nextSettings });
    // R3.7: the PSP learns the new target at once (a job; a no-op for an account that is not ACTIVE).
    if (reregister) await enqueuePixWebhookRegistration(tx, id, now);
    return repo.updateAccount(tx, id, {
      ...(input.display_name !== undefined && { displayName: input.display_name }),
      ...((url !== undefined || followsDefault) && { baseUrl: nextBaseUrl }),
      ...(settings !== undefined && { settings: nextSettings }),
      organizationAccess: access,
      organizationIds,
      ...(input.timeout_ms !== undefined && { timeoutMs: input.timeout_ms }),
      ...(input.circuit_breaker?.failure_threshold !== undefined && {
        circuitFailureThreshold: input.circuit_breaker.failure_threshold,
      }),
      ...(input.circuit_breaker?.cooldown_seconds !== undefined && {
        circuitCooldownSeconds: input.circuit_breaker.cooldown_seconds,
      }),
      // R1.3: a PIX_API_BCB account registers its webhooks again when their target changes (R3.7, the PIX connector).
      ...(reregister && {
        webhookRegistration: 'PENDING' as const,
        webhookUpdatedAt: now,
      }),
      updatedAt: now,
    });
  });
}

/** `disable` / `enable` (R1.1, R1.5): one move, `provider-account.status-changed` to each organization that may use it. */
export async function setAccountStatus(
  deps: AccountDeps,
  ctx: RequestContext,
  id: string,
  target: ProviderAccountRow['status'],
  reason: string | null,
): Promise<ProviderAccountRow> {
  return deps.db.transaction(async (tx) => {
    const row = await requireAccount(tx, id, true);
    if (!accountStatusMachine.can(row.status, target))
      throw conflict(`The provider account is already ${row.status}`, 'status', row.status);
    const now = deps.clock.now();
    const updated = await repo.updateAccount(tx, id, {
      status: target,
      disabledReason: target === 'DISABLED' ? reason : null,
      // R1.3: a PIX_API_BCB account registers its webhooks when it becomes ACTIVE (R3.7, the PIX connector).
      ...(target === 'ACTIVE' &&
        row.connector === 'PIX_API_BCB' && { webhookRegistration: 'PENDING' as const, webhookUpdatedAt: now }),
      updatedAt: now,
    });
    if (target === 'ACTIVE' && row.connector !== 'SANDBOX') await scheduleCredentialsCheck(tx, id, now);
    if (target === 'ACTIVE' && row.connector === 'PIX_API_BCB') await enqueuePixWebhookRegistration(tx, id, now);
    const payload = {
      provider_account_id: id,
      provider: row.provider,
      old_status: row.status,
      new_status: target,
      reason: target === 'DISABLED' ? reason : null,
    };
    await repo.recordToOrganizations(
      tx,
      await repo.organizationsUsing(tx, updated),
      (org) => ({
        type: 'provider-account.status-changed',
        companyId: org,
        organizationId: org,
        correlationId: ctx.requestId,
        payload,
      }),
      now,
    );
    return updated;
  });
}

/**
 * Rotation (R1.4): a complete new set, current at once; the previous one verifies inbound calls until now + grace.
 * A PIX_API_BCB account gets a new webhook path token (its webhooks are registered again with the new URL).
 */
export async function rotateCredentials(
  deps: AccountDeps,
  id: string,
  input: { credentials: Record<string, unknown>; grace_seconds?: number },
): Promise<ProviderAccountRow> {
  const account = await requireAccount(deps.db, id);
  const checked = connectorCredentials(account.connector, account.environment, input.credentials);
  if (checked.issues.length > 0) throw validationError(checked.issues);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await requireAccount(tx, id, true);
    const version = (await repo.maxCredentialVersion(tx, id)) + 1;
    await repo.retireCurrentCredentials(tx, id, graceEnd(now, input.grace_seconds ?? DEFAULT_GRACE_SECONDS));
    await repo.insertCredentials(tx, sealedSet(deps.sealer, id, version, account.connector, checked.credentials, now));
    if (account.connector !== 'SANDBOX') await scheduleCredentialsCheck(tx, id, now);
    // R1.4: a new path token, so the PSP is told the new callback URL (the job reads the new set).
    if (account.connector === 'PIX_API_BCB') await enqueuePixWebhookRegistration(tx, id, now);
    return repo.updateAccount(tx, id, {
      updatedAt: now,
      ...(account.connector === 'SANDBOX'
        ? { credentialsCheckStatus: 'OK' as const, credentialsCheckedAt: now, credentialsCheckError: null }
        : { credentialsCheckStatus: 'NOT_CHECKED' as const, credentialsCheckedAt: null, credentialsCheckError: null }),
      ...(account.connector === 'PIX_API_BCB' && { webhookRegistration: 'PENDING' as const, webhookUpdatedAt: now }),
    });
  });
}

/** R1.6: the accounts the caller's organization may use. */
export async function organizationAccounts(
  db: Executor,
  organizationId: string,
  q: CommonListFilters & { connector?: string[] },
) {
  return repo.listAccounts(
    db,
    allOf([repo.usableBy(organizationId), ...repo.accountFilters({ connector: q.connector })]),
    q,
  );
}

/**
 * R1.5, for the areas that take a `provider` (affiliations, routing, transactions): the account of that name if the
 * organization may use it, else `400 VALIDATION_ERROR` `INVALID_ENUM` on `provider` with the names it may use.
 */
export async function requireUsableAccount(
  db: Executor,
  organizationId: string,
  provider: string,
  field = 'provider',
): Promise<ProviderAccountRow> {
  const name = provider.toUpperCase();
  const rows = await repo.usableAccounts(db, organizationId);
  const found = rows.find((r) => r.provider === name);
  if (found) return found;
  const allowed = rows.map((r) => r.provider);
  throw invalidField(field, 'INVALID_ENUM', `${field} must be one of: ${allowed.join(', ')}`, provider, { allowed });
}
