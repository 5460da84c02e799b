import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { providerAccounts, providerCallLatencies } from '../../db/schema/index.js';
import { rowsOf } from '../../db/rows.js';
import { bulkInsertStatement } from '../../db/bulk-insert.js';
import { BufferedWrites } from '../../db/buffered-writes.js';
import type { Clock } from '../../kernel/clock.js';
import {
  circuitCountOf,
  isPaymentOperation,
  percentileOf,
  technicalFailureOf,
} from '../../providers/routing/call-health.js';
import type { ObservedCall } from '../../providers/registry.js';
import { callChangesNothing, circuitOf, recordCircuitCall } from './provider-accounts.circuit.js';

/**
 * Every provider call the registry hands out (providers.md R6.11), as the composition root observes it:
 * - its latency, buffered and written in batches off the call's path (an account's p50 and p95 are over its
 *   newest LATENCY_WINDOW calls; the reads flush this instance's buffer first, another instance's lags by at most
 *   FLUSH_MS);
 * - its count for the account's circuit breaker (call-health.ts): a failure, or a success on a circuit that is not
 *   clean, moves it (recordCircuitCall); a success on a clean CLOSED circuit writes nothing.
 */

/** R6.11: latencies over the last 100 calls. */
export const LATENCY_WINDOW = 100;
const FLUSH_MS = 500;
const MAX_BUFFERED = 500;
/** Every PRUNE_EVERY-th write trims each account back to its newest LATENCY_WINDOW calls. */
const PRUNE_EVERY = 20;

type Row = typeof providerCallLatencies.$inferInsert;

/** The logs of this process: health reads flush them all first (one per app; tests run several). */
const live = new Set<ProviderCallLog>();

export class ProviderCallLog {
  private writes = 0;
  /** Latencies are a health indicator: losing a batch (the database restarting) is acceptable. */
  private readonly latencies = new BufferedWrites<Row>((rows) => this.writeLatencies(rows), {
    maxBuffered: MAX_BUFFERED,
    flushMs: FLUSH_MS,
    timed: true,
  });

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    live.add(this);
  }

  /** The registry's observer (ProviderRegistry.observeCalls). */
  readonly observe = async (call: ObservedCall): Promise<void> => {
    if (isPaymentOperation(call.operation)) {
      const technical = technicalFailureOf(call.error);
      if (technical !== null) this.push(call, technical);
    }
    const count = circuitCountOf(call.operation, call.error);
    if (count === 'NONE') return;
    await this.countForCircuit(call, count === 'FAILURE');
  };

  private push(call: ObservedCall, technicalFailure: boolean): void {
    this.latencies.push({
      provider: call.provider,
      operation: call.operation,
      latencyMs: Math.max(0, Math.round(call.latencyMs)),
      technicalFailure,
      calledAt: this.clock.now(),
    });
  }

  private async countForCircuit(call: ObservedCall, technicalFailure: boolean): Promise<void> {
    const [row] = await this.db.select().from(providerAccounts).where(eq(providerAccounts.provider, call.provider));
    if (!row) return;
    const known = circuitOf(row);
    if (callChangesNothing(known, technicalFailure, false)) return;
    const error = call.error as { code?: unknown } | null;
    await recordCircuitCall(this.db, {
      accountId: row.id,
      technicalFailure,
      probe: false,
      code: technicalFailure && typeof error?.code === 'string' ? error.code : null,
      known,
      now: this.clock.now(),
      correlationId: `provider-call:${call.operation}`,
    });
  }

  /** Writes what is buffered (and waits for a write in progress). A failed write drops its latencies. */
  flush(): Promise<void> {
    return this.latencies.flush();
  }

  async close(): Promise<void> {
    await this.latencies.stop();
    live.delete(this);
  }

  private async writeLatencies(rows: Row[]): Promise<void> {
    // One JSON parameter, not Drizzle's multi-row values (a bound parameter per cell, up to 500 rows): its builder
    // was ~2% of a card create's request thread (docs/performance.md, 2026-11-29).
    await this.db.execute(bulkInsertStatement(providerCallLatencies, rows));
    // A failed trim is done by the next one; the rows above were written.
    if (++this.writes % PRUNE_EVERY === 0) await pruneLatencies(this.db).catch(() => undefined);
  }
}

/** Flushes every log of this process (a health read then sees this instance's calls up to now). */
export async function flushProviderCalls(): Promise<void> {
  await Promise.all([...live].map((log) => log.flush()));
}

export interface AccountLatency {
  latency_ms_p50: number | null;
  latency_ms_p95: number | null;
}

/** Each account's p50 and p95 over its newest LATENCY_WINDOW calls (accounts without calls are absent). */
export async function latenciesByProvider(db: Executor): Promise<Map<string, AccountLatency>> {
  await flushProviderCalls();
  const result = await db.execute(sql`
    select provider, latency_ms from (
      select provider, latency_ms, row_number() over (partition by provider order by id desc) as n
        from provider_call_latencies) recent
     where n <= ${LATENCY_WINDOW}`);
  const byProvider = new Map<string, number[]>();
  for (const r of rowsOf(result) as { provider: string; latency_ms: number }[]) {
    const list = byProvider.get(r.provider) ?? [];
    list.push(Number(r.latency_ms));
    byProvider.set(r.provider, list);
  }
  return new Map(
    [...byProvider].map(([provider, values]) => [
      provider,
      { latency_ms_p50: percentileOf(values, 0.5), latency_ms_p95: percentileOf(values, 0.95) },
    ]),
  );
}

export const NO_LATENCY: AccountLatency = { latency_ms_p50: null, latency_ms_p95: null };

async function pruneLatencies(db: Database): Promise<void> {
  await db.execute(sql`
    delete from provider_call_latencies o
     using (select id, row_number() over (partition by provider order by id desc) as n
              from provider_call_latencies) old
     where o.id = old.id and old.n > ${LATENCY_WINDOW}`);
}
