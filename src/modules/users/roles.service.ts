import { randomUUID } from 'node:crypto';
import type { Clock } from '../../kernel/clock.js';
import type { Database } from '../../db/client.js';
import type { RoleRow } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { conflict, forbidden, notFound, validationError } from '../../kernel/errors.js';
import { claimRequestId } from '../../kernel/idempotency.js';
import { escalations, isKnownGrant } from '../../http/permissions.js';
import { findRoles, insertRole, updateRole } from './users.repo.js';
import type { RoleInput } from './users.schemas.js';

const NAME_INDEX = 'roles_company_name_uq';

/** Every grant must name something the API checks (400), and a JWT caller may grant only what it holds (403). */
function checkGrants(principal: CompanyPrincipal, permissions: string[], catalogue: Iterable<string>): string[] {
  const list = [...catalogue];
  const issues = permissions.flatMap((p, i) =>
    isKnownGrant(p, list)
      ? []
      : [
          {
            field: `permissions.${i}`,
            type: 'INVALID_ENUM' as const,
            message: `${p} is not a permission of this API (see GET /v1/permissions)`,
            value: p,
          },
        ],
  );
  if (issues.length > 0) throw validationError(issues);
  if (principal.via === 'jwt') {
    const beyond = escalations(principal.permissions ?? [], permissions);
    if (beyond.length > 0) throw forbidden(`Cannot grant permissions the caller does not hold: ${beyond.join(', ')}`);
  }
  return [...new Set(permissions)];
}

export async function createRole(
  db: Database,
  principal: CompanyPrincipal,
  input: RoleInput & { request_id?: string },
  catalogue: Iterable<string>,
): Promise<{ role: RoleRow; replayed: boolean }> {
  const permissions = checkGrants(principal, input.permissions, catalogue);
  const id = randomUUID();
  try {
    return await db.transaction(async (tx) => {
      if (input.request_id) {
        const existing = await claimRequestId(tx, {
          companyId: principal.companyId,
          scope: 'role',
          requestId: input.request_id,
          body: input,
          resourceId: id,
        });
        if (existing) {
          const [role] = await findRoles(tx, principal.companyId, [existing]);
          if (!role) throw notFound('Role');
          return { role, replayed: true };
        }
      }
      const role = await insertRole(tx, {
        id,
        companyId: principal.companyId,
        organizationId: principal.organizationId,
        name: input.name,
        description: input.description ?? null,
        permissions,
      });
      return { role, replayed: false };
    });
  } catch (err) {
    if (isUniqueViolation(err, NAME_INDEX))
      throw conflict('A role with this name already exists in this company', 'name', input.name);
    throw err;
  }
}

/** PUT replaces name, description and permissions of a role of the caller's company. */
export async function replaceRole(
  db: Database,
  clock: Clock,
  principal: CompanyPrincipal,
  id: string,
  input: RoleInput,
  catalogue: Iterable<string>,
): Promise<RoleRow> {
  const permissions = checkGrants(principal, input.permissions, catalogue);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await findRoles(tx, principal.companyId, [id], true);
      if (!current) throw notFound('Role');
      return updateRole(
        tx,
        id,
        { name: input.name, description: input.description ?? null, permissions },
        clock.now(principal.organizationId),
      );
    });
  } catch (err) {
    if (isUniqueViolation(err, NAME_INDEX))
      throw conflict('A role with this name already exists in this company', 'name', input.name);
    throw err;
  }
}
