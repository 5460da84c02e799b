import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import {
  providerAccounts,
  reconciliationItems,
  reconciliationRuns,
  refunds,
  transactions,
  type ReconciliationRunRow,
} from '../../db/schema/index.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import type { Clock } from '../../kernel/clock.js';
import { badRequest, notFound } from '../../kernel/errors.js';
import { claimRequestId, PLATFORM_SCOPE } from '../../kernel/idempotency.js';
import {
  compareStatement,
  periodInstants,
  periodProblem,
  type OurCapture,
  type OurRefund,
  type StatementLine,
} from './reconciliation.rules.js';
import type { CreateRunInput } from './reconciliation.schemas.js';

export interface ReconciliationDeps {
  db: Database;
  clock: Clock;
}

const saoPauloDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * Our side of a run (R5.3), for one account and period: the transactions captured in it (captured_at, their
 * captured_amount: what the TRANSACTION_APPROVED posting cleared) and the SUCCEEDED refunds settled in it.
 */
async function ourSide(
  ex: Executor,
  provider: string,
  from: string,
  to: string,
): Promise<{ captures: OurCapture[]; refunds: OurRefund[] }> {
  const { start, end } = periodInstants(from, to);
  const captured = await ex
    .select({
      id: transactions.id,
      providerReference: transactions.providerReference,
      pix: transactions.pix,
      amount: transactions.capturedAmount,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.provider, provider),
        gte(transactions.capturedAt, start),
        lt(transactions.capturedAt, end),
        sql`${transactions.capturedAmount} > 0`,
      ),
    )
    .orderBy(asc(transactions.capturedAt), asc(transactions.id));
  const refunded = await ex
    .select({
      id: refunds.id,
      transactionId: refunds.transactionId,
      providerRefundId: refunds.providerRefundId,
      pixReturnId: refunds.pixReturnId,
      amount: refunds.amount,
    })
    .from(refunds)
    .innerJoin(transactions, eq(transactions.id, refunds.transactionId))
    .where(
      and(
        eq(transactions.provider, provider),
        eq(refunds.status, 'SUCCEEDED'),
        gte(refunds.settledAt, start),
        lt(refunds.settledAt, end),
      ),
    )
    .orderBy(asc(refunds.settledAt), asc(refunds.id));
  const present = (...v: (string | null | undefined)[]) =>
    v.filter((x): x is string => typeof x === 'string' && x.length > 0);
  return {
    captures: captured.map((c) => ({
      transactionId: c.id,
      providerReferences: present(c.providerReference, c.pix?.end_to_end_id),
      merchantReferences: present(c.id, c.pix?.txid),
      amount: c.amount,
    })),
    refunds: refunded.map((r) => ({
      refundId: r.id,
      transactionId: r.transactionId,
      providerReferences: present(r.providerRefundId, r.pixReturnId),
      merchantReferences: [r.id],
      amount: r.amount,
    })),
  };
}

/**
 * Without a statement (source PROVIDER_EVENTS): the provider's side is what it reported to the platform, i.e.
 * each capture and refund that carries the provider's reference, at the amount recorded from its answer. A
 * record the provider never acknowledged (no reference) then shows as MISSING_AT_PROVIDER.
 */
function reportedLines(ours: { captures: OurCapture[]; refunds: OurRefund[] }, bookedOn: string): StatementLine[] {
  const lines: StatementLine[] = [];
  for (const c of ours.captures)
    if (c.providerReferences[0])
      lines.push({
        type: 'CAPTURE',
        provider_reference: c.providerReferences[0],
        merchant_reference: c.transactionId,
        amount: c.amount,
        booked_on: bookedOn,
      });
  for (const r of ours.refunds)
    if (r.providerReferences[0])
      lines.push({
        type: 'REFUND',
        provider_reference: r.providerReferences[0],
        merchant_reference: r.refundId,
        amount: r.amount,
        booked_on: bookedOn,
      });
  return lines;
}

/** POST /v1/platform/reconciliation-runs: checks, compares, and writes the run with its items in one transaction. */
export async function createRun(
  deps: ReconciliationDeps,
  input: CreateRunInput,
): Promise<{ row: ReconciliationRunRow; replayed: boolean }> {
  const now = deps.clock.now();
  const problem = periodProblem(input.from, input.to, saoPauloDate.format(now));
  if (problem) throw badRequest(problem.message, problem.field, input[problem.field]);
  const [account] = await deps.db
    .select({ id: providerAccounts.id, provider: providerAccounts.provider })
    .from(providerAccounts)
    .where(eq(providerAccounts.id, input.provider_account_id));
  if (!account) throw notFound('Provider account');
  const id = randomUUID();
  return deps.db.transaction(async (tx) => {
    if (input.request_id) {
      const existing = await claimRequestId(tx, {
        companyId: PLATFORM_SCOPE,
        scope: 'reconciliation-run',
        requestId: input.request_id,
        body: input,
        resourceId: id,
      });
      if (existing) return { row: await requireRun(tx, existing), replayed: true };
    }
    const ours = await ourSide(tx, account.provider, input.from, input.to);
    const source = input.statement ? 'STATEMENT' : 'PROVIDER_EVENTS';
    const { differences, summary } = compareStatement(ours, input.statement?.lines ?? reportedLines(ours, input.to));
    const [row] = await tx
      .insert(reconciliationRuns)
      .values({
        id,
        requestId: input.request_id ?? null,
        providerAccountId: account.id,
        provider: account.provider,
        fromDate: input.from,
        toDate: input.to,
        source,
        status: 'COMPLETED',
        summary,
        createdAt: now,
      })
      .returning();
    if (differences.length > 0) {
      // Items keep the comparison's order: created_at apart by a microsecond each, so a list sorted by it shows that order.
      const values = differences.map((d, k) => ({
        id: randomUUID(),
        runId: id,
        kind: d.kind,
        transactionId: d.transactionId,
        refundId: d.refundId,
        disputeId: null,
        providerEventId: null,
        providerReference: d.providerReference,
        ourAmount: d.ourAmount,
        providerAmount: d.providerAmount,
        detail: d.detail,
        createdAt: new Date(now.getTime() + k),
      }));
      for (let i = 0; i < values.length; i += 1_000)
        await tx.insert(reconciliationItems).values(values.slice(i, i + 1_000));
    }
    return { row: row!, replayed: false };
  });
}

export async function requireRun(ex: Executor, id: string): Promise<ReconciliationRunRow> {
  const [row] = await ex.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id)).limit(1);
  if (!row) throw notFound('Reconciliation run');
  return row;
}

export async function listRuns(db: Database, q: CommonListFilters & { provider_account_id?: string }) {
  const scope = q.provider_account_id ? eq(reconciliationRuns.providerAccountId, q.provider_account_id) : undefined;
  return selectPage(db, reconciliationRuns, scope, q, {
    id: reconciliationRuns.id,
    createdAt: reconciliationRuns.createdAt,
  });
}

export async function listItems(db: Database, runId: string, q: CommonListFilters & { kind?: string }) {
  await requireRun(db, runId);
  const scope = and(eq(reconciliationItems.runId, runId), q.kind ? eq(reconciliationItems.kind, q.kind) : undefined);
  return selectPage(db, reconciliationItems, scope, q, {
    id: reconciliationItems.id,
    createdAt: reconciliationItems.createdAt,
  });
}
