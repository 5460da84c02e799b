import { isIP } from 'node:net';
import { defineStateMachine } from '../../kernel/state-machine.js';
import { isPublicAddress } from '../../kernel/url-safety.js';
import type {
  AccountEnvironment,
  AccountStatus,
  Connector,
  OrganizationAccess,
  WebhookRegistration,
} from '../../db/schema/provider-accounts.js';

/** providers.md R1: the pure rules of provider accounts (no database, no clock, no I/O). */

export const PROVIDER_NAME = /^[A-Z][A-Z0-9_]{2,31}$/;

/** `disable`/`enable`: one move each way; a move to the status the account already has is the contract's 409. */
export const accountStatusMachine = defineStateMachine<AccountStatus>('Provider account', {
  ACTIVE: ['DISABLED'],
  DISABLED: ['ACTIVE'],
});

export type AppEnv = 'sandbox' | 'production';

export type UrlCheck = { ok: true } | { ok: false; message: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `localhost`, or an IP literal that is not a public address (the webhook receivers' SSRF list: private, loopback,
 * link-local, reserved, IPv4-mapped...). A hostname is not resolved here (see docs/decisions/provider-accounts.md).
 */
export function isPrivateAddress(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && !isPublicAddress(host);
}

/**
 * R1.3 `base_url` and `token_url`: absolute, no query or fragment, `https`; in the sandbox also `http` to a loopback
 * host (a test double); in production never a private or loopback address.
 */
export function checkProviderUrl(raw: string, env: AppEnv): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'must be an absolute URL' };
  }
  if (url.search !== '' || url.hash !== '' || raw.includes('?') || raw.includes('#'))
    return { ok: false, message: 'must have no query or fragment' };
  if (url.username !== '' || url.password !== '') return { ok: false, message: 'must carry no user or password' };
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol === 'http:') {
    if (env === 'sandbox' && loopback) return { ok: true };
    return {
      ok: false,
      message:
        env === 'sandbox'
          ? 'must be https (http only to localhost, 127.0.0.1 or [::1] in the sandbox)'
          : 'must be https',
    };
  }
  if (url.protocol !== 'https:') return { ok: false, message: 'must be https' };
  if (env === 'production' && isPrivateAddress(url.hostname))
    return { ok: false, message: 'must not be a private or loopback address in production' };
  return { ok: true };
}

export const ADYEN_TEST_BASE_URL = 'https://checkout-test.adyen.com/v71';
export const adyenLiveBaseUrl = (prefix: string) => `https://${prefix}-checkout-live.adyenpayments.com/checkout/v71`;

/** The `base_url` an account gets when none is given (Adyen's document's addresses), or null when it has none. */
export function defaultBaseUrl(
  connector: Connector,
  environment: AccountEnvironment,
  settings: Record<string, unknown>,
): string | null {
  if (connector !== 'ADYEN_CHECKOUT') return null;
  return environment === 'LIVE' ? adyenLiveBaseUrl(String(settings.live_url_prefix)) : ADYEN_TEST_BASE_URL;
}

/** Adyen's Checkout base URL names the API version in its path (R1.3). */
export const isAdyenV71Path = (raw: string) => new URL(raw).pathname.replace(/\/+$/, '').endsWith('/v71');

/** `LIVE` is refused in the sandbox and for SANDBOX accounts (R1.3: 400 BAD_REQUEST, invalidField `environment`). */
export const liveRefused = (environment: AccountEnvironment, connector: Connector, env: AppEnv) =>
  environment === 'LIVE' && (env === 'sandbox' || connector === 'SANDBOX');

export function initialWebhookRegistration(connector: Connector): WebhookRegistration {
  return connector === 'SANDBOX' ? 'NOT_APPLICABLE' : connector === 'ADYEN_CHECKOUT' ? 'MANUAL' : 'PENDING';
}

/** R1.2 `webhook.url`: PIX PSPs get a secret path token (they append `/pix`); the others are verified by signature. */
export function webhookUrl(
  coreUrl: string,
  account: { id: string; connector: Connector },
  token: string | null,
): string {
  const base = `${coreUrl}/v1/provider-webhooks/${account.id}`;
  return account.connector === 'PIX_API_BCB' && token ? `${base}/${token}` : base;
}

/** R1.5: an organization may use an account open to all, or one that lists it. */
export function mayUse(
  account: { organizationAccess: OrganizationAccess; organizationIds: readonly string[] },
  organizationId: string,
): boolean {
  return account.organizationAccess === 'ALL' || account.organizationIds.includes(organizationId);
}

/** R1.3: `SELECTED` needs at least one organization, `ALL` none. */
export function accessListProblem(access: OrganizationAccess, ids: readonly string[]): string | undefined {
  if (access === 'SELECTED' && ids.length === 0)
    return 'must name at least one organization when organization_access is SELECTED';
  if (access === 'ALL' && ids.length > 0) return 'must be empty when organization_access is ALL';
  return undefined;
}

/** R1.3: what a patch may change on a built-in account (anything else is `409` reason `BUILT_IN_ACCOUNT`). */
export const BUILT_IN_PATCHABLE: ReadonlySet<string> = new Set([
  'display_name',
  'organization_access',
  'organization_ids',
  'timeout_ms',
  'circuit_breaker',
]);

export function builtInPatchRefusal(fields: readonly string[]): string | undefined {
  return fields.find((f) => !BUILT_IN_PATCHABLE.has(f));
}

/** R1.4: the previous set verifies until now + grace (0 ends it at once). */
export const DEFAULT_GRACE_SECONDS = 86_400;
export const MAX_GRACE_SECONDS = 604_800;
export const graceEnd = (now: Date, graceSeconds: number) => new Date(now.getTime() + graceSeconds * 1000);
/** A previous set still verifies while its grace has not ended. */
export const withinGrace = (validUntil: Date | null, now: Date) =>
  validUntil !== null && validUntil.getTime() > now.getTime();

/** R1.3: changing these on a PIX_API_BCB account re-registers its webhooks (R3.7). */
export function changesWebhookTarget(
  before: { baseUrl: string | null; settings: Record<string, unknown> },
  after: { baseUrl: string | null; settings: Record<string, unknown> },
): boolean {
  return (
    before.baseUrl !== after.baseUrl ||
    before.settings.token_url !== after.settings.token_url ||
    before.settings.default_chave !== after.settings.default_chave ||
    (before.settings.register_webhooks === false) !== (after.settings.register_webhooks === false)
  );
}
