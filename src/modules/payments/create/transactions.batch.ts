import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.js';
import { TransactionBatcher, type BatchHandler, type ItemOutcome, type StatementHandler } from '../../../db/batcher.js';
import { bulkInsertStatement } from '../../../db/bulk-insert.js';
import {
  providerOperations,
  transactions,
  type NewTransactionRow,
  type TransactionAttemptJson,
  type TransactionRow,
} from '../../../db/schema/index.js';
import { jobsInsert, type NewJob } from '../../../jobs/queue.js';
import type { Clock } from '../../../kernel/clock.js';
import { DomainError } from '../../../kernel/errors.js';
import type { ClaimKey } from '../../../kernel/idempotency.js';
import type { NewLedgerTransaction } from '../../../ledger/ledger.js';
import type { attemptOperationRow, WindowEntry } from '../../routing/index.js';
import { consumeThreeDsSessions, type ConsumedSession, type SessionUseInput } from '../three-ds/three-ds.use.js';
import type { CallOutcome } from './transactions.call.js';
import { approvalOf as approvalOfItem } from '../shared/transactions.ledger.js';
import { announceOutcomes, cardResultChanges } from './transactions.outcome.js';
import { refusal, type Refusal } from '../shared/transactions.rules.js';
import { must } from '../../../kernel/must.js';

export { announceRowsStatement } from './transactions.outcome.js';

/**
 * Group commit of creates (docs/decisions/transactions.md "Grouped creates", "One path per phase"): concurrent
 * creates share ONE statement for their recording (rows, recovery jobs and first attempts' operations,
 * autocommit; creates consuming a 3DS session share one transaction: each session consumed, then that same
 * statement) and ONE transaction for their outcomes (announceOutcomes: the one implementation of an outcome's
 * recording), instead of one each. The first create of an idle lane runs at once, alone: a batch of one is the
 * single path, the same code. Creates arriving while a lane's batch is in flight form its next batch
 * (src/db/batcher.ts). Every create is answered after the commit that holds it; a database error fails the
 * batch, whose creates are then run again one by one (the same code again, with a batch of one).
 */

export interface RecordItem {
  row: NewTransactionRow;
  recoverJob: NewJob;
  now: Date;
  /** The first attempt's provider operation (R6.8), claimed with the row (a new transaction id only). */
  operation?: ReturnType<typeof attemptOperationRow>;
}

/**
 * The rows, their recovery jobs and their first attempts' operations, one statement (exported so the bench's
 * bare node+pg baseline runs exactly it).
 */
export function recordTransactionsStatement(items: RecordItem[]): SQL {
  const operations = items.flatMap((i) => (i.operation ? [i.operation] : []));
  const claimed =
    operations.length > 0
      ? sql`, attempt_operation as (${bulkInsertStatement(providerOperations, operations)})`
      : sql``;
  return sql`with recover_job as (${jobsInsert(items.map((i) => ({ job: i.recoverJob, now: i.now })))})${claimed} ${bulkInsertStatement(
    transactions,
    items.map((i) => i.row),
  )}`;
}

/** Records rows (set-based; a batch of one is a single create's recording). */
export async function recordRows(ex: Executor, items: RecordItem[]): Promise<TransactionRow[]> {
  if (items.length > 0) await ex.execute(recordTransactionsStatement(items));
  return items.map((i) => fullRow(i.row));
}

const recordHandler: StatementHandler<RecordItem, TransactionRow> = async (db, items) =>
  (await recordRows(db, items)).map((value) => ({ ok: true, value }));

export type { ConsumedSession };

/** A create that consumes a 3DS session: the session's use, and the row built from what it holds. */
export interface SessionRecordItem {
  use: SessionUseInput;
  build: (session: ConsumedSession) => RecordItem;
  /** A resumed create whose row is recorded already: the session is read again, nothing is inserted. */
  existing?: TransactionRow;
}

/**
 * The creates consuming a 3DS session, one transaction for the batch: every session locked by one statement and
 * every use marked by one (a refusal, 404 or 409, answers that create alone), then every row recorded with the one
 * recording statement, so a session is consumed exactly when its row is recorded: five statements per batch
 * (with BEGIN and COMMIT), where each session's own lock and mark made it 2 per create plus 3.
 */
const sessionRecordHandler: BatchHandler<SessionRecordItem, { row: TransactionRow; session: ConsumedSession }> = async (
  tx,
  items,
) => {
  const out = new Array<ItemOutcome<{ row: TransactionRow; session: ConsumedSession }>>(items.length);
  const fresh: { i: number; record: RecordItem; session: ConsumedSession }[] = [];
  const sessions = await consumeThreeDsSessions(
    tx,
    items.map((item) => item.use),
  );
  for (const [i, item] of items.entries()) {
    const session = must(sessions[i], 'one answer per use');
    if (session instanceof DomainError) out[i] = { ok: false, error: session };
    else if (item.existing) out[i] = { ok: true, value: { row: item.existing, session } };
    else fresh.push({ i, record: item.build(session), session });
  }
  const rows = await recordRows(
    tx,
    fresh.map((f) => f.record),
  );
  for (const [k, f] of fresh.entries())
    out[f.i] = { ok: true, value: { row: must(rows[k], 'one row per record'), session: f.session } };
  return out;
};

const NULLS = Object.fromEntries(Object.keys(getTableColumns(transactions)).map((k) => [k, null]));

/** A row as the database answers it: columns not given are null (no column of transactions has a default). */
export function fullRow(row: NewTransactionRow): TransactionRow {
  const full: Record<string, unknown> = { ...NULLS };
  for (const [k, v] of Object.entries(row)) if (v !== undefined) full[k] = v;
  return full as unknown as TransactionRow;
}

/** A create's outcome: the provider's answer, or a refusal decided without calling it (external 3DS N/R). */
export type CreateOutcome = CallOutcome | { kind: 'declined'; refusal: Refusal };

/** What a creation's outcome sets on its row (the provider's answer as our status and fields). */
export function outcomeChanges(
  outcome: CreateOutcome,
  row: TransactionRow,
  now: Date,
): { status: TransactionRow['status'] } & Partial<NewTransactionRow> {
  switch (outcome.kind) {
    case 'card':
      return cardResultChanges(outcome.result, row, now);
    case 'pix':
      return {
        status: 'WAITING_PAYMENT',
        pix: outcome.pix,
        providerPaymentId: outcome.pix.provider_charge_id ?? null,
        providerReference: outcome.pix.txid,
      };
    case 'refused':
      return {
        status: 'REFUSED',
        refusal: refusal('PROCESSING_ERROR', 'The provider refused the payment', outcome.code),
      };
    case 'declined':
      return { status: 'REFUSED', refusal: outcome.refusal };
    case 'unknown':
      return { status: 'PROCESSING' };
  }
}

export interface OutcomeItem {
  row: TransactionRow;
  outcome: CreateOutcome;
  /** Set with the outcome: the attempts (R6.8), and the deciding account when it is not the row's last one. */
  extra?: Partial<NewTransactionRow>;
  correlationId: string;
  autopilot: boolean;
  /** The create's request_id claim, completed in the same transaction as its outcome. */
  claim?: ClaimKey;
  /** The deciding attempt's operation, finished in the same transaction as its outcome. */
  operation?: { attempt: TransactionAttemptJson; code: string | null };
  /** The deciding attempt's success-rate window entry (R6.10), written in the same transaction as its outcome. */
  window?: WindowEntry;
}

/** The approval of `row` as an outcome posts it at creation (the bench's baseline builds the same). */
export function approvalOf(
  row: TransactionRow,
  now: Date,
): { ledger: NewLedgerTransaction; amount: number; fee: number } {
  return approvalOfItem({ row }, now);
}

/**
 * The outcomes of a batch (creates of one organization: one clock reading), recorded by announceOutcomes, the
 * same function a single outcome and a recovery job run.
 */
export function outcomesHandler(clock: Clock): BatchHandler<OutcomeItem, TransactionRow> {
  return async (tx, items) => {
    const now = clock.now(must(items[0], 'a batch holds at least one item').row.organizationId);
    const rows = await announceOutcomes(
      tx,
      items.map((item) => ({
        row: item.row,
        changes: { ...outcomeChanges(item.outcome, item.row, now), ...item.extra },
        correlationId: item.correlationId,
        autopilot: item.autopilot,
        syncNow: item.outcome.kind === 'unknown',
        claim: item.claim,
        operation: item.operation,
        window: item.window,
      })),
      now,
      clock.now(),
    );
    return rows.map((value) => ({ ok: true, value }));
  };
}

/** The batchers of one database (per process; lanes: one per organization). */
export interface CreateBatchers {
  record: TransactionBatcher<RecordItem, TransactionRow>;
  recordWithSession: TransactionBatcher<SessionRecordItem, { row: TransactionRow; session: ConsumedSession }>;
  outcome: TransactionBatcher<OutcomeItem, TransactionRow>;
}

const batchers = new WeakMap<Database, CreateBatchers>();

export function createBatchers(db: Database, clock: Clock): CreateBatchers {
  let found = batchers.get(db);
  if (!found) {
    found = {
      record: new TransactionBatcher(db, recordHandler, { mode: 'statement' }),
      recordWithSession: new TransactionBatcher(db, sessionRecordHandler),
      outcome: new TransactionBatcher(db, outcomesHandler(clock)),
    };
    batchers.set(db, found);
  }
  return found;
}
