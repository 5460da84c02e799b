import type { Tx } from '../../../db/client.js';
import type { ProviderOperationRow, TransactionRow } from '../../../db/schema/index.js';
import { enqueueJob } from '../../../jobs/queue.js';
import type { Clock } from '../../../kernel/clock.js';
import type { OperationHandler, OperationHandlers, OperationRuntime } from '../../../kernel/provider-operation.js';
import type { ProviderRegistry } from '../../../providers/registry.js';
import type { Database } from '../../../db/client.js';
import { feeUnderPolicy } from '../../fees/effective-fee.js';
import { findTransactionRow, lockTransactionRow } from '../shared/transactions.repo.js';
import { recordOperationDiscrepancy, syncDiscrepancy } from './operations.discrepancy.js';
import { providerExtras } from '../shared/provider-extras.js';
import { PROVIDER_NAMES } from '../../../providers/port.js';

const BUILT_IN: ReadonlySet<string> = new Set(PROVIDER_NAMES);
import { moveTransaction } from '../shared/transactions.moves.js';
import { postApproval } from '../shared/transactions.ledger.js';
import type { CancelReason } from '../shared/transactions.states.js';

/**
 * The provider operations of a transaction's exit (capture, cancel, the authorization's expiry) on the
 * kernel's primitive (src/kernel/provider-operation.ts). Each has its own id, sent as the idempotency key;
 * the payment is named by `paymentKey` (the authorization's key, the transaction id).
 */
export const CAPTURE_OPERATION = 'transaction.capture';
export const CANCEL_OPERATION = 'transaction.cancel';
export const TRANSACTION_RESOURCE = 'TRANSACTION';

export interface CaptureRequest {
  amount: number;
  paymentKey?: string;
}
export interface CancelRequest {
  reason: CancelReason;
  rail: 'CARD' | 'PIX';
  paymentKey?: string;
}

export interface OperationHandlerDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
}

/** Provider work runs on real time; jobs go through the queue in the claiming transaction. */
export const operationRuntime = (deps: Pick<OperationHandlerDeps, 'db' | 'clock'>): OperationRuntime => ({
  db: deps.db,
  now: () => deps.clock.now(),
  enqueue: enqueueJob,
});

/** The payment's key at the provider: the deciding attempt's (R6.8), the transaction id for operations claimed before attempts. */
const paymentKeyOfOp = (op: ProviderOperationRow) =>
  typeof op.request.paymentKey === 'string' ? op.request.paymentKey : op.resourceId;
const captureOf = (op: ProviderOperationRow) => op.request as unknown as CaptureRequest;
const cancelOf = (op: ProviderOperationRow) => op.request as unknown as CancelRequest;

/**
 * The capture the provider confirmed, in the recording transaction. Idempotent: a transaction no longer
 * AUTHORIZED (a provider event got there first) is left as it is.
 */
async function recordCapture(tx: Tx, clock: Clock, op: ProviderOperationRow): Promise<void> {
  const row = await lockTransactionRow(tx, op.resourceId);
  if (!row || row.status !== 'AUTHORIZED') return;
  await captureApproved(tx, row, captureOf(op).amount, clock.now(row.organizationId));
}

/** A locked AUTHORIZED transaction captured for `amount` (the capture's recording, or a provider's CAPTURE event). */
export async function captureApproved(tx: Tx, row: TransactionRow, amount: number, at: Date): Promise<TransactionRow> {
  if (amount < row.amount && row.bankAccountId) {
    // money.md M2: a partial capture books only what was captured, its fee evaluated again on that amount
    // with the policy stored at creation; the move's own approval posting then replays this one.
    const fee = await feeUnderPolicy(tx, row.fee?.fee_policy_id ?? null, {
      amount,
      payment_method: row.paymentMethod,
      installments: row.installments,
      card_data: { brand: row.cardData?.brand ?? undefined },
    });
    await postApproval(tx, { ...row, capturedAmount: amount }, at, { amount, fee: fee?.amount ?? 0 });
  }
  return moveTransaction(tx, row, 'APPROVED', { kind: 'move' }, at, { capturedAmount: amount, capturedAt: at });
}

export function transactionOperationHandlers(deps: OperationHandlerDeps): OperationHandlers {
  // Claims lock the transaction row first (operations.service.ts claimExit): recording does the same.
  const lockResource = (tx: Tx, op: ProviderOperationRow) => lockTransactionRow(tx, op.resourceId);
  // A real connector acts on the provider's reference of the payment, at the affiliation's merchant account (R2.6).
  const extrasOf = async (op: ProviderOperationRow) => {
    if (BUILT_IN.has(op.provider)) return {};
    const row = await findTransactionRow(deps.db, op.resourceId);
    return row ? providerExtras(deps.db, row) : {};
  };
  /** R5.2: an answer contradicting a state the transaction reached another way moves nothing and is reported. */
  const contradicts = async (
    tx: Tx,
    op: ProviderOperationRow,
    operation: 'capture' | 'cancel',
    answer: 'succeeded' | 'refused',
  ): Promise<boolean> => {
    const row = await lockTransactionRow(tx, op.resourceId);
    if (!row) return true;
    const kind = syncDiscrepancy(operation, answer, row.status, operation === 'cancel' ? cancelOf(op).rail : 'CARD');
    if (!kind) return false;
    const detail = `The provider ${answer === 'succeeded' ? 'confirmed' : 'refused'} the ${operation} (operation ${op.id}) of a transaction already ${row.status}`;
    await recordOperationDiscrepancy(tx, row, kind, op.provider, op.id, detail, deps.clock.now(row.organizationId));
    return true;
  };
  const capture: OperationHandler = {
    lockResource,
    call: async (op) =>
      deps.providers.require(
        op.provider,
        'card.capture',
      )({
        ...(await extrasOf(op)),
        idempotencyKey: op.id,
        paymentKey: paymentKeyOfOp(op),
        amount: captureOf(op).amount,
      }),
    succeeded: async (tx, op) => {
      if (!(await contradicts(tx, op, 'capture', 'succeeded'))) await recordCapture(tx, deps.clock, op);
    },
    refused: async (tx, op) => {
      await contradicts(tx, op, 'capture', 'refused');
    },
  };
  const cancel: OperationHandler = {
    lockResource,
    call: async (op) =>
      cancelOf(op).rail === 'PIX'
        ? deps.providers.require(op.provider, 'pix.cancel')({ idempotencyKey: op.id, chargeKey: paymentKeyOfOp(op) })
        : deps.providers.require(
            op.provider,
            'card.void',
          )({ ...(await extrasOf(op)), idempotencyKey: op.id, paymentKey: paymentKeyOfOp(op) }),
    refused: async (tx, op) => {
      await contradicts(tx, op, 'cancel', 'refused');
    },
    succeeded: async (tx, op) => {
      if (await contradicts(tx, op, 'cancel', 'succeeded')) return;
      const row = await lockTransactionRow(tx, op.resourceId);
      // Paid (a PIX) or moved by a provider event meanwhile: nothing to undo here.
      if (!row || (row.status !== 'AUTHORIZED' && row.status !== 'WAITING_PAYMENT')) return;
      const { reason } = cancelOf(op);
      const at = deps.clock.now(row.organizationId);
      await moveTransaction(tx, row, 'CANCELED', { kind: 'move', reason }, at, {
        cancelReason: reason,
        canceledAt: at,
      });
    },
  };
  return { [CAPTURE_OPERATION]: capture, [CANCEL_OPERATION]: cancel };
}
