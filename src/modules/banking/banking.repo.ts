import { randomUUID } from 'node:crypto';
import { and, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { bankAccounts, internalTransfers, ledgerEntries, type BankAccountRow, type InternalTransferRow } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../http/context.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import { ownedRowsInReach } from '../../http/reach.js';
import { balanceDeltas, posting, type PostingKind } from './banking.rules.js';

export const accountsInReach = (p: CompanyPrincipal) => ownedRowsInReach(p, { companyId: bankAccounts.companyId, organizationId: bankAccounts.organizationId });

/** Transfers a caller reads: its organization's, or for a merchant those touching its own accounts. */
export function transfersInReach(p: CompanyPrincipal): SQL {
  if (p.kind === 'merchant') return or(eq(internalTransfers.companyId, p.companyId), eq(internalTransfers.destinationCompanyId, p.companyId))!;
  return eq(internalTransfers.organizationId, p.organizationId);
}

export async function findAccount(tx: Executor, where: SQL): Promise<BankAccountRow | undefined> {
  const [row] = await tx.select().from(bankAccounts).where(where).limit(1);
  return row;
}

export async function insertAccount(tx: Executor, row: typeof bankAccounts.$inferInsert): Promise<BankAccountRow> {
  const [inserted] = await tx.insert(bankAccounts).values(row).returning();
  return inserted;
}

/**
 * Applies one balanced posting: conditional updates (the balance may not go below zero) in account-id order,
 * then its immutable ledger entries. Returns false when a balance would go negative; the caller must then
 * throw so that its transaction rolls back.
 */
export async function applyPosting(
  tx: Executor,
  kind: PostingKind,
  amount: number,
  accounts: { origin: string; destination?: string },
  internalTransferId: string | null,
): Promise<boolean> {
  const entries = posting(kind, amount, accounts.origin, accounts.destination);
  const now = new Date();
  // Ledger entries first, balance updates last: the updates lock account rows until commit, so the lock is held
  // as briefly as possible. A refused update makes the caller throw, rolling the entries back too.
  const journalId = randomUUID();
  await tx.insert(ledgerEntries).values(
    entries.map((e) => ({ id: randomUUID(), journalId, kind, bankAccountId: e.accountId, bucket: e.bucket, amount: e.amount, internalTransferId, createdAt: now })),
  );
  for (const d of balanceDeltas(entries)) {
    const updated = await tx
      .update(bankAccounts)
      .set({ available: sql`${bankAccounts.available} + ${d.available}`, held: sql`${bankAccounts.held} + ${d.held}`, updatedAt: now })
      .where(and(eq(bankAccounts.id, d.accountId), gte(sql`${bankAccounts.available} + ${d.available}`, 0), gte(sql`${bankAccounts.held} + ${d.held}`, 0)))
      .returning({ id: bankAccounts.id });
    // The caller throws on false, so its transaction rolls back any delta already applied here.
    if (updated.length === 0) return false;
  }
  return true;
}

export async function listAccounts(tx: Executor, scope: SQL, q: CommonListFilters): Promise<{ rows: BankAccountRow[]; total: number }> {
  const cols = { id: bankAccounts.id, createdAt: bankAccounts.createdAt, status: bankAccounts.status };
  return selectPage(tx, bankAccounts, scope, q, cols);
}

export async function findTransfer(tx: Executor, where: SQL, lock = false): Promise<InternalTransferRow | undefined> {
  const query = tx.select().from(internalTransfers).where(where).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateTransfer(tx: Executor, id: string, changes: Partial<typeof internalTransfers.$inferInsert>): Promise<InternalTransferRow> {
  const [row] = await tx.update(internalTransfers).set({ ...changes, updatedAt: new Date() }).where(eq(internalTransfers.id, id)).returning();
  return row;
}

export async function listTransfers(tx: Executor, scope: SQL, q: CommonListFilters): Promise<{ rows: InternalTransferRow[]; total: number }> {
  const cols = { id: internalTransfers.id, createdAt: internalTransfers.createdAt, status: internalTransfers.status, amount: internalTransfers.amount };
  return selectPage(tx, internalTransfers, scope, q, cols);
}
