import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../kernel/clock.js';
import { recordEvent } from '../../events/outbox.js';
import { conflictWithReason, invalidField, invalidState, notFound } from '../../kernel/errors.js';
import { webhookUrlProblem, type Resolve } from '../../kernel/url-safety.js';
import {
  ALL_EVENTS,
  generateSigningSecret,
  MAX_ENDPOINTS_PER_ORGANIZATION,
  SECRET_OVERLAP_MS,
} from './endpoints.rules.js';
import {
  countLiveEndpoints,
  endpointHealth,
  findLiveEndpoint,
  findStaffEndpoint,
  insertEndpoint,
  listLiveEndpoints,
  lockOrganization,
  updateEndpoint,
} from './endpoints.repo.js';
import { enqueueForEndpoint, recoverUndeliveredSince, withAttemptsOf } from './messages.repo.js';
import { toEndpointView, type createEndpointBody, type updateEndpointBody } from './endpoints.schemas.js';
import { toMessageView } from './webhooks.views.js';
import { webhookMessages } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import type { SecretBox } from '../../crypto/secret-box.js';
import { openEndpointSecrets, sealPreviousSecret, sealSigningSecret } from './endpoint-secrets.js';
import { must } from '../../kernel/must.js';

/**
 * Self-service webhook endpoints (product.md §15). Every function takes the caller's organization: an id of
 * another organization (or a deleted endpoint) is simply not found. Secrets are returned only by create, the
 * secret read and a rotation; they are never logged (the logger redacts `signing_secret`). They are stored sealed
 * (`secretBox`, endpoint-secrets.ts) and opened only to answer those calls.
 */
export interface EndpointDeps {
  db: Database;
  clock: Clock;
  env: 'sandbox' | 'production';
  /** Seals signing secrets at rest (built once by the composition root). */
  secretBox: SecretBox;
  resolve?: Resolve;
}

/** today's URL rules (url-safety.ts): https and public addresses; the sandbox's localhost exception. */
export async function checkWebhookUrl(url: string, env: 'sandbox' | 'production', resolve?: Resolve): Promise<void> {
  const problem = await webhookUrlProblem(url, env, resolve);
  if (problem) throw invalidField('url', 'INVALID_FORMAT', problem, url);
}

const limitReached = (n: number) =>
  conflictWithReason(
    `An organization has at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints`,
    'endpoints',
    n,
    'ENDPOINT_LIMIT',
    { limit: MAX_ENDPOINTS_PER_ORGANIZATION },
  );

async function requireEndpoint(db: Database, organizationId: string, id: string, forUpdate = false) {
  const row = await findLiveEndpoint(db, organizationId, id, forUpdate);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function createEndpoint(
  deps: EndpointDeps,
  organizationId: string,
  input: z.output<typeof createEndpointBody>,
) {
  await checkWebhookUrl(input.url, deps.env, deps.resolve);
  const now = deps.clock.now(organizationId);
  const id = randomUUID();
  const secret = generateSigningSecret();
  const row = await deps.db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, organizationId))) throw notFound('Organization');
    const n = await countLiveEndpoints(tx, organizationId);
    if (n >= MAX_ENDPOINTS_PER_ORGANIZATION) throw limitReached(n);
    return insertEndpoint(tx, {
      id,
      organizationId,
      origin: 'API',
      url: input.url,
      description: input.description ?? null,
      enabledEvents: input.enabled_events,
      disabled: input.disabled,
      signingSecret: sealSigningSecret(deps.secretBox, id, secret),
      createdAt: now,
      updatedAt: now,
    });
  });
  return { ...toEndpointView(row), signing_secret: secret };
}

export async function listEndpoints(db: Database, organizationId: string) {
  return (await listLiveEndpoints(db, organizationId)).map(toEndpointView);
}

export async function getEndpoint(db: Database, organizationId: string, id: string) {
  return toEndpointView(await requireEndpoint(db, organizationId, id));
}

export async function patchEndpoint(
  deps: EndpointDeps,
  organizationId: string,
  id: string,
  input: z.output<typeof updateEndpointBody>,
) {
  if (input.url !== undefined) await checkWebhookUrl(input.url, deps.env, deps.resolve);
  const row = await deps.db.transaction(async (tx) => {
    await requireEndpoint(tx, organizationId, id, true);
    return updateEndpoint(tx, id, {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enabled_events !== undefined ? { enabledEvents: input.enabled_events } : {}),
      ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
      updatedAt: deps.clock.now(organizationId),
    });
  });
  return toEndpointView(row);
}

/** Soft delete: its deliveries stop (the worker fails them) and its history keeps naming it. */
export async function deleteEndpoint(deps: EndpointDeps, organizationId: string, id: string) {
  await deps.db.transaction(async (tx) => {
    await requireEndpoint(tx, organizationId, id, true);
    const now = deps.clock.now(organizationId);
    await updateEndpoint(tx, id, { deletedAt: now, updatedAt: now });
  });
  return { id, deleted: true as const };
}

const secretView = (
  row: { signingSecret: string; previousSigningSecret: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
) => ({
  signing_secret: row.signingSecret,
  previous_secret_expires_at:
    row.previousSigningSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now
      ? row.previousSecretExpiresAt.toISOString()
      : null,
});

export async function readSecret(deps: EndpointDeps, organizationId: string, id: string) {
  return secretView(
    openEndpointSecrets(deps.secretBox, await requireEndpoint(deps.db, organizationId, id)),
    deps.clock.now(),
  );
}

/**
 * A new secret now; the one it replaces keeps signing for 24 hours (both signatures in `webhook-signature`).
 * Real time, as deliveries keep it (the worker compares with its own clock). A second rotation within the 24 hours
 * drops the oldest secret: at most two sign.
 */
export async function rotateSecret(deps: EndpointDeps, organizationId: string, id: string) {
  const now = deps.clock.now();
  const secret = generateSigningSecret();
  const row = await deps.db.transaction(async (tx) => {
    const current = openEndpointSecrets(deps.secretBox, await requireEndpoint(tx, organizationId, id, true));
    return updateEndpoint(tx, id, {
      signingSecret: sealSigningSecret(deps.secretBox, id, secret),
      // Sealed again for its new column (the context names the column).
      previousSigningSecret: sealPreviousSecret(deps.secretBox, id, current.signingSecret),
      previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS),
      updatedAt: deps.clock.now(organizationId),
    });
  });
  return secretView({ ...row, signingSecret: secret }, now);
}

export async function recoverEndpoint(deps: EndpointDeps, organizationId: string, id: string, since: Date) {
  await requireEndpoint(deps.db, organizationId, id);
  const ids = await deps.db.transaction((tx) => recoverUndeliveredSince(tx, organizationId, [id], since));
  return { recovered: ids.length, message_ids: ids };
}

/**
 * For the dashboard ("recover every undelivered message since a time"): every live endpoint's undelivered
 * deliveries (recoverUndeliveredSince) start a new run. Answers the same as POST …/{id}/recover.
 */
export async function recoverOrganizationSince(db: Database, organizationId: string, since: Date) {
  const ids = await db.transaction((tx) => recoverUndeliveredSince(tx, organizationId, 'all', since));
  return { recovered: ids.length, message_ids: ids };
}

/**
 * For the dashboard ("endpoints and their recent health"): each live endpoint with its attempts since `since`
 * (default: the last 24 hours, database time), the last success and failure, the last error, and its deliveries
 * pending or failed now.
 */
export async function listEndpointHealth(db: Database, organizationId: string, options: { since?: Date } = {}) {
  const endpoints = await listLiveEndpoints(db, organizationId);
  const health = new Map(
    (await endpointHealth(db, organizationId, options.since ?? null)).map((h) => [h.endpointId, h]),
  );
  return endpoints.map((e) => {
    const h = health.get(e.id);
    return {
      ...toEndpointView(e),
      health: {
        attempts: h?.attempts ?? 0,
        succeeded: h?.succeeded ?? 0,
        failed: h?.failed ?? 0,
        last_attempt_at: h?.lastAttemptAt?.toISOString() ?? null,
        last_success_at: h?.lastSuccessAt?.toISOString() ?? null,
        last_failure_at: h?.lastFailureAt?.toISOString() ?? null,
        last_error: h?.lastError ?? null,
        last_status_code: h?.lastStatusCode ?? null,
        pending_messages: h?.pending ?? 0,
        failed_messages: h?.failedMessages ?? 0,
      },
    };
  });
}
export type EndpointHealth = Awaited<ReturnType<typeof listEndpointHealth>>[number];

/** POST …/{id}/test: a `webhook.test` event of the organization, queued for that endpoint only. */
export async function sendTestEvent(deps: EndpointDeps, organizationId: string, id: string, correlationId: string) {
  const endpoint = await requireEndpoint(deps.db, organizationId, id);
  if (endpoint.disabled)
    throw invalidState('The webhook endpoint is disabled', {
      field: 'disabled',
      value: true,
      reason: 'ENDPOINT_DISABLED',
    });
  const eventId = await deps.db.transaction(async (tx) => {
    const event = await recordEvent(
      tx,
      {
        type: 'webhook.test',
        companyId: organizationId,
        organizationId,
        correlationId,
        payload: { endpoint_id: id, message: 'A test delivery: your endpoint is reachable and verifies signatures.' },
      },
      deps.clock.now(organizationId),
    );
    await enqueueForEndpoint(tx, event, id);
    return event.id;
  });
  const [message] = await deps.db.select().from(webhookMessages).where(eq(webhookMessages.eventId, eventId));
  return toMessageView(await withAttemptsOf(deps.db, must(message, 'the message the event just enqueued')));
}

/** PUT /v1/platform/organizations/{id}/webhook-endpoint: sets the staff endpoint's URL (one of the 10). */
export async function putStaffEndpoint(deps: EndpointDeps, organizationId: string, url: string) {
  await checkWebhookUrl(url, deps.env, deps.resolve);
  const now = deps.clock.now(organizationId);
  const row = await deps.db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, organizationId))) throw notFound('Organization');
    const staff = await findStaffEndpoint(tx, organizationId);
    if (staff) return updateEndpoint(tx, staff.id, { url, updatedAt: now });
    const n = await countLiveEndpoints(tx, organizationId);
    if (n >= MAX_ENDPOINTS_PER_ORGANIZATION) throw limitReached(n);
    const id = randomUUID();
    return insertEndpoint(tx, {
      id,
      organizationId,
      origin: 'STAFF',
      url,
      description: 'Set by platform support',
      enabledEvents: [ALL_EVENTS],
      disabled: false,
      signingSecret: sealSigningSecret(deps.secretBox, id, generateSigningSecret()),
      createdAt: now,
      updatedAt: now,
    });
  });
  return {
    url: row.url,
    signing_secret: openEndpointSecrets(deps.secretBox, row).signingSecret,
    created_at: row.createdAt.toISOString(),
  };
}

/** DELETE /v1/platform/organizations/{id}/webhook-endpoint: the staff endpoint goes (deliveries to it stop). */
export async function deleteStaffEndpoint(
  deps: Pick<EndpointDeps, 'db' | 'clock'>,
  organizationId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, organizationId))) throw notFound('Organization');
    const staff = await findStaffEndpoint(tx, organizationId);
    if (staff) await updateEndpoint(tx, staff.id, { deletedAt: deps.clock.now(organizationId) });
  });
}
