import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { ledgerAccounts, ledgerHolds, ledgerTransactions } from '../db/schema/index.js';
import { openAccounts, post, postHold, voidHold, holdId, type PostResult } from './ledger.js';
import {
  LedgerRuleError,
  type AccountOwner,
  type AccountRef,
  type Balances,
  type LedgerCode,
  type LedgerSource,
  type Posting,
} from './rules.js';

/**
 * Reservations: a hold whose money may come from `pending` (money.md M2's refund: the merchant's receivables,
 * then `available`, the shortfall recorded as `debt`) rather than from `available` only as `hold` does. The
 * reservation is a ledger hold (a `ledger_holds` row), so "open holds make up held" keeps holding; it is then
 * paid out (postHold to the given credits) or undone (what came from pending back to pending, the rest back to
 * available, which repays debt first: the debt it made, or older debt, is the same money).
 */

export interface ReservationSplit {
  pending: number;
  available: number;
  debt: number;
}

/**
 * Pure: take `amount` from pending first (at most `maxFromPending`: a refund takes only its own transaction's
 * receivables), then available, the rest as debt.
 */
export function reservationSplit(
  balances: Pick<Balances, 'pending' | 'available'>,
  amount: number,
  maxFromPending = Number.MAX_SAFE_INTEGER,
): ReservationSplit {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new LedgerRuleError(`a reservation needs a positive whole amount, got ${amount}`);
  const pending = Math.min(Math.max(balances.pending, 0), Math.max(maxFromPending, 0), amount);
  const available = Math.min(Math.max(balances.available, 0), amount - pending);
  return { pending, available, debt: amount - pending - available };
}

type Bank = { id: string; owner?: AccountOwner };
const bank = (a: Bank, balance: 'PENDING' | 'AVAILABLE' | 'HELD' | 'DEBT'): AccountRef => ({
  type: 'BANK_ACCOUNT',
  id: a.id,
  balance,
  ...(a.owner ? { owner: a.owner } : {}),
});

/** Pure: the postings of a reservation: pending -p, available -a, debt +d (a DEBIT: debt is an asset), held +amount. */
export function reservationPostings(account: Bank, split: ReservationSplit): Posting[] {
  const amount = split.pending + split.available + split.debt;
  const out: Posting[] = [];
  if (split.pending > 0) out.push({ account: bank(account, 'PENDING'), direction: 'DEBIT', amount: split.pending });
  if (split.available > 0)
    out.push({ account: bank(account, 'AVAILABLE'), direction: 'DEBIT', amount: split.available });
  if (split.debt > 0) out.push({ account: bank(account, 'DEBT'), direction: 'DEBIT', amount: split.debt });
  out.push({ account: bank(account, 'HELD'), direction: 'CREDIT', amount });
  return out;
}

/** The key of a reservation's own ledger transaction; its one finish (payout or undo) uses the default key. */
export const reservationKey = (code: LedgerCode, source: LedgerSource) => `${code}:${source.type}:${source.id}:reserve`;

export interface ReserveInput {
  code: LedgerCode;
  source: LedgerSource;
  account: { id: string; owner?: AccountOwner };
  amount: number;
  /** The most the reservation may take from pending (default: all of it). */
  maxFromPending?: number;
  now: Date;
  /** money.md M6 (disputes): take from `available` only (the shortfall as debt), never from `pending`. */
  availableOnly?: boolean;
}

/**
 * Reserves `amount` on the account under its row lock (read, split, post, hold row), in the caller's
 * transaction. A retried reservation (same source) answers the first and moves nothing (`split` null then).
 */
export async function reserve(
  tx: Executor,
  input: ReserveInput,
): Promise<PostResult & { split: ReservationSplit | null; lastSequence: number }> {
  const key = reservationKey(input.code, input.source);
  const [done] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idemKey, key));
  if (done)
    return {
      transactionId: done.id,
      replayed: true,
      split: null,
      lastSequence: await lastSequenceOf(tx, input.account.id),
    };
  let [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, input.account.id)).for('update');
  if (!row) {
    if (!input.account.owner)
      throw new LedgerRuleError(`ledger account ${input.account.id} does not exist and no owner was given`);
    await openAccounts(tx, [{ id: input.account.id, ...input.account.owner }], input.now);
    [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, input.account.id)).for('update');
  }
  const split = reservationSplit(
    input.availableOnly ? { pending: 0, available: row!.available } : row!,
    input.amount,
    input.maxFromPending,
  );
  const res = await post(tx, {
    code: input.code,
    source: input.source,
    postings: reservationPostings(input.account, split),
    key,
    now: input.now,
  });
  await tx.insert(ledgerHolds).values({
    id: holdId(input.source),
    accountId: input.account.id,
    amount: input.amount,
    status: 'PENDING',
    holdTransactionId: res.transactionId,
    createdAt: input.now,
    updatedAt: input.now,
  });
  return { ...res, split, lastSequence: await lastSequenceOf(tx, input.account.id) };
}

/** Pays a reservation out: held -> `credits` (e.g. clearing -R for a refund that succeeded). */
export async function payOutReservation(
  tx: Executor,
  input: { code: LedgerCode; source: LedgerSource; credits: Posting[]; now: Date },
): Promise<PostResult> {
  return postHold(tx, {
    holdSource: input.source,
    code: input.code,
    source: input.source,
    credits: input.credits,
    now: input.now,
  });
}

/** Undoes a reservation: what came from pending goes back to pending, the rest to available (repaying debt first). */
export async function undoReservation(
  tx: Executor,
  input: { code: LedgerCode; source: LedgerSource; account: Bank; fromPending: number; now: Date },
): Promise<PostResult> {
  if (input.fromPending <= 0)
    return voidHold(tx, { holdSource: input.source, code: input.code, source: input.source, now: input.now });
  const credits: Posting[] = [
    { account: bank(input.account, 'PENDING'), direction: 'CREDIT', amount: input.fromPending },
  ];
  return postHold(tx, { holdSource: input.source, code: input.code, source: input.source, credits, now: input.now });
}

/** The account's last ledger sequence (money.md M9: money events carry it so a receiver can detect a gap). */
export async function lastSequenceOf(ex: Executor, accountId: string): Promise<number> {
  const [row] = await ex
    .select({ seq: ledgerAccounts.lastSequence })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row?.seq ?? 0;
}
