/**
 * Pure rules of the ledger (money.md M3): accounts, postings, the sign of an entry, balancing, the
 * "credit to available repays debt first" rule, and applying postings to one bank account's balances with
 * gap-free sequences. No I/O; the database side is ledger.ts.
 */

export const BALANCE_TYPES = ['PENDING', 'AVAILABLE', 'HELD', 'DEBT'] as const;
export type BalanceType = (typeof BALANCE_TYPES)[number];

export const LEDGER_CODES = [
  'TRANSACTION_APPROVED',
  'REFUND',
  'RECEIVABLE_SETTLED',
  'ANTICIPATION_COMPLETED',
  'CASHOUT_HOLD',
  'CASHOUT_COMPLETED',
  'CASHOUT_RELEASED',
  'CASHOUT_RETURNED',
  'INTERNAL_TRANSFER_HOLD',
  'INTERNAL_TRANSFER_COMPLETED',
  'INTERNAL_TRANSFER_RELEASED',
  'DISPUTE_OPENED',
  'DISPUTE_WON',
  'DISPUTE_LOST',
  'DEPOSIT',
  'ADJUSTMENT',
] as const;
export type LedgerCode = (typeof LEDGER_CODES)[number];

export const SOURCE_TYPES = [
  'TRANSACTION',
  'REFUND',
  'SETTLEMENT',
  'ANTICIPATION',
  'CASHOUT',
  'INTERNAL_TRANSFER',
  'DISPUTE',
  'DEPOSIT',
  'ADJUSTMENT',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
export interface LedgerSource {
  type: SourceType;
  id: string;
}

export type Direction = 'DEBIT' | 'CREDIT';

/** Who owns a bank account's balances: enough for the ledger to open its balance row on first use. */
export interface AccountOwner {
  provider: string;
  companyId: string;
  organizationId: string;
}

export type AccountRef =
  | { type: 'BANK_ACCOUNT'; id: string; balance: BalanceType; owner?: AccountOwner }
  | { type: 'CLEARING'; provider: string }
  | { type: 'REVENUE'; organizationId: string; provider: string };

export interface Posting {
  account: AccountRef;
  direction: Direction;
  amount: number;
}

export interface Balances {
  pending: number;
  available: number;
  held: number;
  debt: number;
}
export const ZERO: Balances = Object.freeze({ pending: 0, available: 0, held: 0, debt: 0 });

const FIELD: Record<BalanceType, keyof Balances> = {
  PENDING: 'pending',
  AVAILABLE: 'available',
  HELD: 'held',
  DEBT: 'debt',
};
export const fieldOf = (b: BalanceType): keyof Balances => FIELD[b];

/** Clearing and debt are assets (a DEBIT increases them); company balances and revenue are liabilities. */
export function isAsset(ref: AccountRef): boolean {
  return ref.type === 'CLEARING' || (ref.type === 'BANK_ACCOUNT' && ref.balance === 'DEBT');
}

/** The signed change a posting makes to its account's balance (+ increases it). */
export function deltaOf(p: Posting): number {
  const increases = isAsset(p.account) ? p.direction === 'DEBIT' : p.direction === 'CREDIT';
  return increases ? p.amount : -p.amount;
}

export class LedgerRuleError extends Error {}

/** Every posting moves a positive whole amount, and debits equal credits. */
export function assertBalanced(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new LedgerRuleError('a ledger transaction needs at least two postings');
  let debits = 0;
  let credits = 0;
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount <= 0)
      throw new LedgerRuleError(`posting amount must be a positive whole number of cents, got ${p.amount}`);
    if (p.direction === 'DEBIT') debits += p.amount;
    else credits += p.amount;
  }
  if (debits !== credits)
    throw new LedgerRuleError(`unbalanced ledger transaction: debits ${debits} != credits ${credits}`);
}

export const accountKey = (ref: AccountRef): string =>
  ref.type === 'BANK_ACCOUNT'
    ? ref.id
    : ref.type === 'CLEARING'
      ? `clearing:${ref.provider}`
      : `revenue:${ref.organizationId}:${ref.provider}`;

/**
 * "Every credit to available repays debt first" (M3): a CREDIT to a bank account's AVAILABLE is split into a
 * CREDIT to its DEBT (an asset: the credit reduces it) up to the debt outstanding, and the rest to AVAILABLE.
 * Both halves are credits, so the transaction stays balanced. `debtOf` gives each account's debt before.
 */
export function applyRepayment(postings: readonly Posting[], debtOf: (accountId: string) => number): Posting[] {
  const remaining = new Map<string, number>();
  const owed = (id: string) => remaining.get(id) ?? debtOf(id);
  // Debt the transaction itself adds or repays explicitly counts before its credits to available.
  for (const p of postings) {
    if (p.account.type === 'BANK_ACCOUNT' && p.account.balance === 'DEBT')
      remaining.set(p.account.id, owed(p.account.id) + deltaOf(p));
  }
  const out: Posting[] = [];
  for (const p of postings) {
    const a = p.account;
    if (a.type !== 'BANK_ACCOUNT' || a.balance !== 'AVAILABLE' || p.direction !== 'CREDIT' || owed(a.id) <= 0) {
      out.push(p);
      continue;
    }
    const repay = Math.min(owed(a.id), p.amount);
    remaining.set(a.id, owed(a.id) - repay);
    out.push({ account: { ...a, balance: 'DEBT' }, direction: 'CREDIT', amount: repay });
    if (p.amount > repay) out.push({ ...p, amount: p.amount - repay });
  }
  return out;
}

export interface AppliedEntry {
  posting: Posting;
  delta: number;
  sequence: number;
  resultingBalance: number;
}

export class InsufficientBalanceError extends Error {
  constructor(
    readonly accountId: string,
    readonly balance: BalanceType,
    readonly wouldBe: number,
  ) {
    super(`ledger: ${balance} of account ${accountId} would become ${wouldBe}`);
  }
}

/**
 * Applies one account's postings in order: each entry gets the next sequence and the balance it leaves.
 * Throws InsufficientBalanceError when a balance would go negative, or when available and debt would both
 * be positive (debt must be repaid first).
 */
export function applyToAccount(
  accountId: string,
  before: Balances,
  lastSequence: number,
  postings: readonly Posting[],
): { after: Balances; lastSequence: number; entries: AppliedEntry[] } {
  const after = { ...before };
  let seq = lastSequence;
  const entries: AppliedEntry[] = [];
  for (const p of postings) {
    if (p.account.type !== 'BANK_ACCOUNT' || p.account.id !== accountId)
      throw new LedgerRuleError('posting of another account');
    const field = FIELD[p.account.balance];
    const delta = deltaOf(p);
    after[field] += delta;
    entries.push({ posting: p, delta, sequence: ++seq, resultingBalance: after[field] });
  }
  for (const b of BALANCE_TYPES) {
    if (after[FIELD[b]] < 0) throw new InsufficientBalanceError(accountId, b, after[FIELD[b]]);
  }
  if (after.available > 0 && after.debt > 0) throw new InsufficientBalanceError(accountId, 'DEBT', after.debt);
  return { after, lastSequence: seq, entries };
}

/** Net signed change per account key (for invariant checks and the model in tests). */
export function netByAccount(postings: readonly Posting[]): Map<string, number> {
  const net = new Map<string, number>();
  for (const p of postings) {
    const k = `${accountKey(p.account)}:${p.account.type === 'BANK_ACCOUNT' ? p.account.balance : p.account.type}`;
    net.set(k, (net.get(k) ?? 0) + deltaOf(p));
  }
  return net;
}

// Posting builders of the business events this ledger carries today (internal transfers, deposits).
type Bank = { id: string; owner?: AccountOwner };
const bank = (a: Bank, balance: BalanceType): AccountRef => ({
  type: 'BANK_ACCOUNT',
  id: a.id,
  balance,
  ...(a.owner ? { owner: a.owner } : {}),
});

/** DEPOSIT (sandbox): money arrives at the provider for the account: clearing +X, available +X. */
export function depositPostings(account: Bank & { owner: AccountOwner }, amount: number): Posting[] {
  return [
    { account: { type: 'CLEARING', provider: account.owner.provider }, direction: 'DEBIT', amount },
    { account: bank(account, 'AVAILABLE'), direction: 'CREDIT', amount },
  ];
}

/** A hold: available -> held on one account (INTERNAL_TRANSFER_HOLD, CASHOUT_HOLD). */
export function holdPostings(account: Bank, amount: number): Posting[] {
  return [
    { account: bank(account, 'AVAILABLE'), direction: 'DEBIT', amount },
    { account: bank(account, 'HELD'), direction: 'CREDIT', amount },
  ];
}

/** Posting a hold: held -> the given credits; any part of the hold not spent goes back to available. */
export function postHoldPostings(account: Bank, held: number, credits: readonly Posting[]): Posting[] {
  const spent = credits.reduce((s, p) => s + (p.direction === 'CREDIT' ? p.amount : -p.amount), 0);
  if (spent <= 0 || spent > held) throw new LedgerRuleError(`a hold of ${held} cannot post ${spent}`);
  const rest: Posting[] =
    spent < held ? [{ account: bank(account, 'AVAILABLE'), direction: 'CREDIT', amount: held - spent }] : [];
  return [{ account: bank(account, 'HELD'), direction: 'DEBIT', amount: held }, ...credits, ...rest];
}

/** Voiding a hold: held -> available on the same account (INTERNAL_TRANSFER_RELEASED, CASHOUT_RELEASED). */
export function voidHoldPostings(account: Bank, held: number): Posting[] {
  return [
    { account: bank(account, 'HELD'), direction: 'DEBIT', amount: held },
    { account: bank(account, 'AVAILABLE'), direction: 'CREDIT', amount: held },
  ];
}

/** A credit to a bank account's available balance (the destination of a completed transfer). */
export const creditAvailable = (account: Bank, amount: number): Posting => ({
  account: bank(account, 'AVAILABLE'),
  direction: 'CREDIT',
  amount,
});
