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
