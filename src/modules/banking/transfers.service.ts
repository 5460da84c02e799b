import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { TransactionBatcher } from '../../db/batcher.js';
import { internalTransfers, type InternalTransferRow } from '../../db/schema/index.js';
import type { CompanyPrincipal, RequestContext } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { submitToProvider, type AcceptedIds } from './transfer-submission.js';
import type { OperationRuntime } from '../../kernel/provider-operation.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { findTransfer, transfersInReach } from './banking.repo.js';
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

export { applyStatusReport, applyStatusReportIn } from './transfer-status.js';

export async function getTransfer(db: Database, principal: CompanyPrincipal, id: string): Promise<InternalTransferRow> {
  const row = await findTransfer(db, and(eq(internalTransfers.id, id), transfersInReach(principal))!);
  if (!row) throw notFound('Internal transfer');
  return row;
}

export { submitToProvider };
