import type { Principal } from '../kernel/context.js';

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
  /** Count in a bucket per value of this path parameter instead of per client (provider webhooks: per account, R4.1). */
  rateBucket?: 'accountId';
  /** Sandbox controls (/v1/platform/sandbox/…): 404 in production (product.md §1). */
  sandboxOnly?: boolean;
  /** JWT routes usable before a company is selected (`me`, `select-company`, `change-password`). */
  allowWithoutCompany?: boolean;
}

declare module 'fastify' {
  // Module augmentation merges interfaces, so this one stays an interface even with no member of its own.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    principal: Principal;
    /** The error code the answer carried (set with the envelope), for the request log. */
    errorCode?: string;
  }
}
