import { randomBytes } from 'node:crypto';
import type { Clock } from '../../jobs/clock.js';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { companies, webhookEndpoints } from '../../db/schema/index.js';
import { invalidField, notFound } from '../../kernel/errors.js';
import { webhookUrlProblem, type Resolve } from '../webhooks/url-safety.js';

/** A Standard Webhooks secret: `whsec_` and base64 of 32 random bytes. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * Receiver URLs: production takes only https URLs that do not resolve to private, loopback or link-local
 * addresses; the sandbox also takes http://localhost (a local receiver during development).
 */
export async function checkWebhookUrl(url: string, env: 'sandbox' | 'production', resolve?: Resolve): Promise<void> {
  const problem = await webhookUrlProblem(url, env, resolve);
  if (problem) throw invalidField('url', 'INVALID_FORMAT', problem, url);
}

async function assertOrganization(db: Database, id: string) {
  const [org] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, id), eq(companies.kind, 'ORGANIZATION'))).limit(1);
  if (!org) throw notFound('Organization');
}

/** PUT: sets the URL; a secret is generated on first set and kept on later URL changes. */
export async function putWebhookEndpoint(db: Database, clock: Clock, organizationId: string, url: string, env: 'sandbox' | 'production') {
  await checkWebhookUrl(url, env);
  await assertOrganization(db, organizationId);
  const now = clock.now(organizationId);
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ organizationId, url, signingSecret: generateSigningSecret(), createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: webhookEndpoints.organizationId, set: { url, updatedAt: now } })
    .returning();
  return { url: row.url, signing_secret: row.signingSecret, created_at: row.createdAt.toISOString() };
}

export async function deleteWebhookEndpoint(db: Database, organizationId: string): Promise<void> {
  await assertOrganization(db, organizationId);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId));
}
