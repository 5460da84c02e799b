import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import {
  companies,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  type LedgerPostingRow,
  type LedgerTransactionRow,
} from '../db/schema/index.js';
import type { CompanyPrincipal } from '../kernel/context.js';
import { companiesInReach } from '../kernel/tenancy.js';
import { selectPage, type CommonListFilters } from '../db/paging.js';
import { accountMismatches, providerTotals, type AccountAudit, type Mismatch, type ProviderTotals } from './replay.js';
import type { BalanceType } from './rules.js';

/**
 * Read side of the ledger for the API (money.md M3): entries within a caller's reach, one ledger transaction
 * with its postings, and the staff integrity check. Areas read ledger tables only through src/ledger.
 */

/** Companies the caller reaches, as a subquery (entries carry company_id; the index (company_id, created_at) serves it). */
const reachableCompanies = (ex: Executor, principal: CompanyPrincipal) =>
  ex.select({ id: companies.id }).from(companies).where(companiesInReach(principal));

export interface EntryFilters extends CommonListFilters {
  bank_account_id?: string;
  company_id?: string;
  balance_type?: string[];
  code?: string[];
  source_type?: string[];
  source_id?: string;
}

/** Bank-account entries only: clearing and revenue entries belong to no company's statement. */
export async function listEntries(
  ex: Executor,
  principal: CompanyPrincipal,
  q: EntryFilters,
): Promise<{ rows: LedgerPostingRow[]; total: number }> {
  const p = ledgerPostings;
  const scope = and(
    eq(p.accountType, 'BANK_ACCOUNT'),
    principal.kind === 'merchant'
      ? eq(p.companyId, principal.companyId)
      : inArray(p.companyId, reachableCompanies(ex, principal)),
    ...(q.bank_account_id ? [eq(p.accountId, q.bank_account_id)] : []),
    ...(q.company_id ? [eq(p.companyId, q.company_id)] : []),
    ...(q.balance_type ? [inArray(p.balanceType, q.balance_type as BalanceType[])] : []),
    ...(q.code ? [inArray(p.code, q.code)] : []),
    ...(q.source_type ? [inArray(p.sourceType, q.source_type)] : []),
    ...(q.source_id ? [eq(p.sourceId, q.source_id)] : []),
  );
  // `amount` is the signed entry (delta), so amount_from/to filter and sort on what the caller sees.
  return selectPage(ex, ledgerPostings, scope, q, {
    id: p.id,
    createdAt: p.createdAt,
    amount: p.delta,
    sortable: { sequence: p.sequence },
  });
}

export interface TransactionWithPostings {
  transaction: LedgerTransactionRow;
  postings: (LedgerPostingRow & { inReach: boolean })[];
}

/**
 * A ledger transaction and its postings, each marked in or out of the caller's reach (a bank account or a
 * revenue account of a company it reaches). Undefined when none is in reach: another tenant's id is a 404.
 */
export async function transactionInReach(
  ex: Executor,
  principal: CompanyPrincipal,
  id: string,
): Promise<TransactionWithPostings | undefined> {
  const [transaction] = await ex.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id)).limit(1);
  if (!transaction) return undefined;
  const postings = await ex
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.transactionId, id))
    .orderBy(asc(ledgerPostings.sequence), asc(ledgerPostings.id));
  const owners = [...new Set(postings.map((p) => p.companyId).filter((c): c is string => c !== null))];
  const reached =
    owners.length === 0
      ? new Set<string>()
      : new Set(
          (
            await ex
              .select({ id: companies.id })
              .from(companies)
              .where(and(inArray(companies.id, owners), companiesInReach(principal)))
          ).map((r) => r.id),
        );
  const marked = postings.map((p) => ({
    ...p,
    inReach: p.accountType !== 'CLEARING' && p.companyId !== null && reached.has(p.companyId),
  }));
  return marked.some((p) => p.inReach) ? { transaction, postings: marked } : undefined;
}

export interface IntegrityReport {
  providers: ProviderTotals[];
  mismatches: Mismatch[];
}

const rowsOf = (result: unknown): Record<string, unknown>[] => {
  const r = result as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(r) ? r : (r.rows ?? []);
};
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The staff integrity check, from one read-only repeatable-read snapshot: per provider clearing, liabilities
 * (with revenue) and debt, and every bank account whose row disagrees with its entries. It reads every entry:
 * an operator's check, not a request path.
 */
export async function integrityReport(db: Database): Promise<IntegrityReport> {
  return db.transaction(
    async (tx) => {
      const system = rowsOf(
        await tx.execute(sql`
      select provider, account_type, sum(delta) as total from ledger_postings
      where account_type in ('CLEARING', 'REVENUE') group by provider, account_type`),
      );
      const accounts = await tx
        .select()
        .from(ledgerAccounts)
        .orderBy(asc(ledgerAccounts.provider), asc(ledgerAccounts.id));
      const summaries = rowsOf(
        await tx.execute(sql`
      select account_id, count(*) as n, min(sequence) as lo, max(sequence) as hi from ledger_postings
      where account_type = 'BANK_ACCOUNT' group by account_id`),
      );
      const lasts = rowsOf(
        await tx.execute(sql`
      select distinct on (account_id, balance_type) account_id, balance_type, resulting_balance from ledger_postings
      where account_type = 'BANK_ACCOUNT' order by account_id, balance_type, sequence desc`),
      );

      const sums = new Map<string, { clearing: number; companyLiabilities: number; revenue: number; debt: number }>();
      const of = (provider: string) =>
        sums.get(provider) ??
        sums.set(provider, { clearing: 0, companyLiabilities: 0, revenue: 0, debt: 0 }).get(provider)!;
      for (const r of system) {
        const s = of(String(r.provider));
        if (r.account_type === 'CLEARING') s.clearing += Number(r.total);
        else s.revenue += Number(r.total);
      }
      const summaryOf = new Map(summaries.map((r) => [String(r.account_id), r]));
      const lastOf = new Map<string, Partial<Record<BalanceType, number>>>();
      for (const r of lasts) {
        const id = String(r.account_id);
        lastOf.set(id, { ...lastOf.get(id), [String(r.balance_type)]: Number(r.resulting_balance) });
      }
      const mismatches: Mismatch[] = [];
      for (const a of accounts) {
        const s = of(a.provider);
        s.companyLiabilities += a.pending + a.available + a.held;
        s.debt += a.debt;
        const summary = summaryOf.get(a.id);
        const audit: AccountAudit = {
          accountId: a.id,
          provider: a.provider,
          balances: { pending: a.pending, available: a.available, held: a.held, debt: a.debt },
          lastSequence: a.lastSequence,
          entryCount: Number(summary?.n ?? 0),
          minSequence: num(summary?.lo),
          maxSequence: num(summary?.hi),
          lastResulting: lastOf.get(a.id) ?? {},
        };
        mismatches.push(...accountMismatches(audit));
      }
      const providers = [...sums.keys()].sort().map((p) => providerTotals(p, sums.get(p)!));
      return { providers, mismatches };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export interface DebtChange {
  bankAccountId: string;
  companyId: string;
  oldDebt: number;
  newDebt: number;
  /** The account's last sequence in this transaction (money.md M9: events of one change carry it). */
  sequence: number;
}

/**
 * The debts a posted ledger transaction changed (money.md M9 `balance.debt-changed`): per bank account, the
 * debt after it (its last DEBT entry's resulting balance) and before it (minus the entries' sum). A credit to
 * available repays debt first (rules.ts applyRepayment), so a deposit or any credit may change it.
 */
export async function debtChangesOf(ex: Executor, transactionId: string): Promise<DebtChange[]> {
  const rows = await ex
    .select()
    .from(ledgerPostings)
    .where(and(eq(ledgerPostings.transactionId, transactionId), eq(ledgerPostings.accountType, 'BANK_ACCOUNT')))
    .orderBy(asc(ledgerPostings.sequence));
  const byAccount = new Map<string, DebtChange & { moved: number }>();
  for (const r of rows) {
    const c = byAccount.get(r.accountId) ?? {
      bankAccountId: r.accountId,
      companyId: r.companyId ?? '',
      oldDebt: 0,
      newDebt: 0,
      sequence: 0,
      moved: 0,
    };
    c.sequence = Math.max(c.sequence, r.sequence ?? 0);
    if (r.balanceType === 'DEBT') {
      c.moved += r.delta;
      c.newDebt = r.resultingBalance ?? 0;
      c.oldDebt = c.newDebt - c.moved;
    }
    byAccount.set(r.accountId, c);
  }
  return [...byAccount.values()].filter((c) => c.moved !== 0).map(({ moved: _moved, ...c }) => c);
}
