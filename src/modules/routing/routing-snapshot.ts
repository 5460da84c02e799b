import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { affiliations, providerAccounts } from '../../db/schema/index.js';
import { circuitAt } from '../../providers/routing/circuit-breaker.js';
import type { AccountSnapshot } from '../../providers/routing/eligibility.js';
import type { WindowScore } from '../../providers/routing/strategies.js';
import { capabilitiesOf } from '../provider-accounts/capabilities.rules.js';
import { mayUse } from '../provider-accounts/provider-accounts.rules.js';
import { circuitOf } from '../provider-accounts/provider-accounts.circuit.js';
import { windowsOf } from './routing-outcomes.repo.js';

/**
 * What a routing decision reads (R6.5, R6.6): every account with its status, access, capabilities, circuit (as it
 * reads now: an OPEN circuit past its cool-down is HALF_OPEN) and the paying company's affiliation with it, and
 * that company's ACTIVE affiliations oldest first. Accounts are few; one read each of two small tables.
 */
export async function accountSnapshots(
  tx: Executor,
  organizationId: string,
  companyId: string,
  now: Date,
): Promise<{ accounts: Map<string, AccountSnapshot>; affiliationOrder: string[]; dueHalfOpen: string[] }> {
  const [accountRows, affiliationRows] = await Promise.all([
    tx.select().from(providerAccounts),
    tx
      .select({ provider: affiliations.provider, status: affiliations.status })
      .from(affiliations)
      .where(and(eq(affiliations.companyId, companyId), eq(affiliations.organizationId, organizationId)))
      .orderBy(asc(affiliations.createdAt), asc(affiliations.id)),
  ]);
  const affiliationOf = new Map<string, { status: string; card_brands: string[] }>();
  for (const a of affiliationRows) {
    // A company may have had several with one account; the ACTIVE one is the one that counts.
    const known = affiliationOf.get(a.provider);
    if (!known || a.status === 'ACTIVE') affiliationOf.set(a.provider, { status: a.status, card_brands: [] });
  }
  const accounts = new Map<string, AccountSnapshot>();
  const dueHalfOpen: string[] = [];
  for (const row of accountRows) {
    const stored = circuitOf(row);
    const circuit = circuitAt(stored, now);
    if (stored.state === 'OPEN' && circuit.state === 'HALF_OPEN') dueHalfOpen.push(row.id);
    accounts.set(row.provider, {
      provider: row.provider,
      provider_account_id: row.id,
      connector: row.connector,
      status: row.status,
      allowed: mayUse(row, organizationId),
      capabilities: capabilitiesOf(row),
      affiliation: affiliationOf.get(row.provider) ?? null,
      circuit,
    });
  }
  const affiliationOrder = [...new Set(affiliationRows.filter((a) => a.status === 'ACTIVE').map((a) => a.provider))];
  return { accounts, affiliationOrder, dueHalfOpen };
}

/** The SUCCESS_RATE windows of one strategy's candidates for one payment method. */
export async function strategyScores(
  tx: Executor,
  organizationId: string,
  paymentMethod: string,
  windowSize: number,
  latencyThresholdMs: number | null,
): Promise<Map<string, WindowScore>> {
  const windows = await windowsOf(tx, organizationId, windowSize, paymentMethod, latencyThresholdMs);
  return new Map(windows.map((w) => [w.provider, { samples: Number(w.samples), successes: Number(w.successes) }]));
}
