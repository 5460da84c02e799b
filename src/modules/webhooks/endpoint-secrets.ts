import { and, eq, isNotNull, isNull, like, not, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { webhookEndpoints } from '../../db/schema/index.js';
import { createSecretBox, SEALED_PREFIX, SecretBoxError, type SecretBox } from '../../crypto/secret-box.js';
import { deriveKey } from '../../runtime/secrets.js';

/**
 * The box of the secrets at rest: a key of their own, derived from JWT_SECRET like the link-signing keys; with the
 * JWT_SECRET before a change (JWT_SECRET_PREVIOUS), values sealed under its key still open (and are re-sealed).
 */
export function endpointSecretBox(jwtSecret: string, previousJwtSecret?: string): SecretBox {
  const atRest = (secret: string) => deriveKey(secret, 'webhook-signing-secrets-at-rest');
  return createSecretBox(atRest(jwtSecret), previousJwtSecret ? [atRest(previousJwtSecret)] : []);
}

/**
 * Endpoint signing secrets are sealed at rest (docs/decisions/webhooks.md "Secrets at rest"). The context names the
 * row and the column, so a sealed value copied to another endpoint, or from `signing_secret` to
 * `previous_signing_secret`, no longer opens.
 */
type SecretColumn = 'signing_secret' | 'previous_signing_secret';
const context = (endpointId: string, column: SecretColumn) => `webhook_endpoints.${column}:${endpointId}`;

export const sealSigningSecret = (box: SecretBox, endpointId: string, plain: string) =>
  box.seal(plain, context(endpointId, 'signing_secret'));
export const sealPreviousSecret = (box: SecretBox, endpointId: string, plain: string) =>
  box.seal(plain, context(endpointId, 'previous_signing_secret'));

interface StoredSecrets {
  id: string;
  signingSecret: string;
  previousSigningSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The row's secrets in plain text (legacy plain values pass through). */
export function openEndpointSecrets<T extends StoredSecrets>(box: SecretBox, row: T): T {
  return {
    ...row,
    signingSecret: box.open(row.signingSecret, context(row.id, 'signing_secret')),
    previousSigningSecret:
      row.previousSigningSecret === null
        ? null
        : box.open(row.previousSigningSecret, context(row.id, 'previous_signing_secret')),
  };
}

/**
 * The re-encryption step (startup, after migrations): every row, deleted ones too, whose secrets are plain or sealed
 * under an older key of the box is sealed under the current key. Each update is conditional on the values read, so
 * instances starting together, or a rotation meanwhile, never overwrite a newer secret; running it again finds
 * nothing. A value no key of the box opens is left as it is and counted in `unreadable`.
 */
export async function sealPlainEndpointSecrets(
  db: Executor,
  box: SecretBox,
): Promise<{ sealed: number; unreadable: number }> {
  const current = `${SEALED_PREFIX}v1:${box.kid}:%`;
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      signingSecret: webhookEndpoints.signingSecret,
      previousSigningSecret: webhookEndpoints.previousSigningSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    })
    .from(webhookEndpoints)
    .where(
      or(
        not(like(webhookEndpoints.signingSecret, current)),
        and(
          isNotNull(webhookEndpoints.previousSigningSecret),
          not(like(webhookEndpoints.previousSigningSecret, current)),
        ),
      ),
    );
  let sealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    let opened: typeof row;
    try {
      opened = openEndpointSecrets(box, row);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      unreadable += 1;
      continue;
    }
    const done = await db
      .update(webhookEndpoints)
      .set({
        signingSecret: sealSigningSecret(box, row.id, opened.signingSecret),
        previousSigningSecret:
          opened.previousSigningSecret === null ? null : sealPreviousSecret(box, row.id, opened.previousSigningSecret),
      })
      .where(
        and(
          eq(webhookEndpoints.id, row.id),
          eq(webhookEndpoints.signingSecret, row.signingSecret),
          row.previousSigningSecret === null
            ? isNull(webhookEndpoints.previousSigningSecret)
            : eq(webhookEndpoints.previousSigningSecret, row.previousSigningSecret),
        ),
      )
      .returning({ id: webhookEndpoints.id });
    sealed += done.length;
  }
  return { sealed, unreadable };
}
