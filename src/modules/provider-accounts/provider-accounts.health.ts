import { enqueuePixWebhookRegistration } from './pix-webhook-registration.js';
import type { ProviderAccountRow } from '../../db/schema/index.js';
import type { RequestContext } from '../../kernel/context.js';
import { conflictWithReason } from '../../kernel/errors.js';
import { runCredentialsCheck } from './credentials-check.js';
import * as repo from './provider-accounts.repo.js';
import { requireAccount, type AccountDeps } from './provider-accounts.service.js';

/** providers.md R1.4, R3.7, R6.11: an account's credentials check, circuit and webhook registration (staff actions). */

/** `POST …/check` (R1.4): the check now, through the connector's checker; the result never changes `status`. */
export const checkCredentials = (deps: AccountDeps, id: string): Promise<ProviderAccountRow> =>
  runCredentialsCheck(deps, id);

/** `POST …/circuit` (R6.11): staff force a state; OPEN starts a new cool-down. Emits `provider-account.health-changed`. */
export async function setCircuit(
  deps: AccountDeps,
  ctx: RequestContext,
  id: string,
  state: 'OPEN' | 'CLOSED',
): Promise<ProviderAccountRow> {
  return deps.db.transaction(async (tx) => {
    const row = await requireAccount(tx, id, true);
    const now = deps.clock.now();
    const nextProbeAt = state === 'OPEN' ? new Date(now.getTime() + row.circuitCooldownSeconds * 1000) : null;
    const updated = await repo.updateAccount(tx, id, {
      circuitState: state,
      openedAt: state === 'OPEN' ? now : row.openedAt,
      nextProbeAt,
      probeInFlight: false,
      probeClaimedAt: null,
      consecutiveFailures: state === 'CLOSED' ? 0 : row.consecutiveFailures,
      updatedAt: now,
    });
    if (row.circuitState !== state) {
      const payload = {
        provider_account_id: id,
        provider: row.provider,
        old_state: row.circuitState,
        new_state: state,
        consecutive_failures: updated.consecutiveFailures,
        last_failure_code: updated.lastFailureCode,
        next_probe_at: nextProbeAt?.toISOString() ?? null,
      };
      await repo.recordToOrganizations(
        tx,
        await repo.organizationsUsing(tx, updated),
        (org) => ({
          type: 'provider-account.health-changed',
          companyId: org,
          organizationId: org,
          correlationId: ctx.requestId,
          payload,
        }),
        now,
      );
    }
    return updated;
  });
}

/**
 * `POST …/webhook-registration` (R3.7): PIX_API_BCB only (`409 NOT_APPLICABLE` otherwise). The registration call
 * belongs to the PIX connector: here the account is marked PENDING for it.
 */
export async function requestWebhookRegistration(deps: AccountDeps, id: string): Promise<ProviderAccountRow> {
  const account = await requireAccount(deps.db, id);
  if (account.connector !== 'PIX_API_BCB') {
    throw conflictWithReason(
      `Webhook registration does not apply to ${account.connector} accounts`,
      'connector',
      account.connector,
      'NOT_APPLICABLE',
    );
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const updated = await repo.updateAccount(tx, id, {
      webhookRegistration: 'PENDING',
      webhookUpdatedAt: now,
      updatedAt: now,
    });
    // The PSP call is a job (pix-webhook-registration.ts), outside this transaction.
    await enqueuePixWebhookRegistration(tx, id, now);
    return updated;
  });
}
