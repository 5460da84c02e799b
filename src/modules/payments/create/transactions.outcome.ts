import type { Executor } from '../../../db/client.js';
import { transactions, type NewTransactionRow, type TransactionRow } from '../../../db/schema/index.js';
import { recordEvent } from '../../../events/outbox.js';
import { enqueueJob, type NewJob } from '../../../jobs/queue.js';
import type { CardPaymentResult } from '../../../providers/payments.js';
import { postApproval } from '../shared/transactions.ledger.js';
import { announceRow, findTransactionRow } from '../shared/transactions.repo.js';
import { REFUSAL_CODES, refusal, type RefusalCode } from '../shared/transactions.rules.js';
import { toTransactionView } from '../shared/transactions.view.js';
import { AUTOPILOT_DELAY_MS, AUTOPILOT_PIX_MAX_AMOUNT } from '../shared/sandbox-cards.js';
import { PIX_SYNC_STEPS_MS } from '../pix/pix-sync.rules.js';
import { expiryJobsOf } from '../shared/expiry-jobs.js';

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
  return inserted ?? (await findTransactionRow(tx, recorded.id))!;
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

/**
 * Records a creation's outcome in one transaction: the row gets its status and becomes a resource
 * (`announced`), an approval is posted to the ledger, `transaction.created` carries the transaction as GET
 * returns it, and the later work is scheduled (a status sync for PROCESSING, the sandbox autopilot).
 * Idempotent: an already announced row is answered as it is (a recovery job may have got there first).
 */
export async function announce(
  tx: Executor,
  row: TransactionRow,
  changes: { status: TransactionRow['status'] } & Partial<NewTransactionRow>,
  options: { now: Date; correlationId: string; autopilot: boolean; syncNow?: boolean },
): Promise<TransactionRow> {
  if (row.announced) return row;
  const { now } = options;
  // Only an unannounced row is updated: a recovery job that got there first leaves this a no-op answering its row.
  let updated = await announceRow(tx, row.id, { ...changes, announced: true, updatedAt: now });
  if (!updated) {
    const current = await rowOrReinstated(tx, row);
    if (current.announced) return current;
    updated = (await announceRow(tx, row.id, { ...changes, announced: true, updatedAt: now }))!;
  }
  // money.md M9: an approval moves money; the event carries the account's last sequence from the post itself.
  const sequence = updated.status === 'APPROVED' ? (await postApproval(tx, updated, now)).sequence : null;
  const payload = { ...toTransactionView(updated), bank_account_id: updated.bankAccountId, sequence };
  await recordEvent(
    tx,
    {
      type: 'transaction.created',
      companyId: updated.companyId,
      organizationId: updated.organizationId,
      payload,
      correlationId: options.correlationId,
    },
    now,
  );
  await scheduleFollowUps(tx, updated, now, options);
  return updated;
}

/** P9 autopilot and status syncs: jobs, due on the organization's clock. */
export async function scheduleFollowUps(
  tx: Executor,
  row: TransactionRow,
  now: Date,
  options: { autopilot: boolean; syncNow?: boolean },
): Promise<void> {
  for (const job of followUpJobs(row, now, options)) await enqueueJob(tx, job, now);
}

/** The jobs scheduleFollowUps enqueues (a batch of outcomes enqueues all of theirs with one statement). */
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
