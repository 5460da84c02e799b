import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash'),
  tokenVersion: integer('token_version').notNull().default(0),
  metadata: jsonb('metadata').$type<Record<string, unknown> | null>(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type IdentifierType = 'email' | 'phone';

export const userIdentifiers = pgTable('user_identifiers', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  type: text('type').$type<IdentifierType>().notNull(),
  value: text('value').notNull(),
  isPrimary: boolean('is_primary').notNull().default(false),
  verifiedAt: ts('verified_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const companyUsers = pgTable(
  'company_users',
  {
    userId: uuid('user_id').notNull(),
    companyId: uuid('company_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    suspendedAt: ts('suspended_at'),
    /** Names and metadata as this company knows the person (product.md §14). */
    firstName: text('first_name'),
    lastName: text('last_name'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** The identifier this company named when adding an existing user; null: it sees every identifier. */
    identifierId: uuid('identifier_id'),
    /** Moved on suspension; tokens for this company carry it. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  permissions: jsonb('permissions').$type<string[]>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
    companyId: uuid('company_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export type CodePurpose = 'VERIFY' | 'RESET_PASSWORD';

export const authCodes = pgTable('auth_codes', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  identifierId: uuid('identifier_id').notNull(),
  purpose: text('purpose').$type<CodePurpose>().notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const loginFailures = pgTable('login_failures', {
  identifier: text('identifier').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: ts('window_started_at').notNull(),
  lockedUntil: ts('locked_until'),
});

export type UserRow = typeof users.$inferSelect;
export type IdentifierRow = typeof userIdentifiers.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type MembershipRow = typeof companyUsers.$inferSelect;
export type AuthCodeRow = typeof authCodes.$inferSelect;
