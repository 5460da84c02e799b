import { inArray, sql } from 'drizzle-orm';
import type { StatementHandler } from '../../db/batcher.js';
import { rowsOf } from '../../db/rows.js';
import { bankAccounts, type InternalTransferRow } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { SubmitTransferResult } from '../../providers/banking.js';
import { ProviderError, ProviderNotCapable } from '../../providers/errors.js';
import { canMoveTransfer } from './banking.rules.js';
import { atProvider, updateTransfer } from './banking.repo.js';
import { applyStatusReport, type TransferDeps } from './transfers.service.js';

/** Job kinds of the internal-transfer provider path (handlers in banking.jobs.ts). */
export const TRANSFER_SUBMIT_JOB = 'internal-transfer.submit';
export const TRANSFER_SYNC_JOB = 'internal-transfer.sync';
/** The recovery point scheduled with every transfer: if its request never submitted it, this job does. */
export const SUBMIT_RECOVERY_AFTER_MS = 30_000;
/** First status sync after an unknown outcome; later ones back off (banking.jobs.ts). */
export const FIRST_SYNC_AFTER_MS = 2_000;

type Numbers = { branch: string | null; accountNumber: string | null };
export type AccountPair = { origin: Numbers; destination: Numbers };

/**
 * What a submission came to. Only `refused` fails a transfer; `retry` (nothing was submitted, or the outcome
 * is unknown) leaves it PENDING with its hold, for a status sync or a resubmission under the same key.
 */
export type SubmitOutcome =
  | { kind: 'accepted'; result: SubmitTransferResult }
  | { kind: 'refused'; message: string }
  | { kind: 'retry'; reason: 'unavailable' | 'unknown_outcome' };

/** Hands the transfer to its provider under our id as the idempotency key; never throws for the provider. */
export async function attemptSubmit(deps: TransferDeps, row: InternalTransferRow, accounts: AccountPair): Promise<SubmitOutcome> {
  try {
    const submit = deps.providers.require(row.provider, 'internal-transfer.submit');
    const result = await submit({ idempotencyKey: row.id, amount: row.amount, origin: atProvider(accounts.origin), destination: atProvider(accounts.destination) });
    return { kind: 'accepted', result };
  } catch (err) {
    if (err instanceof ProviderError && err.kind === 'refused') return { kind: 'refused', message: `The provider refused the transfer: ${err.message}` };
    if ((err instanceof ProviderError && err.kind === 'unavailable') || err instanceof ProviderNotCapable) return { kind: 'retry', reason: 'unavailable' };
    // A timeout, a dropped connection, or anything we cannot read: it may have happened. Never a refusal.
    return { kind: 'retry', reason: 'unknown_outcome' };
  }
}

/** Records an accepted submission: the provider's ids, and any status it already reports. */
export async function recordAccepted(deps: TransferDeps, correlationId: string, row: InternalTransferRow, result: SubmitTransferResult): Promise<InternalTransferRow> {
  const ids = { row, result, now: deps.clock.now(row.organizationId), realNow: deps.clock.now() };
  let updated = row.providerTransferId === result.providerTransferId
    ? row
    : deps.recorder
      ? await deps.recorder.run(row.originBankAccountId, ids)
      : await updateTransfer(deps.db, row.id, { providerTransferId: result.providerTransferId, externalRequestId: result.externalRequestId }, ids.now);
  // A provider that already moved it further: its moves, in order (PENDING -> PROCESSING -> COMPLETED).
  const steps = result.status === 'COMPLETED' ? (['PROCESSING', 'COMPLETED'] as const) : result.status === 'PENDING' ? [] : [result.status];
  for (const status of steps) {
    if (canMoveTransfer(updated.status, status)) updated = await applyStatusReport(deps, correlationId, { transferId: row.id, status });
  }
  return updated;
}

/**
 * The provider-call path of a transfer's creating request: submit, then record what came of it. A lost
 * answer schedules a status sync (its dedupe key makes it one per transfer) and answers the PENDING transfer.
 */
export async function submitToProvider(deps: TransferDeps, correlationId: string, row: InternalTransferRow, origin: AccountPair['origin'], destination: AccountPair['destination']): Promise<InternalTransferRow> {
  const outcome = await attemptSubmit(deps, row, { origin, destination });
  if (outcome.kind === 'accepted') return recordAccepted(deps, correlationId, row, outcome.result);
  if (outcome.kind === 'refused') return applyStatusReport(deps, correlationId, { transferId: row.id, status: 'FAILED', errorMessage: outcome.message });
  await scheduleSync(deps, row.id);
  return row;
}

export async function scheduleSync(deps: TransferDeps, transferId: string): Promise<void> {
  const now = deps.clock.now();
  await enqueueJob(deps.db, { kind: TRANSFER_SYNC_JOB, runAt: new Date(now.getTime() + FIRST_SYNC_AFTER_MS), payload: { transferId }, dedupeKey: `${TRANSFER_SYNC_JOB}:${transferId}` }, now);
}

/** The branch and number of a transfer's two accounts (the provider knows accounts by those). */
export async function accountsOf(deps: TransferDeps, row: InternalTransferRow): Promise<AccountPair | undefined> {
  const rows = await deps.db
    .select({ id: bankAccounts.id, branch: bankAccounts.branch, accountNumber: bankAccounts.accountNumber })
    .from(bankAccounts)
    .where(inArray(bankAccounts.id, [row.originBankAccountId, row.destinationBankAccountId]));
  const origin = rows.find((a) => a.id === row.originBankAccountId);
  const destination = rows.find((a) => a.id === row.destinationBankAccountId);
  return origin && destination ? { origin, destination } : undefined;
}

export interface AcceptedIds {
  row: InternalTransferRow;
  result: SubmitTransferResult;
  /** The organization's clock (the transfer's updated_at). */
  now: Date;
  /** Real time (the submit job runs on it). */
  realNow: Date;
}

/**
 * The provider's ids of several accepted transfers (a batch's creates, submitted side by side after their
 * commit) recorded with ONE statement, its own transaction: one durable commit instead of one per create.
 * The status and error come back from the row as it is now (a sync may have moved it meanwhile). The same
 * statement closes each transfer's submit job (its recovery point has nothing left to do once the provider's
 * ids are recorded; a job a runner already leased is left to it), so no job run is spent per transfer.
 */
export const recordProviderIds: StatementHandler<AcceptedIds, InternalTransferRow> = async (db, items) => {
  const rows = items.map(({ row, result: r, now }) => ({ id: row.id, provider_transfer_id: r.providerTransferId, external_request_id: r.externalRequestId, updated_at: now.toISOString() }));
  const result = await db.execute(recordProviderIdsStatement(rows, items[items.length - 1].realNow));
  const current = new Map(rowsOf(result).map((r) => [String(r.id), r]));
  return items.map(({ row, result: r, now }) => {
    const c = current.get(row.id);
    if (!c) return { ok: false as const, error: new Error(`internal transfer ${row.id} vanished`) };
    const status = String(c.status) as InternalTransferRow['status'];
    const errorMessage = c.error_message === null ? null : String(c.error_message);
    return { ok: true as const, value: { ...row, status, errorMessage, providerTransferId: r.providerTransferId, externalRequestId: r.externalRequestId, updatedAt: now } };
  });
};

/** The statement of recordProviderIds (exported so the bench's bare node+pg baseline runs exactly the same SQL). */
export function recordProviderIdsStatement(rows: { id: string; provider_transfer_id: string; external_request_id: string; updated_at: string }[], realNow: Date) {
  const at = realNow.toISOString();
  return sql`
    with u as (
      update internal_transfers t set provider_transfer_id = r.provider_transfer_id, external_request_id = r.external_request_id, updated_at = r.updated_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, provider_transfer_id text, external_request_id text, updated_at timestamptz)
      where t.id = r.id
      returning t.id, t.status, t.error_message
    ), j as (
      update jobs set status = 'DONE', finished_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      where dedupe_key in (select ${`${TRANSFER_SUBMIT_JOB}:`}::text || u.id::text from u)
        and status = 'PENDING' and (locked_until is null or locked_until <= ${at}::timestamptz)
    )
    select id, status, error_message from u`;
}
