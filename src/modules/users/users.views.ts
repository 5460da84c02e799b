import type { Executor } from '../../db/client.js';
import type { IdentifierRow, MembershipRow, RoleRow, UserRow } from '../../db/schema/index.js';
import { identifiersOf, rolesOf } from './users.repo.js';
import type { RoleView, UserView } from './users.schemas.js';

export function toRoleView(row: RoleRow): RoleView {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions,
    description: row.description,
    company_id: row.companyId,
    organization_id: row.organizationId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toIdentifierView(row: IdentifierRow) {
  return {
    id: row.id,
    type: row.type,
    value: row.value,
    verified: row.verifiedAt !== null,
    created_at: row.createdAt.toISOString(),
    verified_at: row.verifiedAt?.toISOString() ?? null,
  };
}

/**
 * A user as one company sees it (product.md §14): names and metadata from that company's membership, and
 * only the identifier it named when it added a person who already existed elsewhere.
 */
export function toUserView(
  user: UserRow,
  identifiers: IdentifierRow[],
  roles: RoleRow[],
  suspendedAt: Date | null,
  membership?: MembershipRow,
): UserView {
  const own = identifiers.filter(
    (i) => i.userId === user.id && (!membership?.identifierId || i.id === membership.identifierId),
  );
  const primary = own.find((i) => i.isPrimary) ?? own[0];
  return {
    id: user.id,
    identifiers: own.map(toIdentifierView),
    primary_identifier: primary ? toIdentifierView(primary) : null,
    auth_methods: user.passwordHash ? ['password'] : [],
    roles: roles.map(toRoleView),
    first_name: membership?.firstName ?? user.firstName,
    last_name: membership?.lastName ?? user.lastName,
    suspended_at: suspendedAt?.toISOString() ?? null,
    metadata: membership ? (membership.metadata ?? null) : (user.metadata ?? null),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/**
 * Users as seen from some companies: their identifiers, and the roles they hold in those companies only
 * (a person's roles elsewhere belong to other tenants). `suspendedAt` per user comes from the caller's membership.
 */
export async function loadUserViews(
  tx: Executor,
  entries: { user: UserRow; suspendedAt: Date | null; membership?: MembershipRow }[],
  companyIds: string[],
): Promise<UserView[]> {
  const ids = entries.map((e) => e.user.id);
  const [identifiers, held] = await Promise.all([identifiersOf(tx, ids), rolesOf(tx, ids, companyIds)]);
  return entries.map((e) =>
    toUserView(
      e.user,
      identifiers,
      held.filter((h) => h.userId === e.user.id).map((h) => h.role),
      e.suspendedAt,
      e.membership,
    ),
  );
}
