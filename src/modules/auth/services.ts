import { createHash } from 'node:crypto';
import type { Clock } from '../../kernel/clock.js';
import type { Config } from '../../runtime/config.js';
import type { DbHandle } from '../../db/client.js';
import type { BearerAuthenticator } from '../../http/auth.js';
import { createZipcodeLookup, type ZipcodeLookup } from '../zipcodes/zipcodes.client.js';
import { createMailer, type Mailer } from '../users/mailer.js';
import { PasswordVerifier } from './passwords.js';
import { JwtBearerAuthenticator, TokenService } from './tokens.js';

/** What users, auth and zipcode routes need beyond the database. */
export interface AuthServices {
  tokens: TokenService;
  bearer: BearerAuthenticator;
  passwords: PasswordVerifier;
  mailer: Mailer;
  /** Real time: codes, lockouts and tokens are security concerns, never on an organization's test clock. */
  clock: Clock;
  /** Key of the HMAC that one-time codes are stored under (derived from the JWT secret). */
  codeSecret: string;
  zipcodes: ZipcodeLookup;
  /** Work done after the answer (forgot-password's lookup and mail); tests wait for it with idle(). */
  background: BackgroundWork;
}

/** Tasks started after a response: failures are the task's to log; idle() waits for all in flight. */
export class BackgroundWork {
  private readonly running = new Set<Promise<unknown>>();
  run(task: () => Promise<unknown>): void {
    const p = Promise.resolve()
      .then(task)
      .catch(() => undefined)
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

/**
 * The composition root calls this with the JWT secret in force (JWT_SECRET, or the sandbox's generated one)
 * and passes the result as `deps.auth` (its `bearer` is used by the pipeline).
 */
export function createAuthServices(
  config: Config,
  db: DbHandle,
  jwtSecret: string,
  clock: Clock,
  overrides: Partial<Pick<AuthServices, 'mailer' | 'zipcodes'>> = {},
): AuthServices {
  const tokens = new TokenService(jwtSecret);
  return {
    tokens,
    clock,
    bearer: new JwtBearerAuthenticator(tokens, db.db),
    passwords: new PasswordVerifier(),
    mailer: overrides.mailer ?? createMailer(config, clock),
    codeSecret: createHash('sha256').update(`one-time-codes:${jwtSecret}`).digest('hex'),
    zipcodes: overrides.zipcodes ?? createZipcodeLookup(config, clock),
    background: new BackgroundWork(),
  };
}

export { authServices } from '../../http/route-helpers.js';
