import { TransactionBatcher, type StatementHandler } from '../../db/batcher.js';
import type { Database, Executor } from '../../db/client.js';
import type { TransactionAttemptJson } from '../../db/schema/index.js';
import type { AccountSnapshot } from '../../providers/routing/eligibility.js';
import { failoverRow, resolvedSuccess, type AttemptOutcome } from '../../providers/routing/failover.js';
import { recordCircuitCall } from '../provider-accounts/provider-accounts.circuit.js';
import { pruneOutcomes, recordOutcome, recordOutcomes, type RecordedOutcome } from './routing-outcomes.repo.js';

/** A group is pruned back to its last 1000 outcomes about once every PRUNE_EVERY outcomes the platform records. */
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
  const row = failoverRow(attempt.outcome, attempt.code);
  if (row.counts_as_success !== null) {
    await outcomeWriterOf(db).run('outcomes', {
      organizationId: attempt.organizationId,
      provider: attempt.account.provider,
      providerAccountId: attempt.account.provider_account_id,
      paymentMethod: attempt.paymentMethod,
      success: row.counts_as_success,
      latencyMs: attempt.latencyMs,
      recordedAt: attempt.now,
    });
  }
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
 * The outcomes of the attempts finishing together (every create's deciding attempt writes one), inserted by ONE
 * statement shared by them (src/db/batcher.ts, autocommit: each insert was its own autocommit statement before),
 * one lane for the process (any organization). Each create still waits for its outcome's commit before it
 * answers. An organization whose new ids cross a multiple of PRUNE_EVERY is pruned after the insert, as before.
 */
const outcomeWriters = new WeakMap<Database, TransactionBatcher<RecordedOutcome, void>>();

function outcomeWriterOf(db: Database): TransactionBatcher<RecordedOutcome, void> {
  let writer = outcomeWriters.get(db);
  if (!writer) {
    const handler: StatementHandler<RecordedOutcome, void> = async (ex, items) => {
      const written = await recordOutcomes(ex, items);
      const due = new Set(written.filter((w) => w.id % PRUNE_EVERY === 0).map((w) => w.organizationId));
      // Housekeeping after the insert committed: a failure here must not fail (and so rerun) the inserts; the
      // next crossing prunes again.
      for (const organizationId of due) await pruneOutcomes(ex, organizationId).catch(() => undefined);
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
