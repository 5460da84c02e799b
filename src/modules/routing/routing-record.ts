import { TransactionBatcher, type StatementHandler } from '../../db/batcher.js';
import type { Database, Executor } from '../../db/client.js';
import type { TransactionAttemptJson } from '../../db/schema/index.js';
import type { AccountSnapshot } from '../../providers/routing/eligibility.js';
import { failoverRow, resolvedSuccess, type AttemptOutcome } from '../../providers/routing/failover.js';
import { recordCircuitCall } from '../provider-accounts/provider-accounts.circuit.js';
import { dueForPruning } from './window-pruning.rules.js';
import { pruneOutcomes, recordOutcome, recordOutcomes, type RecordedOutcome } from './routing-outcomes.repo.js';

/** A group is pruned back to its last 1000 outcomes about once every PRUNE_EVERY outcomes recorded. */
const PRUNE_EVERY = 200;

export interface FinishedAttempt {
  organizationId: string;
  account: AccountSnapshot;
  paymentMethod: string;
  outcome: AttemptOutcome;
  /** The FAILED error code or the refusal code; for PROCESSING `UNKNOWN_OUTCOME` or `PROVIDER_PENDING`. */
  code: string | null;
  latencyMs: number | null;
  /** This attempt was the half-open circuit's probe. */
  probe: boolean;
  now: Date;
  correlationId: string;
}

/**
 * R6.10-R6.11: one attempt's outcome into the organization's success-rate window (once final: a PROCESSING
 * attempt is counted when resolved) and into the account's circuit (R6.7's `counts_for_circuit`), before the create
 * answers so the next decision sees both. The window is an insert (never a hot row); the circuit writes only when
 * something changes (provider-accounts.circuit.ts).
 */
export async function recordAttemptOutcome(db: Database, attempt: FinishedAttempt): Promise<void> {
  const entry = windowEntryOf(attempt);
  if (entry) await outcomeWriterOf(db).run('outcomes', entry);
  await recordAttemptCircuit(db, attempt);
}

/** An attempt's entry into its success-rate window (R6.10), or null when its outcome does not count (yet). */
export function windowEntryOf(attempt: FinishedAttempt): WindowEntry | null {
  const row = failoverRow(attempt.outcome, attempt.code);
  if (row.counts_as_success === null) return null;
  return {
    organizationId: attempt.organizationId,
    provider: attempt.account.provider,
    providerAccountId: attempt.account.provider_account_id,
    paymentMethod: attempt.paymentMethod,
    success: row.counts_as_success,
    latencyMs: attempt.latencyMs,
    recordedAt: attempt.now,
  };
}

/** A success-rate window's entry, as a create's outcome carries it to its recording. */
export type WindowEntry = RecordedOutcome;

/**
 * A create's deciding attempt: its window entry is written by the outcome's recording (windowEntriesStatement, in
 * the outcome's transaction: one statement fewer per batch of creates); its circuit here.
 */
export async function recordAttemptCircuit(db: Database, attempt: FinishedAttempt): Promise<void> {
  const row = failoverRow(attempt.outcome, attempt.code);
  // NONE (the provider rejected the request: it answered) moves nothing, except that a probe's answer closes.
  if (row.counts_for_circuit === 'NONE' && !attempt.probe) return;
  await recordCircuitCall(db, {
    accountId: attempt.account.provider_account_id,
    technicalFailure: row.counts_for_circuit === 'FAILURE',
    probe: attempt.probe,
    code: row.counts_for_circuit === 'FAILURE' ? attempt.code : null,
    known: fullCircuit(attempt.account),
    now: attempt.now,
    correlationId: attempt.correlationId,
  });
}

/**
 * Entries written by an outcome's recording (committed): counted for the pruning cadence like the writer's own.
 * Never rejects: pruning is housekeeping, the next crossing prunes again.
 */
export async function windowEntriesWritten(db: Database, organizationIds: readonly string[]): Promise<void> {
  await pruneWhenDue(db, db, organizationIds);
}

/**
 * Each organization's groups are pruned back to their last WINDOW_KEPT outcomes once every PRUNE_EVERY outcomes
 * this process writes for it (a count per process: the entries are written by two paths, the window writer and the
 * outcomes' own statement, and none of them reads ids back). Housekeeping after the insert committed: a failure
 * here must not fail (and so rerun) the inserts.
 */
const written = new WeakMap<Database, Map<string, number>>();

async function pruneWhenDue(db: Database, ex: Executor, organizationIds: readonly string[]): Promise<void> {
  let counts = written.get(db);
  if (!counts) written.set(db, (counts = new Map<string, number>()));
  for (const organizationId of dueForPruning(counts, organizationIds, PRUNE_EVERY))
    await pruneOutcomes(ex, organizationId).catch(() => undefined);
}

/**
 * The outcomes of the attempts finishing together (an attempt that failed over writes one; a create's deciding
 * attempt writes its own with its outcome: windowEntriesStatement), inserted by ONE statement shared by them
 * (src/db/batcher.ts, autocommit), one lane for the process (any organization). Each waits for its insert's
 * commit before the next attempt's decision reads the windows.
 */
const outcomeWriters = new WeakMap<Database, TransactionBatcher<RecordedOutcome, void>>();

function outcomeWriterOf(db: Database): TransactionBatcher<RecordedOutcome, void> {
  let writer = outcomeWriters.get(db);
  if (!writer) {
    const handler: StatementHandler<RecordedOutcome, void> = async (ex, items) => {
      await pruneWhenDue(db, ex, await recordOutcomes(ex, items));
      return items.map(() => ({ ok: true, value: undefined }));
    };
    outcomeWriters.set(db, (writer = new TransactionBatcher(db, handler, { mode: 'statement' })));
  }
  return writer;
}

function fullCircuit(account: AccountSnapshot) {
  const c = account.circuit;
  if (c.consecutive_failures === undefined) return undefined;
  return {
    state: c.state,
    probe_in_flight: c.probe_in_flight,
    consecutive_failures: c.consecutive_failures,
    opened_at: c.opened_at ?? null,
    next_probe_at: c.next_probe_at ?? null,
  };
}

/**
 * R6.7 / R6.10: a transaction whose deciding attempt was PROCESSING (an unknown outcome, the provider's own
 * pending) left PROCESSING: that attempt's outcome enters its window now, in the transaction that moves it (so
 * once, whoever resolved it: a sync, a provider event, a staff control). Its latency is the attempt's own.
 */
export async function recordResolvedAttempt(
  tx: Executor,
  row: { organizationId: string; paymentMethod: string; attempts: TransactionAttemptJson[] | null },
  status: string,
  now: Date,
): Promise<void> {
  const success = resolvedSuccess(status);
  if (success === null || !row.attempts) return;
  const deciding = [...row.attempts].reverse().find((a) => a.outcome !== 'FAILED');
  if (!deciding || deciding.outcome !== 'PROCESSING') return;
  await recordOutcome(tx, {
    organizationId: row.organizationId,
    provider: deciding.provider,
    providerAccountId: deciding.provider_account_id,
    paymentMethod: row.paymentMethod,
    success,
    latencyMs: deciding.latency_ms,
    recordedAt: now,
  });
}
