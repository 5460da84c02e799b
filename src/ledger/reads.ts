import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { dateOf, rowsOf } from '../db/rows.js';
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

/**
 * An organization's account that shows its REVENUE at a provider as `pending` (money.md M3: REVENUE keeps no
 * balance row, so no payment locks the organization's account; the account that receives the sweep shows it).
 * Which account that is belongs to banking; the ledger only shows the entries.
 */
export interface RevenueShownOn {
  accountId: string;
  organizationId: string;
  provider: string;
}

/**
 * Bank-account entries only: clearing entries belong to no company's statement. REVENUE entries of an
 * organization and provider are shown on `revenueOn`'s account as PENDING entries (as balances and `?at=` show
 * them): see `listEntriesWithRevenue`.
 */
export async function listEntries(
  ex: Executor,
  principal: CompanyPrincipal,
  q: EntryFilters,
  revenueOn: readonly RevenueShownOn[] = [],
): Promise<{ rows: LedgerPostingRow[]; total: number }> {
  const shown = revenueOn.filter(
    (r) =>
      (!q.bank_account_id || r.accountId === q.bank_account_id) && (!q.company_id || r.organizationId === q.company_id),
  );
  if (shown.length > 0) return listEntriesWithRevenue(ex, principal, q, shown);
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

const ENTRY_COLUMNS = sql.raw(
  'id, transaction_id, account_type, account_id, provider, company_id, balance_type, direction, amount, delta, sequence, resulting_balance, code, source_type, source_id, created_at',
);
const SORT_COLUMNS: Record<string, string> = { created_at: 'created_at', amount: 'delta', sequence: 'sequence' };

/**
 * The entries with the organization's REVENUE shown on its receiving accounts, derived at read time (nothing is
 * written on the payment path). On such an account the view merges two streams: its own entries in sequence
 * order, and the REVENUE entries of its organization and provider (each a PENDING entry of the same signed
 * amount, code, source and time: a fee share +F at the approval, -F when the sweep moves it to `available`)
 * in time order. A REVENUE entry goes before the first own entry recorded at or after it (a merge by time that
 * keeps the own entries' order even where concurrent clock readings disagree with their sequences: the key of
 * an own entry is the latest time up to it). The shown `sequence` is the position in that merge (1..n, no
 * gaps) and a PENDING entry's `resulting_balance` the running sum of the merged PENDING entries, so the last one
 * equals the shown `pending` and replaying up to `at` gives the `?at=` balances. Other balances keep theirs.
 */
async function listEntriesWithRevenue(
  ex: Executor,
  principal: CompanyPrincipal,
  q: EntryFilters,
  shown: readonly RevenueShownOn[],
): Promise<{ rows: LedgerPostingRow[]; total: number }> {
  const recv = sql.join(
    shown.map((r) => sql`(${r.accountId}::text, ${r.organizationId}::text, ${r.provider}::text)`),
    sql`, `,
  );
  const reach =
    principal.kind === 'merchant'
      ? sql`company_id = ${principal.companyId}`
      : sql`company_id in (select id from companies where ${companiesInReach(principal)})`;
  const filters = [
    ...(q.bank_account_id ? [sql`account_id = ${q.bank_account_id}`] : []),
    ...(q.company_id ? [sql`company_id = ${q.company_id}`] : []),
    ...(q.balance_type
      ? [
          sql`balance_type in (${sql.join(
            q.balance_type.map((v) => sql`${v}`),
            sql`, `,
          )})`,
        ]
      : []),
    ...(q.code
      ? [
          sql`code in (${sql.join(
            q.code.map((v) => sql`${v}`),
            sql`, `,
          )})`,
        ]
      : []),
    ...(q.source_type
      ? [
          sql`source_type in (${sql.join(
            q.source_type.map((v) => sql`${v}`),
            sql`, `,
          )})`,
        ]
      : []),
    ...(q.source_id ? [sql`source_id = ${q.source_id}`] : []),
    ...(q.created_at_from ? [sql`created_at >= ${q.created_at_from.toISOString()}::timestamptz`] : []),
    ...(q.created_at_to ? [sql`created_at <= ${q.created_at_to.toISOString()}::timestamptz`] : []),
    ...(q.amount_from !== undefined ? [sql`delta >= ${q.amount_from}`] : []),
    ...(q.amount_to !== undefined ? [sql`delta <= ${q.amount_to}`] : []),
  ];
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const keys = q.sort?.length ? q.sort : [{ field: 'created_at', descending: true }];
  const order = sql.raw(
    [...keys.map((k) => `${SORT_COLUMNS[k.field] ?? 'created_at'} ${k.descending ? 'desc' : 'asc'}`), 'id asc'].join(
      ', ',
    ),
  );
  // The count needs no merge: the filters read no sequence nor resulting balance, so it skips both windows.
  const entriesOf = (numbered: boolean) => sql`
    with recv (account_id, organization_id, provider) as (values ${recv}),
    own as (
      select p.*, max(p.created_at) over (partition by p.account_id order by p.sequence) as merge_at, 1 as kind
      from ledger_postings p join recv on p.account_type = 'BANK_ACCOUNT' and p.account_id = recv.account_id
    ),
    revenue as (
      select p.id, p.transaction_id, 'BANK_ACCOUNT'::text as account_type, recv.account_id, p.provider,
        recv.organization_id::uuid as company_id, 'PENDING'::text as balance_type, p.direction, p.amount, p.delta,
        null::bigint as sequence, null::bigint as resulting_balance, p.code, p.source_type, p.source_id, p.created_at,
        p.created_at as merge_at, 0 as kind
      from ledger_postings p join recv
        on p.account_type = 'REVENUE' and p.account_id = recv.organization_id and p.provider = recv.provider
    ),
    merged as (
      select m.*, row_number() over (partition by account_id order by merge_at, kind, sequence, id) as position
      from (select ${ENTRY_COLUMNS}, merge_at, kind from own union all select ${ENTRY_COLUMNS}, merge_at, kind from revenue) m
    ),
    shown as (${
      numbered
        ? sql`
      select id, transaction_id, account_type, account_id, provider, company_id, balance_type, direction, amount, delta,
        position as sequence,
        case when balance_type = 'PENDING'
          then sum(delta) over (partition by account_id, balance_type order by position)
          else resulting_balance end as resulting_balance,
        code, source_type, source_id, created_at
      from merged`
        : sql`
      select ${ENTRY_COLUMNS} from own union all select ${ENTRY_COLUMNS} from revenue`
    }
    ),
    entries as (
      select ${ENTRY_COLUMNS} from ledger_postings
      where account_type = 'BANK_ACCOUNT' and ${reach} and account_id not in (select account_id from recv)
      union all
      select ${ENTRY_COLUMNS} from shown
    )`;
  const [page, counted] = await Promise.all([
    ex.execute(
      sql`${entriesOf(true)} select * from entries ${where} order by ${order} limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
    ex.execute(sql`${entriesOf(false)} select count(*) as total from entries ${where}`),
  ]);
  return { rows: rowsOf(page).map(entryRowOf), total: Number(rowsOf(counted)[0]?.total ?? 0) };
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A ledger_postings row from raw SQL (snake_case keys, bigints possibly as text). */
function entryRowOf(r: Record<string, unknown>): LedgerPostingRow {
  return {
    id: String(r.id),
    transactionId: String(r.transaction_id),
    accountType: String(r.account_type) as LedgerPostingRow['accountType'],
    accountId: String(r.account_id),
    provider: String(r.provider),
    companyId: typeof r.company_id === 'string' ? r.company_id : null,
    balanceType: String(r.balance_type) as LedgerPostingRow['balanceType'],
    direction: String(r.direction) as LedgerPostingRow['direction'],
    amount: Number(r.amount),
    delta: Number(r.delta),
    sequence: num(r.sequence),
    resultingBalance: num(r.resulting_balance),
    code: String(r.code),
    sourceType: String(r.source_type),
    sourceId: String(r.source_id),
    createdAt: dateOf(r.created_at),
  };
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
