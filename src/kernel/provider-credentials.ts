/**
 * The public face of provider credentials at rest (providers.md R1.4): areas may seal a credentials set, never open
 * one. The vault (src/vault/provider-credentials.ts) implements it and is the only place that opens a sealed set
 * (for the connectors, through `credentialsFor`).
 */
export interface CredentialSealer {
  readonly credentialSealer: true;
  /** Seals a set's JSON for one account and version (the context binds it to that row: copied elsewhere, it no longer opens). */
  seal(accountId: string, version: number, json: string): string;
}
