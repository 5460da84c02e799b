/**
 * Permission matching (Authentication 5, product.md §10): an exact grant, a prefix grant `x.*` that covers
 * every permission starting with `x.`, or `*.*` covering everything. Pure, so it is tested by table and property.
 */

/** Declared by routes any authenticated caller of the right kind may use (contract: "none stated"). */
export const NO_PERMISSION = 'none';

/** `resource[.subresource].action`, lowercase segments; a grant may end in `.*`, and `*.*` is everything. */
export const PERMISSION_PATTERN = /^(\*\.\*|[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)*\.([a-z][a-z0-9_-]*|\*))$/;

export const isWildcard = (grant: string) => grant.endsWith('.*');

export function grantCovers(grant: string, permission: string): boolean {
  if (grant === '*.*' || grant === permission) return true;
  if (isWildcard(grant)) return permission.startsWith(grant.slice(0, -1));
  return false;
}

export function hasPermission(grants: readonly string[], permission: string): boolean {
  if (permission === NO_PERMISSION) return true;
  return grants.some((g) => grantCovers(g, permission));
}

/**
 * A caller may put `grant` in a role only if it already holds it. A wildcard also covers permissions added
 * later, so it is held only through a wildcard at least as wide (holding every current `x.` permission one by
 * one is not enough to hand out `x.*`).
 */
export function holdsGrant(callerGrants: readonly string[], grant: string): boolean {
  return hasPermission(callerGrants, grant);
}

/** A grant names something the API checks: a catalogue permission, or a wildcard covering at least one. */
export function isKnownGrant(grant: string, catalogue: Iterable<string>): boolean {
  if (!PERMISSION_PATTERN.test(grant)) return false;
  if (!isWildcard(grant)) return new Set(catalogue).has(grant);
  for (const p of catalogue) if (grantCovers(grant, p)) return true;
  return false;
}

/** The grants a caller holds that a role body asks for beyond them (empty: no escalation). */
export function escalations(callerGrants: readonly string[], requested: readonly string[]): string[] {
  return requested.filter((g) => !holdsGrant(callerGrants, g));
}
