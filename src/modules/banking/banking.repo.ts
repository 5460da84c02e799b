import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  bankAccounts,
  internalTransfers,
  type BankAccountRow,
  type InternalTransferRow,
} from '../../db/schema/index.js';
import { balancesOf, openAccounts, revenueBalances } from '../../ledger/ledger.js';
import { organizationAccountAt } from '../receivables/receivables.repo.js';
import type { Balances } from '../../ledger/rules.js';
import { attachOrganizationStrays } from '../receivables/receivables.sweep.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import { ownedRowsInReach } from '../../kernel/tenancy.js';
import { conflictWithReason } from '../../kernel/errors.js';
import { must } from '../../kernel/must.js';

export const accountsInReach = (p: CompanyPrincipal) =>
  ownedRowsInReach(p, { companyId: bankAccounts.companyId, organizationId: bankAccounts.organizationId });

/** Transfers a caller reads: its organization's, or for a merchant those touching its own accounts. */
export function transfersInReach(p: CompanyPrincipal): SQL {
  if (p.kind === 'merchant')
    return or(eq(internalTransfers.companyId, p.companyId), eq(internalTransfers.destinationCompanyId, p.companyId))!;
  return eq(internalTransfers.organizationId, p.organizationId);
}

/**
 * The account rows with their balances from the ledger (the columns available/held of bank_accounts are the
 * frozen v1 cache, no longer written: docs/decisions/ledger.md).
 */
export async function withBalances<R extends BankAccountRow>(
  tx: Executor,
  rows: R[],
): Promise<(R & AccountBalances)[]> {
  if (rows.length === 0) return [];
  const balances = await shownBalances(
    tx,
    rows,
    await balancesOf(
      tx,
      rows.map((r) => r.id),
    ),
  );
  return rows.map((r) => {
    const b = balances.get(r.id)!;
    return { ...r, available: b.available, held: b.held, pending: b.pending, debt: b.debt };
  });
}

/** The two balances money.md M3 adds to the bank account's `balance` (available and held are row fields). */
export interface AccountBalances {
  pending: number;
  debt: number;
}
export type BankAccountWithBalances = BankAccountRow & AccountBalances;

/** The owner the ledger records on a bank account's balance row. */
export const ledgerOwner = (a: Pick<BankAccountRow, 'provider' | 'companyId' | 'organizationId'>) => ({
  provider: a.provider,
  companyId: a.companyId,
  organizationId: a.organizationId,
});

/** One account row without its balances (those are read with withBalances when shown). */
export async function findAccountRow(tx: Executor, where: SQL): Promise<BankAccountRow | undefined> {
  const [row] = await tx.select().from(bankAccounts).where(where).limit(1);
  return row;
}

export async function findAccount(tx: Executor, where: SQL): Promise<BankAccountWithBalances | undefined> {
  const row = await findAccountRow(tx, where);
  return row && (await withBalances(tx, [row]))[0];
}

/**
 * Inserts the account and opens its ledger balance row with it, so postings always find the row and lock
 * only existing rows, in id order (a row opened lazily mid-transaction would be locked out of order). An
 * organization's own account takes the fee shares, cashout prices and anticipation fees recorded while it had
 * none at that provider, with the runs that sweep them (docs/decisions/receivables.md).
 */
export async function insertAccount(ex: Executor, row: typeof bankAccounts.$inferInsert): Promise<BankAccountRow> {
  return ex.transaction(async (tx) => {
    const inserted = must(
      (await tx.insert(bankAccounts).values(row).returning())[0],
      'an insert returns the row it wrote',
    );
    await openAccounts(tx, [{ id: inserted.id, ...ledgerOwner(inserted) }], inserted.createdAt);
    if (inserted.status === 'ACTIVE') await attachOrganizationStrays(tx, inserted, inserted.createdAt);
    return inserted;
  });
}

export async function listAccounts(
  tx: Executor,
  scope: SQL,
  q: CommonListFilters,
): Promise<{ rows: BankAccountWithBalances[]; total: number }> {
  const cols = { id: bankAccounts.id, createdAt: bankAccounts.createdAt, status: bankAccounts.status };
  const page = await selectPage(tx, bankAccounts, scope, q, cols);
  return { rows: await withBalances(tx, page.rows), total: page.total };
}

export async function findTransfer(tx: Executor, where: SQL, lock = false): Promise<InternalTransferRow | undefined> {
  const query = tx.select().from(internalTransfers).where(where).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateTransfer(
  tx: Executor,
  id: string,
  changes: Partial<typeof internalTransfers.$inferInsert>,
  now: Date,
): Promise<InternalTransferRow> {
  return must(
    (
      await tx
        .update(internalTransfers)
        .set({ ...changes, updatedAt: now })
        .where(eq(internalTransfers.id, id))
        .returning()
    )[0],
    'an update by id finds the row its caller read',
  );
}

export async function listTransfers(
  tx: Executor,
  scope: SQL,
  q: CommonListFilters,
): Promise<{ rows: InternalTransferRow[]; total: number }> {
  const cols = {
    id: internalTransfers.id,
    createdAt: internalTransfers.createdAt,
    status: internalTransfers.status,
    amount: internalTransfers.amount,
  };
  return selectPage(tx, internalTransfers, scope, q, cols);
}

/**
 * money.md M3 "pending equals the net of the account's PENDING receivables" for an organization's account: its fee
 * shares (and the prices and anticipation fees due to it) wait in REVENUE, which has no balance row (no hot row on
 * the payment path), so the account that receives them (its oldest ACTIVE account at the provider, where its
 * receivables attach and the settlement sweep credits) shows that REVENUE as `pending`, derived at read time.
 * `balances` are the accounts' own (now, or replayed up to `at`); `at` before the account existed reads zeros.
 */
export async function shownBalances(
  ex: Executor,
  rows: readonly BankAccountRow[],
  balances: Map<string, Balances>,
  at?: Date,
): Promise<Map<string, Balances>> {
  const receiving: BankAccountRow[] = [];
  for (const r of rows) {
    if (r.companyId !== r.organizationId || r.status !== 'ACTIVE' || (at && at.getTime() < r.createdAt.getTime()))
      continue;
    if ((await organizationAccountAt(ex, r.organizationId, r.provider)) === r.id) receiving.push(r);
  }
  if (receiving.length === 0) return balances;
  const revenue = await revenueBalances(
    ex,
    receiving.map((r) => ({ organizationId: r.organizationId, provider: r.provider })),
    at,
  );
  const out = new Map(balances);
  for (const r of receiving) {
    const own = out.get(r.id)!;
    out.set(r.id, { ...own, pending: own.pending + (revenue.get(`${r.organizationId}|${r.provider}`) ?? 0) });
  }
  return out;
}

/**
 * The accounts that show their organization's REVENUE as `pending` (shownBalances), one per provider: the
 * organization's oldest ACTIVE account there (receivables.repo organizationAccountAt, the one the sweep credits).
 * Only an organization's caller reaches them; the ledger entries' view shows that REVENUE on them.
 */
export async function revenueShownOn(
  ex: Executor,
  principal: CompanyPrincipal,
): Promise<{ accountId: string; organizationId: string; provider: string }[]> {
  if (principal.kind !== 'organization') return [];
  const rows = await ex
    .select({ id: bankAccounts.id, provider: bankAccounts.provider })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, principal.organizationId), eq(bankAccounts.status, 'ACTIVE')))
    .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id));
  const first = new Map<string, string>();
  for (const r of rows) if (!first.has(r.provider)) first.set(r.provider, r.id);
  return [...first].map(([provider, accountId]) => ({ accountId, organizationId: principal.organizationId, provider }));
}

/**
 * The account as a provider knows it. Only banking-capable accounts reach a provider (PIX keys, transfers and
 * cashouts answer 409 PROVIDER_NOT_CAPABLE first, providers.md Changes 9), and those always have both numbers.
 */
export function atProvider(row: { branch: string | null; accountNumber: string | null }): {
  branch: string;
  accountNumber: string;
} {
  if (row.branch === null || row.accountNumber === null)
    throw new Error('a ledger-only bank account has no number at a provider');
  return { branch: row.branch, accountNumber: row.accountNumber };
}

/**
 * providers.md Changes 9: PIX keys, internal transfers and cashouts need a banking-capable provider. An account
 * kept on the ledger only (no numbers at a provider) is exactly one at a provider account with `banking: false`.
 */
export function assertBankingCapable(row: {
  provider: string;
  branch: string | null;
  accountNumber: string | null;
}): void {
  if (row.branch === null || row.accountNumber === null) {
    throw conflictWithReason(
      `The provider ${row.provider} keeps no bank accounts (banking: false)`,
      'provider',
      row.provider,
      'PROVIDER_NOT_CAPABLE',
    );
  }
}
