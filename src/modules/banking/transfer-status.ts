import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { postHold, voidHold } from '../../ledger/ledger.js';
import { creditAvailable } from '../../ledger/rules.js';
import { internalTransfers, type InternalTransferRow } from '../../db/schema/index.js';
import { notFound } from '../../kernel/errors.js';
import { recordEvent } from '../../events/outbox.js';
import type { TransferStatusReport } from '../../providers/banking.js';
import type { Clock } from '../../kernel/clock.js';
import { transferStates } from './banking.rules.js';
import { findTransfer, updateTransfer } from './banking.repo.js';
import type { TransferDeps } from './transfers.service.js';

/*
 * A transfer's status moves, apart from the use cases (transfers.service.ts) and the provider submission
 * (transfer-submission.ts) that both apply them, so neither imports the other in a circle.
 */

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
