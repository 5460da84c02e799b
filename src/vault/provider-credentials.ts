import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { providerAccountCredentials } from '../db/schema/index.js';
import { createSecretBox, SEALED_PREFIX, type SecretBox } from '../crypto/secret-box.js';
import type { CredentialSealer } from '../kernel/provider-credentials.js';
import { deriveKey } from '../runtime/secrets.js';

/**
 * Provider credentials at rest (providers.md R1.4): AES-256-GCM (src/crypto/secret-box.ts) under a key of their own,
 * from PROVIDER_CREDENTIALS_KEY (production) or generated into DATA_DIR (sandbox). Only this file opens a sealed set:
 * areas seal through the `CredentialSealer` face; connectors read through `credentialsFor`.
 */
export interface ProviderCredentialsBox extends CredentialSealer {
  readonly box: SecretBox;
}

const context = (accountId: string, version: number) => `provider_account_credentials.sealed:${accountId}:${version}`;

export function providerCredentialsBox(key: string, previousKey?: string): ProviderCredentialsBox {
  const atRest = (secret: string) => deriveKey(secret, 'provider-credentials-at-rest');
  const box = createSecretBox(atRest(key), previousKey ? [atRest(previousKey)] : []);
  return {
    credentialSealer: true,
    box,
    seal: (accountId, version, json) => box.seal(json, context(accountId, version)),
  };
}

export interface CredentialSet {
  version: number;
  values: Record<string, unknown>;
  /** PIX_API_BCB: the webhook path token of this version. */
  webhookToken: string | null;
  /** null for the current set; the end of the grace for the previous one. */
  validUntil: Date | null;
}

/**
 * The sets a connector may use for an account: `current` for outgoing calls, and for inbound checks the previous set
 * while its grace lasts (R1.4). `current` is null when the account has none (a SANDBOX account without credentials).
 */
export async function credentialsFor(
  db: Executor,
  sealer: CredentialSealer,
  accountId: string,
  now: Date,
): Promise<{ current: CredentialSet | null; previous: CredentialSet | null }> {
  const { box } = sealer as ProviderCredentialsBox;
  const rows = await db
    .select()
    .from(providerAccountCredentials)
    .where(eq(providerAccountCredentials.accountId, accountId))
    .orderBy(desc(providerAccountCredentials.version))
    .limit(2);
  const open = (row: (typeof rows)[number]): CredentialSet => ({
    version: row.version,
    values: JSON.parse(box.open(row.sealed, context(accountId, row.version))) as Record<string, unknown>,
    webhookToken: row.webhookToken,
    validUntil: row.validUntil,
  });
  const [latest, before] = rows;
  const current = latest && latest.validUntil === null ? open(latest) : null;
  const previous =
    before && before.validUntil !== null && before.validUntil.getTime() > now.getTime() ? open(before) : null;
  return { current, previous };
}

/**
 * Startup (after migrations): the built-ins' seed is written plain by the migration, and a change of key leaves sets
 * under the previous one; both are sealed under the current key here. Each update is conditional on the value read.
 */
export async function sealPlainProviderCredentials(db: Executor, sealer: CredentialSealer): Promise<number> {
  const { box } = sealer as ProviderCredentialsBox;
  const rows = await db
    .select({
      accountId: providerAccountCredentials.accountId,
      version: providerAccountCredentials.version,
      sealed: providerAccountCredentials.sealed,
    })
    .from(providerAccountCredentials);
  let sealed = 0;
  for (const row of rows) {
    if (row.sealed.startsWith(`${SEALED_PREFIX}v1:${box.kid}:`)) continue;
    let plain: string;
    try {
      plain = box.open(row.sealed, context(row.accountId, row.version));
    } catch {
      continue; // under a key this process does not hold: left as it is (never logged)
    }
    const done = await db
      .update(providerAccountCredentials)
      .set({ sealed: box.seal(plain, context(row.accountId, row.version)) })
      .where(
        and(
          eq(providerAccountCredentials.accountId, row.accountId),
          eq(providerAccountCredentials.version, row.version),
          eq(providerAccountCredentials.sealed, row.sealed),
        ),
      )
      .returning({ version: providerAccountCredentials.version });
    sealed += done.length;
  }
  return sealed;
}
