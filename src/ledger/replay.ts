import { BALANCE_TYPES, fieldOf, ZERO, type BalanceType, type Balances } from './rules.js';

/**
 * Pure reads of the ledger (money.md M3): the balances at an instant replayed from entries, and the checks the
 * integrity endpoint reports. No I/O; ledger-reads.ts feeds them from the tables.
 */

export interface ReplayEntry {
  balanceType: BalanceType;
  /** Signed: + increases that balance. */
  delta: number;
  createdAt: Date;
}

/**
 * The balances at `at`: the sum of every entry recorded at or before `at` (zeros before the first one). Entries
 * need not be in order: a sum does not depend on it, so two postings whose clock readings and sequences
 * disagree (taken concurrently) still replay to the definition.
 */
export function replayBalances(entries: Iterable<ReplayEntry>, at: Date): Balances {
  const out = { ...ZERO };
  const limit = at.getTime();
  for (const e of entries) if (e.createdAt.getTime() <= limit) out[fieldOf(e.balanceType)] += e.delta;
  return out;
}

/** N consecutive entries of one account (sequences firstSeq..lastSeq): their time range and net change. */
export interface ChunkSummary {
  firstSeq: number;
  lastSeq: number;
  minAt: Date;
  maxAt: Date;
  deltas: Balances;
}

export interface ReplayPlan {
  /** The net of the chunks that ended at or before `at`: counted whole. */
  whole: Balances;
  /** Sequence ranges (inclusive) whose entries must be read and filtered by `created_at <= at`. */
  scan: [number, number][];
  /** Entries after this sequence are not summarized: read them too. */
  tailAfter: number;
}

/**
 * Which entries a replay at `at` must read, given chunk summaries (snapshots): a chunk whose entries all lie at or
 * before `at` counts whole, one whose entries all lie after it counts nothing, one that straddles it (clock
 * readings and sequences of concurrent postings may disagree) is read. Uncovered sequences (a gap, an
 * overlapping chunk of another size) are read as well, so the answer is always replayBalances' own.
 */
export function planReplay(chunks: readonly ChunkSummary[], at: Date): ReplayPlan {
  const whole = { ...ZERO };
  const scan: [number, number][] = [];
  const limit = at.getTime();
  let covered = 0;
  for (const c of [...chunks].sort((x, y) => x.firstSeq - y.firstSeq)) {
    if (c.firstSeq <= covered || c.lastSeq < c.firstSeq) continue;
    if (c.firstSeq > covered + 1) scan.push([covered + 1, c.firstSeq - 1]);
    if (c.maxAt.getTime() <= limit) {
      whole.pending += c.deltas.pending;
      whole.available += c.deltas.available;
      whole.held += c.deltas.held;
      whole.debt += c.deltas.debt;
    } else if (c.minAt.getTime() <= limit) scan.push([c.firstSeq, c.lastSeq]);
    covered = c.lastSeq;
  }
  return { whole, scan, tailAfter: covered };
}

/** What one bank account looks like to the integrity check: its balance row and a summary of its entries. */
export interface AccountAudit {
  accountId: string;
  provider: string;
  balances: Balances;
  lastSequence: number;
  entryCount: number;
  minSequence: number | null;
  maxSequence: number | null;
  /** Per balance type, the resulting_balance of its entry with the highest sequence (absent: no entry). */
  lastResulting: Partial<Record<BalanceType, number>>;
}

export const MISMATCH_CHECKS = [
  'RESULTING_BALANCE',
  'SEQUENCE_GAP',
  'NEGATIVE_BALANCE',
  'DEBT_WITH_AVAILABLE',
] as const;
export type MismatchCheck = (typeof MISMATCH_CHECKS)[number];

export interface Mismatch {
  check: MismatchCheck;
  bankAccountId: string;
  provider: string;
  balanceType: BalanceType | null;
  expected: number | null;
  actual: number | null;
}

/**
 * The per-account invariants of M3, as data: the last entry's resulting_balance equals the balance (an account
 * with no entry of a type holds 0 of it), sequences are 1..last_sequence without gaps, no balance is negative,
 * and available > 0 implies debt = 0.
 */
export function accountMismatches(a: AccountAudit): Mismatch[] {
  const out: Mismatch[] = [];
  const base = { bankAccountId: a.accountId, provider: a.provider };
  for (const type of BALANCE_TYPES) {
    const balance = a.balances[fieldOf(type)];
    const last = a.lastResulting[type] ?? 0;
    if (last !== balance)
      out.push({ ...base, check: 'RESULTING_BALANCE', balanceType: type, expected: last, actual: balance });
  }
  const gapFree =
    a.entryCount === a.lastSequence &&
    (a.entryCount === 0 ? a.maxSequence === null : a.minSequence === 1 && a.maxSequence === a.lastSequence);
  if (!gapFree)
    out.push({ ...base, check: 'SEQUENCE_GAP', balanceType: null, expected: a.lastSequence, actual: a.entryCount });
  for (const type of BALANCE_TYPES) {
    const balance = a.balances[fieldOf(type)];
    if (balance < 0) out.push({ ...base, check: 'NEGATIVE_BALANCE', balanceType: type, expected: 0, actual: balance });
  }
  if (a.balances.available > 0 && a.balances.debt !== 0)
    out.push({ ...base, check: 'DEBT_WITH_AVAILABLE', balanceType: 'DEBT', expected: 0, actual: a.balances.debt });
  return out;
}

export interface ProviderTotals {
  provider: string;
  clearing: number;
  /** Companies' pending + available + held, plus the organizations' revenue (docs/decisions/ledger.md). */
  liabilities: number;
  debt: number;
  difference: number;
}

/** M3: difference = clearing - liabilities + debt (0 when the books balance). */
export function providerTotals(
  provider: string,
  sums: { clearing: number; companyLiabilities: number; revenue: number; debt: number },
): ProviderTotals {
  const liabilities = sums.companyLiabilities + sums.revenue;
  return {
    provider,
    clearing: sums.clearing,
    liabilities,
    debt: sums.debt,
    difference: sums.clearing - liabilities + sums.debt,
  };
}
