import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client.js';
import type { BearerAuthenticator } from '../../http/auth.js';
import type { Principal } from '../../kernel/context.js';
import { unauthenticated } from '../../kernel/errors.js';
import { findUser, membershipsOf, rolesOf } from '../users/users.repo.js';

export const TOKEN_TTL_SECONDS = 3600;
const ALGORITHM = 'HS256';
const ISSUER = 'payment-platform';
const AUDIENCE = 'payment-platform:core';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The claims of Authentication 3: user and identifiers, selected company, permissions and roles, expiry. */
export interface TokenClaims {
  sub: string;
  /** The user's token version when issued; a password change or reset moves it and revokes the token. */
  ver: number;
  /** The membership's token version for `company_id` (absent: 0); a suspension moves it. */
  mver?: number;
  identifiers: { type: string; value: string }[];
  company_id: string | null;
  organization_id: string | null;
  permissions: string[];
  roles: { id: string; name: string }[];
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    if (secret.length < 32) throw new Error('the JWT secret must have at least 32 characters');
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: TokenClaims): Promise<{ token: string; expiresIn: number }> {
    const { sub, ...rest } = claims;
    const token = await new SignJWT({ ...rest })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
    return { token, expiresIn: TOKEN_TTL_SECONDS };
  }

  /** Only HS256 with our key, our issuer and audience, and an unexpired `exp`; anything else is a 401. */
  async verify(token: string): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'sub', 'ver'],
      });
      // A subject that is not a UUID would reach the users query as a cast error (a 500), not a 401.
      if (typeof payload.ver !== 'number' || !UUID.test(payload.sub ?? '')) throw unauthenticated('Invalid token');
      return payload as unknown as TokenClaims;
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw unauthenticated('Token expired');
      throw unauthenticated('Invalid token');
    }
  }
}

/**
 * The Bearer half of the pipeline. Beyond the signature, every request checks the user's token version and
 * membership, so suspension, password reset and change revoke tokens at once; permissions are read live from
 * the user's roles, so a role change applies to the next request (the token's list is a snapshot for clients).
 */
export class JwtBearerAuthenticator implements BearerAuthenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly db: Database,
  ) {}

  async authenticate(token: string): Promise<Principal> {
    const claims = await this.tokens.verify(token);
    const user = await findUser(this.db, claims.sub);
    if (!user || user.tokenVersion !== claims.ver) throw unauthenticated('Token revoked; log in again');
    const memberships = await membershipsOf(this.db, user.id);
    if (!claims.company_id) {
      if (!memberships.some((m) => !m.suspendedAt)) throw unauthenticated('User is suspended');
      return { kind: 'user', credentialId: user.id, userId: user.id, via: 'jwt', permissions: [] };
    }
    const m = memberships.find((x) => x.companyId === claims.company_id);
    if (!m) throw unauthenticated('Token revoked; log in again');
    if (m.suspendedAt) throw unauthenticated('User is suspended');
    if ((claims.mver ?? 0) !== m.tokenVersion) throw unauthenticated('Token revoked; log in again');
    const held = await rolesOf(this.db, [user.id], [m.companyId]);
    return {
      kind: m.kind === 'ORGANIZATION' ? 'organization' : 'merchant',
      companyId: m.companyId,
      organizationId: m.organizationId,
      via: 'jwt',
      credentialId: `${user.id}:${m.companyId}`,
      userId: user.id,
      permissions: [...new Set(held.flatMap((h) => h.role.permissions))],
      blocked: m.blocked,
    };
  }
}
