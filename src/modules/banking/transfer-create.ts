import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { BatchHandler, ItemOutcome } from '../../db/batcher.js';
import { bankAccounts, companies, internalTransfers, type BankAccountRow, type InternalTransferRow } from '../../db/schema/index.js';
import type { CompanyPrincipal, RequestContext } from '../../kernel/context.js';
import { conflict, notFound } from '../../kernel/errors.js';
import { claimRequestIds, existingClaim, releaseClaims, type IdempotencyClaim } from '../../kernel/idempotency.js';
import { recordEvents, type AnyNewEvent } from '../../events/outbox.js';
import { jobsInsert, type NewJob } from '../../jobs/queue.js';
import { holdMany } from '../../ledger/hold-many.js';
import { SUBMIT_RECOVERY_AFTER_MS, TRANSFER_SUBMIT_JOB } from './transfer-submission.js';
import { TRANSFER_AUTOPILOT_JOB } from './banking.jobs.js';
import { findTransfer, ledgerOwner } from './banking.repo.js';
import { toTransferView, type CreateTransferInput } from './banking.schemas.js';
import type { TransferDeps } from './transfers.service.js';

/** One create, checked and ready to be written (accounts read, reach and company statuses checked). */
export interface TransferCreate {
  ctx: RequestContext;
  principal: CompanyPrincipal;
  input: CreateTransferInput;
  /** The transfer's id if this create is the first with its request_id. */
  id: string;
  origin: BankAccountRow;
  destination: BankAccountRow;
}

export type CreatedTransfer = { row: InternalTransferRow; replayed: boolean };

export const transferClaim = (c: TransferCreate): IdempotencyClaim => ({ companyId: c.principal.companyId, scope: 'internal-transfer', requestId: c.input.request_id, body: c.input, resourceId: c.id });

/**
 * The creates of one origin account (a batch: one, or all that queued while the previous batch committed),
 * set-based in the caller's transaction, in a fixed number of statements whatever their number:
 * 1. claim every request_id (one insert; a request_id already claimed is a replay, answered after the writes);
 * 2. hold every new create's amount on the origin (ledger holdMany: one statement; a create the balance left
 *    cannot cover is refused with 409 and its claim dropped, as its own rollback would have);
 * 3. the transfers and their submit jobs (one statement), then `internal-transfer.created` for each (the outbox:
 *    one insert, plus one for the webhook messages).
 * An error of the database fails the whole batch (the batcher then runs each create alone).
 */
export function createTransfersHandler(deps: TransferDeps): BatchHandler<TransferCreate, CreatedTransfer> {
  return async (tx, items) => {
    const origin = items[0].origin;
    const now = deps.clock.now(origin.organizationId);
    const outcomes = new Array<ItemOutcome<CreatedTransfer> | undefined>(items.length);

    const claimed = await claimRequestIds(tx, items.map(transferClaim));
    const fresh = items.map((c, i) => ({ c, i })).filter(({ c }) => claimed.has(c.id));
    const holds = await holdMany(tx, {
      code: 'INTERNAL_TRANSFER_HOLD',
      account: { id: origin.id, owner: ledgerOwner(origin) },
      holds: fresh.map(({ c }) => ({ source: { type: 'INTERNAL_TRANSFER', id: c.id }, amount: c.input.amount })),
      now,
    });
    const refused = fresh.filter((_, k) => !holds[k].ok);
    for (const { c, i } of refused) outcomes[i] = { ok: false, error: conflict('The amount is above the available balance of the origin account', 'amount', c.input.amount) };
    await releaseClaims(tx, refused.map(({ c }) => transferClaim(c)));

    const accepted = fresh.filter((_, k) => holds[k].ok).map(({ c, i }) => ({ c, i, row: transferRow(c, now) }));
    if (accepted.length > 0) {
      await tx.execute(insertTransfersStatement(accepted.map((a) => a.row), accepted.flatMap((a) => transferJobs(deps, a.row, now))));
      const created: AnyNewEvent[] = accepted.map(({ c, row }) => ({ type: 'internal-transfer.created', companyId: row.companyId, organizationId: row.organizationId, correlationId: c.ctx.requestId, payload: toTransferView(row) }));
      await recordEvents(tx, created, now);
      for (const { i, row } of accepted) outcomes[i] = { ok: true, value: { row, replayed: false } };
    }

    // Replays last: a duplicate of a request_id claimed earlier in this same batch finds that transfer written.
    for (let i = 0; i < items.length; i++) {
      if (outcomes[i] || claimed.has(items[i].id)) continue;
      try {
        const existing = await existingClaim(tx, transferClaim(items[i]));
        const row = await findTransfer(tx, eq(internalTransfers.id, existing));
        outcomes[i] = row ? { ok: true, value: { row, replayed: true } } : { ok: false, error: notFound('Internal transfer') };
      } catch (error) {
        outcomes[i] = { ok: false, error };
      }
    }
    return outcomes as ItemOutcome<CreatedTransfer>[];
  };
}

/** The row as inserted (built here, so the insert needs no `returning`). */
function transferRow(c: TransferCreate, now: Date): InternalTransferRow {
  return {
    id: c.id,
    requestId: c.input.request_id,
    externalRequestId: null,
    companyId: c.origin.companyId,
    organizationId: c.origin.organizationId,
    destinationCompanyId: c.destination.companyId,
    originBankAccountId: c.origin.id,
    destinationBankAccountId: c.destination.id,
    provider: c.origin.provider,
    amount: c.input.amount,
    status: 'PENDING',
    providerTransferId: null,
    errorMessage: null,
    metadata: c.input.metadata ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The recovery point of each transfer: if its request dies before the provider has it, this job submits it
 * (under the same idempotency key); when the request did submit, the job finds nothing to do. Provider work
 * runs on real time (not the organization's sandbox clock). In the sandbox with the autopilot, a second job
 * plays the provider (banking.jobs.ts) on the organization's clock.
 */
function transferJobs(deps: TransferDeps, row: InternalTransferRow, now: Date): { job: NewJob; now: Date }[] {
  const real = deps.clock.now();
  const jobs: { job: NewJob; now: Date }[] = [{ job: { kind: TRANSFER_SUBMIT_JOB, runAt: new Date(real.getTime() + SUBMIT_RECOVERY_AFTER_MS), payload: { transferId: row.id }, dedupeKey: `${TRANSFER_SUBMIT_JOB}:${row.id}` }, now: real }];
  if (deps.autopilot) {
    const { delayMs } = deps.autopilot;
    jobs.push({ job: { kind: TRANSFER_AUTOPILOT_JOB, runAt: new Date(now.getTime() + delayMs), payload: { transferId: row.id, delayMs }, dedupeKey: `${TRANSFER_AUTOPILOT_JOB}:${row.id}`, organizationId: row.organizationId }, now });
  }
  return jobs;
}

/** The transfers of a batch and their jobs, one statement (exported so the bench's baseline runs exactly the same SQL). */
export function insertTransfersStatement(rows: InternalTransferRow[], jobs: { job: NewJob; now: Date }[]) {
  const values = rows.map((r) => ({
    id: r.id, request_id: r.requestId, company_id: r.companyId, organization_id: r.organizationId, destination_company_id: r.destinationCompanyId,
    origin_bank_account_id: r.originBankAccountId, destination_bank_account_id: r.destinationBankAccountId, provider: r.provider,
    amount: r.amount, status: r.status, metadata: r.metadata, created_at: r.createdAt.toISOString(),
  }));
  return sql`
    with t as (
      insert into internal_transfers (id, request_id, company_id, organization_id, destination_company_id, origin_bank_account_id,
        destination_bank_account_id, provider, amount, status, metadata, created_at, updated_at)
      select id, request_id, company_id, organization_id, destination_company_id, origin_bank_account_id,
        destination_bank_account_id, provider, amount, status, metadata, created_at, created_at
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(id uuid, request_id text, company_id uuid, organization_id uuid,
        destination_company_id uuid, origin_bank_account_id uuid, destination_bank_account_id uuid, provider text, amount bigint,
        status text, metadata jsonb, created_at timestamptz)
    ), j as (${jobsInsert(jobs)})
    select 1`;
}

/**
 * Both accounts of a create in the caller's reach, each with its company's status, and the caller's own
 * status: one prepared statement before any transaction (the company check folded into the account read).
 * Statuses are read without a lock, as the check inside the transaction did (a plain read, no lock either).
 */
export async function readTransferAccounts(db: Database, principal: CompanyPrincipal, originId: string, destinationId: string) {
  let prepared = preparedReads.get(db);
  if (!prepared) preparedReads.set(db, (prepared = prepareAccountReads(db)));
  const query = principal.kind === 'merchant' ? prepared.ofMerchant : prepared.ofOrganization;
  return query.execute({ origin: originId, destination: destinationId, reach: principal.kind === 'merchant' ? principal.companyId : principal.organizationId, caller: principal.companyId });
}

/** The pre-read's query (exported so the bench's bare node+pg baseline runs exactly the same SQL). */
export function transferAccountsQuery(db: Database, reachBy: 'organization' | 'merchant') {
  return db
    .select({ account: bankAccounts, companyStatus: companies.status, callerStatus: sql<string | null>`(select c.status from companies c where c.id = ${sql.placeholder('caller')})` })
    .from(bankAccounts)
    .innerJoin(companies, eq(companies.id, bankAccounts.companyId))
    .where(and(
      inArray(bankAccounts.id, [sql.placeholder('origin'), sql.placeholder('destination')]),
      eq(reachBy === 'merchant' ? bankAccounts.companyId : bankAccounts.organizationId, sql.placeholder('reach')),
    ));
}

function prepareAccountReads(db: Database) {
  return {
    ofOrganization: transferAccountsQuery(db, 'organization').prepare('transfer_accounts_of_organization'),
    ofMerchant: transferAccountsQuery(db, 'merchant').prepare('transfer_accounts_of_merchant'),
  };
}

const preparedReads = new WeakMap<Database, ReturnType<typeof prepareAccountReads>>();
