import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  companies,
  providerAccountCredentials,
  providerAccounts,
  type ProviderAccountCredentialsRow,
  type ProviderAccountRow,
} from '../../db/schema/index.js';
import { allOf, offsetOf, orderBy, type CommonListFilters, commonFilters } from '../../http/pagination.js';
import { recordEvents, type AnyNewEvent } from '../../events/outbox.js';
import { ONBOARDING_PROVIDERS } from './capabilities.rules.js';
import { must } from '../../kernel/must.js';

/** providers.md R1: SQL only. */

export type AccountValues = typeof providerAccounts.$inferInsert;
export type CredentialValues = typeof providerAccountCredentials.$inferInsert;

export async function insertAccount(tx: Executor, values: AccountValues): Promise<ProviderAccountRow> {
  return must((await tx.insert(providerAccounts).values(values).returning())[0], 'an insert returns the row it wrote');
}

export async function findAccount(db: Executor, id: string, lock = false): Promise<ProviderAccountRow | undefined> {
  const q = db.select().from(providerAccounts).where(eq(providerAccounts.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function providerNameTaken(db: Executor, provider: string): Promise<boolean> {
  const [row] = await db
    .select({ id: providerAccounts.id })
    .from(providerAccounts)
    .where(eq(providerAccounts.provider, provider));
  return row !== undefined;
}

export async function updateAccount(
  tx: Executor,
  id: string,
  set: Partial<AccountValues>,
): Promise<ProviderAccountRow> {
  return must(
    (await tx.update(providerAccounts).set(set).where(eq(providerAccounts.id, id)).returning())[0],
    'an update by id finds the row its caller read',
  );
}

/** The condition "this organization may use the account" (R1.5). */
export const usableBy = (organizationId: string): SQL =>
  or(
    eq(providerAccounts.organizationAccess, 'ALL'),
    sql`${organizationId}::uuid = any(${providerAccounts.organizationIds})`,
  )!;

/** The accounts the organization may use (R1.5), any status, by name: what routing and every `provider` field check against. */
export async function usableAccounts(db: Executor, organizationId: string): Promise<ProviderAccountRow[]> {
  return db.select().from(providerAccounts).where(usableBy(organizationId)).orderBy(providerAccounts.provider);
}

export async function listAccounts(
  db: Executor,
  scope: SQL | undefined,
  q: CommonListFilters,
): Promise<{ rows: ProviderAccountRow[]; total: number }> {
  const where = allOf([
    scope,
    ...commonFilters(q, {
      id: providerAccounts.id,
      createdAt: providerAccounts.createdAt,
      status: providerAccounts.status,
    }),
  ]);
  // Default order: provider name ascending (R1.1, R1.6).
  const sorted = { ...q, sort: q.sort?.length ? q.sort : [{ field: 'provider', descending: false }] };
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(providerAccounts)
      .where(where)
      .orderBy(
        ...orderBy(sorted, {
          id: providerAccounts.id,
          createdAt: providerAccounts.createdAt,
          sortable: { provider: providerAccounts.provider },
        }),
      )
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(providerAccounts).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export const accountFilters = (f: {
  provider?: string[];
  connector?: string[];
  environment?: string[];
  built_in?: 'true' | 'false';
}): (SQL | undefined)[] => [
  f.provider?.length ? inArray(providerAccounts.provider, f.provider) : undefined,
  f.connector?.length
    ? inArray(providerAccounts.connector, f.connector as ProviderAccountRow['connector'][])
    : undefined,
  f.environment?.length
    ? inArray(providerAccounts.environment, f.environment as ProviderAccountRow['environment'][])
    : undefined,
  f.built_in ? eq(providerAccounts.builtIn, f.built_in === 'true') : undefined,
];

/** The newest two credential rows of each account (current, and the one before it). */
export async function latestCredentials(
  db: Executor,
  accountIds: readonly string[],
): Promise<Map<string, ProviderAccountCredentialsRow[]>> {
  const out = new Map<string, ProviderAccountCredentialsRow[]>();
  if (accountIds.length === 0) return out;
  const rows = await db
    .select()
    .from(providerAccountCredentials)
    .where(
      and(
        inArray(providerAccountCredentials.accountId, [...accountIds]),
        sql`${providerAccountCredentials.version} >= (
      select max(c.version) - 1 from provider_account_credentials c where c.account_id = ${providerAccountCredentials.accountId})`,
      ),
    )
    .orderBy(asc(providerAccountCredentials.accountId), sql`${providerAccountCredentials.version} desc`);
  for (const row of rows) out.set(row.accountId, [...(out.get(row.accountId) ?? []), row]);
  return out;
}

export async function insertCredentials(tx: Executor, values: CredentialValues): Promise<void> {
  await tx.insert(providerAccountCredentials).values(values);
}

/** Ends the current set's life as current: it verifies inbound calls until `validUntil`. Returns its version. */
export async function retireCurrentCredentials(
  tx: Executor,
  accountId: string,
  validUntil: Date,
): Promise<number | undefined> {
  const [row] = await tx
    .update(providerAccountCredentials)
    .set({ validUntil })
    .where(and(eq(providerAccountCredentials.accountId, accountId), isNull(providerAccountCredentials.validUntil)))
    .returning({ version: providerAccountCredentials.version });
  return row?.version;
}

export async function maxCredentialVersion(tx: Executor, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ v: sql<number | null>`max(${providerAccountCredentials.version})` })
    .from(providerAccountCredentials)
    .where(eq(providerAccountCredentials.accountId, accountId));
  return Number(row?.v ?? 0);
}

/** Which of these ids are organizations. */
export async function existingOrganizations(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, [...ids]), eq(companies.kind, 'ORGANIZATION')));
  return new Set(rows.map((r) => r.id));
}

/** The organizations that may use an account (events go to each, R8.2). */
export async function organizationsUsing(
  db: Executor,
  account: Pick<ProviderAccountRow, 'organizationAccess' | 'organizationIds'>,
): Promise<string[]> {
  if (account.organizationAccess === 'SELECTED') return [...account.organizationIds];
  const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.kind, 'ORGANIZATION'));
  return rows.map((r) => r.id);
}

/**
 * The built-ins' first status in this environment (providers.md Changes 13): production disables the sandbox
 * stand-ins once, at the first start after the migration; staff may enable them later and that stays.
 */
export async function settleBuiltInAccounts(db: Executor, env: 'sandbox' | 'production', now: Date): Promise<number> {
  const disable = env === 'production';
  const rows = await db
    .update(providerAccounts)
    .set({
      initialStatusPending: false,
      ...(disable
        ? { status: 'DISABLED' as const, disabledReason: 'Sandbox stand-in: disabled in production', updatedAt: now }
        : {}),
    })
    .where(
      and(
        eq(providerAccounts.initialStatusPending, true),
        eq(providerAccounts.builtIn, true),
        inArray(providerAccounts.provider, [...ONBOARDING_PROVIDERS]),
      ),
    )
    .returning({ id: providerAccounts.id });
  return rows.length;
}

/** Events to every organization that may use an account, in batches (an insert's parameters are bounded). */
export async function recordToOrganizations(
  tx: Executor,
  organizationIds: readonly string[],
  build: (organizationId: string) => AnyNewEvent,
  now: Date,
): Promise<void> {
  for (let i = 0; i < organizationIds.length; i += 500)
    await recordEvents(tx, organizationIds.slice(i, i + 500).map(build), now);
}
