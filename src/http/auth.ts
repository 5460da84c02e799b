import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { apiKeys, companies } from '../db/schema/index.js';
import { hashApiKey, sameDigest } from './api-keys.js';
import type { Principal } from '../kernel/context.js';
import { forbidden, unauthenticated } from '../kernel/errors.js';
import { hasPermission } from './permissions.js';
import { wallMillis } from '../jobs/clock.js';

/** Verifies a Bearer token; the users area provides the real one. */
export interface BearerAuthenticator {
  authenticate(token: string): Promise<Principal>;
}

export const noBearerSupport: BearerAuthenticator = {
  authenticate: async () => {
    throw unauthenticated('Bearer tokens are not accepted by this deployment');
  },
};

const KEY_CACHE_MS = 10_000;
const parent = alias(companies, 'parent_company');

/** Resolves API keys to principals; a short cache keeps the hot path off the database. */
export class ApiKeyResolver {
  private cache = new Map<string, { principal: Principal | null; expires: number }>();
  private readonly platformKeyHash: string | undefined;
  constructor(
    private readonly db: Database,
    platformKey: string | undefined,
  ) {
    this.platformKeyHash = platformKey === undefined ? undefined : hashApiKey(platformKey);
  }

  /** Whether the key is known from the cache alone (no database work): unknown keys are rate limited first. */
  isKnown(key: string): Principal | undefined {
    const hash = hashApiKey(key);
    if (this.platformKeyHash && sameDigest(hash, this.platformKeyHash)) return { kind: 'platform', credentialId: `staff-${hash.slice(0, 16)}` };
    const hit = this.cache.get(hash);
    return hit && hit.expires > wallMillis() && hit.principal ? hit.principal : undefined;
  }

  async resolve(key: string): Promise<Principal | null> {
    // One hash per request: it is compared with the staff key's and looked up among the stored ones.
    const hash = hashApiKey(key);
    if (this.platformKeyHash && sameDigest(hash, this.platformKeyHash)) return { kind: 'platform', credentialId: `staff-${hash.slice(0, 16)}` };
    const hit = this.cache.get(hash);
    if (hit && hit.expires > wallMillis()) return hit.principal;
    const rows = await this.db
      .select({ id: apiKeys.id, companyId: companies.id, kind: companies.kind, organizationId: companies.organizationId, status: companies.status, organizationStatus: parent.status })
      .from(apiKeys)
      .innerJoin(companies, eq(companies.id, apiKeys.companyId))
      .leftJoin(parent, eq(parent.id, companies.organizationId))
      .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
      .limit(1);
    const row = rows[0];
    const principal: Principal | null = row
      ? {
          kind: row.kind === 'ORGANIZATION' ? 'organization' : 'merchant',
          companyId: row.companyId,
          organizationId: row.organizationId ?? row.companyId,
          via: 'api_key',
          credentialId: row.id,
          blocked: row.status === 'BLOCKED' || row.organizationStatus === 'BLOCKED',
        }
      : null;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hash, { principal, expires: wallMillis() + KEY_CACHE_MS });
    return principal;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthenticated('Authorization header must be "Bearer <token>"');
  return match[1];
}

function apiKeyHeader(request: FastifyRequest): string | undefined {
  const value = request.headers['x-api-key'];
  if (Array.isArray(value)) throw unauthenticated('Send one x-api-key header');
  return value === undefined || value === '' ? undefined : value;
}

/** Authentication per the route's declared mode (product.md §3). Sets request.principal or throws. */
export async function authenticate(
  request: FastifyRequest,
  keys: ApiKeyResolver,
  bearer: BearerAuthenticator,
): Promise<Principal> {
  const mode = request.routeOptions.config.auth ?? 'api';
  if (mode === 'public') return { kind: 'anonymous' };
  const token = bearerToken(request);
  const key = apiKeyHeader(request);

  if (mode === 'jwt') {
    if (!token) throw unauthenticated(key ? 'This endpoint accepts only a Bearer JWT' : 'Missing Bearer token');
    return bearer.authenticate(token);
  }
  if (mode === 'platform') {
    if (!key) throw unauthenticated(token ? 'This endpoint accepts only the platform staff key' : 'Missing x-api-key header');
    const principal = await keys.resolve(key);
    if (!principal) throw unauthenticated('Invalid API key');
    if (principal.kind !== 'platform') throw forbidden('Only the platform staff key reaches /v1/platform');
    return principal;
  }
  // mode 'api': an API key, or a JWT checked against the route's permission.
  if (key) {
    const principal = await keys.resolve(key);
    if (!principal) throw unauthenticated('Invalid API key');
    if (principal.kind === 'platform') throw forbidden('The platform staff key reaches only /v1/platform');
    return principal;
  }
  if (token) return bearer.authenticate(token);
  throw unauthenticated('Missing credentials: send x-api-key or Authorization: Bearer');
}

/** Authorization after rate limiting: company context, organization-only operations, JWT permissions. */
export function authorize(request: FastifyRequest, principal: Principal, reply: FastifyReply): void {
  void reply;
  const config = request.routeOptions.config;
  const mode = config.auth ?? 'api';
  if (mode === 'public' || mode === 'platform') return;
  if (principal.kind === 'user') {
    if (config.allowWithoutCompany) return;
    throw forbidden('Select a company first (POST /v1/auth/select-company)');
  }
  if (principal.kind !== 'organization' && principal.kind !== 'merchant') throw unauthenticated('Missing credentials');
  if (principal.blocked && !(request.method === 'GET' && request.routeOptions.url === '/core/v1/companies/me')) {
    throw forbidden('The company is blocked');
  }
  if (principal.via === 'jwt' && config.permission && !hasPermission(principal.permissions ?? [], config.permission)) {
    throw forbidden(`Missing permission ${config.permission}`);
  }
  if (config.organizationOnly && principal.kind === 'merchant') {
    throw forbidden('This operation is reserved to organizations');
  }
}
