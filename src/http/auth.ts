import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { apiKeys, companies } from '../db/schema/index.js';
import { hashApiKey, sameDigest } from './api-keys.js';
import type { Principal } from '../kernel/context.js';
import { forbidden, unauthenticated } from '../kernel/errors.js';
import { hasPermission } from './permissions.js';
import { systemClock, wallMillis, type Clock } from '../kernel/clock.js';
import type { KeyCacheInvalidation } from './key-revocations.js';

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

type CacheEntry = { principal: Principal | null; expires: number; keyExpiresAt?: number };

/**
 * Resolves API keys to principals; a short cache keeps the hot path off the database. A revoked or rolled
 * key is dropped from every instance's cache by `forget` (src/http/key-revocations.ts); a key's own
 * `expires_at` is checked on every hit, so it answers 401 at that instant whatever the cache holds.
 */
export class ApiKeyResolver {
  private cache = new Map<string, CacheEntry>();
  /** Bumped by every `forget`: a lookup that started before one must not cache what it read. */
  private generation = 0;
  private readonly platformKeyHash: string | undefined;
  constructor(
    private readonly db: Database,
    platformKey: string | undefined,
    private readonly clock: Clock = systemClock,
  ) {
    this.platformKeyHash = platformKey === undefined ? undefined : hashApiKey(platformKey);
  }

  /**
   * The last key's hash: the pipeline asks `isKnown` (before the rate limit) and then `resolve` for the same
   * request's key, one SHA-256 is enough. A string compare, so a different key is never given this hash.
   */
  private last: { key: string; hash: string } | undefined;
  private hashOf(key: string): string {
    if (this.last?.key === key) return this.last.hash;
    const hash = hashApiKey(key);
    this.last = { key, hash };
    return hash;
  }

  /** Whether the key is known from the cache alone (no database work): unknown keys are rate limited first. */
  isKnown(key: string): Principal | undefined {
    const hash = this.hashOf(key);
    if (this.platformKeyHash && sameDigest(hash, this.platformKeyHash))
      return { kind: 'platform', credentialId: `staff-${hash.slice(0, 16)}` };
    const hit = this.fresh(hash);
    return hit?.principal ?? undefined;
  }

  /**
   * Drops the cached keys a message names (or everything): a revoked or rolled key by its id, and every key of a
   * company whose status changed by the company's id (its merchants' keys too, by their organization's id), so a
   * `BLOCKED` company's keys answer 403 from the next request (product.md §14), not after the cache's 10 s.
   */
  forget(message: KeyCacheInvalidation): void {
    this.generation++;
    if (message === 'all') return this.cache.clear();
    const ids = new Set(message.ids);
    for (const [hash, entry] of this.cache) {
      const p = entry.principal;
      if (!p || p.kind === 'anonymous') continue;
      const ofCompany =
        (p.kind === 'organization' || p.kind === 'merchant') && (ids.has(p.companyId) || ids.has(p.organizationId));
      if (ids.has(p.credentialId) || ofCompany) this.cache.delete(hash);
    }
  }

  private fresh(hash: string): CacheEntry | undefined {
    const hit = this.cache.get(hash);
    if (!hit || hit.expires <= wallMillis()) return undefined;
    if (hit.keyExpiresAt !== undefined && hit.keyExpiresAt <= this.clock.now().getTime()) return undefined;
    return hit;
  }

  async resolve(key: string): Promise<Principal | null> {
    // One hash per request: it is compared with the staff key's and looked up among the stored ones.
    const hash = this.hashOf(key);
    if (this.platformKeyHash && sameDigest(hash, this.platformKeyHash))
      return { kind: 'platform', credentialId: `staff-${hash.slice(0, 16)}` };
    const hit = this.fresh(hash);
    if (hit) return hit.principal;
    const generation = this.generation;
    const now = this.clock.now();
    const rows = await this.db
      .select({
        id: apiKeys.id,
        expiresAt: apiKeys.expiresAt,
        companyId: companies.id,
        kind: companies.kind,
        organizationId: companies.organizationId,
        status: companies.status,
        organizationStatus: parent.status,
      })
      .from(apiKeys)
      .innerJoin(companies, eq(companies.id, apiKeys.companyId))
      .leftJoin(parent, eq(parent.id, companies.organizationId))
      .where(
        and(
          eq(apiKeys.keyHash, hash),
          isNull(apiKeys.revokedAt),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
        ),
      )
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
    // A revocation heard while the query ran may concern this key: answer what was read, cache nothing.
    if (generation !== this.generation) return principal;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hash, { principal, expires: wallMillis() + KEY_CACHE_MS, keyExpiresAt: row?.expiresAt?.getTime() });
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
    if (!key)
      throw unauthenticated(token ? 'This endpoint accepts only the platform staff key' : 'Missing x-api-key header');
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
