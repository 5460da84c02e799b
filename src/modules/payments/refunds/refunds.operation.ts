import type { Executor } from '../../../db/client.js';
import type { ProviderOperationRow, RefundRow } from '../../../db/schema/index.js';
import { enqueueJob } from '../../../jobs/queue.js';
import { DomainError } from '../../../kernel/errors.js';
import type { OperationHandler, OperationHandlers } from '../../../kernel/provider-operation.js';
import { isProviderError } from '../../../providers/errors.js';
import type { RefundResult } from '../../../providers/payments.js';
import { REFUND_FAILURE_CODES, type RefundFailureCode } from './refunds.rules.js';
import { findRefund, updateRefund } from './refunds.repo.js';
import { findTransactionRow } from '../shared/transactions.repo.js';
import { providerExtras } from '../shared/provider-extras.js';
import { PROVIDER_NAMES } from '../../../providers/port.js';

const BUILT_IN: ReadonlySet<string> = new Set(PROVIDER_NAMES);
import {
  REFUND_OPERATION,
  REFUND_SYNC_JOB,
  refundFailure,
  settleRefundIn,
  type RefundCall,
  type RefundDeps,
  type RefundSyncPayload,
} from './refunds.service.js';

/** R5.1: a refund not acknowledged is submitted again (same key) for 7 days. */
const REFUND_STOP_AFTER_MS = 7 * 24 * 3_600_000;

export const knownFailure = (code: string | undefined): RefundFailureCode =>
  (REFUND_FAILURE_CODES as readonly string[]).includes(code ?? '') ? (code as RefundFailureCode) : 'PROVIDER_DECLINED';

/** Records what the provider acknowledged (its refund id, the PIX return's end-to-end id); nothing else. */
export async function recordAcknowledged(ex: Executor, row: RefundRow, result: RefundResult, now: Date) {
  if (row.submittedAt) return;
  await updateRefund(ex, row.id, {
    providerRefundId: result.providerRefundId,
    pixReturnId: result.endToEndId ?? row.pixReturnId,
    submittedAt: now,
    updatedAt: now,
  });
}

const callOf = (op: ProviderOperationRow) => op.request as unknown as RefundCall;

/**
 * A refund handed to its provider as a provider operation (src/kernel/provider-operation.ts) whose id is the
 * refund's: `card.refund` / `pix.refund`. The answer only acknowledges it (the refund stays PENDING; its final
 * answer is applied by the refund's sync, as before); `refused` fails it in the recording transaction; an
 * unavailable or unknown answer keeps the operation open, and its recovery job submits it again under the same key.
 */
export function refundOperationHandlers(deps: RefundDeps): OperationHandlers {
  const submit: OperationHandler<RefundResult> = {
    releaseWhenUnavailable: false,
    stopAfterMs: REFUND_STOP_AFTER_MS,
    call: async (op) => {
      const call = callOf(op);
      // A real connector refunds the provider's payment (its pspReference) at the affiliation's merchant account (R2.6).
      const refund = BUILT_IN.has(op.provider) ? undefined : await findRefund(deps.db, op.resourceId);
      const transaction = refund ? await findTransactionRow(deps.db, refund.transactionId) : undefined;
      const extras = transaction ? await providerExtras(deps.db, transaction) : {};
      return deps.providers.require(
        op.provider,
        call.rail === 'PIX' ? 'pix.refund' : 'card.refund',
      )({
        ...extras,
        idempotencyKey: op.id,
        paymentKey: call.paymentKey,
        amount: call.amount,
        reason: call.reason,
        ...(call.endToEndId ? { endToEndId: call.endToEndId } : {}),
        ...(call.description ? { description: call.description } : {}),
      });
    },
    succeeded: async (tx, op, result, now) => {
      const row = await findRefund(tx, op.resourceId, true);
      if (!row) return;
      await recordAcknowledged(tx, row, result, deps.clock.now(row.organizationId));
      // A final answer already: the sync applies it (autopilot or polling), as for any acknowledged refund.
      if (row.status === 'PENDING' && result.status !== 'PENDING' && (deps.pollProviders || deps.autopilot)) {
        const payload: RefundSyncPayload = { refundId: row.id, settle: true };
        await enqueueJob(
          tx,
          {
            kind: REFUND_SYNC_JOB,
            runAt: now,
            payload: { ...payload },
            dedupeKey: `${REFUND_SYNC_JOB}:${row.id}:answered`,
          },
          now,
        );
      }
    },
    refused: async (tx, op, err) => {
      const row = await findRefund(tx, op.resourceId);
      // Settled meanwhile (the sandbox control): nothing to fail.
      if (!row || row.status !== 'PENDING') return;
      const failure = isProviderError(err)
        ? refundFailure(knownFailure(err.code), err.message)
        : refundFailure('PROVIDER_DECLINED');
      await settleRefundIn(tx, deps.clock, `refund-${row.id}`, row, 'FAILED', failure).catch((e: unknown) => {
        if (e instanceof DomainError && e.code === 'CONFLICT_ERROR') return undefined;
        throw e;
      });
    },
  };
  return { [REFUND_OPERATION]: submit };
}
