/** Who is calling: the one input every scoped query takes. */
export type Principal =
  | {
      kind: 'organization' | 'merchant';
      /** The authenticated company (the selected company for a JWT). */
      companyId: string;
      /** The organization the company belongs to (itself for an organization). */
      organizationId: string;
      via: 'api_key' | 'jwt';
      /** Rate-limit bucket key: the key id, or user and company for a JWT. */
      credentialId: string;
      userId?: string;
      permissions?: string[];
    }
  /** credentialId names the staff key by its hash prefix, so a rotated key starts a fresh rate bucket. */
  | { kind: 'platform'; credentialId: string }
  /** A JWT user that has not selected a company yet: reaches only /v1/auth. */
  | { kind: 'user'; credentialId: string; userId: string; via: 'jwt'; permissions: string[] }
  | { kind: 'anonymous' };

export type CompanyPrincipal = Extract<Principal, { kind: 'organization' | 'merchant' }>;

/**
 * Route-level declarations read by the request pipeline:
 * - api: an API key (organization or merchant) or a JWT, which then must hold `permission`.
 * - jwt: only a Bearer JWT ("Bearer JWT" in the contract).
 * - platform: only the platform staff key.
 * - public: no credential (health, docs, signed links).
 */
export type AuthMode = 'api' | 'jwt' | 'platform' | 'public';

export interface RouteAccess {
  auth?: AuthMode;
  /** Permission string `resource[.subresource].action`; required for api and jwt routes. */
  permission?: string;
  /** Operations reserved to organizations: a merchant credential answers 403. */
  organizationOnly?: boolean;
  /** `high` for authentication and transaction-creation POSTs; everything else `standard`. */
  ratePool?: 'high' | 'standard';
  /** Sandbox controls (/v1/platform/sandbox/…): 404 in production (product.md §1). */
  sandboxOnly?: boolean;
  /** JWT routes usable before a company is selected (`me`, `select-company`, `change-password`). */
  allowWithoutCompany?: boolean;
}

/** Everything a use case needs to know about the request, without Fastify. */
export interface RequestContext {
  requestId: string;
  principal: Principal;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    principal: Principal;
  }
}

export function requireCompany(principal: Principal): CompanyPrincipal {
  if (principal.kind === 'organization' || principal.kind === 'merchant') return principal;
  throw new Error(`route expected a company principal, got ${principal.kind}`);
}
