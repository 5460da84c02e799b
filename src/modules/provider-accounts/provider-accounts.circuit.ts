import { and, eq, inArray, lte, or } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { providerAccounts, type ProviderAccountRow } from '../../db/schema/index.js';
import {
  afterCall,
  circuitAt,
  circuitChanged,
  PROBE_LEASE_MS,
  type CircuitState,
} from '../../providers/routing/circuit-breaker.js';
import * as repo from './provider-accounts.repo.js';

/**
 * The circuit breaker's stored moves (providers.md R6.11); the moves themselves are the pure rules of
 * src/providers/routing/circuit-breaker.ts. Writes stay off the account's row on the hot path: a successful call
 * on a CLOSED circuit with no failures (nearly every call) writes nothing; only a failure, a recovery or a state
 * change locks and writes the row.
 */

export const circuitOf = (
  row: Pick<
    ProviderAccountRow,
    'circuitState' | 'consecutiveFailures' | 'openedAt' | 'nextProbeAt' | 'probeInFlight' | 'probeClaimedAt'
  >,
): CircuitState => ({
  state: row.circuitState,
  consecutive_failures: row.consecutiveFailures,
  opened_at: row.openedAt,
  next_probe_at: row.nextProbeAt,
  probe_in_flight: row.probeInFlight,
  probe_claimed_at: row.probeClaimedAt,
});

/** Nothing to write after this call: a success on a circuit already closed and clean. */
export const callChangesNothing = (circuit: CircuitState, technicalFailure: boolean, probe: boolean) =>
  !technicalFailure && !probe && circuit.state === 'CLOSED' && circuit.consecutive_failures === 0;

async function emitHealthChanged(
  tx: Executor,
  before: ProviderAccountRow,
  after: ProviderAccountRow,
  correlationId: string,
  now: Date,
): Promise<void> {
  const payload = {
    provider_account_id: after.id,
    provider: after.provider,
    old_state: before.circuitState,
    new_state: after.circuitState,
    consecutive_failures: after.consecutiveFailures,
    last_failure_code: after.lastFailureCode,
    next_probe_at: after.nextProbeAt?.toISOString() ?? null,
  };
  await repo.recordToOrganizations(
    tx,
    await repo.organizationsUsing(tx, after),
    (org) => ({
      type: 'provider-account.health-changed',
      companyId: org,
      organizationId: org,
      correlationId,
      payload,
    }),
    now,
  );
}

async function lockAccount(tx: Executor, id: string): Promise<ProviderAccountRow | undefined> {
  const [row] = await tx.select().from(providerAccounts).where(eq(providerAccounts.id, id)).for('update');
  return row;
}

/**
 * One provider call at the account ended. `technicalFailure`: NOT_SENT, AUTH_FAILED, RATE_LIMITED or UNKNOWN
 * (R6.11); `probe`: this call was the half-open circuit's probe. `known`: the circuit as the caller read it (the
 * routing snapshot), so the common success needs no statement at all.
 */
export async function recordCircuitCall(
  db: Database,
  call: {
    accountId: string;
    technicalFailure: boolean;
    probe: boolean;
    code: string | null;
    known?: CircuitState;
    now: Date;
    correlationId: string;
  },
): Promise<void> {
  if (call.known && callChangesNothing(call.known, call.technicalFailure, call.probe)) return;
  await db.transaction(async (tx) => {
    const row = await lockAccount(tx, call.accountId);
    if (!row) return;
    const before = circuitOf(row);
    const settings = { failure_threshold: row.circuitFailureThreshold, cooldown_seconds: row.circuitCooldownSeconds };
    const after = afterCall(before, { technicalFailure: call.technicalFailure, probe: call.probe }, call.now, settings);
    const failure = call.technicalFailure
      ? { lastFailureAt: call.now, lastFailureCode: call.code }
      : { lastSuccessAt: call.now };
    const same = JSON.stringify(after) === JSON.stringify(before);
    if (same && !call.technicalFailure) return;
    const updated = await repo.updateAccount(tx, row.id, {
      circuitState: after.state,
      consecutiveFailures: after.consecutive_failures,
      openedAt: after.opened_at,
      nextProbeAt: after.next_probe_at,
      probeInFlight: after.probe_in_flight,
      probeClaimedAt: after.probe_in_flight ? (after.probe_claimed_at ?? null) : null,
      ...failure,
      updatedAt: call.now,
    });
    // A circuit stored OPEN whose cool-down has passed reads HALF_OPEN (no decision stored the move yet): its
    // events chain OPEN -> HALF_OPEN -> the call's outcome, never OPEN -> CLOSED skipping the half-open state.
    const due = circuitAt(before, call.now);
    let from = row;
    if (due.state !== before.state) {
      from = { ...row, circuitState: due.state, probeInFlight: false, probeClaimedAt: null };
      await emitHealthChanged(tx, row, from, call.correlationId, call.now);
    }
    if (circuitChanged(due, after)) await emitHealthChanged(tx, from, updated, call.correlationId, call.now);
  });
}

/**
 * R6.11: an OPEN circuit whose `next_probe_at` has passed is stored HALF_OPEN (with its event) by the next decision
 * or health check that reads it. Only rows still OPEN and due move, so concurrent readers move each once.
 */
export async function storeDueHalfOpen(
  db: Database,
  accountIds: readonly string[],
  now: Date,
  correlationId: string,
): Promise<void> {
  if (accountIds.length === 0) return;
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(providerAccounts)
      .set({ circuitState: 'HALF_OPEN', probeInFlight: false, probeClaimedAt: null, updatedAt: now })
      .where(
        and(
          inArray(providerAccounts.id, [...accountIds]),
          eq(providerAccounts.circuitState, 'OPEN'),
          lte(providerAccounts.nextProbeAt, now),
        ),
      )
      .returning();
    for (const row of moved) await emitHealthChanged(tx, { ...row, circuitState: 'OPEN' }, row, correlationId, now);
  });
}

/** The accounts of a snapshot whose stored circuit is OPEN but reads HALF_OPEN now. */
export const dueHalfOpen = (rows: readonly { id: string; stored: CircuitState }[], now: Date) =>
  rows.filter((r) => r.stored.state === 'OPEN' && circuitAt(r.stored, now).state === 'HALF_OPEN').map((r) => r.id);

/**
 * A HALF_OPEN account hands out its one probe (R6.11): true when this payment took it. A conditional update, so
 * of concurrent creates exactly one gets it; the others find the account ineligible and go on. A probe handed out
 * PROBE_LEASE_MS ago and never recorded (its process died, its call hung) no longer holds the account: the next
 * payment takes the probe over.
 */
export async function claimProbe(db: Executor, accountId: string, now: Date): Promise<boolean> {
  const stale = new Date(now.getTime() - PROBE_LEASE_MS);
  const taken = await db
    .update(providerAccounts)
    .set({ probeInFlight: true, probeClaimedAt: now, updatedAt: now })
    .where(
      and(
        eq(providerAccounts.id, accountId),
        eq(providerAccounts.circuitState, 'HALF_OPEN'),
        or(eq(providerAccounts.probeInFlight, false), lte(providerAccounts.probeClaimedAt, stale)),
      ),
    )
    .returning({ id: providerAccounts.id });
  if (taken.length > 0) return true;
  // Still OPEN in the table though due: store the move and try once more.
  const due = await db
    .update(providerAccounts)
    .set({ circuitState: 'HALF_OPEN', probeInFlight: true, probeClaimedAt: now, updatedAt: now })
    .where(
      and(
        eq(providerAccounts.id, accountId),
        eq(providerAccounts.circuitState, 'OPEN'),
        lte(providerAccounts.nextProbeAt, now),
      ),
    )
    .returning({ id: providerAccounts.id });
  return due.length > 0;
}

/**
 * A probe handed out for a payment that then called nothing at the account (its bank account there could not be
 * opened, the time budget ran out): the account may hand it out again at once.
 */
export async function releaseProbe(db: Executor, accountId: string, now: Date): Promise<void> {
  await db
    .update(providerAccounts)
    .set({ probeInFlight: false, probeClaimedAt: null, updatedAt: now })
    .where(
      and(
        eq(providerAccounts.id, accountId),
        eq(providerAccounts.circuitState, 'HALF_OPEN'),
        eq(providerAccounts.probeInFlight, true),
      ),
    );
}
