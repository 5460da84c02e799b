import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.js';
import { TransactionBatcher, type BatchHandler, type ItemOutcome, type StatementHandler } from '../../../db/batcher.js';
import { bulkInsertStatement } from '../../../db/bulk-insert.js';
import { rowsOf } from '../../../db/rows.js';
import {
  receivables,
  transactions,
  type NewReceivableRow,
  type NewTransactionRow,
  type TransactionRow,
} from '../../../db/schema/index.js';
import { recordEvents, type AnyNewEvent } from '../../../events/outbox.js';
import { jobsInsert, type NewJob } from '../../../jobs/queue.js';
import type { Clock } from '../../../kernel/clock.js';
import { completeRequest, completeRequests, type ClaimKey } from '../../../kernel/idempotency.js';
import type { NewLedgerTransaction } from '../../../ledger/ledger.js';
import { postPendingCreditsSequenced } from '../../../ledger/post-pending-credits.js';
import { approvalReceivables } from '../../receivables/receivables.create.js';
import { organizationAccountAt } from '../../receivables/receivables.repo.js';
import type { CallOutcome } from './transactions.call.js';
import { approvalPostings, postApproval } from '../shared/transactions.ledger.js';
import {
  announce,
  cardResultChanges,
  followUpJobs,
  rowOrReinstated,
  TRANSACTION_RECOVER_JOB,
} from './transactions.outcome.js';
import { refusal } from '../shared/transactions.rules.js';
import { toTransactionView } from '../shared/transactions.view.js';
import { must } from '../../../kernel/must.js';

/**
 * Group commit of the common create (no request_id, no 3DS; docs/decisions/transactions.md "Grouped creates"):
 * concurrent creates share ONE statement for their recording (rows and recovery jobs, autocommit) and ONE
 * transaction for their outcomes (announce, approvals and receivables, events and their consumers, jobs),
 * instead of one each. The first create of an idle lane runs at once, alone; creates arriving while a lane's
 * batch is in flight form its next batch (src/db/batcher.ts). Every create is answered after the commit that
 * holds it; a database error fails the batch, whose creates are then run again one by one.
 */

export interface RecordItem {
  row: NewTransactionRow;
  recoverJob: NewJob;
  now: Date;
}

export interface OutcomeItem {
  row: TransactionRow;
  outcome: CallOutcome;
  /** Set with the outcome: the attempts (R6.8), and the deciding account when it is not the row's last one. */
  extra?: Partial<NewTransactionRow>;
  correlationId: string;
  autopilot: boolean;
  /** The create's request_id claim, completed in the same transaction as its outcome. */
  claim?: ClaimKey;
}

/** The rows and their recovery jobs, one statement (exported so the bench's bare node+pg baseline runs exactly it). */
export function recordTransactionsStatement(items: RecordItem[]): SQL {
  return sql`with recover_job as (${jobsInsert(items.map((i) => ({ job: i.recoverJob, now: i.now })))}) ${bulkInsertStatement(
    transactions,
    items.map((i) => i.row),
  )}`;
}

const recordHandler: StatementHandler<RecordItem, TransactionRow> = async (db, items) => {
  await db.execute(recordTransactionsStatement(items));
  return items.map((i) => ({ ok: true, value: fullRow(i.row) }));
};

const NULLS = Object.fromEntries(Object.keys(getTableColumns(transactions)).map((k) => [k, null]));

/** A row as the database answers it: columns not given are null (no column of transactions has a default). */
export function fullRow(row: NewTransactionRow): TransactionRow {
  const full: Record<string, unknown> = { ...NULLS };
  for (const [k, v] of Object.entries(row)) if (v !== undefined) full[k] = v;
  return full as unknown as TransactionRow;
}

/** What a creation's outcome sets on its row (the provider's answer as our status and fields). */
export function outcomeChanges(
  outcome: CallOutcome,
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
    case 'unknown':
      return { status: 'PROCESSING' };
  }
}

/** The columns an outcome may set, as the batch's one update sets them (from the row as recorded plus its changes). */
const OUTCOME_COLUMNS = [
  'status',
  'providerPaymentId',
  'providerReference',
  'authorizationCode',
  'authorizedAt',
  'capturedAt',
  'capturedAmount',
  'refusal',
  'pix',
  'attempts',
] as const;
const OUTCOME_SET = new Set<string>(OUTCOME_COLUMNS);

/**
 * The outcomes of a batch set on rows still unannounced, and their recovery jobs closed (the row is a resource
 * now: the job would find nothing to do), one statement; answers the ids updated. (Exported so the bench's
 * baseline runs exactly it.)
 */
export function announceRowsStatement(rows: TransactionRow[], realNow: Date): SQL {
  const values = rows.map((r) => ({
    id: r.id,
    status: r.status,
    provider_payment_id: r.providerPaymentId,
    provider_reference: r.providerReference,
    authorization_code: r.authorizationCode,
    authorized_at: r.authorizedAt?.toISOString() ?? null,
    captured_at: r.capturedAt?.toISOString() ?? null,
    captured_amount: r.capturedAmount,
    refusal: r.refusal,
    pix: r.pix,
    attempts: r.attempts,
    updated_at: r.updatedAt.toISOString(),
  }));
  const at = realNow.toISOString();
  return sql`
    with u as (
      update transactions t set status = r.status, provider_payment_id = r.provider_payment_id, provider_reference = r.provider_reference,
        authorization_code = r.authorization_code, authorized_at = r.authorized_at, captured_at = r.captured_at, captured_amount = r.captured_amount,
        refusal = r.refusal, pix = r.pix, attempts = r.attempts, announced = true, updated_at = r.updated_at
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(id uuid, status text, provider_payment_id text, provider_reference text,
        authorization_code text, authorized_at timestamptz, captured_at timestamptz, captured_amount bigint, refusal jsonb, pix jsonb, attempts jsonb, updated_at timestamptz)
      where t.id = r.id and t.announced = false
      returning t.id
    ), j as (
      update jobs set status = 'DONE', finished_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      where dedupe_key in (select ${`${TRANSACTION_RECOVER_JOB}:`}::text || u.id::text from u)
        and status = 'PENDING' and (locked_until is null or locked_until <= ${at}::timestamptz)
    )
    select id from u`;
}

/** The approval of `row` as postApproval posts it at creation (the whole amount, the fee stored at creation). */
export function approvalOf(
  row: TransactionRow,
  now: Date,
): { ledger: NewLedgerTransaction; amount: number; fee: number } {
  const amount = row.capturedAmount > 0 ? row.capturedAmount : row.amount;
  const fee = row.fee?.amount ?? 0;
  const postings = approvalPostings({
    provider: row.provider,
    organizationId: row.organizationId,
    bankAccount: { id: row.bankAccountId!, companyId: row.companyId, organizationId: row.organizationId },
    amount,
    fee,
  });
  return {
    ledger: { code: 'TRANSACTION_APPROVED', source: { type: 'TRANSACTION', id: row.id }, postings, now },
    amount,
    fee,
  };
}

/**
 * The outcomes of a batch (creates of one organization: one clock reading), set-based: the rows announced (one
 * update), the approvals posted (one ledger statement) with their receivables (one insert), the follow-up and
 * settlement jobs (one insert), `transaction.created` for each (one insert, and one per consumer). What does
 * not fit the common shapes goes through `announce` alone, in the same transaction.
 */
export function outcomesHandler(clock: Clock): BatchHandler<OutcomeItem, TransactionRow> {
  return async (tx, items) => {
    const now = clock.now(items[0].row.organizationId);
    const out = new Array<ItemOutcome<TransactionRow>>(items.length);
    const set: { i: number; row: TransactionRow; item: OutcomeItem; changes: ReturnType<typeof outcomeChanges> }[] = [];
    for (const [i, item] of items.entries()) {
      const changes = { ...outcomeChanges(item.outcome, item.row, now), ...item.extra };
      const options = {
        now,
        correlationId: item.correlationId,
        autopilot: item.autopilot,
        syncNow: item.outcome.kind === 'unknown',
      };
      if (item.row.announced || Object.keys(changes).some((k) => !OUTCOME_SET.has(k))) {
        out[i] = { ok: true, value: await announce(tx, item.row, changes, options) };
        if (item.claim) await completeRequest(tx, item.claim);
      } else {
        set.push({ i, item, changes, row: { ...item.row, ...changes, announced: true, updatedAt: now } });
      }
    }
    if (set.length === 0) return out;
    const updated = new Set(
      rowsOf(
        await tx.execute(
          announceRowsStatement(
            set.map((s) => s.row),
            clock.now(),
          ),
        ),
      ).map((r) => String(r.id)),
    );
    // Claims complete whether their row was announced here or meanwhile (announce then completes it too).
    await completeRequests(
      tx,
      set.flatMap((s) => (s.item.claim ? [s.item.claim] : [])),
    );
    const done: typeof set = [];
    for (const s of set) {
      if (updated.has(s.row.id)) {
        done.push(s);
        continue;
      }
      // Not updated: announced meanwhile (its recovery job got there first: answered as it is), or removed by a
      // recovery that found nothing at the provider before this create's call landed: recorded again and
      // announced alone with the answer this create holds (never an empty answer, issue 24).
      const current = await rowOrReinstated(tx, s.item.row);
      const options = {
        now,
        correlationId: s.item.correlationId,
        autopilot: s.item.autopilot,
        syncNow: s.item.outcome.kind === 'unknown',
      };
      out[s.i] = { ok: true, value: current.announced ? current : await announce(tx, current, s.changes, options) };
    }
    const jobs: NewJob[] = [];
    const sequences = new Map<string, number | null>();
    const receivableRows = await postApprovals(
      tx,
      done.map((d) => d.row).filter((r) => r.status === 'APPROVED'),
      now,
      jobs,
      sequences,
    );
    if (receivableRows.length > 0) await tx.execute(bulkInsertStatement(receivables, receivableRows));
    for (const d of done)
      jobs.push(
        ...followUpJobs(d.row, now, { autopilot: d.item.autopilot, syncNow: d.item.outcome.kind === 'unknown' }),
      );
    if (jobs.length > 0) await tx.execute(jobsInsert(jobs.map((job) => ({ job, now }))));
    // money.md M9: an approval moves money; the event carries the account's sequence after its post.
    const created: AnyNewEvent[] = done.map((d) => ({
      type: 'transaction.created',
      companyId: d.row.companyId,
      organizationId: d.row.organizationId,
      payload: {
        ...toTransactionView(d.row),
        bank_account_id: d.row.bankAccountId,
        sequence: sequences.get(d.row.id) ?? null,
      },
      correlationId: d.item.correlationId,
    }));
    if (created.length > 0) await recordEvents(tx, created, now);
    for (const d of done) out[d.i] = { ok: true, value: d.row };
    return out;
  };
}

/**
 * The approvals of a batch (card rows just announced APPROVED): posted together (postPendingCredits), their
 * receivables built (returned, to be inserted with one statement) and their settlement jobs added to `jobs`.
 * Any approval the batched post did not write (a replay, a balance row not opened yet, a PIX) is posted alone by
 * postApproval with its receivables, exactly as before.
 */
async function postApprovals(
  tx: Executor,
  rows: TransactionRow[],
  now: Date,
  jobs: NewJob[],
  sequences: Map<string, number | null>,
): Promise<NewReceivableRow[]> {
  const cards = rows.filter((r) => r.paymentMethod !== 'PIX' && r.bankAccountId);
  const approvals = cards.map((r) => approvalOf(r, now));
  const posted = await postPendingCreditsSequenced(
    tx,
    approvals.map((a) => a.ledger),
  );
  const written = posted.map((sequence) => sequence !== null);
  for (const [k, row] of cards.entries()) if (posted[k] !== null) sequences.set(row.id, posted[k]);
  const orgAccounts = new Map<string, string | null>();
  const receivableRows: NewReceivableRow[] = [];
  for (const [k, row] of cards.entries()) {
    if (!written[k]) continue;
    const { amount, fee } = must(approvals[k], 'one approval per card of the batch');
    let orgAccount: string | null = null;
    if (Math.min(Math.max(0, fee), amount) > 0) {
      const key = `${row.organizationId}|${row.provider}`;
      if (!orgAccounts.has(key))
        orgAccounts.set(key, await organizationAccountAt(tx, row.organizationId, row.provider));
      orgAccount = orgAccounts.get(key)!;
    }
    const planned = approvalReceivables(row, { amount, fee, now }, orgAccount);
    receivableRows.push(...planned.rows);
    jobs.push(...planned.jobs);
  }
  for (const [k, row] of cards.entries())
    if (!written[k]) sequences.set(row.id, (await postApproval(tx, row, now)).sequence);
  for (const row of rows) if (!cards.includes(row)) sequences.set(row.id, (await postApproval(tx, row, now)).sequence);
  return receivableRows;
}

/** The two batchers of one database (per process; lanes: one for recordings, one per organization for outcomes). */
export interface CreateBatchers {
  record: TransactionBatcher<RecordItem, TransactionRow>;
  outcome: TransactionBatcher<OutcomeItem, TransactionRow>;
}

const batchers = new WeakMap<Database, CreateBatchers>();

export function createBatchers(db: Database, clock: Clock): CreateBatchers {
  let found = batchers.get(db);
  if (!found) {
    found = {
      record: new TransactionBatcher(db, recordHandler, { mode: 'statement' }),
      outcome: new TransactionBatcher(db, outcomesHandler(clock)),
    };
    batchers.set(db, found);
  }
  return found;
}
