import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  authCodes,
  companies,
  companyUsers,
  loginFailures,
  roles,
  userIdentifiers,
  userRoles,
  users,
  type AuthCodeRow,
  type CodePurpose,
  type IdentifierRow,
  type MembershipRow,
  type RoleRow,
  type UserRow,
} from '../../db/schema/index.js';
import { commonFilters, offsetOf, orderBy, selectPage, type CommonListFilters } from '../../http/pagination.js';
import type { FailureState } from './users.rules.js';
import { must } from '../../kernel/must.js';

export async function findUser(tx: Executor, id: string, lock = false): Promise<UserRow | undefined> {
  const q = tx.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertUser(tx: Executor, row: typeof users.$inferInsert): Promise<UserRow> {
  return must((await tx.insert(users).values(row).returning())[0], 'an insert returns the row it wrote');
}

export async function updateUser(
  tx: Executor,
  id: string,
  changes: Partial<typeof users.$inferInsert>,
  now: Date,
): Promise<UserRow> {
  return must(
    (
      await tx
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, id))
        .returning()
    )[0],
    'an update by id finds the row its caller read',
  );
}

/** Password set or changed: the token version moves so every earlier token stops working. */
export async function setPassword(tx: Executor, id: string, passwordHash: string, now: Date): Promise<UserRow> {
  return must(
    (
      await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
        .where(eq(users.id, id))
        .returning()
    )[0],
    'an update by id finds the row its caller read',
  );
}

export async function findIdentifier(tx: Executor, value: string): Promise<IdentifierRow | undefined> {
  const [row] = await tx.select().from(userIdentifiers).where(eq(userIdentifiers.value, value)).limit(1);
  return row;
}

export async function insertIdentifier(tx: Executor, row: typeof userIdentifiers.$inferInsert): Promise<IdentifierRow> {
  return must((await tx.insert(userIdentifiers).values(row).returning())[0], 'an insert returns the row it wrote');
}

export async function markVerified(tx: Executor, identifierId: string, now: Date): Promise<void> {
  await tx
    .update(userIdentifiers)
    .set({ verifiedAt: now })
    .where(and(eq(userIdentifiers.id, identifierId), isNull(userIdentifiers.verifiedAt)));
}

export async function identifiersOf(tx: Executor, userIds: string[]): Promise<IdentifierRow[]> {
  if (userIds.length === 0) return [];
  return tx
    .select()
    .from(userIdentifiers)
    .where(inArray(userIdentifiers.userId, userIds))
    .orderBy(asc(userIdentifiers.createdAt), asc(userIdentifiers.id));
}

export async function findMembership(
  tx: Executor,
  userId: string,
  companyId: string,
  lock = false,
): Promise<MembershipRow | undefined> {
  const q = tx
    .select()
    .from(companyUsers)
    .where(and(eq(companyUsers.userId, userId), eq(companyUsers.companyId, companyId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertMembership(tx: Executor, row: typeof companyUsers.$inferInsert): Promise<void> {
  await tx.insert(companyUsers).values(row);
}

export async function setSuspended(
  tx: Executor,
  userId: string,
  companyId: string,
  suspendedAt: Date | null,
  now: Date,
): Promise<MembershipRow> {
  return must(
    (
      await tx
        .update(companyUsers)
        // A suspension moves the membership's token version: its tokens never work again, even after activation.
        .set({
          suspendedAt,
          updatedAt: now,
          ...(suspendedAt ? { tokenVersion: sql`${companyUsers.tokenVersion} + 1` } : {}),
        })
        .where(and(eq(companyUsers.userId, userId), eq(companyUsers.companyId, companyId)))
        .returning()
    )[0],
    'an update by id finds the row its caller read',
  );
}

export interface MembershipCompany {
  companyId: string;
  name: string;
  kind: 'ORGANIZATION' | 'MERCHANT';
  organizationId: string;
  suspendedAt: Date | null;
  tokenVersion: number;
  /** The company, or its organization, is BLOCKED. */
  blocked: boolean;
}

/** The companies a user belongs to, oldest membership first. */
export async function membershipsOf(tx: Executor, userId: string): Promise<MembershipCompany[]> {
  const parent = alias(companies, 'parent_company');
  const rows = await tx
    .select({
      companyId: companies.id,
      name: companies.name,
      kind: companies.kind,
      organizationId: companyUsers.organizationId,
      suspendedAt: companyUsers.suspendedAt,
      tokenVersion: companyUsers.tokenVersion,
      status: companies.status,
      organizationStatus: parent.status,
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .leftJoin(parent, eq(parent.id, companyUsers.organizationId))
    .where(eq(companyUsers.userId, userId))
    .orderBy(asc(companyUsers.createdAt), asc(companies.id));
  return rows.map(({ status, organizationStatus, ...m }) => ({
    ...m,
    blocked: status === 'BLOCKED' || organizationStatus === 'BLOCKED',
  }));
}

/** Roles users hold, limited to the given companies. */
export async function rolesOf(
  tx: Executor,
  userIds: string[],
  companyIds: string[],
): Promise<{ userId: string; role: RoleRow }[]> {
  if (userIds.length === 0 || companyIds.length === 0) return [];
  return tx
    .select({ userId: userRoles.userId, role: roles })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, userIds), inArray(userRoles.companyId, companyIds)))
    .orderBy(asc(roles.createdAt), asc(roles.id));
}

export async function setUserRoles(
  tx: Executor,
  m: { userId: string; companyId: string; organizationId: string },
  roleIds: string[],
): Promise<void> {
  await tx.delete(userRoles).where(and(eq(userRoles.userId, m.userId), eq(userRoles.companyId, m.companyId)));
  if (roleIds.length === 0) return;
  await tx.insert(userRoles).values(roleIds.map((roleId) => ({ ...m, roleId })));
}

const userListColumns = {
  id: users.id,
  createdAt: companyUsers.createdAt,
  sortable: { first_name: users.firstName, last_name: users.lastName },
};

/** One page of the members of a company (newest membership first by default). */
export async function listMembers(
  tx: Executor,
  companyId: string,
  q: CommonListFilters,
): Promise<{ rows: { user: UserRow; membership: MembershipRow }[]; total: number }> {
  const where = and(eq(companyUsers.companyId, companyId), ...commonFilters(q, userListColumns));
  const [rows, [counted]] = await Promise.all([
    tx
      .select({ user: users, membership: companyUsers })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(where)
      .orderBy(...orderBy(q, userListColumns))
      .limit(q.limit)
      .offset(offsetOf(q)),
    tx.select({ total: count() }).from(companyUsers).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

// Roles.

export async function insertRole(tx: Executor, row: typeof roles.$inferInsert): Promise<RoleRow> {
  return must((await tx.insert(roles).values(row).returning())[0], 'an insert returns the row it wrote');
}

export async function updateRole(
  tx: Executor,
  id: string,
  changes: Partial<typeof roles.$inferInsert>,
  now: Date,
): Promise<RoleRow> {
  return must(
    (
      await tx
        .update(roles)
        .set({ ...changes, updatedAt: now })
        .where(eq(roles.id, id))
        .returning()
    )[0],
    'an update by id finds the row its caller read',
  );
}

export async function findRoles(tx: Executor, companyId: string, ids: string[], lock = false): Promise<RoleRow[]> {
  if (ids.length === 0) return [];
  const q = tx
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, companyId), inArray(roles.id, ids)));
  return lock ? q.for('update') : q;
}

const roleListColumns = { id: roles.id, createdAt: roles.createdAt, sortable: { name: roles.name } };

export async function listRoles(
  tx: Executor,
  companyId: string,
  q: CommonListFilters,
): Promise<{ rows: RoleRow[]; total: number }> {
  return selectPage(tx, roles, eq(roles.companyId, companyId), q, roleListColumns);
}

// One-time codes.

export async function insertCode(tx: Executor, row: typeof authCodes.$inferInsert): Promise<void> {
  await tx.insert(authCodes).values(row);
}

/** A new code replaces the open ones of the same purpose: only the latest can be used. */
export async function retireOpenCodes(
  tx: Executor,
  identifierId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<void> {
  await tx
    .update(authCodes)
    .set({ consumedAt: now })
    .where(and(eq(authCodes.identifierId, identifierId), eq(authCodes.purpose, purpose), isNull(authCodes.consumedAt)));
}

export async function latestCode(
  tx: Executor,
  identifierId: string,
  purpose: CodePurpose,
): Promise<AuthCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.identifierId, identifierId), eq(authCodes.purpose, purpose)))
    .orderBy(desc(authCodes.createdAt), desc(authCodes.id))
    .limit(1)
    .for('update');
  return row;
}

/** The unconsumed codes of an identifier for a purpose, newest first, locked. */
export async function openCodes(tx: Executor, identifierId: string, purpose: CodePurpose): Promise<AuthCodeRow[]> {
  return tx
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.identifierId, identifierId), eq(authCodes.purpose, purpose), isNull(authCodes.consumedAt)))
    .orderBy(desc(authCodes.createdAt), desc(authCodes.id))
    .for('update');
}

export async function updateCode(
  tx: Executor,
  id: string,
  changes: Partial<typeof authCodes.$inferInsert>,
): Promise<void> {
  await tx.update(authCodes).set(changes).where(eq(authCodes.id, id));
}

// Login failures.

export async function findFailures(tx: Executor, identifier: string, lock = false): Promise<FailureState | undefined> {
  const q = tx.select().from(loginFailures).where(eq(loginFailures.identifier, identifier)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/**
 * One more failure for an identifier, computed by `next` from the locked row; the row is created first so
 * concurrent failures serialize on it instead of overwriting each other.
 */
export async function bumpFailures(
  tx: Executor,
  identifier: string,
  now: Date,
  next: (state: FailureState | undefined) => FailureState,
): Promise<void> {
  await tx
    .insert(loginFailures)
    .values({ identifier, failures: 0, windowStartedAt: now, lockedUntil: null })
    .onConflictDoNothing();
  const state = await findFailures(tx, identifier, true);
  await tx
    .update(loginFailures)
    .set(next(state && state.failures > 0 ? state : undefined))
    .where(eq(loginFailures.identifier, identifier));
}

export async function clearFailures(tx: Executor, identifier: string): Promise<void> {
  await tx.delete(loginFailures).where(eq(loginFailures.identifier, identifier));
}

export type { SQL };
