import type { ProviderAccountCredentialsRow, ProviderAccountRow } from '../../db/schema/index.js';
import { capabilitiesOf } from './capabilities.rules.js';
import { webhookUrl } from './provider-accounts.rules.js';
import type { ProviderAccountView } from './provider-accounts.schemas.js';
import { NO_LATENCY, type AccountLatency } from './provider-calls.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** R1.4: what an account shows of its credentials: never a value, only the public description of the current set. */
function credentialsView(rows: readonly ProviderAccountCredentialsRow[]): ProviderAccountView['credentials'] {
  const current = rows.find((r) => r.validUntil === null);
  if (!current) return null;
  const previous = rows.find((r) => r.version === current.version - 1);
  return {
    fingerprint: current.fingerprint,
    version: current.version,
    set_at: current.setAt.toISOString(),
    previous_valid_until: iso(previous?.validUntil ?? null),
    fields: current.fields as Record<string, Record<string, unknown>>,
  };
}

/** R1.2: the staff view; `coreUrl` is the public core address the API uses in its links. */
export function toAccountView(
  row: ProviderAccountRow,
  credentials: readonly ProviderAccountCredentialsRow[],
  coreUrl: string,
  latency: AccountLatency = NO_LATENCY,
): ProviderAccountView {
  const token = credentials.find((r) => r.validUntil === null)?.webhookToken ?? null;
  return {
    id: row.id,
    provider: row.provider,
    display_name: row.displayName,
    connector: row.connector,
    environment: row.environment,
    base_url: row.baseUrl,
    settings: row.settings,
    credentials: credentialsView(credentials),
    capabilities: capabilitiesOf(row),
    status: row.status,
    disabled_reason: row.disabledReason,
    built_in: row.builtIn,
    organization_access: row.organizationAccess,
    organization_ids: row.organizationIds,
    timeout_ms: row.timeoutMs,
    circuit_breaker: { failure_threshold: row.circuitFailureThreshold, cooldown_seconds: row.circuitCooldownSeconds },
    webhook: {
      url: webhookUrl(coreUrl, row, token),
      registration: row.webhookRegistration,
      registered_keys: row.registeredKeys,
      last_error: row.webhookLastError,
      updated_at: iso(row.webhookUpdatedAt),
    },
    health: {
      circuit_state: row.circuitState,
      consecutive_failures: row.consecutiveFailures,
      opened_at: iso(row.openedAt),
      next_probe_at: iso(row.nextProbeAt),
      probe_in_flight: row.probeInFlight,
      last_success_at: iso(row.lastSuccessAt),
      last_failure_at: iso(row.lastFailureAt),
      last_failure_code: row.lastFailureCode,
      // Over the account's last 100 calls (R6.11; provider-calls.ts).
      latency_ms_p50: latency.latency_ms_p50,
      latency_ms_p95: latency.latency_ms_p95,
      credentials_check: {
        status: row.credentialsCheckStatus,
        checked_at: iso(row.credentialsCheckedAt),
        error: row.credentialsCheckError,
      },
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** R1.6: all a company sees of an account its organization may use. */
export function toOrganizationAccountView(row: ProviderAccountRow) {
  return {
    id: row.id,
    provider: row.provider,
    display_name: row.displayName,
    connector: row.connector,
    environment: row.environment,
    status: row.status,
    capabilities: capabilitiesOf(row),
    circuit_state: row.circuitState,
  };
}
