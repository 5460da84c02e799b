import { randomUUID } from 'node:crypto';
import type { Clock } from '../../kernel/clock.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import type { RoleRow } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { CompanyPrincipal, RequestContext } from '../../kernel/context.js';
import { conflict, forbidden, notFound } from '../../kernel/errors.js';
import { claimRequestId } from '../../kernel/idempotency.js';
import { escalations } from '../../http/permissions.js';
import type { CommonListFilters } from '../../http/pagination.js';
import { issueCode, type CodeKeys } from './codes.js';
import type { Mailer } from './mailer.js';

/** What creating a user needs beyond the database: the code keys and the mailer (the auth services carry both). */
export type UserCreationServices = CodeKeys & { mailer: Mailer };
import {
  findIdentifier,
  findMembership,
  findRoles,
  findUser,
  insertIdentifier,
  insertMembership,
  insertUser,
  listMembers,
  setSuspended,
  setUserRoles,
} from './users.repo.js';
import type { CreateUserInput, UserView } from './users.schemas.js';
import { loadUserViews } from './users.views.js';
import { must } from '../../kernel/must.js';

/**
 * Users are managed per company: the caller (an organization or a merchant, by key or JWT) sees and manages the
 * members of its own company, with the roles they hold there. Ids outside it answer 404.
 */

/** Roles of the caller's company named in a body (404 for any other id); a JWT caller may hand out only what it holds. */
async function rolesToAssign(tx: Executor, principal: CompanyPrincipal, roleIds: string[]): Promise<RoleRow[]> {
  const unique = [...new Set(roleIds)];
  const found = await findRoles(tx, principal.companyId, unique);
  if (found.length !== unique.length) throw notFound('Role');
  if (principal.via === 'jwt') {
    const beyond = escalations(
      principal.permissions ?? [],
      found.flatMap((r) => r.permissions),
    );
    if (beyond.length > 0)
      throw forbidden(
        `Cannot assign a role granting permissions the caller does not hold: ${[...new Set(beyond)].join(', ')}`,
      );
  }
  return found;
}

async function viewOf(tx: Executor, principal: CompanyPrincipal, userId: string): Promise<UserView> {
  const membership = await findMembership(tx, userId, principal.companyId);
  const user = membership && (await findUser(tx, userId));
  if (!membership || !user) throw notFound('User');
  const [view] = await loadUserViews(
    tx,
    [{ user, suspendedAt: membership.suspendedAt, membership }],
    [principal.companyId],
  );
  return must(view, 'loadUserViews answers one view per user');
}

/**
 * Adds a person to the caller's company: a new user, or a membership for an existing user of another company
 * (409 when already a member). Unverified identifiers get a verification code, sent after the commit.
 */
export async function createUser(
  db: Database,
  ctx: RequestContext,
  principal: CompanyPrincipal,
  input: CreateUserInput,
  services: UserCreationServices,
  log: FastifyBaseLogger,
): Promise<{ user: UserView; replayed: boolean }> {
  const newId = randomUUID();
  const membership = { companyId: principal.companyId, organizationId: principal.organizationId };
  let outcome: { userId: string; replayed: boolean; code?: string };
  try {
    outcome = await db.transaction(async (tx) => {
      if (input.request_id) {
        const existing = await claimRequestId(tx, {
          companyId: principal.companyId,
          scope: 'user',
          requestId: input.request_id,
          body: input,
          resourceId: newId,
        });
        if (existing) return { userId: existing, replayed: true };
      }
      const roles = await rolesToAssign(tx, principal, input.role_ids);
      let identifier = await findIdentifier(tx, input.identifier.value);
      // §14: a person who already exists elsewhere joins with what this caller supplied; this company sees
      // the identifier it named and its own names and metadata, never another company's.
      const existed = !!identifier;
      if (identifier) {
        if (await findMembership(tx, identifier.userId, principal.companyId)) {
          throw conflict('This person is already a user of this company', 'identifier', input.identifier.value);
        }
      } else {
        await insertUser(tx, {
          id: newId,
          firstName: input.first_name,
          lastName: input.last_name,
          metadata: input.metadata ?? null,
        });
        identifier = await insertIdentifier(tx, {
          id: randomUUID(),
          userId: newId,
          type: input.identifier.type,
          value: input.identifier.value,
          isPrimary: true,
        });
      }
      const userId = identifier.userId;
      await insertMembership(tx, {
        userId,
        ...membership,
        firstName: input.first_name,
        lastName: input.last_name,
        metadata: input.metadata ?? null,
        identifierId: existed ? identifier.id : null,
      });
      await setUserRoles(
        tx,
        { userId, ...membership },
        roles.map((r) => r.id),
      );
      // Another company's pending code stays valid: this invitation adds a code, it retires none.
      const code = identifier.verifiedAt
        ? undefined
        : await issueCode(tx, services, identifier, 'VERIFY', { keepOpen: true });
      return { userId, replayed: false, code };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('This person is already a user of this company', 'identifier', input.identifier.value);
    throw err;
  }
  if (outcome.code) {
    try {
      await services.mailer.send({
        to: input.identifier.value,
        channel: input.identifier.type,
        purpose: 'VERIFY',
        code: outcome.code,
      });
    } catch (err) {
      // The user exists; forgot-password sends a new code. Never log the code itself.
      log.error({ err: (err as Error).message }, 'verification code delivery failed');
    }
  }
  return { user: await viewOf(db, principal, outcome.userId), replayed: outcome.replayed };
}

export async function getUser(db: Database, principal: CompanyPrincipal, userId: string): Promise<UserView> {
  return viewOf(db, principal, userId);
}

export async function listUsers(db: Database, principal: CompanyPrincipal, q: CommonListFilters) {
  const { rows, total } = await listMembers(db, principal.companyId, q);
  const views = await loadUserViews(
    db,
    rows.map((r) => ({ user: r.user, suspendedAt: r.membership.suspendedAt, membership: r.membership })),
    [principal.companyId],
  );
  return { views, total };
}

/** Replaces the roles a member holds in the caller's company. */
export async function putUserRoles(
  db: Database,
  principal: CompanyPrincipal,
  userId: string,
  roleIds: string[],
): Promise<UserView> {
  return db.transaction(async (tx) => {
    const membership = await findMembership(tx, userId, principal.companyId, true);
    if (!membership) throw notFound('User');
    const roles = await rolesToAssign(tx, principal, roleIds);
    await setUserRoles(
      tx,
      { userId, companyId: principal.companyId, organizationId: principal.organizationId },
      roles.map((r) => r.id),
    );
    return viewOf(tx, principal, userId);
  });
}

/** Suspension is per membership: the user's tokens for this company stop at once; other tenants are untouched. */
export async function setUserSuspended(
  db: Database,
  clock: Clock,
  principal: CompanyPrincipal,
  userId: string,
  suspended: boolean,
): Promise<UserView> {
  return db.transaction(async (tx) => {
    const membership = await findMembership(tx, userId, principal.companyId, true);
    if (!membership) throw notFound('User');
    if (suspended && principal.via === 'jwt' && principal.userId === userId)
      throw forbidden('Users cannot suspend themselves');
    // Suspending twice keeps the first suspended_at; activating an active user changes nothing.
    if (suspended !== (membership.suspendedAt !== null)) {
      const now = clock.now(principal.organizationId);
      await setSuspended(tx, userId, principal.companyId, suspended ? now : null, now);
    }
    return viewOf(tx, principal, userId);
  });
}
