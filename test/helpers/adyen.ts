import { randomBytes } from 'node:crypto';
import { signNotificationItem } from '../../src/providers/adyen-checkout/hmac.js';
import { startAdyenDouble, type AdyenDouble } from '../../src/providers/doubles/index.js';
import type { TestApp } from './app.js';
import { ok } from './money-checks.js';
import { acceptedHmacKey } from './hmac-key.js';

/**
 * The set-up every Adyen test repeats (providers.md R1, R1.7, R2.9): the Adyen double, an ADYEN_CHECKOUT account
 * pointed at it, a merchant's affiliation confirmed with a merchant account, and signed notifications. Works over
 * any way of calling the API (`Call`): in-process (`appCall(t)`) or a spawned server (the fault tests' `Api`).
 */
/** One API call that must answer `status`; answers the JSON body. */
export type Call = (
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  key: string,
  body?: object,
  status?: number,
) => Promise<any>;

/** `Call` over the in-process test app. */
export const appCall =
  (t: TestApp): Call =>
  (method, path, key, body, status = 200) =>
    ok(t, method, path, key, body, status);

export interface AdyenAccount {
  adyen: AdyenDouble;
  account: { id: string; provider: string };
  hmacKey: string;
  merchantAccount: string;
}

export interface AdyenAccountOptions {
  /** The account name's prefix (a random suffix keeps names unique in a shared database). */
  prefix?: string;
  merchantAccount?: string;
  /** The account's read timeout (R1.3 `timeout_ms`). */
  timeoutMs?: number;
  /** Passed to the double (its `X-API-Key` check). */
  apiKey?: string;
  /** An already started double to point the account at. */
  adyen?: AdyenDouble;
  hmacKey?: string;
}

/** Starts the double (unless given) and creates an ADYEN_CHECKOUT account pointed at it, as staff. */
export async function adyenAccount(
  call: Call,
  platformKey: string,
  options: AdyenAccountOptions = {},
): Promise<AdyenAccount> {
  const hmacKey = options.hmacKey ?? acceptedHmacKey();
  const merchantAccount = options.merchantAccount ?? 'PlatformTestECOM';
  const adyen =
    options.adyen ?? (await startAdyenDouble({ hmacKey, ...(options.apiKey ? { apiKey: options.apiKey } : {}) }));
  const account = await call(
    'POST',
    '/v1/platform/provider-accounts',
    platformKey,
    {
      provider: `${options.prefix ?? 'ADY'}_${randomBytes(4).toString('hex').toUpperCase()}`,
      display_name: 'Adyen (double)',
      connector: 'ADYEN_CHECKOUT',
      environment: 'TEST',
      base_url: adyen.baseUrl,
      ...(options.timeoutMs ? { timeout_ms: options.timeoutMs } : {}),
      settings: { default_merchant_account: merchantAccount },
      credentials: { api_key: options.apiKey ?? 'test-api-key', hmac_key: hmacKey },
    },
    201,
  );
  return { adyen, account: { id: account.id, provider: account.provider }, hmacKey, merchantAccount };
}

/** The merchant's affiliation with the account (`WAITING_CONFIRMATION`), confirmed by staff with the merchant account. */
export async function affiliateToAdyen(
  call: Call,
  keys: { platformKey: string; orgKey: string },
  merchantId: string,
  set: Pick<AdyenAccount, 'account' | 'merchantAccount'>,
): Promise<{ id: string }> {
  const aff = await call(
    'POST',
    `/v1/merchants/${merchantId}/affiliations`,
    keys.orgKey,
    {
      provider: set.account.provider,
    },
    201,
  );
  await call('POST', `/v1/platform/affiliations/${aff.id}/confirm`, keys.platformKey, {
    merchant_reference: { merchant_account: set.merchantAccount },
  });
  return { id: aff.id };
}

export interface AdyenItem {
  pspReference: string;
  originalReference?: string;
  merchantReference: string;
  eventCode: string;
  success: 'true' | 'false';
  amount: { value: number; currency: 'BRL' };
  reason?: string;
}

/** A notification request (R2.9) with every item signed under the account's HMAC key, as Adyen sends it. */
export function adyenNotification(set: Pick<AdyenAccount, 'hmacKey' | 'merchantAccount'>, items: AdyenItem[]): string {
  return JSON.stringify({
    live: 'false',
    notificationItems: items.map((i) => ({
      NotificationRequestItem: {
        ...i,
        merchantAccountCode: set.merchantAccount,
        eventDate: '2026-11-27T10:00:00+01:00',
        additionalData: {
          hmacSignature: signNotificationItem({ ...i, merchantAccountCode: set.merchantAccount }, set.hmacKey),
        },
      },
    })),
  });
}
