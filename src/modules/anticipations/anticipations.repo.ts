import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  affiliations,
  anticipationQuotes,
  anticipations,
  bankAccounts,
  companies,
  receivables,
  type AnticipationQuoteRow,
  type AnticipationRow,
  type ReceivableRow,
} from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { ownedRowsInReach } from '../../kernel/tenancy.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import { addDays, type CivilDate } from './anticipations.rules.js';
import { must } from '../../kernel/must.js';

// SQL only (docs/conventions.md): anticipations, their quotes, and the receivables they reserve.

/** The bank account with its company's kind and status (reach-checked), or undefined (404). */
export async function accountInReach(ex: Executor, principal: CompanyPrincipal, id: string) {
  const [row] = await ex
    .select({ account: bankAccounts, companyKind: companies.kind, companyStatus: companies.status })
    .from(bankAccounts)
    .innerJoin(companies, eq(companies.id, bankAccounts.companyId))
    .where(and(eq(bankAccounts.id, id), ownedRowsInReach(principal, bankAccounts)))
    .limit(1);
  return row;
}

export async function accountById(ex: Executor, id: string) {
  const [row] = await ex
    .select({ account: bankAccounts, companyKind: companies.kind, companyStatus: companies.status })
    .from(bankAccounts)
    .innerJoin(companies, eq(companies.id, bankAccounts.companyId))
    .where(eq(bankAccounts.id, id))
    .limit(1);
  return row;
}

export async function affiliationStatus(ex: Executor, companyId: string, provider: string): Promise<string | null> {
  const [row] = await ex
    .select({ status: affiliations.status })
    .from(affiliations)
    .where(and(eq(affiliations.companyId, companyId), eq(affiliations.provider, provider)))
    .orderBy(asc(affiliations.createdAt))
    .limit(1);
  return row?.status ?? null;
}

/**
 * M4's receivable-level conditions in SQL: the account's merchant CREDIT_CARD receivables, PENDING, not reserved
 * by an anticipation, due at least one day after `date`. `approvedBy` (automatic) keeps those whose transaction
 * was captured on or before that São Paulo date (the receivable's original date minus 30 x installment days).
 * `lock` takes them FOR UPDATE (a create, a completion). The open-dispute condition is applied by the caller.
 */
export function eligibleReceivables(
  ex: Executor,
  bankAccountId: string,
  date: CivilDate,
  options: { lock?: boolean; ids?: string[] } = {},
): Promise<ReceivableRow[]> {
  const where = and(
    eq(receivables.bankAccountId, bankAccountId),
    eq(receivables.role, 'MERCHANT'),
    eq(receivables.paymentMethod, 'CREDIT_CARD'),
    eq(receivables.status, 'PENDING'),
    isNull(receivables.anticipationId),
    gte(receivables.paymentDate, addDays(date, 1)),
    options.ids ? inArray(receivables.id, options.ids) : undefined,
  );
  // Locked in id order, as the settlement run and refunds lock them (no deadlock between them).
  if (options.lock) return ex.select().from(receivables).where(where).orderBy(asc(receivables.id)).for('update');
  return ex.select().from(receivables).where(where).orderBy(asc(receivables.paymentDate), asc(receivables.id));
}

/** How many of `ids` are receivables within the caller's reach. */
export async function receivablesInReach(ex: Executor, principal: CompanyPrincipal, ids: string[]): Promise<number> {
  const [row] = await ex
    .select({ n: sql<string>`count(*)` })
    .from(receivables)
    .where(and(inArray(receivables.id, [...new Set(ids)]), ownedRowsInReach(principal, receivables)));
  return Number(row?.n ?? 0);
}

export async function receivablesByIdsLocked(ex: Executor, ids: string[]): Promise<ReceivableRow[]> {
  if (ids.length === 0) return [];
  return ex.select().from(receivables).where(inArray(receivables.id, ids)).orderBy(asc(receivables.id)).for('update');
}

export async function reserveReceivables(
  ex: Executor,
  ids: string[],
  anticipationId: string,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await ex
    .update(receivables)
    .set({ anticipationId, updatedAt: now })
    .where(and(inArray(receivables.id, ids), isNull(receivables.anticipationId)));
}

/** Undoes a reservation (canceled, refused): the receivables still PENDING become eligible again. */
export async function releaseReceivables(
  ex: Executor,
  anticipationId: string,
  ids: string[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await ex
    .update(receivables)
    .set({ anticipationId: null, updatedAt: now })
    .where(
      and(
        inArray(receivables.id, ids),
        eq(receivables.anticipationId, anticipationId),
        eq(receivables.status, 'PENDING'),
      ),
    );
}

/** Completion (M4): paid at the anticipation's date, net reduced by its anticipation fee, original date kept. */
export async function payAnticipated(
  ex: Executor,
  changes: { id: string; netAmount: number; anticipationFeeAmount: number; paymentDate: CivilDate }[],
  now: Date,
): Promise<void> {
  for (const c of changes) {
    await ex
      .update(receivables)
      .set({
        status: 'PAID',
        paidAt: now,
        netAmount: c.netAmount,
        anticipationFeeAmount: c.anticipationFeeAmount,
        paymentDate: c.paymentDate,
        updatedAt: now,
      })
      .where(and(eq(receivables.id, c.id), eq(receivables.status, 'PENDING')));
  }
}

export async function insertQuote(ex: Executor, row: AnticipationQuoteRow): Promise<AnticipationQuoteRow> {
  return must((await ex.insert(anticipationQuotes).values(row).returning())[0], 'an insert returns the row it wrote');
}

export async function findQuoteInReach(
  ex: Executor,
  principal: CompanyPrincipal,
  id: string,
): Promise<AnticipationQuoteRow | undefined> {
  const [row] = await ex
    .select()
    .from(anticipationQuotes)
    .where(and(eq(anticipationQuotes.id, id), ownedRowsInReach(principal, anticipationQuotes)))
    .limit(1);
  return row;
}

/** Inserts an anticipation; undefined when the automatic one of that account and day already exists. */
export async function insertAnticipation(ex: Executor, row: AnticipationRow): Promise<AnticipationRow | undefined> {
  const [inserted] = await ex.insert(anticipations).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findAnticipation(ex: Executor, id: string): Promise<AnticipationRow | undefined> {
  const [row] = await ex.select().from(anticipations).where(eq(anticipations.id, id)).limit(1);
  return row;
}

export async function lockAnticipation(ex: Executor, id: string): Promise<AnticipationRow | undefined> {
  const [row] = await ex.select().from(anticipations).where(eq(anticipations.id, id)).for('update');
  return row;
}

export async function findAnticipationInReach(
  ex: Executor,
  principal: CompanyPrincipal,
  id: string,
): Promise<AnticipationRow | undefined> {
  const [row] = await ex
    .select()
    .from(anticipations)
    .where(and(eq(anticipations.id, id), ownedRowsInReach(principal, anticipations)))
    .limit(1);
  return row;
}

export async function updateAnticipation(
  ex: Executor,
  id: string,
  patch: Partial<AnticipationRow>,
): Promise<AnticipationRow> {
  return must(
    (await ex.update(anticipations).set(patch).where(eq(anticipations.id, id)).returning())[0],
    'an update by id finds the row its caller read',
  );
}

export interface AnticipationListFilters extends CommonListFilters {
  type?: string[];
  bank_account_id?: string;
  company_id?: string;
}

export function listAnticipations(ex: Executor, principal: CompanyPrincipal, q: AnticipationListFilters) {
  return selectPage(
    ex,
    anticipations,
    and(
      ownedRowsInReach(principal, anticipations),
      q.type ? inArray(anticipations.type, q.type as AnticipationRow['type'][]) : undefined,
      q.bank_account_id ? eq(anticipations.bankAccountId, q.bank_account_id) : undefined,
      q.company_id ? eq(anticipations.companyId, q.company_id) : undefined,
    ),
    q,
    {
      id: anticipations.id,
      createdAt: anticipations.createdAt,
      status: anticipations.status,
      amount: anticipations.amount,
    },
  );
}

/** Merchants of an organization with automatic anticipation on, and their active bank accounts. */
export function automaticAccounts(ex: Executor, organizationId: string) {
  return ex
    .select({ accountId: bankAccounts.id, settings: companies.anticipationConfigurations })
    .from(companies)
    .innerJoin(bankAccounts, and(eq(bankAccounts.companyId, companies.id), eq(bankAccounts.status, 'ACTIVE')))
    .where(
      and(
        eq(companies.organizationId, organizationId),
        eq(companies.kind, 'MERCHANT'),
        sql`(${companies.anticipationConfigurations} ->> 'automatic_enabled')::boolean is true`,
      ),
    )
    .orderBy(asc(bankAccounts.id));
}
