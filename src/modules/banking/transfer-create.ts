import { assertBankingCapable } from './banking.repo.js';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { bankAccountRowOf, rowsOf } from '../../db/rows.js';
import type { BatchHandler, ItemOutcome } from '../../db/batcher.js';
import {
  internalTransfers,
  type BankAccountRow,
  type InternalTransferRow,
  type ProviderOperationRow,
} from '../../db/schema/index.js';
import { RECOVER_OPERATION_JOB } from '../../kernel/provider-operation.js';
import { syncDelayMs } from '../../kernel/provider-operation.rules.js';
import type { CompanyPrincipal, RequestContext } from '../../kernel/context.js';
import { badRequest, conflict, notFound } from '../../kernel/errors.js';
import { assertStatusesMayMoveMoney } from '../companies/company-status.js';
import { claimRequestIds, existingClaim, releaseClaims, type IdempotencyClaim } from '../../kernel/idempotency.js';
import { recordEvents, type AnyNewEvent } from '../../events/outbox.js';
import { jobsInsert, type NewJob } from '../../jobs/queue.js';
import { holdMany } from '../../ledger/hold-many.js';
import { transferOperation } from './transfer-submission.js';
import { TRANSFER_AUTOPILOT_JOB } from './banking.jobs.js';
import { findTransfer, ledgerOwner } from './banking.repo.js';
import { toTransferView, type CreateTransferInput } from './banking.schemas.js';
import type { TransferDeps } from './transfers.service.js';
import { textOf } from '../../kernel/text.js';
import { must } from '../../kernel/must.js';

/** One create as asked (validated input); its accounts are read and checked inside its batch. */
export interface TransferCreate {
  ctx: RequestContext;
  principal: CompanyPrincipal;
  input: CreateTransferInput;
  /** The transfer's id if this create is the first with its request_id. */
  id: string;
}

/** The transfer, and both accounts as read (the provider knows accounts by branch and number); a new one with its provider operation. */
export type CreatedTransfer = {
  row: InternalTransferRow;
  replayed: boolean;
  origin: BankAccountRow;
  destination: BankAccountRow;
  op?: ProviderOperationRow;
};

type Checked = TransferCreate & { origin: BankAccountRow; destination: BankAccountRow };

export const transferClaim = (c: TransferCreate): IdempotencyClaim => ({
  companyId: c.principal.companyId,
  scope: 'internal-transfer',
  requestId: c.input.request_id,
  body: c.input,
  resourceId: c.id,
});

/**
 * The creates of one origin account (a batch: one, or all that queued while the previous batch committed),
 * set-based in the caller's transaction, in a fixed number of statements whatever their number:
 * 1. claim every request_id (one insert; a request_id already claimed is a replay, answered after the writes);
 * 2. hold every new create's amount on the origin (ledger holdMany: one statement; a create the balance left
 *    cannot cover is refused with 409 and its claim dropped, as its own rollback would have);
 * 3. the transfers, their provider operations (src/kernel/provider-operation.ts: id = the transfer's id, the key it
 *    is submitted under) and the operations' recovery jobs (one statement), then `internal-transfer.created` for each (the outbox:
 *    one insert, plus one for the webhook messages).
 * An error of the database fails the whole batch (the batcher then runs each create alone).
 */
export function createTransfersHandler(deps: TransferDeps): BatchHandler<TransferCreate, CreatedTransfer> {
  return async (tx, items) => {
    const outcomes = new Array<ItemOutcome<CreatedTransfer> | undefined>(items.length);
    const accounts = await readTransferAccounts(tx, items);
    const valid: { c: Checked; i: number }[] = [];
    items.forEach((item, i) => {
      try {
        valid.push({ c: checkAccounts(item, accounts.get(i) ?? []), i });
      } catch (error) {
        outcomes[i] = { ok: false, error };
      }
    });
    const [first] = valid;
    if (!first) return outcomes as ItemOutcome<CreatedTransfer>[];
    const origin = first.c.origin;
    const now = deps.clock.now(origin.organizationId);

    const claimed = await claimRequestIds(
      tx,
      valid.map(({ c }) => transferClaim(c)),
    );
    const fresh = valid.filter(({ c }) => claimed.has(c.id));
    const holds = await holdMany(tx, {
      code: 'INTERNAL_TRANSFER_HOLD',
      account: { id: origin.id, owner: ledgerOwner(origin) },
      holds: fresh.map(({ c }) => ({ source: { type: 'INTERNAL_TRANSFER', id: c.id }, amount: c.input.amount })),
      now,
    });
    const held = fresh.map((f, k) => ({ ...f, ok: must(holds[k], 'holdMany answers one outcome per hold').ok }));
    const refused = held.filter((h) => !h.ok);
    for (const { c, i } of refused)
      outcomes[i] = {
        ok: false,
        error: conflict('The amount is above the available balance of the origin account', 'amount', c.input.amount),
      };
    await releaseClaims(
      tx,
      refused.map(({ c }) => transferClaim(c)),
    );

    const realNow = deps.clock.now();
    const accepted = held
      .filter((h) => h.ok)
      .map(({ c, i }) => {
        const row = transferRow(c, now);
        return { c, i, row, op: transferOperation(row, c.origin, c.destination, realNow) };
      });
    if (accepted.length > 0) {
      await tx.execute(
        insertTransfersStatement(
          accepted.map((a) => a.row),
          accepted.flatMap((a) => transferJobs(deps, a.row, now)),
          accepted.map((a) => a.op),
        ),
      );
      const created: AnyNewEvent[] = accepted.map(({ c, row }) => ({
        type: 'internal-transfer.created',
        companyId: row.companyId,
        organizationId: row.organizationId,
        correlationId: c.ctx.requestId,
        payload: toTransferView(row),
      }));
      await recordEvents(tx, created, now);
      for (const { c, i, row, op } of accepted)
        outcomes[i] = { ok: true, value: { row, replayed: false, origin: c.origin, destination: c.destination, op } };
    }

    // Replays last: a duplicate of a request_id claimed earlier in this same batch finds that transfer written.
    for (const { c, i } of valid) {
      if (outcomes[i] || claimed.has(c.id)) continue;
      try {
        const existing = await existingClaim(tx, transferClaim(c));
        const row = await findTransfer(tx, eq(internalTransfers.id, existing));
        outcomes[i] = row
          ? { ok: true, value: { row, replayed: true, origin: c.origin, destination: c.destination } }
          : { ok: false, error: notFound('Internal transfer') };
      } catch (error) {
        outcomes[i] = { ok: false, error };
      }
    }
    return outcomes as ItemOutcome<CreatedTransfer>[];
  };
}

/** The checks of product.md §7 and §14 on the accounts read for one create (throws its error answer). */
function checkAccounts(item: TransferCreate, found: AccountRead[]): Checked {
  const origin = found.find((a) => a.account.id === item.input.origin_bank_account_id);
  if (!origin) throw notFound('Origin bank account');
  const destination = found.find((a) => a.account.id === item.input.destination_bank_account_id);
  if (!destination) throw notFound('Destination bank account');
  if (origin.account.id === destination.account.id) {
    throw badRequest(
      'The destination must be a different account than the origin',
      'destination_bank_account_id',
      destination.account.id,
    );
  }
  if (origin.account.provider !== destination.account.provider) {
    throw badRequest(
      'Internal transfers move money within one provider; the accounts belong to different providers',
      'destination_bank_account_id',
      destination.account.id,
    );
  }
  assertStatusesMayMoveMoney([origin.callerStatus, origin.companyStatus]);
  assertBankingCapable(origin.account);
  return { ...item, origin: origin.account, destination: destination.account };
}

/** The row as inserted (built here, so the insert needs no `returning`). */
function transferRow(c: Checked, now: Date): InternalTransferRow {
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
 * The recovery job of each transfer's provider operation (`provider-operation.recover`, first due once a live
 * call must have ended): if its request dies before or after the provider has it, the job finishes it under
 * the same key; when the request recorded the answer, the same statement closed it. Provider work runs on real
 * time (not the organization's sandbox clock). In the sandbox with the autopilot, a second job plays the
 * provider (banking.jobs.ts) on the organization's clock.
 */
function transferJobs(deps: TransferDeps, row: InternalTransferRow, now: Date): { job: NewJob; now: Date }[] {
  const real = deps.clock.now();
  const jobs: { job: NewJob; now: Date }[] = [
    {
      job: {
        kind: RECOVER_OPERATION_JOB,
        runAt: new Date(real.getTime() + syncDelayMs(1)),
        payload: { operationId: row.id },
        dedupeKey: `${RECOVER_OPERATION_JOB}:${row.id}`,
      },
      now: real,
    },
  ];
  if (deps.autopilot) {
    const { delayMs } = deps.autopilot;
    jobs.push({
      job: {
        kind: TRANSFER_AUTOPILOT_JOB,
        runAt: new Date(now.getTime() + delayMs),
        payload: { transferId: row.id, delayMs },
        dedupeKey: `${TRANSFER_AUTOPILOT_JOB}:${row.id}`,
        organizationId: row.organizationId,
      },
      now,
    });
  }
  return jobs;
}

/** The transfers of a batch, their operations and jobs, one statement (exported so the bench's baseline runs exactly the same SQL). */
export function insertTransfersStatement(
  rows: InternalTransferRow[],
  jobs: { job: NewJob; now: Date }[],
  operations: ProviderOperationRow[],
) {
  const ops = operations.map((o) => ({
    id: o.id,
    kind: o.kind,
    resource_type: o.resourceType,
    resource_id: o.resourceId,
    organization_id: o.organizationId,
    company_id: o.companyId,
    provider: o.provider,
    request: o.request,
    fingerprint: o.fingerprint,
    created_at: o.createdAt.toISOString(),
  }));
  const values = rows.map((r) => ({
    id: r.id,
    request_id: r.requestId,
    company_id: r.companyId,
    organization_id: r.organizationId,
    destination_company_id: r.destinationCompanyId,
    origin_bank_account_id: r.originBankAccountId,
    destination_bank_account_id: r.destinationBankAccountId,
    provider: r.provider,
    amount: r.amount,
    status: r.status,
    metadata: r.metadata,
    created_at: r.createdAt.toISOString(),
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
    ), o as (
      insert into provider_operations (id, kind, resource_type, resource_id, organization_id, company_id, provider, status, attempts, request,
        fingerprint, outcome, created_at, updated_at)
      select id, kind, resource_type, resource_id, organization_id, company_id, provider, 'PENDING', 0, request, fingerprint, null, created_at, created_at
      from jsonb_to_recordset(${JSON.stringify(ops)}::jsonb) as r(id uuid, kind text, resource_type text, resource_id uuid, organization_id uuid,
        company_id uuid, provider text, request jsonb, fingerprint text, created_at timestamptz)
    ), j as (${jobsInsert(jobs)})
    select 1`;
}

type AccountRead = { account: BankAccountRow; companyStatus: string; callerStatus: string | null };

/**
 * Both accounts of every create of a batch, each only if in that create's caller's reach, with its company's
 * status and the caller's own status (product.md §14, folded into this read instead of one more query): ONE
 * statement for the batch. Statuses are read without a lock, as the separate check did.
 */
async function readTransferAccounts(tx: Executor, items: TransferCreate[]): Promise<Map<number, AccountRead[]>> {
  const result = await tx.execute(
    transferAccountsStatement(
      items.map((c, ord) => ({
        ord,
        origin: c.input.origin_bank_account_id,
        destination: c.input.destination_bank_account_id,
        caller: c.principal.companyId,
        reach_organization: c.principal.kind === 'merchant' ? null : c.principal.organizationId,
        reach_company: c.principal.kind === 'merchant' ? c.principal.companyId : null,
      })),
    ),
  );
  const byItem = new Map<number, AccountRead[]>();
  for (const r of rowsOf(result)) {
    const ord = Number(r.ord);
    const list = byItem.get(ord) ?? [];
    list.push({
      account: bankAccountRowOf(r),
      companyStatus: String(r.company_status),
      callerStatus: r.caller_status === null ? null : textOf(r.caller_status),
    });
    byItem.set(ord, list);
  }
  return byItem;
}

type AccountsReadRow = {
  ord: number;
  origin: string;
  destination: string;
  caller: string;
  reach_organization: string | null;
  reach_company: string | null;
};

/** The statement of readTransferAccounts (exported so the bench's bare node+pg baseline runs exactly the same SQL). */
export function transferAccountsStatement(rows: AccountsReadRow[]) {
  return sql`
    select r.ord, a.id, a.company_id, a.organization_id, a.provider, a.branch, a.account_number, a.status, a.available, a.held,
      a.created_at, a.updated_at, c.status as company_status, (select k.status from companies k where k.id = r.caller) as caller_status
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(ord int, origin uuid, destination uuid, caller uuid, reach_organization uuid, reach_company uuid)
    join bank_accounts a on a.id in (r.origin, r.destination)
      and (a.organization_id = r.reach_organization or a.company_id = r.reach_company)
    join companies c on c.id = a.company_id`;
}
