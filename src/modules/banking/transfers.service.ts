import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { internalTransfers, bankAccounts, type InternalTransferRow } from '../../db/schema/index.js';
import type { CompanyPrincipal, RequestContext } from '../../http/context.js';
import { badRequest, conflict, invalidState, notFound } from '../../http/errors.js';
import { claimRequestId } from '../../http/idempotency.js';
import { recordEvent } from '../../events/outbox.js';
import { bankingOf, type TransferStatusReport } from '../../providers/banking.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import type { ProviderName } from '../../providers/port.js';
import { canMoveTransfer } from './banking.rules.js';
import { accountsInReach, applyPosting, findAccount, findTransfer, transfersInReach, updateTransfer } from './banking.repo.js';
import { toTransferView, type CreateTransferInput } from './banking.schemas.js';

export interface TransferDeps {
  db: Database;
  providers: ProviderRegistry;
  /** Called after the provider accepted a transfer (the sandbox autopilot). */
  onSubmitted?: (transferId: string) => void;
}

/**
 * POST /v1/banking/internal-transfers (product.md §7): one transaction claims the request_id, checks both
 * accounts, holds the amount on the origin (a conditional update: never below zero) and records
 * `internal-transfer.created`. The provider is called after the commit, never inside it.
 */
export async function createTransfer(deps: TransferDeps, ctx: RequestContext, principal: CompanyPrincipal, input: CreateTransferInput) {
  const id = randomUUID();
  const created = await deps.db.transaction(async (tx) => {
    const existing = await claimRequestId(tx, { companyId: principal.companyId, scope: 'internal-transfer', requestId: input.request_id, body: input, resourceId: id });
    if (existing) {
      const row = await findTransfer(tx, eq(internalTransfers.id, existing));
      if (!row) throw notFound('Internal transfer');
      return { row, replayed: true };
    }
    const origin = await findAccount(tx, and(eq(bankAccounts.id, input.origin_bank_account_id), accountsInReach(principal))!);
    if (!origin) throw notFound('Origin bank account');
    const destination = await findAccount(tx, and(eq(bankAccounts.id, input.destination_bank_account_id), accountsInReach(principal))!);
    if (!destination) throw notFound('Destination bank account');
    if (origin.id === destination.id) {
      throw badRequest('The destination must be a different account than the origin', 'destination_bank_account_id', destination.id);
    }
    if (origin.provider !== destination.provider) {
      throw badRequest('Internal transfers move money within one provider; the accounts belong to different providers', 'destination_bank_account_id', destination.id);
    }
    const now = new Date();
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
    await recordEvent(tx, { type: 'internal-transfer.created', companyId: row.companyId, organizationId: row.organizationId, correlationId: ctx.requestId, payload: toTransferView(row) });
    // The hold comes last: its conditional update locks the origin account row until commit, and every
    // transfer from that account waits on that lock, so nothing else runs while it is held. Too little
    // available balance rolls back the transfer and its event with it.
    if (!(await applyPosting(tx, 'HOLD', input.amount, { origin: origin.id }, id))) {
      throw conflict('The amount is above the available balance of the origin account', 'amount', input.amount);
    }
    return { row, replayed: false, origin, destination };
  });
  if (created.replayed || !created.origin || !created.destination) return created;
  return { row: await submitToProvider(deps, ctx.requestId, created.row, created.origin, created.destination), replayed: false };
}

/** Hands the committed transfer to its provider; a refusal fails it (releasing the hold) in its own transaction. */
export async function submitToProvider(
  deps: TransferDeps,
  correlationId: string,
  row: InternalTransferRow,
  origin: { branch: string; accountNumber: string },
  destination: { branch: string; accountNumber: string },
): Promise<InternalTransferRow> {
  try {
    const banking = bankingOf(deps.providers.get(row.provider as ProviderName));
    const res = await banking.submitInternalTransfer({
      transferId: row.id,
      amount: row.amount,
      origin: { branch: origin.branch, accountNumber: origin.accountNumber },
      destination: { branch: destination.branch, accountNumber: destination.accountNumber },
    });
    const updated = await updateTransfer(deps.db, row.id, { providerTransferId: res.providerTransferId, externalRequestId: res.externalRequestId });
    deps.onSubmitted?.(row.id);
    return updated;
  } catch (err) {
    const message = err instanceof Error ? `The provider refused the transfer: ${err.message}` : 'The provider refused the transfer';
    return applyStatusReport(deps.db, correlationId, { transferId: row.id, status: 'FAILED', errorMessage: message });
  }
}

/**
 * A status the provider reports, applied in its own transaction: legal moves only (409 otherwise); COMPLETED
 * settles the hold to the destination, FAILED releases it; `internal-transfer.status-changed` is recorded with it.
 */
export async function applyStatusReport(db: Database, correlationId: string, report: TransferStatusReport | { transferId: string; status: 'PENDING'; errorMessage?: string }): Promise<InternalTransferRow> {
  return db.transaction(async (tx) => {
    const row = await findTransfer(tx, eq(internalTransfers.id, report.transferId), true);
    if (!row) throw notFound('Internal transfer');
    if (!canMoveTransfer(row.status, report.status)) {
      throw invalidState(`An internal transfer cannot move from ${row.status} to ${report.status}`, { field: 'status', value: report.status });
    }
    if (report.status === 'COMPLETED' || report.status === 'FAILED') {
      const kind = report.status === 'COMPLETED' ? 'SETTLE' : 'RELEASE';
      const ok = await applyPosting(tx, kind, row.amount, { origin: row.originBankAccountId, destination: row.destinationBankAccountId }, row.id);
      // The hold was taken at creation and only this move spends it: failing here is a broken invariant.
      if (!ok) throw new Error(`ledger invariant broken: hold of transfer ${row.id} is missing`);
    }
    const errorMessage = report.status === 'FAILED' ? (report.errorMessage ?? 'The provider failed the transfer') : null;
    const updated = await updateTransfer(tx, row.id, { status: report.status, errorMessage });
    await recordEvent(tx, {
      type: 'internal-transfer.status-changed',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId,
      payload: { internal_transfer_id: row.id, old_status: row.status, new_status: report.status, ...(errorMessage ? { error_message: errorMessage } : {}) },
    });
    return updated;
  });
}

export async function getTransfer(db: Database, principal: CompanyPrincipal, id: string): Promise<InternalTransferRow> {
  const row = await findTransfer(db, and(eq(internalTransfers.id, id), transfersInReach(principal))!);
  if (!row) throw notFound('Internal transfer');
  return row;
}
