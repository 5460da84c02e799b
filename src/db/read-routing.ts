import type { Redis } from 'ioredis';
import type { Database, DbHandle } from './client.js';

/**
 * Where a read that may lag a little goes (docs/deployment.md "Read replica"). With DATABASE_READ_URL, list
 * reads, reports and point-in-time balances go to the streaming replica, except a caller's reads within
 * `readYourWritesMs` of that caller's last write, which stay on the primary so a caller always sees its own
 * changes. Every money decision and every read inside a change never asks this: they use the primary handle.
 * Without a replica every answer is the primary (no cost, no bookkeeping).
 */
export interface ReadDatabases {
  /** The replica's handle, when there is one (health, tests, close). */
  readonly replica?: DbHandle;
  /** The database for a lag-tolerant read by this caller (its credential: an API key id, or a user and company). */
  forCaller(credentialId: string): Promise<Database>;
  /** A caller's change is answered: its reads go to the primary for the window. Awaited before the answer leaves. */
  noteWrite(credentialId: string): Promise<void>;
  close(): Promise<void>;
}

/** Who wrote recently: in the process, or in Redis so every instance behind the load balancer agrees. */
export interface RecentWriters {
  note(credentialId: string, untilMillis: number, windowMs: number): Promise<void>;
  wroteRecently(credentialId: string, nowMillis: number): Promise<boolean>;
}

export function localRecentWriters(): RecentWriters {
  const until = new Map<string, number>();
  return {
    async note(credentialId, untilMillis, windowMs) {
      until.set(credentialId, untilMillis);
      // Bounded: callers whose window has passed are dropped when the map grows.
      const now = untilMillis - windowMs;
      if (until.size > 10_000) for (const [id, t] of until) if (t <= now) until.delete(id);
    },
    async wroteRecently(credentialId, nowMillis) {
      const t = until.get(credentialId);
      if (t === undefined) return false;
      if (t > nowMillis) return true;
      until.delete(credentialId);
      return false;
    },
  };
}

export function redisRecentWriters(redis: Redis, prefix = 'ryw:'): RecentWriters {
  return {
    // The window's end is the value (the clock decides, as in the process); the TTL only clears the key later.
    async note(credentialId, untilMillis, windowMs) {
      await redis.set(prefix + credentialId, String(untilMillis), 'PX', Math.max(windowMs, 1) + 60_000);
    },
    async wroteRecently(credentialId, nowMillis) {
      const until = await redis.get(prefix + credentialId);
      return until !== null && Number(until) > nowMillis;
    },
  };
}

export interface ReadRoutingOptions {
  primary: DbHandle;
  replica?: DbHandle;
  /** The clock (src/kernel/clock.ts), read without an organization: real time. */
  clock: { now(): Date };
  /** How long after a caller's write its reads stay on the primary: above the replica's worst replay lag. */
  readYourWritesMs: number;
  writers: RecentWriters;
}

export function readDatabases(options: ReadRoutingOptions): ReadDatabases {
  const { primary, replica, clock, readYourWritesMs, writers } = options;
  if (!replica) {
    return { forCaller: async () => primary.db, noteWrite: async () => {}, close: async () => {} };
  }
  return {
    replica,
    async forCaller(credentialId) {
      try {
        return (await writers.wroteRecently(credentialId, clock.now().getTime())) ? primary.db : replica.db;
      } catch {
        // Not knowing whether the caller wrote (Redis down) must not show it a past it just changed.
        return primary.db;
      }
    },
    async noteWrite(credentialId) {
      const now = clock.now().getTime();
      await writers.note(credentialId, now + readYourWritesMs, readYourWritesMs).catch(() => undefined);
    },
    close: () => replica.close(),
  };
}
