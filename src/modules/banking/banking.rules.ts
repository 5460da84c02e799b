import type { LedgerBucket, TransferStatus } from '../../db/schema/index.js';

/** product.md §7: PENDING -> PROCESSING|FAILED, PROCESSING -> COMPLETED|FAILED; terminal states never change. */
const MOVES: Record<TransferStatus, readonly TransferStatus[]> = {
  PENDING: ['PROCESSING', 'FAILED'],
  PROCESSING: ['COMPLETED', 'FAILED'],
  COMPLETED: [],
  FAILED: [],
};

export const TRANSFER_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;

export const canMoveTransfer = (from: TransferStatus, to: TransferStatus): boolean => MOVES[from].includes(to);

export type PostingKind = 'DEPOSIT' | 'HOLD' | 'SETTLE' | 'RELEASE';

export interface Entry {
  /** null: the world outside the platform (a deposit's counter-entry). */
  accountId: string | null;
  bucket: LedgerBucket;
  amount: number;
}

/**
 * The balanced postings of every money move (double entry: the entries of one posting sum to zero).
 * DEPOSIT brings money in; HOLD reserves it on the origin; SETTLE moves the hold to the destination;
 * RELEASE gives the hold back.
 */
export function posting(kind: PostingKind, amount: number, origin: string, destination?: string): Entry[] {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('a posting moves a positive whole number of cents');
  switch (kind) {
    case 'DEPOSIT':
      return [{ accountId: origin, bucket: 'AVAILABLE', amount }, { accountId: null, bucket: 'EXTERNAL', amount: -amount }];
    case 'HOLD':
      return [{ accountId: origin, bucket: 'AVAILABLE', amount: -amount }, { accountId: origin, bucket: 'HELD', amount }];
    case 'SETTLE':
      if (!destination) throw new Error('SETTLE needs a destination');
      return [{ accountId: origin, bucket: 'HELD', amount: -amount }, { accountId: destination, bucket: 'AVAILABLE', amount }];
    case 'RELEASE':
      return [{ accountId: origin, bucket: 'HELD', amount: -amount }, { accountId: origin, bucket: 'AVAILABLE', amount }];
  }
}

/** Net change per platform account, in account-id order (locks are always taken in that order: no deadlocks). */
export function balanceDeltas(entries: Entry[]): { accountId: string; available: number; held: number }[] {
  const byAccount = new Map<string, { accountId: string; available: number; held: number }>();
  for (const e of entries) {
    if (e.accountId === null) continue;
    const d = byAccount.get(e.accountId) ?? { accountId: e.accountId, available: 0, held: 0 };
    if (e.bucket === 'AVAILABLE') d.available += e.amount;
    else if (e.bucket === 'HELD') d.held += e.amount;
    byAccount.set(e.accountId, d);
  }
  return [...byAccount.values()].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
}
