import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '../../db/client.js';
import type { AnticipationRow } from '../../db/schema/index.js';
import { recordEvent } from '../../events/outbox.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { Clock } from '../../kernel/clock.js';
import { lastSequenceOf } from '../../ledger/reserve.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { badRequest, conflictWithReason, notFound } from '../../kernel/errors.js';
import { claimRequestId } from '../../kernel/idempotency.js';
import { paginate } from '../../http/pagination.js';
import { saoPauloDate, settlementInstant } from '../../domain/business-calendar.js';
import {
  anticipationAccount,
  eligibleFor,
  toCandidate,
  type AnticipationAccount,
} from './anticipations.eligibility.js';
import { moveAnticipation } from './anticipations.moves.js';
import {
  receivablesInReach,
  findAnticipation,
  findAnticipationInReach,
  findQuoteInReach,
  insertAnticipation,
  insertQuote,
  listAnticipations,
  reserveReceivables,
  type AnticipationListFilters,
} from './anticipations.repo.js';
import {
  averageDays,
  daysBetween,
  limitsOf,
  quoteExpiry,
  rateToNumber,
  selectForQuote,
  totalsOf,
  type CivilDate,
  type QuoteItem,
  type Selection,
  type Timeframe,
} from './anticipations.rules.js';
import { toAnticipationView, type QuoteBody } from './anticipations.schemas.js';

export interface AnticipationDeps {
  db: Database;
  clock: Clock;
}

export const ANTICIPATION_COMPLETE_JOB = 'anticipation.complete';
/** How far ahead an anticipation date may be (docs/decisions/anticipation.md): a year. */
export const MAX_DAYS_AHEAD = 366;

/** The anticipation date asked for: today (São Paulo, organization's clock) by default, never past, at most a year ahead. */
function anticipationDate(today: CivilDate, asked: CivilDate | undefined): CivilDate {
  if (asked === undefined) return today;
  const ahead = daysBetween(today, asked);
  if (ahead < 0 || ahead > MAX_DAYS_AHEAD)
    throw badRequest(
      `payment_date must be between today (${today}) and ${MAX_DAYS_AHEAD} days ahead`,
      'payment_date',
      asked,
    );
  return asked;
}

/** GET /v1/banking/bank-accounts/{id}/anticipation-limits (M4). */
export async function anticipationLimits(
  deps: AnticipationDeps,
  principal: CompanyPrincipal,
  bankAccountId: string,
  q: { payment_date?: string; timeframe?: Timeframe },
) {
  const account = await anticipationAccount(deps.db, principal, bankAccountId, { statusChecks: false });
  const date = anticipationDate(saoPauloDate(deps.clock.now(account.organizationId)), q.payment_date);
  // A merchant or affiliation not ACTIVE has nothing eligible now (docs/decisions/anticipation.md): zero limits.
  const eligible = account.active ? (await eligibleFor(deps.db, account.id, date)).map(toCandidate) : [];
  return {
    payment_date: date,
    rate_percentage: rateToNumber(account.spotRate),
    ...limitsOf(eligible, date, account.spotRate, q.timeframe ?? 'START'),
  };
}

function selectionOf(body: QuoteBody): Selection {
  if (body.requested_amount !== undefined) return { kind: 'amount', requestedAmount: body.requested_amount };
  if (body.receivable_ids !== undefined) return { kind: 'ids', ids: body.receivable_ids };
  return { kind: 'all' };
}

function selectionRefusal(out: Exclude<ReturnType<typeof selectForQuote>, { ok: true }>): Error {
  if (out.reason === 'ANTICIPATION_LIMIT_EXCEEDED') {
    return conflictWithReason(
      'The requested amount is above what can be anticipated',
      'requested_amount',
      out.maximum,
      'ANTICIPATION_LIMIT_EXCEEDED',
      { maximum: out.maximum },
    );
  }
  return conflictWithReason(
    'No eligible receivables for this anticipation',
    out.field,
    out.value,
    'NO_ELIGIBLE_RECEIVABLES',
  );
}

/** POST /v1/anticipations/quotes (M4): the receivables a SPOT anticipation would take, priced; valid 15 minutes. */
export async function createQuote(deps: AnticipationDeps, principal: CompanyPrincipal, body: QuoteBody) {
  return deps.db.transaction(async (tx) => {
    // Ids outside the caller's reach are unknown (404) before anything is said about the account.
    if (
      body.receivable_ids &&
      (await receivablesInReach(tx, principal, body.receivable_ids)) < new Set(body.receivable_ids).size
    )
      throw notFound('Receivable');
    const account = await anticipationAccount(tx, principal, body.bank_account_id);
    const now = deps.clock.now(account.organizationId);
    const date = anticipationDate(saoPauloDate(now), body.payment_date);
    const eligible = (await eligibleFor(tx, account.id, date)).map(toCandidate);
    const out = selectForQuote(eligible, date, account.spotRate, body.timeframe ?? 'START', selectionOf(body));
    if (!out.ok) throw selectionRefusal(out);
    const totals = totalsOf(out.items);
    return insertQuote(tx, {
      id: randomUUID(),
      companyId: account.companyId,
      organizationId: account.organizationId,
      bankAccountId: account.id,
      provider: account.provider,
      type: 'SPOT',
      ratePercentage: account.spotRateText,
      paymentDate: date,
      amount: totals.amount,
      feeAmount: totals.fee_amount,
      netAmount: totals.net_amount,
      averageDays: averageDays(out.items).toFixed(2),
      items: out.items,
      expiresAt: quoteExpiry(now),
      createdAt: now,
    });
  });
}

/** When a PENDING anticipation completes (M4): at 03:00 UTC of its date (with the day's settlements, after them), at once when that is today. */
export const completionInstant = (paymentDate: CivilDate, now: Date): Date => {
  const at = settlementInstant(paymentDate);
  return at.getTime() > now.getTime() ? at : now;
};

/**
 * Records a PENDING anticipation that reserves `items` (already locked and checked by the caller), its event and
 * its completion job, in the caller's transaction. Undefined when the automatic one of that account and day exists.
 */
export async function recordAnticipation(
  tx: Executor,
  input: {
    id: string;
    requestId: string;
    account: AnticipationAccount;
    type: AnticipationRow['type'];
    quoteId: string | null;
    rateText: string;
    date: CivilDate;
    items: QuoteItem[];
  },
  correlationId: string,
  now: Date,
): Promise<AnticipationRow | undefined> {
  const totals = totalsOf(input.items);
  const row = await insertAnticipation(tx, {
    id: input.id,
    requestId: input.requestId,
    companyId: input.account.companyId,
    organizationId: input.account.organizationId,
    bankAccountId: input.account.id,
    provider: input.account.provider,
    type: input.type,
    status: 'PENDING',
    quoteId: input.quoteId,
    ratePercentage: input.rateText,
    paymentDate: input.date,
    amount: totals.amount,
    feeAmount: totals.fee_amount,
    netAmount: totals.net_amount,
    items: input.items,
    refusalReason: null,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  });
  if (!row) return undefined;
  await reserveReceivables(
    tx,
    input.items.map((i) => i.receivable_id),
    row.id,
    now,
  );
  const sequence = await lastSequenceOf(tx, row.bankAccountId);
  await recordEvent(
    tx,
    {
      type: 'anticipation.created',
      companyId: row.companyId,
      organizationId: row.organizationId,
      correlationId,
      payload: { ...toAnticipationView(row), anticipation_id: row.id, bank_account_id: row.bankAccountId, sequence },
    },
    now,
  );
  await enqueueJob(
    tx,
    {
      kind: ANTICIPATION_COMPLETE_JOB,
      runAt: completionInstant(row.paymentDate, now),
      payload: { anticipationId: row.id, correlationId },
      dedupeKey: `${ANTICIPATION_COMPLETE_JOB}:${row.id}`,
      organizationId: row.organizationId,
    },
    now,
  );
  return row;
}

/**
 * POST /v1/anticipations (M4): from a quote, in one transaction. A replayed request_id answers the first
 * anticipation. The quote must not have expired (409 QUOTE_EXPIRED) and each of its receivables must still be
 * eligible with the quoted net (locked; else 409 RECEIVABLES_CHANGED), so two creates never reserve one receivable.
 */
export async function createAnticipation(
  deps: AnticipationDeps,
  principal: CompanyPrincipal,
  body: { request_id: string; quote_id: string },
  correlationId: string,
) {
  const id = randomUUID();
  return deps.db.transaction(async (tx) => {
    const existing = await claimRequestId(tx, {
      companyId: principal.companyId,
      scope: 'anticipation',
      requestId: body.request_id,
      body,
      resourceId: id,
    });
    if (existing) {
      const row = await findAnticipation(tx, existing);
      if (!row) throw notFound('Anticipation');
      return { row, replayed: true };
    }
    const quote = await findQuoteInReach(tx, principal, body.quote_id);
    if (!quote) throw notFound('Quote');
    const now = deps.clock.now(quote.organizationId);
    const today = saoPauloDate(now);
    if (now.getTime() > quote.expiresAt.getTime() || quote.paymentDate < today) {
      throw conflictWithReason('The quote has expired', 'quote_id', quote.id, 'QUOTE_EXPIRED');
    }
    const account = await anticipationAccount(tx, principal, quote.bankAccountId);
    const ids = quote.items.map((i) => i.receivable_id);
    const still = new Map(
      (await eligibleFor(tx, account.id, quote.paymentDate, { lock: true, ids })).map((r) => [r.id, r]),
    );
    const changed = quote.items.find(
      (i) =>
        still.get(i.receivable_id)?.netAmount !== i.net_amount ||
        still.get(i.receivable_id)?.paymentDate !== i.payment_date,
    );
    if (changed)
      throw conflictWithReason('The quoted receivables changed', 'quote_id', quote.id, 'RECEIVABLES_CHANGED');
    const row = await recordAnticipation(
      tx,
      {
        id,
        requestId: body.request_id,
        account,
        type: 'SPOT',
        quoteId: quote.id,
        rateText: quote.ratePercentage,
        date: quote.paymentDate,
        items: quote.items,
      },
      correlationId,
      now,
    );
    return { row: row!, replayed: false };
  });
}

export async function getAnticipation(db: Database, principal: CompanyPrincipal, id: string): Promise<AnticipationRow> {
  const row = await findAnticipationInReach(db, principal, id);
  if (!row) throw notFound('Anticipation');
  return row;
}

export async function listAnticipationsPage(db: Database, principal: CompanyPrincipal, q: AnticipationListFilters) {
  const { rows, total } = await listAnticipations(db, principal, q);
  return { data: rows.map(toAnticipationView), pagination: paginate(q.page, q.limit, total) };
}

/** POST /v1/anticipations/{id}/cancel: a PENDING one only (409 otherwise); its receivables become eligible again. */
export async function cancelAnticipation(
  deps: AnticipationDeps,
  principal: CompanyPrincipal,
  id: string,
  correlationId: string,
): Promise<AnticipationRow> {
  await getAnticipation(deps.db, principal, id);
  return moveAnticipation(deps.db, deps.clock, id, { to: 'CANCELED' }, correlationId, true);
}
