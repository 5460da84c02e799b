import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { recordset } from '../../../db/recordset.js';
import { rowsOf } from '../../../db/rows.js';
import {
  transactions,
  type NewReceivableRow,
  type NewTransactionRow,
  type TransactionAttemptJson,
  type TransactionRow,
} from '../../../db/schema/index.js';
import { recordEvents, type AnyNewEvent } from '../../../events/outbox.js';
import type { NewJob } from '../../../jobs/queue.js';
import { completeRequests, type ClaimKey } from '../../../kernel/idempotency.js';
import { must } from '../../../kernel/must.js';
import type { CardPaymentResult } from '../../../providers/payments.js';
import {
  recordAttemptOperations,
  recordAttemptOperationsStatement,
  windowEntriesStatement,
  type WindowEntry,
} from '../../routing/index.js';
import { postApprovals, receivablesAndJobsStatement } from '../shared/transactions.ledger.js';
import { findTransactionRow } from '../shared/transactions.repo.js';
import { REFUSAL_CODES, refusal, type RefusalCode } from '../shared/transactions.rules.js';
import { toTransactionView } from '../shared/transactions.view.js';
import { AUTOPILOT_DELAY_MS, AUTOPILOT_PIX_MAX_AMOUNT } from '../shared/sandbox-cards.js';
import { PIX_SYNC_STEPS_MS } from '../pix/pix-sync.rules.js';
import { expiryJobsOf } from '../shared/expiry-jobs.js';
import { forgetKeptAuthorizations, mayHaveKeptAuthorization } from '../shared/kept-authorizations.repo.js';

/** Job kinds of the transactions area (handlers in transactions.jobs.ts). */
export const TRANSACTION_SYNC_JOB = 'transaction.sync';
export const TRANSACTION_RECOVER_JOB = 'transaction.recover';
export const PIX_AUTOPILOT_JOB = 'transaction.pix-autopilot';
/** providers.md R5.1: a PIX waiting at an API Pix PSP is read on a schedule (pix-sync.jobs.ts). */
export const PIX_SYNC_JOB = 'transaction.pix-sync';
/** A row recorded before its provider call and still unannounced this long after (real time) is recovered. */
export const RECOVER_AFTER_MS = 60_000;

/**
 * The recovery point of a create, recorded with its row before the provider call. It stands for "the process
 * died around the call", a real-time lease like any other (docs/conventions.md: leases keep real time), so it is
 * due RECOVER_AFTER_MS of REAL time later and belongs to no organization's test clock: an advance of the
 * sandbox clock must not run it while the create's call is still in flight (issue 24: it found nothing at the
 * provider yet, deleted the row, and the create's outcome then found no row and answered 500).
 */
export function recoveryPointJob(transactionId: string, realNow: Date): NewJob {
  return {
    kind: TRANSACTION_RECOVER_JOB,
    runAt: new Date(realNow.getTime() + RECOVER_AFTER_MS),
    payload: { transactionId },
    dedupeKey: `${TRANSACTION_RECOVER_JOB}:${transactionId}`,
    organizationId: null,
  };
}

/**
 * The row a create recorded, as it is now; recorded again (unannounced) when a recovery removed it meanwhile.
 * The create holds the provider's answer under this id, so the row must exist to carry it: a create never loses
 * its row (issue 24), whatever ran between its recording and its outcome.
 */
export async function rowOrReinstated(tx: Executor, recorded: TransactionRow): Promise<TransactionRow> {
  const found = await findTransactionRow(tx, recorded.id);
  if (found) return found;
  const [inserted] = await tx
    .insert(transactions)
    .values({ ...recorded, announced: false })
    .onConflictDoNothing()
    .returning();
  return must(inserted ?? (await findTransactionRow(tx, recorded.id)), 'a row inserted or found');
}
/** First status sync after an unknown outcome. */
export const SYNC_DELAY_MS = 2_000;

/** The fields a card provider's answer sets (creation or sync). */
export function cardResultChanges(
  result: CardPaymentResult,
  row: Pick<TransactionRow, 'amount'>,
  now: Date,
): { status: TransactionRow['status'] } & Partial<NewTransactionRow> {
  const ids = { providerPaymentId: result.providerPaymentId, providerReference: result.providerPaymentId };
  switch (result.status) {
    case 'CAPTURED':
      return {
        status: 'APPROVED',
        ...ids,
        authorizationCode: result.authorizationCode,
        authorizedAt: now,
        capturedAt: now,
        capturedAmount: result.capturedAmount || row.amount,
      };
    case 'AUTHORIZED':
      return { status: 'AUTHORIZED', ...ids, authorizationCode: result.authorizationCode, authorizedAt: now };
    case 'REFUSED': {
      const raw = result.refusal?.code ?? null;
      const code: RefusalCode =
        raw && (REFUSAL_CODES as readonly string[]).includes(raw) ? (raw as RefusalCode) : 'CARD_DECLINED';
      // A real connector names the provider's own code (Adyen's refusalReasonCode, R2.4); the sandbox's is ours.
      const providerCode = (result.refusal as { providerCode?: string | null } | null)?.providerCode;
      return {
        status: 'REFUSED',
        ...ids,
        refusal: refusal(
          code,
          result.refusal?.message ?? 'The payment was refused',
          providerCode === undefined ? raw : providerCode,
        ),
      };
    }
    case 'PROCESSING':
    case 'VOIDED': // never an authorization's answer; treated as not known yet
      return { status: 'PROCESSING', ...ids };
  }
}

/** An outcome to record on a create's row (the provider's answer as our status and fields). */
export interface AnnounceItem {
  row: TransactionRow;
  changes: { status: TransactionRow['status'] } & Partial<NewTransactionRow>;
  correlationId: string;
  autopilot: boolean;
  syncNow?: boolean;
  /** The create's request_id claim, completed in the same transaction as its outcome. */
  claim?: ClaimKey;
  /** The deciding attempt's provider operation (R6.8), finished in the same transaction as its outcome. */
  operation?: { attempt: TransactionAttemptJson; code: string | null };
  /** The deciding attempt's success-rate window entry (R6.10), written in the same transaction as its outcome. */
  window?: WindowEntry;
}

/** The columns an outcome may set (announceRowsStatement sets them all from the row as recorded plus its changes). */
const OUTCOME_COLUMNS = new Set<string>([
  'status',
  'provider',
  'bankAccountId',
  'providerPaymentId',
  'providerReference',
  'authorizationCode',
  'authorizedAt',
  'capturedAt',
  'capturedAmount',
  'refusal',
  'pix',
  'attempts',
]);

/**
 * The outcomes set on rows still unannounced, and their recovery jobs closed (the row is a resource now: the job
 * would find nothing to do; a job running now keeps its lease), one statement; answers the ids updated.
 * `alongside`: other writes of the same transactions' outcomes (the deciding attempts' operations finished:
 * recordAttemptOperationsStatement; their success-rate window entries: windowEntriesStatement) carried by this
 * statement as CTEs of their own, so the batch's outcome transaction makes a round trip fewer for each (each one
 * waits for the request thread's turn under load: docs/decisions/benchmarks.md, "Where a create's latency goes").
 * (Exported so the bench's baseline runs exactly it.)
 */
export function announceRowsStatement(rows: TransactionRow[], realNow: Date, alongside: readonly SQL[] = []): SQL {
  const values = rows.map((r) => ({
    id: r.id,
    status: r.status,
    provider: r.provider,
    bank_account_id: r.bankAccountId,
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
      update transactions t set status = r.status, provider = r.provider, bank_account_id = r.bank_account_id,
        provider_payment_id = r.provider_payment_id, provider_reference = r.provider_reference,
        authorization_code = r.authorization_code, authorized_at = r.authorized_at, captured_at = r.captured_at, captured_amount = r.captured_amount,
        refusal = r.refusal, pix = r.pix, attempts = r.attempts, announced = true, updated_at = r.updated_at
      from ${recordset(
        values,
        `id uuid, status text, provider text, bank_account_id uuid, provider_payment_id text, provider_reference text,
        authorization_code text, authorized_at timestamptz, captured_at timestamptz, captured_amount bigint, refusal jsonb,
        pix jsonb, attempts jsonb, updated_at timestamptz`,
      )} as r
      where t.id = r.id and t.announced = false
      returning t.id
    ), j as (
      update jobs set status = 'DONE', finished_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      where dedupe_key in (select ${`${TRANSACTION_RECOVER_JOB}:`}::text || u.id::text from u)
        and status = 'PENDING' and (locked_until is null or locked_until <= ${at}::timestamptz)
    )${sql.join(
      alongside.map((statement, i) => sql`, ${sql.raw(`alongside_${i}`)} as (${statement})`),
      sql``,
    )}
    select id from u`;
}

/**
 * Records creates' outcomes, set-based, in the caller's transaction: THE one implementation, whether a batch of
 * a hundred creates (transactions.batch.ts), one create, or a recovery job that found the answer. Each row gets
 * its status and becomes a resource (`announced`) with its recovery job closed and the deciding attempts'
 * operations finished (one statement); the claims are completed (one update); the approvals are posted (postApprovals:
 * one ledger statement); their receivables and the later work (a status sync for PROCESSING, the sandbox autopilot,
 * expiries, settlements) are written together (one statement: receivablesAndJobsStatement); `transaction.created`
 * carries each transaction as GET returns it (one insert, each consumer once). `now`: the organization's clock
 * (one reading for the batch); `realNow`: real time, for the recovery jobs' leases.
 *
 * Idempotent: a row already announced (a recovery job got there first) is answered as it is; a row removed
 * meanwhile (a recovery that found nothing at the provider before this create's call landed) is recorded again
 * and announced with the answer this create holds (never an empty answer, issue 24).
 */
export async function announceOutcomes(
  tx: Executor,
  items: AnnounceItem[],
  now: Date,
  realNow: Date,
): Promise<TransactionRow[]> {
  const out: (TransactionRow | undefined)[] = items.map((item) => (item.row.announced ? item.row : undefined));
  const announced = (i: number, row: TransactionRow): TransactionRow => {
    const { changes } = must(items[i], 'an index of items');
    const unfit = Object.keys(changes).find((k) => !OUTCOME_COLUMNS.has(k));
    if (unfit) throw new Error(`an outcome does not set ${unfit}`);
    return { ...row, ...changes, announced: true, updatedAt: now };
  };
  let todo = items.flatMap((item, i) => (item.row.announced ? [] : [{ i, row: announced(i, item.row) }]));
  const done: typeof todo = [];
  // The deciding attempts' operations finish whether their row is announced here or was meanwhile: with the first
  // announce statement when there is one, else on their own below.
  let operations = items.flatMap((item) => (item.operation ? [item.operation] : []));
  // So do the deciding attempts' window entries (R6.10: the attempt was made and answered either way).
  let windows = items.flatMap((item) => (item.window ? [item.window] : []));
  // Two rounds at most: the second for rows recorded again after a recovery removed them.
  for (let round = 0; todo.length > 0; round++) {
    if (round === 2) throw new Error('a recorded row could not be announced');
    const alongside = [
      ...(operations.length > 0 ? [recordAttemptOperationsStatement(operations, realNow)] : []),
      ...(windows.length > 0 ? [windowEntriesStatement(windows)] : []),
    ];
    operations = [];
    windows = [];
    const updated = new Set(
      rowsOf(
        await tx.execute(
          announceRowsStatement(
            todo.map((t) => t.row),
            realNow,
            alongside,
          ),
        ),
      ).map((r) => String(r.id)),
    );
    const next: typeof todo = [];
    for (const t of todo) {
      if (updated.has(t.row.id)) {
        done.push(t);
        continue;
      }
      const current = await rowOrReinstated(tx, must(items[t.i], 'an index of items').row);
      if (current.announced) out[t.i] = current;
      else next.push({ i: t.i, row: announced(t.i, current) });
    }
    todo = next;
  }
  // Claims complete whether their row was announced here or meanwhile (its recovery completes it too).
  await completeRequests(
    tx,
    items.flatMap((item) => (item.claim ? [item.claim] : [])),
  );
  await recordAttemptOperations(tx, operations, realNow);
  if (windows.length > 0) await tx.execute(windowEntriesStatement(windows));
  // R5.1: a request kept for a replay goes once the outcome is known (an unknown one keeps it for its sync).
  await forgetKeptAuthorizations(
    tx,
    done.filter((d) => d.row.status !== 'PROCESSING' && mayHaveKeptAuthorization(d.row)).map((d) => d.row.id),
  );
  const jobs: NewJob[] = [];
  const receivableRows: NewReceivableRow[] = [];
  const approved = done.filter((d) => d.row.status === 'APPROVED');
  const posted = await postApprovals(
    tx,
    approved.map((d) => ({ row: d.row })),
    now,
    { jobs, receivables: receivableRows },
  );
  const sequences = new Map(approved.map((d, k) => [d.row.id, posted[k]?.sequence ?? null]));
  for (const d of done) {
    const item = must(items[d.i], 'an index of items');
    jobs.push(...followUpJobs(d.row, now, { autopilot: item.autopilot, syncNow: item.syncNow }));
  }
  const scheduled = receivablesAndJobsStatement(receivableRows, jobs, now);
  if (scheduled) await tx.execute(scheduled);
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
    correlationId: must(items[d.i], 'an index of items').correlationId,
  }));
  if (created.length > 0) await recordEvents(tx, created, now);
  for (const d of done) out[d.i] = d.row;
  return out.map((row) => must(row, 'every outcome answered'));
}

/** announceOutcomes for one outcome (the same code: a batch of one). */
export async function announce(
  tx: Executor,
  row: TransactionRow,
  changes: AnnounceItem['changes'],
  options: {
    now: Date;
    realNow?: Date;
    correlationId: string;
    autopilot: boolean;
    syncNow?: boolean;
    claim?: ClaimKey;
  },
): Promise<TransactionRow> {
  const { now, realNow, ...rest } = options;
  const [answer] = await announceOutcomes(tx, [{ row, changes, ...rest }], now, realNow ?? now);
  return must(answer, 'one answer per outcome');
}

/** P9 autopilot, status syncs, expiries: the jobs an outcome schedules, due on the organization's clock. */
export function followUpJobs(
  row: TransactionRow,
  now: Date,
  options: { autopilot: boolean; syncNow?: boolean },
): NewJob[] {
  const at = (ms: number) => new Date(now.getTime() + ms);
  // payments.md P4: an authorization's and a PIX charge's expiry, scheduled by the create itself.
  const jobs: NewJob[] = expiryJobsOf(row);
  if (row.status === 'PROCESSING' && (options.syncNow || options.autopilot)) {
    // An unknown outcome is synced at once; a delayed sandbox card settles ~2 s later under autopilot (without
    // it, the staff settle control moves it).
    jobs.push({
      kind: TRANSACTION_SYNC_JOB,
      runAt: at(options.syncNow ? SYNC_DELAY_MS : AUTOPILOT_DELAY_MS),
      payload: { transactionId: row.id },
      dedupeKey: `${TRANSACTION_SYNC_JOB}:${row.id}`,
      organizationId: row.organizationId,
    });
  }
  if (row.status === 'WAITING_PAYMENT' && row.pix?.charge_kind) {
    // A charge at an API Pix PSP (SANDBOX accounts keep their autopilot): a missed callback never leaves it unpaid.
    jobs.push({
      kind: PIX_SYNC_JOB,
      runAt: at(PIX_SYNC_STEPS_MS[0]),
      payload: { transactionId: row.id, startedAt: now.toISOString() },
      dedupeKey: `${PIX_SYNC_JOB}:${row.id}`,
      organizationId: row.organizationId,
    });
  }
  // The autopilot pays sandbox charges only: a charge at a real PSP is paid there (R5.1: SANDBOX keeps it).
  if (
    row.status === 'WAITING_PAYMENT' &&
    options.autopilot &&
    row.amount <= AUTOPILOT_PIX_MAX_AMOUNT &&
    !row.pix?.charge_kind
  ) {
    jobs.push({
      kind: PIX_AUTOPILOT_JOB,
      runAt: at(AUTOPILOT_DELAY_MS),
      payload: { transactionId: row.id },
      dedupeKey: `${PIX_AUTOPILOT_JOB}:${row.id}`,
      organizationId: row.organizationId,
    });
  }
  return jobs;
}
