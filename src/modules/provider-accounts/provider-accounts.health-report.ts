import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { providerAccounts } from '../../db/schema/index.js';
import { capabilitiesOf } from './capabilities.rules.js';
import { circuitOf, dueHalfOpen, storeDueHalfOpen } from './provider-accounts.circuit.js';
import { latenciesByProvider } from './provider-calls.js';

/**
 * providers.md R6.11 / Changes 12: `GET /health` `providers` from the ACTIVE accounts' circuits (one read of a small
 * table): `ERROR` for an OPEN circuit, `enabled` the ACTIVE accounts, `initialized` those not OPEN; `healthy` false
 * when every ACTIVE account that takes payments is OPEN (the route then answers 503). An OPEN circuit past its
 * cool-down is stored HALF_OPEN here, as by a decision.
 */
export async function providersHealth(db: Database, now: Date) {
  let rows = await db
    .select()
    .from(providerAccounts)
    .where(eq(providerAccounts.status, 'ACTIVE'))
    .orderBy(providerAccounts.provider);
  const due = dueHalfOpen(
    rows.map((r) => ({ id: r.id, stored: circuitOf(r) })),
    now,
  );
  if (due.length > 0) {
    await storeDueHalfOpen(db, due, now, 'health');
    rows = await db
      .select()
      .from(providerAccounts)
      .where(eq(providerAccounts.status, 'ACTIVE'))
      .orderBy(providerAccounts.provider);
  }
  const latencies = await latenciesByProvider(db);
  const latest = (...dates: (Date | null)[]) =>
    dates.filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  const health = rows.map((r) => ({
    name: r.provider,
    status: r.circuitState === 'OPEN' ? ('ERROR' as const) : ('OK' as const),
    // R6.11: the account's p50 over its last 100 calls, 0 without calls.
    responseTime: latencies.get(r.provider)?.latency_ms_p50 ?? 0,
    lastChecked: (latest(r.lastSuccessAt, r.lastFailureAt, r.credentialsCheckedAt) ?? r.updatedAt).toISOString(),
  }));
  const payments = rows.filter((r) => capabilitiesOf(r).payment_methods.length > 0);
  const healthy = payments.length === 0 || payments.some((r) => r.circuitState !== 'OPEN');
  return {
    report: { enabled: rows.length, initialized: rows.filter((r) => r.circuitState !== 'OPEN').length, health },
    healthy,
  };
}
