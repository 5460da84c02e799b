import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DbHandle } from '../../db/client.js';
import type { BearerAuthenticator } from '../../http/auth.js';
import { serviceUnavailable } from '../../http/errors.js';
import { createZipcodeLookup, type ZipcodeLookup } from '../zipcodes/zipcodes.client.js';
import { createMailer, type Mailer } from './mailer.js';
import { PasswordVerifier } from './passwords.js';
import { JwtBearerAuthenticator, TokenService } from './tokens.js';

/** What users, auth and zipcode routes need beyond the database. */
export interface AuthServices {
  tokens: TokenService;
  bearer: BearerAuthenticator;
  passwords: PasswordVerifier;
  mailer: Mailer;
  /** Key of the HMAC that one-time codes are stored under (derived from the JWT secret). */
  codeSecret: string;
  zipcodes: ZipcodeLookup;
}

/**
 * The composition root calls this with the JWT secret in force (JWT_SECRET, or the sandbox's generated one)
 * and passes the result as `deps.auth` (its `bearer` is used by the pipeline).
 */
export function createAuthServices(
  config: Config,
  db: DbHandle,
  jwtSecret: string,
  overrides: Partial<Pick<AuthServices, 'mailer' | 'zipcodes'>> = {},
): AuthServices {
  const tokens = new TokenService(jwtSecret);
  return {
    tokens,
    bearer: new JwtBearerAuthenticator(tokens, db.db),
    passwords: new PasswordVerifier(),
    mailer: overrides.mailer ?? createMailer(config),
    codeSecret: createHash('sha256').update(`one-time-codes:${jwtSecret}`).digest('hex'),
    zipcodes: overrides.zipcodes ?? createZipcodeLookup(config),
  };
}

export function authServices(app: FastifyInstance): AuthServices {
  const services = app.deps.auth;
  if (!services) throw serviceUnavailable('Authentication is not configured on this deployment');
  return services;
}
