import type { Tx } from '../../../db/client.js';
import { paymentKeyOf } from './attempts.rules.js';
import type { JobRow, TransactionRow } from '../../../db/schema/index.js';
import { DomainError } from '../../../kernel/errors.js';
import { derivedOperationId } from '../../../kernel/provider-operation.rules.js';
import { releaseRequest } from '../../../kernel/idempotency.js';
import type { JobRegistrations, JobResult } from '../../../jobs/registry.js';
import { ProviderError } from '../../../providers/errors.js';
import type { CardPaymentResult, SyncCardRequest } from '../../../providers/payments.js';
import { backoff } from '../../banking/banking.jobs.js';
import type { TransactionDeps } from '../shared/transactions.context.js';
import { TRANSACTION_SCOPE } from './transactions.create.js';
import { moveTransaction } from '../shared/transactions.moves.js';
import {
  announce,
  cardResultChanges,
  PIX_AUTOPILOT_JOB,
  TRANSACTION_RECOVER_JOB,
  TRANSACTION_SYNC_JOB,
} from './transactions.outcome.js';
import { sandboxEndToEndId } from '../pix/transactions.pix.js';
import { approvePixPayment } from '../pix/pix-payment.js';
import { pixSyncJobs } from '../pix/pix-sync.jobs.js';
import { deleteUnannounced, findTransactionRow, lockTransactionRow } from '../shared/transactions.repo.js';
import { pixPayment, refusal } from '../shared/transactions.rules.js';
import { closeAttemptOperations } from '../../routing/index.js';
import {
  forgetKeptAuthorizations,
  keptAuthorization,
  mayHaveKeptAuthorization,
} from '../shared/kept-authorizations.repo.js';
import { replayDelayMs, replayStep } from './replay.rules.js';

/** How long a sync keeps asking when the provider has nothing under our id. */
export const NOT_FOUND_PATIENCE_MS = 60_000;

/** The sandbox payer of an autopilot PIX payment when the transaction names no customer. */
export const SANDBOX_PAYER = { name: 'Pagador Sandbox', document_number: '52998224725' };

const payloadId = (job: JobRow) => (job.payload as { transactionId: string }).transactionId;
const retryLater = (job: JobRow, now: Date, err: unknown): JobResult => {
  if (err instanceof ProviderError && err.kind !== 'refused') return { rescheduleAt: backoff(job, now) };
  throw err;
};
/** A move the transaction no longer accepts (a control moved it meanwhile) is dropped. */
const dropIllegalMove = (err: unknown) => {
  if (err instanceof DomainError && err.code === 'CONFLICT_ERROR') return undefined;
  throw err;
};

/**
 * The transactions area's job kinds (registered by the composition root):
 * - `transaction.sync` {transactionId}: a PROCESSING card transaction asks the provider (card.sync) and moves
 *   to its answer; still processing or unreachable: again later with backoff. Nothing at the provider under
 *   our id: nothing was authorized, REFUSED `PROCESSING_ERROR` (retryable). At a provider without a payment read
 *   (ADYEN_CHECKOUT) the ask is the replay of the attempt's kept request (R5.1), on the standard schedule, until
 *   24 h after creation: then it stops and the transaction stays PROCESSING.
 * - `transaction.recover` {transactionId}: the recovery point recorded before every provider call. A row still
 *   unannounced (the process died around the call) is settled from the provider's record, or deleted when the
 *   provider has none (its request_id claim forgotten, so a retry starts afresh).
 * - `transaction.pix-autopilot` {transactionId}: SANDBOX_AUTOPILOT pays a PIX of at most 50000 (P9).
 */
export function transactionJobs(deps: TransactionDeps): JobRegistrations {
  const { db, clock, providers } = deps;
  return {
    ...pixSyncJobs(deps),
    [TRANSACTION_SYNC_JOB]: async (job) => {
      const row = await findTransactionRow(db, payloadId(job));
      if (!row || !row.announced || row.status !== 'PROCESSING') return;
      const now = clock.now(row.organizationId);
      const kept = mayHaveKeptAuthorization(row) ? await keptAuthorization(db, paymentKeyOf(row)) : null;
      if (kept && replayStep(kept.expiresAt, now) === 'stop') {
        // R5.1: 24 h after creation the replays stop; the transaction stays PROCESSING (OUTCOME_UNKNOWN) and a
        // later notification still resolves it. The kept request goes.
        await forgetKeptAuthorizations(db, row.id);
        return;
      }
      // A replaying sync follows R5.1's standard schedule; a read keeps its backoff.
      const later = (): JobResult => ({
        rescheduleAt: kept
          ? new Date(now.getTime() + replayDelayMs(now.getTime() - job.createdAt.getTime()))
          : backoff(job, now),
      });
      let synced;
      try {
        synced = await providers.require(row.provider, 'card.sync')(syncRequestOf(row, kept));
      } catch (err) {
        if (err instanceof ProviderError && err.kind !== 'refused') return later();
        throw err;
      }
      if (synced.found && synced.status === 'PROCESSING') return later();
      // Nothing under our id yet: asked again for a while (a provider's status may lag its answer) before
      // concluding nothing was authorized.
      if (!synced.found && now.getTime() - job.createdAt.getTime() < NOT_FOUND_PATIENCE_MS)
        return { rescheduleAt: backoff(job, now) };
      await db
        .transaction(async (tx) => {
          const locked = await lockTransactionRow(tx, row.id);
          if (!locked || locked.status !== 'PROCESSING') return;
          await applyCardAnswer(tx, locked, synced.found ? synced : null, clock.now(row.organizationId));
        })
        .catch(dropIllegalMove);
    },

    [TRANSACTION_RECOVER_JOB]: async (job) => {
      const row = await findTransactionRow(db, payloadId(job));
      if (!row || row.announced) return;
      const now = clock.now(row.organizationId);
      const claim = row.requestId
        ? { companyId: row.companyId, scope: TRANSACTION_SCOPE, requestId: row.requestId }
        : undefined;
      let answer: CardPaymentResult | null = null;
      try {
        if (row.paymentMethod !== 'PIX') {
          const kept = mayHaveKeptAuthorization(row) ? await keptAuthorization(db, paymentKeyOf(row)) : null;
          const serving = kept && replayStep(kept.expiresAt, now) === 'replay' ? kept : null;
          const synced = await providers.require(row.provider, 'card.sync')(syncRequestOf(row, serving));
          answer = synced.found ? synced : null;
        } else {
          // The charge's BR Code needs what only the create knew (expiry): a stranded charge is canceled.
          const synced = await providers.require(row.provider, 'pix.sync')({ idempotencyKey: paymentKeyOf(row) });
          // The cancel has its own key (fixed, so every retry of this job sends the same one); the charge is the row's.
          if (synced.found && synced.status === 'WAITING_PAYMENT')
            await providers.require(
              row.provider,
              'pix.cancel',
            )({ idempotencyKey: derivedOperationId(row.id, 'pix.recover-cancel'), chargeKey: paymentKeyOf(row) });
        }
      } catch (err) {
        return retryLater(job, now, err);
      }
      if (!answer) {
        await deleteUnannounced(db, row.id);
        // Nothing kept at the provider: a card's attempt never landed; a PIX charge that did was canceled above.
        await closeAttemptOperations(
          db,
          row.id,
          row.paymentMethod === 'PIX' ? 'FAILED' : 'RELEASED',
          'recovery: nothing kept at the provider',
          now,
        );
        if (claim) await releaseRequest(db, claim, 'forget', now);
        return;
      }
      const found = answer;
      await db.transaction(async (tx) => {
        const locked = await lockTransactionRow(tx, row.id);
        if (!locked || locked.announced) return;
        // The same outcome recording as the create's own (announceOutcomes, a batch of one), its claim completed.
        await announce(tx, locked, cardResultChanges(found, locked, now), {
          now,
          realNow: clock.now(),
          correlationId: job.id,
          autopilot: deps.autopilot,
          syncNow: true,
          ...(claim ? { claim } : {}),
        });
        await closeAttemptOperations(tx, row.id, 'SUCCEEDED', 'recovery: found at the provider', now);
      });
    },

    [PIX_AUTOPILOT_JOB]: async (job) => {
      const row = await findTransactionRow(db, payloadId(job));
      if (!row || row.status !== 'WAITING_PAYMENT' || !row.pix) return;
      await db
        .transaction(async (tx) => {
          const locked = await lockTransactionRow(tx, row.id);
          if (!locked || locked.status !== 'WAITING_PAYMENT' || !locked.pix) return;
          const now = clock.now(locked.organizationId);
          const paid = pixPayment(locked.status, new Date(locked.pix.expires_at), now);
          if (!paid.ok) return;
          const payer =
            locked.customer?.name && locked.customer.document_number
              ? { name: locked.customer.name, document_number: locked.customer.document_number }
              : SANDBOX_PAYER;
          await approvePixPayment(
            tx,
            locked,
            { paidAt: now, endToEndId: sandboxEndToEndId(locked.id, now), amount: null, payer },
            now,
          );
        })
        .catch(dropIllegalMove);
    },
  };
}

/**
 * The sync's request: the payment's key, and at a provider without a payment read the attempt's kept request
 * (CVV-less, its card still the ev: value only the adapter opens), which its connector replays under that key
 * (R5.1). Without one (a row older than the kept requests) the connector answers `REPLAY_NEEDS_REQUEST`.
 */
function syncRequestOf(
  row: Pick<TransactionRow, 'id' | 'attempts'>,
  kept: { request: Record<string, unknown> } | null,
): SyncCardRequest {
  const request: SyncCardRequest & { authorization?: Record<string, unknown> } = {
    idempotencyKey: paymentKeyOf(row),
    ...(kept ? { authorization: kept.request } : {}),
  };
  return request;
}

/** A PROCESSING card transaction moved by the provider's answer (null: the provider has nothing under our id). */
async function applyCardAnswer(
  tx: Tx,
  row: TransactionRow,
  answer: CardPaymentResult | null,
  now: Date,
): Promise<void> {
  if (!answer) {
    const failed = refusal('PROCESSING_ERROR', 'The provider has no record of the authorization', null);
    await moveTransaction(tx, row, 'REFUSED', { kind: 'move', reason: failed.code }, now, { refusal: failed });
    return;
  }
  const { status, ...changes } = cardResultChanges(answer, row, now);
  if (status === 'PROCESSING') return;
  await moveTransaction(tx, row, status, { kind: 'move', reason: changes.refusal?.code ?? null }, now, changes);
}
