import type { Database, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import type {
  ProviderEventEffect,
  ProviderEventResource,
  ProviderEventRow,
  ProviderOperationRow,
  TransactionRow,
} from '../../db/schema/index.js';
import { threeDsSessions } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import type { ProviderRegistry } from '../../providers/registry.js';
import { attemptId } from '../../providers/routing/draw.js';
import { claimOrphanVoid, ORPHAN_AFTER_MS, runOrphanVoid } from './orphan-void.js';
import { recordEvent } from '../../events/outbox.js';
import type { Clock } from '../../kernel/clock.js';
import { DomainError } from '../../kernel/errors.js';
import { keyOfPixId } from '../../providers/pix-api-bcb/bodies.js';
import { latestDisputeOf, moveDispute, openDisputeIn } from '../disputes/index.js';
import {
  applyCardFact,
  applyPixFactsIn,
  findRefundForFact,
  findTransactionForFact,
  lockTransactionRow,
  oldestUnreferencedRefund,
  refundByProviderId,
  settleRefundByProvider,
  announcedTransactionOf,
  type TransactionCondition,
  transactionRowExists,
  type CardFactMove,
  type PixChargeFacts,
  type PixFactsOutcome,
} from '../payments/index.js';
import {
  decideCard,
  decideDispute,
  decideRefund,
  disputeReasonOf,
  type CardTarget,
  type Decision,
} from './effects.rules.js';
import type { DiscrepancyKind, Fact, Move } from './facts.js';
import { isUuid, nextAttemptAt } from './intake.rules.js';
import { earlierUntried, findEvent, updateEvent } from './provider-events.repo.js';

/**
 * Processing of a stored provider event (providers.md R4.5): one database transaction locks the event, then the
 * resource (the transaction row first, as every move of a transaction, its refunds and disputes does), decides
 * the effect from the resource's current state (effects.rules.ts) and applies it through the owning area's
 * face, recording the event's outcome in the same transaction: an event is applied once, whoever runs it.
 */
export interface ProcessDeps {
  db: Database;
  clock: Clock;
  /** To void an orphan authorization at once (R2.9); without it the operation's recovery job makes the call. */
  providers?: ProviderRegistry;
}

interface Outcome {
  status: 'PROCESSED' | 'UNMATCHED' | 'IGNORED';
  effect: ProviderEventEffect | null;
  resourceType: ProviderEventResource | null;
  resourceId: string | null;
  organizationId: string | null;
  detail: string | null;
  /** An orphan void claimed in the processing transaction, called once it committed (R2.9). */
  voidOp?: ProviderOperationRow | null;
}

const FINAL = new Set(['PROCESSED', 'IGNORED']);
export const ORDER_WAIT_MS = 30_000;

/** Processes the event now (the job, or staff's reprocess). Returns the event as it ends. */
export async function processEvent(deps: ProcessDeps, eventId: string): Promise<ProviderEventRow | undefined> {
  let claimed: ProviderOperationRow | null = null;
  try {
    const processed = await deps.db.transaction(async (tx) => {
      const ev = await findEvent(tx, eventId, true);
      if (!ev || FINAL.has(ev.status)) return ev;
      const now = deps.clock.now();
      // R4.5: in the order received. An event waits (stays PENDING) while one received before it at the same account
      // has not been tried yet, for at most ORDER_WAIT_MS (a stuck earlier event never blocks the account).
      if (
        ev.status === 'PENDING' &&
        now.getTime() - ev.createdAt.getTime() < ORDER_WAIT_MS &&
        (await earlierUntried(tx, ev))
      )
        return ev;
      const { voidOp, ...outcome } = await decideAndApply(tx, deps.clock, ev);
      if (voidOp) claimed = voidOp;
      const waiting = outcome.status === 'UNMATCHED';
      return updateEvent(tx, ev.id, {
        ...outcome,
        tries: ev.tries + 1,
        nextAttemptAt: waiting ? nextAttemptAt(ev.createdAt, now) : null,
        lastError: null,
        processedAt: waiting ? null : now,
        updatedAt: now,
      });
    });
    // R2.9: the orphan's void, outside any transaction; a failure leaves it to the operation's recovery job.
    if (claimed && deps.providers)
      await runOrphanVoid({ db: deps.db, clock: deps.clock, providers: deps.providers }, claimed).catch(
        () => undefined,
      );
    return processed;
  } catch (err) {
    // The processing failed (a bug, a lost connection): FAILED, tried again on the same schedule.
    const now = deps.clock.now();
    const ev = await findEvent(deps.db, eventId);
    if (!ev || FINAL.has(ev.status)) return ev;
    // A database failure is named by its code, never by its statement or parameters (they may hold data).
    const db = pgError(err);
    const message = db.code
      ? `Database error ${db.code}${db.constraint ? ` (${db.constraint})` : ''}`
      : err instanceof Error
        ? err.message
        : String(err);
    return updateEvent(deps.db, ev.id, {
      status: 'FAILED',
      effect: null,
      tries: ev.tries + 1,
      nextAttemptAt: nextAttemptAt(ev.createdAt, now),
      lastError: message.slice(0, 500),
      updatedAt: now,
    });
  }
}

const unmatched = (detail: string): Outcome => ({
  status: 'UNMATCHED',
  effect: null,
  resourceType: null,
  resourceId: null,
  organizationId: null,
  detail,
});

async function decideAndApply(tx: Tx, clock: Clock, ev: ProviderEventRow): Promise<Outcome> {
  const fact = ev.fact as unknown as Fact;
  const move = fact.move;
  if (move.on === 'none')
    return {
      status: 'IGNORED',
      effect: 'NOT_HANDLED',
      resourceType: null,
      resourceId: null,
      organizationId: null,
      detail: move.why,
    };
  if (move.on === 'refund') {
    if (fact.target.kind === 'pix-return' && move.pixReturn)
      return pixReturnFact(tx, clock, ev, fact.target, move.pixReturn);
    return refundFact(tx, clock, ev, fact, move);
  }
  if (move.on === 'payment' && move.kind === 'authorised' && fact.target.kind === 'adyen') {
    const orphan = await authorisationOrphan(tx, clock, ev, fact, fact.target);
    if (orphan) return orphan;
  }
  const found = await transactionOf(tx, ev, fact);
  if (!found) return unmatched('No transaction of this account matches the event yet');
  const row = (await lockTransactionRow(tx, found.id))!;
  const now = clock.now(row.organizationId);
  const on = { resourceType: 'TRANSACTION' as const, resourceId: row.id, organizationId: row.organizationId };
  if (move.on === 'dispute') return disputeFact(tx, clock, ev, row, move);
  if (move.on === 'payment') {
    if (row.paymentMethod === 'PIX')
      return {
        status: 'PROCESSED',
        effect: 'NO_CHANGE',
        ...on,
        detail: 'A card event for a PIX transaction changes nothing',
      };
    const decision = decideCard(move.kind, { status: row.status, capture: row.capture });
    if (decision.effect === 'APPLIED') await applyCardFact(tx, row, cardMove(decision.to, move), now);
    return finish(tx, ev, row, decision, on, now, null);
  }
  if (row.paymentMethod !== 'PIX')
    return {
      status: 'PROCESSED',
      effect: 'NO_CHANGE',
      ...on,
      detail: 'A PIX event for a card transaction changes nothing',
    };
  // R3.5 / R4.3: the one path for PIX facts (src/modules/payments/pix/pix-facts.ts), discrepancies recorded there.
  const facts = pixFactsOf(move, row, now);
  const out = await applyPixFactsIn(tx, clock, pixSource(ev), row, facts);
  return pixOutcome(out, on, row.status, move.kind === 'active' ? 'The charge is active; ' : '');
}

/** A PIX event's move as the charge facts the one PIX path applies. */
function pixFactsOf(
  move: Extract<Move, { on: 'pix' }>,
  row: TransactionRow,
  now: Date,
): Pick<PixChargeFacts, 'charge' | 'payments'> {
  const unpaid = { paidAt: null, endToEndId: null, paidAmount: null };
  switch (move.kind) {
    case 'paid':
      return {
        payments: [
          {
            endToEndId: move.endToEndId ?? `E${row.id.replace(/-/g, '')}`,
            amount: typeof move.amount === 'number' ? move.amount : null,
            paidAt: move.paidAt ? new Date(move.paidAt) : now,
            returns: [],
          },
        ],
      };
    case 'expired':
      return { charge: { status: 'EXPIRED', ...unpaid } };
    case 'removed':
      return { charge: { status: 'CANCELED', cancelReason: 'PIX_CANCELED', ...unpaid } };
    case 'active':
      return {};
  }
}

const pixSource = (ev: ProviderEventRow) => ({
  correlationId: ev.id,
  providerEventId: ev.providerEventId,
  recordDiscrepancies: true,
});

/** The event's outcome from what the PIX path did: applied, a contradiction recorded, or nothing to do. */
function pixOutcome(
  out: PixFactsOutcome,
  on: Pick<Outcome, 'resourceType' | 'resourceId' | 'organizationId'>,
  before: TransactionRow['status'],
  prefix: string,
): Outcome {
  const said = (a: string) =>
    a === 'APPROVED'
      ? before === 'WAITING_PAYMENT'
        ? 'Paid'
        : 'Paid after it expired or was canceled (late payment)'
      : a === 'CANCELED'
        ? 'Removed at the provider'
        : a === 'EXPIRED'
          ? 'Expired at the provider'
          : `Devolução applied: ${a.split(':').slice(2).join(':')}`;
  if (out.applied.length > 0)
    return { status: 'PROCESSED', effect: 'APPLIED', ...on, detail: out.applied.map(said).join('; ') };
  if (out.discrepancies.length > 0)
    return {
      status: 'PROCESSED',
      effect: 'CONFLICT',
      ...on,
      detail: out.discrepancies.map((d) => d.detail).join('; '),
    };
  return {
    status: 'PROCESSED',
    effect: 'NO_CHANGE',
    ...on,
    detail: `${prefix}${prefix ? 'the transaction is' : 'Already'} ${before}`,
  };
}

/**
 * A devolução at an API Pix PSP (R3.6): the charge's transaction (by `txid`, else the payment's `endToEndId`) goes
 * through the one PIX path with this return, which settles our refund or records one the platform did not ask for.
 */
async function pixReturnFact(
  tx: Tx,
  clock: Clock,
  ev: ProviderEventRow,
  target: Extract<Fact['target'], { kind: 'pix-return' }>,
  pixReturn: NonNullable<Extract<Move, { on: 'refund' }>['pixReturn']>,
): Promise<Outcome> {
  const found = await announcedTransactionOf(
    tx,
    ev.provider,
    target.txid ? byTxid(target.txid) : { endToEndId: target.endToEndId },
  );
  if (!found) return unmatched('No transaction of this account matches the devolução yet');
  const row = (await lockTransactionRow(tx, found.id))!;
  const out = await applyPixFactsIn(tx, clock, pixSource(ev), row, { returns: [pixReturn] });
  const refundId = out.refundIds[0] ?? null;
  const on = refundId
    ? { resourceType: 'REFUND' as const, resourceId: refundId, organizationId: row.organizationId }
    : { resourceType: 'TRANSACTION' as const, resourceId: row.id, organizationId: row.organizationId };
  const outcome = pixOutcome(out, on, row.status, '');
  return outcome.effect === 'NO_CHANGE'
    ? { ...outcome, detail: `The devolução ${pixReturn.id} is already ${pixReturn.status} here` }
    : outcome;
}

function cardMove(to: CardTarget, move: Extract<Move, { on: 'payment' }>): CardFactMove {
  switch (to) {
    case 'AUTHORIZED':
      return { to, providerReference: move.pspReference ?? null };
    case 'APPROVED':
      return { to, providerReference: move.pspReference ?? null, capturedAmount: move.amount ?? null };
    case 'REFUSED':
      return { to, refusal: move.refusal ?? null };
    case 'CANCELED_REQUESTED':
      return { to: 'CANCELED', reason: 'REQUESTED' };
    case 'CANCELED_EXPIRED':
      return { to: 'CANCELED', reason: 'AUTHORIZATION_EXPIRED' };
  }
}

/** The event's outcome from a decision; a CONFLICT records `transaction.discrepancy-detected` (R5.2). */
async function finish<To>(
  tx: Tx,
  ev: ProviderEventRow,
  row: TransactionRow,
  decision: Decision<To>,
  on: Pick<Outcome, 'resourceType' | 'resourceId' | 'organizationId'>,
  now: Date,
  ids: { refundId?: string; disputeId?: string } | null,
): Promise<Outcome> {
  if (decision.effect === 'CONFLICT')
    await discrepancy(tx, ev, row, decision.discrepancy, decision.detail, now, ids ?? {});
  return { status: 'PROCESSED', effect: decision.effect, ...on, detail: decision.detail };
}

async function discrepancy(
  tx: Tx,
  ev: ProviderEventRow,
  row: TransactionRow,
  kind: DiscrepancyKind,
  detail: string,
  now: Date,
  ids: { refundId?: string; disputeId?: string },
) {
  await recordEvent(
    tx,
    {
      type: 'transaction.discrepancy-detected',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId: ev.id,
      payload: {
        transaction_id: row.id,
        refund_id: ids.refundId ?? null,
        dispute_id: ids.disputeId ?? null,
        kind,
        provider: ev.provider,
        provider_event_id: ev.providerEventId,
        detail,
      },
    },
    now,
  );
}

/** The transaction an event names, within the event's account (R2.9's order for Adyen; our id or txid otherwise). */
/** R3.2: a txid names the charge, and the transaction it was derived from when it is one of ours. */
const byTxid = (txid: string): TransactionCondition => ({
  txid,
  idOfTxid: isUuid(keyOfPixId(txid)) ? keyOfPixId(txid) : null,
});

async function transactionOf(tx: Tx, ev: ProviderEventRow, fact: Fact): Promise<TransactionRow | undefined> {
  const t = fact.target;
  const of = (condition: TransactionCondition) => announcedTransactionOf(tx, ev.provider, condition);
  switch (t.kind) {
    case 'transaction':
      return of({ id: t.id });
    case 'pix-charge':
      return of(byTxid(t.txid));
    case 'adyen': {
      const byPsp = await of({ providerReference: t.pspReference });
      if (byPsp) return byPsp;
      if (ev.eventType === 'AUTHORISATION' && isUuid(t.merchantReference)) {
        const byRef = await of({ id: t.merchantReference });
        if (byRef) return byRef;
      }
      return t.originalReference ? of({ providerReference: t.originalReference }) : undefined;
    }
    default:
      return undefined;
  }
}

async function refundFact(
  tx: Tx,
  clock: Clock,
  ev: ProviderEventRow,
  fact: Fact,
  move: Extract<Move, { on: 'refund' }>,
): Promise<Outcome> {
  const t = fact.target;
  let found;
  if (t.kind === 'refund' || t.kind === 'pix-return')
    found = await findRefundForFact(tx, t.kind === 'refund' ? t.id : t.returnId);
  else if (t.kind === 'adyen') {
    found = await refundByProviderId(tx, ev.provider, t.pspReference);
    if (!found && isUuid(t.merchantReference)) found = await findRefundForFact(tx, t.merchantReference);
    if (!found && t.originalReference) {
      const payment = await announcedTransactionOf(tx, ev.provider, { providerReference: t.originalReference });
      if (payment) found = await oldestUnreferencedRefund(tx, payment.id, t.amount);
    }
  }
  if (!found || found.provider !== ev.provider) return unmatched('No refund of this account matches the event yet');
  const row = (await lockTransactionRow(tx, found.transactionId))!;
  const refund = (await findRefundForFact(tx, found.id, true))!;
  const now = clock.now(row.organizationId);
  const on = { resourceType: 'REFUND' as const, resourceId: refund.id, organizationId: refund.organizationId };
  const decision = decideRefund(move.kind, refund.status);
  if (decision.effect === 'APPLIED')
    await settleRefundByProvider(tx, clock, ev.id, refund, decision.to, {
      message: move.message,
      providerRefundId: move.providerRefundId,
    });
  return finish(tx, ev, row, decision, on, now, { refundId: refund.id });
}

async function disputeFact(
  tx: Tx,
  clock: Clock,
  ev: ProviderEventRow,
  row: TransactionRow,
  move: Extract<Move, { on: 'dispute' }>,
): Promise<Outcome> {
  const now = clock.now(row.organizationId);
  const latest = await latestDisputeOf(tx, row.id);
  const decision = decideDispute(move.kind, latest?.status ?? null);
  if (!decision) return unmatched('The transaction has no dispute yet');
  let dispute = latest;
  if (decision.effect === 'APPLIED' && 'open' in decision.to) {
    try {
      dispute = await openDisputeIn(tx, clock, ev.id, row.id, {
        amount: move.amount ?? undefined,
        reason: disputeReasonOf(move.reasonCode ?? null),
        reasonCode: move.reasonCode ?? undefined,
      });
    } catch (err) {
      // The transaction cannot be disputed as it stands (checked before anything is written): nothing moves.
      if (!(err instanceof DomainError) || err.code !== 'CONFLICT_ERROR') throw err;
      return {
        status: 'PROCESSED',
        effect: 'NO_CHANGE',
        resourceType: 'TRANSACTION',
        resourceId: row.id,
        organizationId: row.organizationId,
        detail: err.message,
      };
    }
  } else if (decision.effect === 'APPLIED' && 'moves' in decision.to && dispute) {
    for (const to of decision.to.moves) dispute = await moveDispute(tx, dispute, to, now, ev.id);
  }
  const on = dispute
    ? { resourceType: 'DISPUTE' as const, resourceId: dispute.id, organizationId: dispute.organizationId }
    : { resourceType: 'TRANSACTION' as const, resourceId: row.id, organizationId: row.organizationId };
  return finish(tx, ev, row, decision, on, now, { disputeId: dispute?.id });
}

/**
 * R2.9 `AUTHORISATION` true for an authorization the platform will not use (docs/decisions/providers.md "Orphan
 * authorizations"): the transaction of this account is REFUSED (discrepancy `OUTCOME_CONFLICT`); the transaction
 * decided at another account and this account's attempt is not the deciding one; or no transaction row exists at
 * all for the reference `ORPHAN_AFTER_MS` after receipt (a create records its row before it calls). Each claims
 * the void (`{attempt id}-void`) and is `VOIDED_ORPHAN`; the transaction never moves. Null: not an orphan.
 */
async function authorisationOrphan(
  tx: Tx,
  clock: Clock,
  ev: ProviderEventRow,
  fact: Fact,
  t: Extract<Fact['target'], { kind: 'adyen' }>,
): Promise<Outcome | null> {
  const now = clock.now();
  const attemptHere = (row: TransactionRow) =>
    row.attempts?.filter((a) => a.provider_account_id === ev.providerAccountId).at(-1)?.id ??
    attemptId(row.id, ev.providerAccountId);
  const voided = async (row: TransactionRow | null, attempt: string, detail: string): Promise<Outcome> => ({
    status: 'PROCESSED',
    effect: 'VOIDED_ORPHAN',
    resourceType: row ? 'TRANSACTION' : null,
    resourceId: row?.id ?? null,
    organizationId: row?.organizationId ?? null,
    detail,
    voidOp: await claimOrphanVoid(tx, ev, { attemptId: attempt, pspReference: t.pspReference, transaction: row }, now),
  });
  const found = await transactionOf(tx, ev, fact);
  if (found) {
    const row = (await lockTransactionRow(tx, found.id))!;
    if (row.status !== 'REFUSED') return null;
    const outcome = await voided(
      row,
      attemptHere(row),
      'Authorised by the provider after the platform refused it: voided',
    );
    await discrepancy(
      tx,
      ev,
      row,
      'OUTCOME_CONFLICT',
      'Authorised by the provider after the platform refused it; the authorization is voided',
      clock.now(row.organizationId),
      {},
    );
    return outcome;
  }
  if (!isUuid(t.merchantReference)) return null;
  const elsewhere = await findTransactionForFact(tx, t.merchantReference);
  if (elsewhere) {
    const attempt = elsewhere.attempts?.filter((a) => a.provider_account_id === ev.providerAccountId).at(-1);
    if (!attempt) return null;
    return voided(
      elsewhere,
      attempt.id,
      `Authorised at an attempt that did not decide the transaction (decided at ${elsewhere.provider}): voided`,
    );
  }
  if (now.getTime() - ev.createdAt.getTime() < ORPHAN_AFTER_MS) return null;
  if (await transactionRowExists(tx, t.merchantReference)) return null;
  const [session] = await tx
    .select({ id: threeDsSessions.id })
    .from(threeDsSessions)
    .where(eq(threeDsSessions.id, t.merchantReference))
    .limit(1);
  if (session) return null;
  return voided(
    null,
    attemptId(t.merchantReference, ev.providerAccountId),
    'Authorised for a payment the platform never recorded (or abandoned): voided',
  );
}
