import type { ProviderAccountRow } from '../../db/schema/index.js';
import { credentialsFor } from '../../vault/provider-credentials.js';
import { PixApiConnector } from '../pix-api-bcb/connector.js';
import { adapterOf, type ResolverOptions } from './resolver.js';

/** What a credentials check answers (providers.md R1.4; the provider-accounts area's `CredentialsCheckResult`). */
export interface CheckAnswer {
  status: 'OK' | 'FAILED' | 'NOT_CHECKED';
  error: string | null;
}

/**
 * R1.4's credentials check with the provider itself, made by the composition root (the only place that can open
 * an account's credentials): `SANDBOX` is `OK`; `PIX_API_BCB` requests a token (R3.1) over the account's mTLS
 * with the account's current set, on an adapter built for the check alone (never the cached one, whose token
 * would answer for credentials that may have changed), and answers `FAILED` with the class and the PSP's words.
 * Other connectors answer through `fallback` (Adyen's `/paymentMethods` check is that connector's).
 */
export function providerCredentialsChecker(
  options: Pick<ResolverOptions, 'db' | 'sealer' | 'clock' | 'sandbox' | 'coreUrl' | 'openCard'>,
  fallback: (account: ProviderAccountRow) => Promise<CheckAnswer>,
): (account: ProviderAccountRow) => Promise<CheckAnswer> {
  return async (account) => {
    if (account.connector === 'SANDBOX') return { status: 'OK', error: null };
    if (account.connector !== 'PIX_API_BCB') return fallback(account);
    const { current, previous } = await credentialsFor(options.db, options.sealer, account.id, options.clock.now());
    if (!current) return { status: 'FAILED', error: 'AUTH_FAILED: the account has no credentials' };
    let connector: PixApiConnector;
    try {
      connector = adapterOf(account, current, previous, options) as PixApiConnector;
    } catch (err) {
      // A settings value the transport cannot use (a token URL that is not a URL): nothing was sent.
      return { status: 'FAILED', error: `NOT_SENT: ${err instanceof Error ? err.message : 'invalid settings'}` };
    }
    try {
      const answer = await connector.checkCredentials();
      return answer.ok ? { status: 'OK', error: null } : { status: 'FAILED', error: answer.error };
    } finally {
      await connector.http.close();
    }
  };
}
