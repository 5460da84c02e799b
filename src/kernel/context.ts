/** Who is calling: the one input every scoped query takes. Knows no transport (requests, jobs, webhooks). */
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
      /** The company, or its organization, is BLOCKED (product.md §14): only GET /v1/companies/me answers. */
      blocked?: boolean;
    }
  /** credentialId names the staff key by its hash prefix, so a rotated key starts a fresh rate bucket. */
  | { kind: 'platform'; credentialId: string }
  /** A JWT user that has not selected a company yet: reaches only /v1/auth. */
  | { kind: 'user'; credentialId: string; userId: string; via: 'jwt'; permissions: string[] }
  | { kind: 'anonymous' };

export type CompanyPrincipal = Extract<Principal, { kind: 'organization' | 'merchant' }>;

/**
 * Everything a use case needs to know about who asked, without Fastify: a request builds it from its
 * headers, a job or a provider webhook from what it carries (`systemContext`).
 */
export interface RequestContext {
  /** Correlates the events and logs of one change: the request id, or a job's id. */
  requestId: string;
  principal: Principal;
}

/** The context of work no client asked for (jobs, provider webhooks, recovery): correlated by its own id. */
export const systemContext = (correlationId: string): RequestContext => ({
  requestId: correlationId,
  principal: { kind: 'anonymous' },
});

export function requireCompany(principal: Principal): CompanyPrincipal {
  if (principal.kind === 'organization' || principal.kind === 'merchant') return principal;
  throw new Error(`route expected a company principal, got ${principal.kind}`);
}
