import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { TransactionBatcher } from '../../db/batcher.js';
import { postHold, voidHold } from '../../ledger/ledger.js';
import { creditAvailable } from '../../ledger/rules.js';
import { internalTransfers, type InternalTransferRow } from '../../db/schema/index.js';
import type { CompanyPrincipal, RequestContext } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { recordEvent } from '../../events/outbox.js';
import type { TransferStatusReport } from '../../providers/banking.js';
import { submitToProvider, type AcceptedIds } from './transfer-submission.js';
import type { OperationRuntime } from '../../kernel/provider-operation.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { transferStates } from './banking.rules.js';
import { findTransfer, transfersInReach, updateTransfer } from './banking.repo.js';
import type { CreateTransferInput } from './banking.schemas.js';
import type { Clock } from '../../kernel/clock.js';
import { createTransfersHandler, type CreatedTransfer, type TransferCreate } from './transfer-create.js';

export interface TransferDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
  /** SANDBOX_AUTOPILOT: each new transfer gets a durable job that plays its provider (banking.jobs.ts). */
  autopilot?: { delayMs: number };
  /** Group commit of creates per origin account (absent: one transaction per create). */
  batcher?: TransactionBatcher<TransferCreate, CreatedTransfer>;
  /** Group commit of the provider's ids recorded after the submissions, per origin account (absent: one update each). */
  recorder?: TransactionBatcher<AcceptedIds, InternalTransferRow>;
  /** How provider operations run (src/kernel/provider-operation.ts): the database, real time, the job queue. */
  operations: OperationRuntime;
}

/**
 * POST /v1/banking/internal-transfers (product.md §7). The create joins its origin account's batch
 * (TransactionBatcher: alone when nothing queues; otherwise with every create from that origin that arrived
 * while the previous batch committed). The batch, set-based in one transaction (transfer-create.ts), reads
 * both accounts of each create within its caller's reach with the companies' statuses (404, 400 and 409
 * answers), claims the request_ids, holds the amounts on the origin (INTERNAL_TRANSFER_HOLD: available ->
 * held, never below zero), records the transfers,
 * their provider operations with their recovery jobs, and `internal-transfer.created`. The provider is called
 * after the commit (transfer-submission.ts).
 */
export async function createTransfer(
  deps: TransferDeps,
  ctx: RequestContext,
  principal: CompanyPrincipal,
  input: CreateTransferInput,
) {
  const item: TransferCreate = { ctx, principal, input, id: randomUUID() };
  const created = deps.batcher
    ? await deps.batcher.run(input.origin_bank_account_id, item)
    : await createAlone(deps, item);
  if (created.replayed || !created.op) return created;
  return { row: await submitToProvider(deps, created.row, created.op), replayed: false };
}

async function createAlone(deps: TransferDeps, item: TransferCreate): Promise<CreatedTransfer> {
  const [outcome] = await deps.db.transaction((tx) => createTransfersHandler(deps)(tx, [item]));
  if (!outcome) throw new Error('the transfer handler answered no outcome for its one item');
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

const transferSource = (id: string) => ({ type: 'INTERNAL_TRANSFER' as const, id });

/**
 * A status the provider reports, applied in its own transaction: legal moves only (409 otherwise); COMPLETED
 * settles the hold to the destination, FAILED releases it; `internal-transfer.status-changed` is recorded with it.
 */
export async function applyStatusReport(
  { db, clock }: Pick<TransferDeps, 'db' | 'clock'>,
  correlationId: string,
  report: StatusReport,
): Promise<InternalTransferRow> {
  return db.transaction((tx) => applyStatusReportIn(tx, clock, correlationId, report));
}

type StatusReport = TransferStatusReport | { transferId: string; status: 'PENDING'; errorMessage?: string };

/** applyStatusReport inside the caller's transaction (a provider operation's recording). */
export async function applyStatusReportIn(
  tx: Tx,
  clock: Clock,
  correlationId: string,
  report: StatusReport,
): Promise<InternalTransferRow> {
  const row = await findTransfer(tx, eq(internalTransfers.id, report.transferId), true);
  if (!row) throw notFound('Internal transfer');
  const now = clock.now(row.organizationId);
  transferStates.assert(row.status, report.status);
  const errorMessage = report.status === 'FAILED' ? (report.errorMessage ?? 'The provider failed the transfer') : null;
  const updated = await updateTransfer(tx, row.id, { status: report.status, errorMessage }, now);
  await recordEvent(
    tx,
    {
      type: 'internal-transfer.status-changed',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId,
      payload: {
        internal_transfer_id: row.id,
        old_status: row.status,
        new_status: report.status,
        ...(errorMessage ? { error_message: errorMessage } : {}),
      },
    },
    now,
  );
  if (report.status === 'COMPLETED' || report.status === 'FAILED') {
    // The hold taken at creation is spent exactly once: posted to the destination, or voided. Last, so the
    // balance rows it locks (the origin's is shared by every transfer from it) are held until commit only.
    const source = transferSource(row.id);
    if (report.status === 'COMPLETED') {
      const owner = { provider: row.provider, companyId: row.destinationCompanyId, organizationId: row.organizationId };
      await postHold(tx, {
        holdSource: source,
        code: 'INTERNAL_TRANSFER_COMPLETED',
        source,
        credits: [creditAvailable({ id: row.destinationBankAccountId, owner }, row.amount)],
        now,
      });
    } else {
      await voidHold(tx, { holdSource: source, code: 'INTERNAL_TRANSFER_RELEASED', source, now });
    }
  }
  return updated;
}

export async function getTransfer(db: Database, principal: CompanyPrincipal, id: string): Promise<InternalTransferRow> {
  const row = await findTransfer(db, and(eq(internalTransfers.id, id), transfersInReach(principal))!);
  if (!row) throw notFound('Internal transfer');
  return row;
}

export { submitToProvider };
