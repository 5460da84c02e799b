import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { routingOutcomes } from '../../db/schema/index.js';
import { rowsOf } from '../../db/rows.js';
import { buildText, executeNamedQuery, type PreparedText } from '../../db/named-statement.js';
import { must } from '../../kernel/must.js';

/** R6.10: each group keeps its last 1000 outcomes. */
export const WINDOW_KEPT = 1000;

export interface RecordedOutcome {
  organizationId: string;
  provider: string;
  providerAccountId: string | null;
  paymentMethod: string;
  success: boolean;
  latencyMs: number | null;
  recordedAt: Date;
}

/**
 * Records final attempt outcomes in one statement (the creates finishing together: routing-record.ts groups
 * them); the organization of each row written (for the pruning cadence).
 */
export async function recordOutcomes(tx: Executor, outcomes: readonly RecordedOutcome[]): Promise<string[]> {
  if (outcomes.length === 0) return [];
  const rows = rowsOf(
    await executeNamedQuery(tx, OUTCOMES_INSERT, outcomesInsertText(tx), { rows: outcomesJson(outcomes) }),
  );
  return rows.map((r) => String(r.organization_id));
}

/**
 * The same insert with the rows inline, for a statement that carries it as a data-modifying CTE (a create's outcome:
 * its deciding attempt's window entry is written by the outcome's announce statement, so within its transaction and
 * without a statement of its own). Never empty: callers pass at least one outcome.
 */
export const outcomesInsertStatement = (outcomes: readonly RecordedOutcome[]): SQL =>
  outcomesInsertOf(outcomesJson(outcomes));

const outcomesJson = (outcomes: readonly RecordedOutcome[]) =>
  JSON.stringify(
    outcomes.map((o) => ({
      organization_id: o.organizationId,
      provider: o.provider,
      provider_account_id: o.providerAccountId,
      payment_method: o.paymentMethod,
      success: o.success,
      latency_ms: o.latencyMs,
      recorded_at: o.recordedAt.toISOString(),
    })),
  );

/** The outcomes' insert from their JSON (a value, or the named statement's placeholder). */
const outcomesInsertOf = (rows: unknown): SQL =>
  sql`insert into routing_outcomes (organization_id, provider, provider_account_id, payment_method, success, latency_ms, recorded_at)
      select organization_id, provider, provider_account_id, payment_method, success, latency_ms, recorded_at
      from jsonb_to_recordset(${rows}::jsonb) as r(organization_id uuid, provider text, provider_account_id uuid,
        payment_method text, success boolean, latency_ms integer, recorded_at timestamptz)`;

/** The outcomes as one JSON parameter in a text that never changes: a named statement, no SQL built per value. */
const OUTCOMES_INSERT = 'routing_outcomes_insert';
let outcomesInsert: PreparedText | undefined;
const outcomesInsertText = (tx: Executor) =>
  (outcomesInsert ??= buildText(tx, sql`${outcomesInsertOf(sql.placeholder('rows'))} returning organization_id`));

/** Records a final attempt outcome (before the create answers, so the next decision sees it). */
export async function recordOutcome(tx: Executor, outcome: RecordedOutcome): Promise<number> {
  const row = must(
    (await tx.insert(routingOutcomes).values(outcome).returning({ id: routingOutcomes.id }))[0],
    'an insert returns the row it wrote',
  );
  return Number(row.id);
}

export interface WindowRow {
  provider: string;
  provider_account_id: string | null;
  payment_method: string;
  samples: number;
  successes: number;
  latency_ms_p50: number | null;
  latency_ms_p95: number | null;
}

/**
 * Every window of the organization over its groups' last `size` outcomes: one statement, each group read newest
 * first through the index. `paymentMethod` narrows to one method (what a decision reads).
 */
export async function windowsOf(
  tx: Executor,
  organizationId: string,
  size: number,
  paymentMethod?: string,
  /** SUCCESS_RATE's `latency_threshold_ms`: a success counts only within it. */
  latencyThresholdMs: number | null = null,
): Promise<WindowRow[]> {
  const method = paymentMethod === undefined ? sql`true` : sql`payment_method = ${paymentMethod}`;
  const fastEnough = latencyThresholdMs === null ? sql`true` : sql`latency_ms <= ${latencyThresholdMs}`;
  const result = await tx.execute(sql`
    with ranked as (
      select provider, provider_account_id, payment_method, success, latency_ms,
             row_number() over (partition by provider, payment_method order by id desc) as n
        from routing_outcomes
       where organization_id = ${organizationId} and ${method}
    )
    select provider, max(provider_account_id::text) as provider_account_id, payment_method,
           count(*)::int as samples, count(*) filter (where success and ${fastEnough})::int as successes,
           (percentile_disc(0.5) within group (order by latency_ms))::int as latency_ms_p50,
           (percentile_disc(0.95) within group (order by latency_ms))::int as latency_ms_p95
      from ranked
     where n <= ${size}
     group by provider, payment_method
     order by provider, payment_method`);
  return rowsOf(result) as unknown as WindowRow[];
}

/** Keeps each of the organization's groups at its last WINDOW_KEPT outcomes. */
export async function pruneOutcomes(tx: Executor, organizationId: string): Promise<void> {
  await tx.execute(sql`
    delete from routing_outcomes o
     using (select id, row_number() over (partition by provider, payment_method order by id desc) as n
              from routing_outcomes where organization_id = ${organizationId}) old
     where o.id = old.id and old.n > ${WINDOW_KEPT}`);
}

/** The sandbox control that empties an organization's windows (R7.1); how many outcomes it deleted. */
export async function deleteOutcomes(tx: Executor, organizationId: string): Promise<number> {
  const deleted = await tx
    .delete(routingOutcomes)
    .where(and(eq(routingOutcomes.organizationId, organizationId)))
    .returning({ id: routingOutcomes.id });
  return deleted.length;
}
