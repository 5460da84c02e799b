/**
 * What an ADYEN_CHECKOUT account hands its connector (providers.md R1.3, R2.1): the connector reads nothing
 * else (no environment, no table). Secrets live here only for the calls; they are never logged.
 */
export interface AdyenCheckoutSettings {
  /** e.g. `https://checkout-test.adyen.com/v71`, or a double's `http://127.0.0.1:<port>/v71`. */
  baseUrl: string;
  apiKey: string;
  /** Hex HMAC key(s) of the standard webhooks; more than one during a rotation's grace (R1.4). */
  hmacKeys: readonly string[];
  /** The affiliation's `merchant_reference.merchant_account` when a request does not carry its own. */
  merchantAccount: string;
  store?: string | null;
  /** `{core}` of R2.3's `returnUrl`: `{core}/3ds/return/{attempt id}`. */
  coreUrl: string;
  timeouts?: { connectMs?: number; readMs?: number };
  /** R4.2: a `LIVE` account's notifications say `live: "true"`, a `TEST` one's `"false"` (checked when set). */
  live?: boolean;
  /** R4.2: the Basic credentials Adyen sends with notifications, when the account set them. */
  notificationBasicAuth?: { username: string; password: string } | null;
  /** R2.2: replays of an UNKNOWN call (default 2) and the pause between them (default 1000 ms). */
  replays?: number;
  replayDelayMs?: number;
}

export const ADYEN_DEFAULTS = { connectMs: 5_000, readMs: 30_000, replays: 2, replayDelayMs: 1_000 } as const;
