import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginAttempts } from '../../db/schema/index.js';
import { DomainError } from '../../kernel/errors.js';
import { must } from '../../kernel/must.js';

/**
 * Login limits (product.md §14): at most 5 failed password checks per identifier and client address in 15
 * minutes, and 50 per identifier from all addresses. An attempt reserves its place with one atomic upsert
 * per pool before the password is checked, so a concurrent burst cannot check more passwords than the limit;
 * a success gives the places back. The per-address pool is what stops a stranger from locking a user out:
 * the stranger exhausts its own address's 5, and needs 50 from many addresses to touch the owner's.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_LIMIT_PER_ADDRESS = 5;
export const LOGIN_LIMIT_PER_IDENTIFIER = 50;
const EVERY_ADDRESS = '';

/**
 * A 429 carrying the headers every other 429 carries (product.md §2: `x-ratelimited: true` and the
 * `x-ratelimit-*` of the pool that refused, here the tightest login pool), which the pipeline sets on the
 * error answer over the request pool's own.
 */
export class LoginLimitedError extends DomainError {
  constructor(readonly headers: Record<string, string>) {
    super('TOO_MANY_REQUESTS', 'Too many failed login attempts; try again later', {
      reason: 'Too many failed login attempts; try again later',
    });
  }
}

export interface Reservation {
  identifier: string;
  addresses: string[];
  /** The tightest pool after this attempt: what the headers report. */
  limit: number;
  remaining: number;
  resetSeconds: number;
}

async function reserveOne(
  tx: Executor,
  identifier: string,
  address: string,
  now: Date,
): Promise<{ attempts: number; windowStartedAt: Date }> {
  const expired = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const row = must(
    (
      await tx
        .insert(loginAttempts)
        .values({ identifier, address, attempts: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: [loginAttempts.identifier, loginAttempts.address],
          set: {
            attempts: sql`case when ${loginAttempts.windowStartedAt} <= ${expired} then 1 else ${loginAttempts.attempts} + 1 end`,
            windowStartedAt: sql`case when ${loginAttempts.windowStartedAt} <= ${expired} then ${now} else ${loginAttempts.windowStartedAt} end`,
          },
        })
        .returning({ attempts: loginAttempts.attempts, windowStartedAt: loginAttempts.windowStartedAt })
    )[0],
    'an upsert returns its row',
  );
  return row;
}

async function giveBack(tx: Executor, identifier: string, addresses: string[]): Promise<void> {
  for (const address of addresses) {
    await tx
      .update(loginAttempts)
      .set({ attempts: sql`greatest(${loginAttempts.attempts} - 1, 0)` })
      .where(and(eq(loginAttempts.identifier, identifier), eq(loginAttempts.address, address)));
  }
}

const secondsLeft = (windowStartedAt: Date, now: Date) =>
  Math.max(1, Math.ceil((windowStartedAt.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000));

/** Reserves a place in both pools or throws LoginLimitedError (nothing stays reserved then). */
export async function reserveLoginAttempt(
  tx: Executor,
  identifier: string,
  address: string,
  now: Date,
): Promise<Reservation> {
  const pools: [string, number][] = [
    [address, LOGIN_LIMIT_PER_ADDRESS],
    [EVERY_ADDRESS, LOGIN_LIMIT_PER_IDENTIFIER],
  ];
  const taken: string[] = [];
  let tightest: { limit: number; remaining: number; resetSeconds: number } | undefined;
  for (const [pool, limit] of pools) {
    const row = await reserveOne(tx, identifier, pool, now);
    taken.push(pool);
    const state = {
      limit,
      remaining: Math.max(0, limit - row.attempts),
      resetSeconds: secondsLeft(row.windowStartedAt, now),
    };
    if (row.attempts > limit) {
      await giveBack(tx, identifier, taken);
      throw new LoginLimitedError({
        'x-ratelimited': 'true',
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(state.resetSeconds),
      });
    }
    if (!tightest || state.remaining < tightest.remaining) tightest = state;
  }
  return { identifier, addresses: taken, ...tightest! };
}

/** A successful check gives its places back. */
export async function releaseLoginAttempt(tx: Executor, reservation: Reservation): Promise<void> {
  await giveBack(tx, reservation.identifier, reservation.addresses);
}

/** A password reset (or first verification) clears every count of the identifier. */
export async function clearLoginAttempts(tx: Executor, identifier: string): Promise<void> {
  await tx.delete(loginAttempts).where(eq(loginAttempts.identifier, identifier));
}
