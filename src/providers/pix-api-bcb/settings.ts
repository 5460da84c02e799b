/**
 * What a PIX_API_BCB account hands its connector (providers.md R1.3, R3.1). The connector reads nothing else;
 * the client secret and key live here only for the calls and are never logged.
 */
export interface PixApiSettings {
  /** The PSP's API Pix base, e.g. `https://pix.example.com/api/v2`, or a double's. */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
  /** mTLS: the client certificate and key (PEM), and the CA that signs the PSP's server certificate. */
  tls?: { cert: string; key: string; ca?: string } | null;
  /** The account's `default_chave`: charges go to it unless a request names the affiliation's. */
  defaultChave: string;
  timeouts?: { connectMs?: number; readMs?: number };
}

export const PIX_DEFAULTS = { connectMs: 5_000, readMs: 30_000, tokenMarginS: 60 } as const;
