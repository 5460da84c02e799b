/** Postgres error fields, whichever wrapper (Drizzle's DrizzleQueryError, pg, PGlite) carries them. */
export interface PgErrorInfo {
  code?: string;
  constraint?: string;
}

export function pgError(err: unknown): PgErrorInfo {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    const e = cur as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    if (typeof e.code === 'string' && e.code.startsWith('E')) return { code: e.code };
    cur = e.cause;
  }
  return {};
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const info = pgError(err);
  return info.code === '23505' && (constraint === undefined || info.constraint === constraint);
}

/** Codes of a database that is down, restarting or unreachable (connection refused/reset, admin shutdown, ...). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);
/** node-postgres reports a lost connection or an exhausted connect timeout without a code. */
const UNAVAILABLE_MESSAGES = [/^Connection terminated/, /not queryable/, /timeout exceeded when trying to connect/];

/** The database is unavailable (a retry later may succeed), as opposed to a query that failed on its own. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgError(err).code;
  if (code) return UNAVAILABLE_CODES.has(code);
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    const message = (cur as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}
