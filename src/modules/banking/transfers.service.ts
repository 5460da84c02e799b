import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { TransactionBatcher } from '../../db/batcher.js';
import { hold, postHold, voidHold } from '../../ledger/ledger.js';
import { creditAvailable, InsufficientBalanceError } from '../../ledger/rules.js';
import { internalTransfers, bankAccounts, type BankAccountRow, type InternalTransferRow } from '../../db/schema/index.js';
import type { CompanyPrincipal, RequestContext } from '../../kernel/context.js';
import { badRequest, conflict, notFound } from '../../kernel/errors.js';
import { claimRequestId } from '../../kernel/idempotency.js';
import { recordEvent } from '../../events/outbox.js';
import type { TransferStatusReport } from '../../providers/banking.js';
import { enqueueJob } from '../../jobs/queue.js';
import { submitToProvider, SUBMIT_RECOVERY_AFTER_MS, TRANSFER_SUBMIT_JOB } from './transfer-submission.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { transferStates } from './banking.rules.js';
import { accountsInReach, findTransfer, ledgerOwner, transfersInReach, updateTransfer } from './banking.repo.js';
import { toTransferView, type CreateTransferInput } from './banking.schemas.js';
import { assertMayMoveMoney } from '../companies/company-status.js';
import type { Clock } from '../../jobs/clock.js';
import { TRANSFER_AUTOPILOT_JOB, type TransferAutopilotPayload } from './banking.jobs.js';

export interface TransferDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
  /** SANDBOX_AUTOPILOT: each new transfer gets a durable job that plays its provider (banking.jobs.ts). */
  autopilot?: { delayMs: number };
  /** Group commit of creates per origin account (absent: one transaction per create). */
  batcher?: TransactionBatcher;
}

/**
 * POST /v1/banking/internal-transfers (product.md §7). Both accounts are read (within reach) before any
 * transaction; then one transaction claims the request_id, records the transfer and
 * `internal-transfer.created`, and holds the amount on the origin (INTERNAL_TRANSFER_HOLD: available -> held,
 * never below zero). That transaction is batched with the other creates from the same origin account
 * (TransactionBatcher: one commit, one row lock per batch), with the job that submits it should this request
 * die first. The provider is called after the commit (transfer-submission.ts).
 */
export async function createTransfer(deps: TransferDeps, ctx: RequestContext, principal: CompanyPrincipal, input: CreateTransferInput) {
  const id = randomUUID();
  const found = await deps.db
    .select()
    .from(bankAccounts)
    .where(and(inArray(bankAccounts.id, [input.origin_bank_account_id, input.destination_bank_account_id]), accountsInReach(principal)));
  const origin = found.find((a) => a.id === input.origin_bank_account_id);
  if (!origin) throw notFound('Origin bank account');
  const destination = found.find((a) => a.id === input.destination_bank_account_id);
  if (!destination) throw notFound('Destination bank account');
  if (origin.id === destination.id) {
    throw badRequest('The destination must be a different account than the origin', 'destination_bank_account_id', destination.id);
  }
  if (origin.provider !== destination.provider) {
    throw badRequest('Internal transfers move money within one provider; the accounts belong to different providers', 'destination_bank_account_id', destination.id);
  }
  const now = deps.clock.now(origin.organizationId);
  const work = (tx: Tx) => createInTx(tx, deps, now, ctx, principal, input, id, origin, destination);
  const created = deps.batcher ? await deps.batcher.run(origin.id, work) : await deps.db.transaction(work);
  if (created.replayed) return created;
  return { row: await submitToProvider(deps, ctx.requestId, created.row, origin, destination), replayed: false };
}

async function createInTx(tx: Tx, deps: TransferDeps, now: Date, ctx: RequestContext, principal: CompanyPrincipal, input: CreateTransferInput, id: string, origin: BankAccountRow, destination: BankAccountRow) {
  const existing = await claimRequestId(tx, { companyId: principal.companyId, scope: 'internal-transfer', requestId: input.request_id, body: input, resourceId: id });
  if (existing) {
    const row = await findTransfer(tx, eq(internalTransfers.id, existing));
    if (!row) throw notFound('Internal transfer');
    return { row, replayed: true };
  }
  await assertMayMoveMoney(tx, [principal.companyId, origin.companyId]);
  const [row] = await tx
    .insert(internalTransfers)
    .values({
      id,
      requestId: input.request_id,
      companyId: origin.companyId,
      organizationId: origin.organizationId,
      destinationCompanyId: destination.companyId,
      originBankAccountId: origin.id,
      destinationBankAccountId: destination.id,
      provider: origin.provider,
      amount: input.amount,
      status: 'PENDING',
      metadata: input.metadata ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  // The recovery point: if this request dies before the provider has the transfer, this job submits it
  // (under the same idempotency key); when the request did submit, the job finds nothing to do.
  // Provider work runs on real time (not the organization's sandbox clock).
  const at = deps.clock.now();
  await enqueueJob(tx, { kind: TRANSFER_SUBMIT_JOB, runAt: new Date(at.getTime() + SUBMIT_RECOVERY_AFTER_MS), payload: { transferId: id }, dedupeKey: `${TRANSFER_SUBMIT_JOB}:${id}` }, at);
  await recordEvent(tx, { type: 'internal-transfer.created', companyId: row.companyId, organizationId: row.organizationId, correlationId: ctx.requestId, payload: toTransferView(row) }, now);
  // The hold comes last: it locks the origin's balance row until commit. Too little available balance rolls
  // back the transfer and its event with it (in a batch: only this request's savepoint).
  try {
    await hold(tx, { code: 'INTERNAL_TRANSFER_HOLD', source: transferSource(id), account: { id: origin.id, owner: ledgerOwner(origin) }, amount: input.amount, now });
  } catch (err) {
    if (err instanceof InsufficientBalanceError) throw conflict('The amount is above the available balance of the origin account', 'amount', input.amount);
    throw err;
  }
  if (deps.autopilot) {
    const payload: TransferAutopilotPayload = { transferId: id, delayMs: deps.autopilot.delayMs };
    await enqueueJob(tx, { kind: TRANSFER_AUTOPILOT_JOB, runAt: new Date(now.getTime() + deps.autopilot.delayMs), payload: { ...payload }, dedupeKey: `${TRANSFER_AUTOPILOT_JOB}:${id}`, organizationId: row.organizationId }, now);
  }
  return { row, replayed: false };
}

const transferSource = (id: string) => ({ type: 'INTERNAL_TRANSFER' as const, id });

/**
 * A status the provider reports, applied in its own transaction: legal moves only (409 otherwise); COMPLETED
 * settles the hold to the destination, FAILED releases it; `internal-transfer.status-changed` is recorded with it.
 */
export async function applyStatusReport({ db, clock }: Pick<TransferDeps, 'db' | 'clock'>, correlationId: string, report: TransferStatusReport | { transferId: string; status: 'PENDING'; errorMessage?: string }): Promise<InternalTransferRow> {
  return db.transaction(async (tx) => {
    const row = await findTransfer(tx, eq(internalTransfers.id, report.transferId), true);
    if (!row) throw notFound('Internal transfer');
    const now = clock.now(row.organizationId);
    transferStates.assert(row.status, report.status);
    const errorMessage = report.status === 'FAILED' ? (report.errorMessage ?? 'The provider failed the transfer') : null;
    const updated = await updateTransfer(tx, row.id, { status: report.status, errorMessage }, now);
    await recordEvent(tx, {
      type: 'internal-transfer.status-changed',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId,
      payload: { internal_transfer_id: row.id, old_status: row.status, new_status: report.status, ...(errorMessage ? { error_message: errorMessage } : {}) },
    }, now);
    if (report.status === 'COMPLETED' || report.status === 'FAILED') {
      // The hold taken at creation is spent exactly once: posted to the destination, or voided. Last, so the
      // balance rows it locks (the origin's is shared by every transfer from it) are held until commit only.
      const source = transferSource(row.id);
      if (report.status === 'COMPLETED') {
        const owner = { provider: row.provider, companyId: row.destinationCompanyId, organizationId: row.organizationId };
        await postHold(tx, { holdSource: source, code: 'INTERNAL_TRANSFER_COMPLETED', source, credits: [creditAvailable({ id: row.destinationBankAccountId, owner }, row.amount)], now });
      } else {
        await voidHold(tx, { holdSource: source, code: 'INTERNAL_TRANSFER_RELEASED', source, now });
      }
    }
    return updated;
  });
}

export async function getTransfer(db: Database, principal: CompanyPrincipal, id: string): Promise<InternalTransferRow> {
  const row = await findTransfer(db, and(eq(internalTransfers.id, id), transfersInReach(principal))!);
  if (!row) throw notFound('Internal transfer');
  return row;
}

export { submitToProvider };
