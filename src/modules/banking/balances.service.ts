import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bankAccounts } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { badRequest, notFound } from '../../kernel/errors.js';
import { merchantPathCompany } from '../../kernel/tenancy.js';
import type { Clock } from '../../kernel/clock.js';
import { balanceAt, balancesOf } from '../../ledger/ledger.js';
import { ZERO, type Balances } from '../../ledger/rules.js';
import { accountsInReach, findAccountRow, shownBalances } from './banking.repo.js';
import { toAccountBalanceView, type AccountBalanceView } from './balances.schemas.js';
import { anticipatableNow } from '../anticipations/anticipations.eligibility.js';

/**
 * money.md M3 balance reads. Now: the account's balance row. `at`: the entries up to that instant replayed
 * (a sum per balance type), so `as_of` = `at`, zeros before the account's first entry; an instant after the
 * organization's clock reads nothing yet recorded and is refused (400 `at`).
 */
export async function accountBalance(
  db: Database,
  clock: Clock,
  principal: CompanyPrincipal,
  id: string,
  at?: Date,
): Promise<AccountBalanceView> {
  const account = await findAccountRow(db, and(eq(bankAccounts.id, id), accountsInReach(principal))!);
  if (!account) throw notFound('Bank account');
  const now = clock.now(account.organizationId);
  if (at && at.getTime() > now.getTime()) throw badRequest('at must not be in the future', 'at', at.toISOString());
  const own = at ? new Map([[account.id, await balanceAt(db, account.id, at)]]) : await balancesOf(db, [account.id]);
  const balances = (await shownBalances(db, [account], own, at)).get(account.id)!;
  return toAccountBalanceView(account, balances, at ?? now, at ? 0 : await anticipatableNow(db, account.id, now));
}

/** Every bank account of a company in reach (a merchant, or the organization itself), oldest first, with totals. */
export async function merchantBalances(db: Database, clock: Clock, principal: CompanyPrincipal, merchantId: string) {
  const company = await merchantPathCompany(db, principal, merchantId);
  const accounts = await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.companyId, company.id))
    .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id));
  const balances = await shownBalances(
    db,
    accounts,
    await balancesOf(
      db,
      accounts.map((a) => a.id),
    ),
  );
  const now = clock.now(company.organizationId ?? company.id);
  const data = accounts.map((a) => toAccountBalanceView(a, balances.get(a.id)!, now));
  const totals: Balances = { ...ZERO };
  for (const b of data) {
    totals.pending += b.pending;
    totals.available += b.available;
    totals.held += b.held;
    totals.debt += b.debt;
  }
  return { data, totals };
}
