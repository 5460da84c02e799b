import { coreUrlOf, type CoreUrl } from '../../kernel/core-url.js';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { providerAccountCredentials, providerAccounts, type ProviderAccountRow } from '../../db/schema/index.js';
import type { Clock } from '../../kernel/clock.js';
import type { CredentialSealer } from '../../kernel/provider-credentials.js';
import { credentialsFor, type CredentialSet } from '../../vault/provider-credentials.js';
import { ADYEN_OPERATIONS, AdyenCheckoutConnector } from '../adyen-checkout/connector.js';
import type { CardOpener } from '../card-opening.js';
import { PIX_API_OPERATIONS, PixApiConnector } from '../pix-api-bcb/connector.js';
import { type OperationName, type PaymentProvider, type ProviderName } from '../port.js';
import type { AccountRef, ProviderResolver } from '../registry.js';
import { STAFF_SANDBOX_CAPABILITIES } from '../sandbox/provider.js';
import { SandboxProvider, type SandboxOptions } from '../sandbox.js';

/**
 * The composition root's resolver (src/providers/registry.ts `ProviderResolver`): provider accounts that are
 * not built into the process become adapters here. It alone reads the accounts table for dispatch and opens an
 * account's credentials (`credentialsFor`); the adapters keep them for their calls and never log them.
 */
export interface ResolverOptions {
  db: Executor;
  sealer: CredentialSealer;
  clock: Clock;
  /** What staff-created SANDBOX accounts share with the built-ins (fault plan, records, card opener). */
  sandbox: SandboxOptions;
  /** Opens card values for the real connectors (the vault); absent: values pass as given (tests). */
  openCard?: CardOpener;
  /** `{core}` of the connectors' return URLs (R2.3, R2.8), read at each use (src/kernel/core-url.ts). */
  coreUrl: CoreUrl;
}

export const CONNECT_TIMEOUT_MS = 3_000;

export function operationsOfConnector(connector: AccountRef['connector']): readonly OperationName[] {
  if (connector === 'ADYEN_CHECKOUT') return ADYEN_OPERATIONS;
  if (connector === 'PIX_API_BCB') return PIX_API_OPERATIONS;
  return STAFF_SANDBOX_CAPABILITIES.operations;
}

export function accountResolver(options: ResolverOptions): ProviderResolver {
  const { db, sealer, clock } = options;
  return {
    nowMs: () => clock.now().getTime(),
    async accounts() {
      const rows = await db
        .select({
          id: providerAccounts.id,
          provider: providerAccounts.provider,
          connector: providerAccounts.connector,
          environment: providerAccounts.environment,
          baseUrl: providerAccounts.baseUrl,
          settings: providerAccounts.settings,
          timeoutMs: providerAccounts.timeoutMs,
          version: sql<
            number | null
          >`(select max(${providerAccountCredentials.version}) from ${providerAccountCredentials} where ${providerAccountCredentials.accountId} = ${providerAccounts.id})`,
        })
        .from(providerAccounts);
      // The stamp covers what an adapter is built from (not status or health, which change often and build nothing).
      return rows.map((r) => ({
        id: r.id,
        provider: r.provider,
        connector: r.connector,
        operations: operationsOfConnector(r.connector),
        stamp: createHash('sha256')
          .update(JSON.stringify([r.environment, r.baseUrl, r.settings, r.timeoutMs, r.version ?? 0]))
          .digest('base64url'),
      }));
    },
    async build(ref) {
      const [row] = await db.select().from(providerAccounts).where(eq(providerAccounts.id, ref.id));
      if (!row) throw new Error(`provider account ${ref.provider} vanished`);
      const { current, previous } = await credentialsFor(db, sealer, row.id, clock.now());
      const validUntil = previous?.validUntil?.getTime() ?? null;
      return { adapter: adapterOf(row, current, previous, options), validUntil };
    },
  };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** One account's adapter from its row and opened credentials (no I/O). */
export function adapterOf(
  row: ProviderAccountRow,
  current: CredentialSet | null,
  previous: CredentialSet | null,
  options: Pick<ResolverOptions, 'sandbox' | 'openCard' | 'coreUrl' | 'clock'>,
): PaymentProvider {
  const c = current?.values ?? {};
  const s = row.settings;
  const timeouts = { connectMs: CONNECT_TIMEOUT_MS, readMs: row.timeoutMs };
  switch (row.connector) {
    case 'SANDBOX':
      return new SandboxProvider(row.provider as ProviderName, {
        ...options.sandbox,
        ...(str(c.webhook_secret) ? { webhookSecret: str(c.webhook_secret) } : {}),
      });
    case 'ADYEN_CHECKOUT': {
      const hmacKeys = [str(c.hmac_key), str(previous?.values.hmac_key)].filter((k): k is string => !!k);
      const basic = c.basic_auth as { username: string; password: string } | null | undefined;
      return new AdyenCheckoutConnector(
        row.provider,
        {
          baseUrl: row.baseUrl ?? 'https://checkout-test.adyen.com/v71',
          apiKey: str(c.api_key) ?? '',
          hmacKeys,
          merchantAccount: str(s.default_merchant_account) ?? '',
          // Read when used: the adapter may be built before the server knows the port it listens on.
          get coreUrl() {
            return coreUrlOf(options.coreUrl);
          },
          timeouts,
          live: row.environment === 'LIVE',
          notificationBasicAuth: basic ?? null,
        },
        options.openCard,
      );
    }
    case 'PIX_API_BCB': {
      const base = row.baseUrl ?? '';
      const cert = str(c.client_certificate_pem);
      const key = str(c.client_private_key_pem);
      return new PixApiConnector(
        row.provider,
        {
          baseUrl: base,
          tokenUrl: str(s.token_url) ?? `${new URL(base).origin}/oauth/token`,
          clientId: str(c.client_id) ?? '',
          clientSecret: str(c.client_secret) ?? '',
          scopes: (s.scopes as string[] | undefined) ?? [],
          tls: cert && key ? { cert, key } : null,
          defaultChave: str(s.default_chave) ?? '',
          timeouts,
        },
        options.clock,
      );
    }
  }
}
