/**
 * Permission matching (Authentication 5, product.md §10): an exact grant, a prefix grant `x.*` that covers
 * every permission starting with `x.`, or `*.*` covering everything. Pure, so it is tested by table and property.
 */
export function grantCovers(grant: string, permission: string): boolean {
  if (grant === '*.*' || grant === permission) return true;
  if (grant.endsWith('.*')) return permission.startsWith(grant.slice(0, -1));
  return false;
}

export function hasPermission(grants: readonly string[], permission: string): boolean {
  return grants.some((g) => grantCovers(g, permission));
}

/** A grant is allowed in a role only if the caller holds everything it would cover. */
export function holdsGrant(callerGrants: readonly string[], grant: string, catalogue: readonly string[]): boolean {
  if (hasPermission(callerGrants, grant)) return true;
  if (!grant.endsWith('.*')) return false;
  // A wildcard grant is held when every permission it covers is held (and it covers at least one).
  const covered = catalogue.filter((p) => grantCovers(grant, p));
  return covered.length > 0 && covered.every((p) => hasPermission(callerGrants, p));
}

export const PERMISSION_PATTERN = /^(\*|[a-z_-]+)(\.[a-z_-]+)*\.([a-z_-]+|\*)$/;
