import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.js';

interface PreparingSession {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    arrayMode: boolean,
  ): { execute(placeholders?: Record<string, unknown>): Promise<unknown> };
}

/**
 * Runs a raw statement as a named prepared statement, in a transaction or not: PostgreSQL parses and plans it once
 * per connection (a generic plan after five runs) instead of at every call, which for a statement of several
 * CTEs is most of its server time when it writes little. Only for statements whose text never changes (the
 * parameters carry everything: with node-postgres, one name must always mean one text). This is what Drizzle's
 * `db.execute` does with no name (PgSession.execute); the embedded PGlite driver runs it as an ordinary query.
 */
export function executeNamed(executor: Executor, name: string, statement: SQL): Promise<unknown> {
  const session = (executor as unknown as { session: PreparingSession }).session;
  return session.prepareQuery(session.dialect.sqlToQuery(statement), undefined, name, false).execute();
}

/** A statement's text and its parameters (values, or Drizzle placeholders filled at each run). */
export interface PreparedText {
  sql: string;
  params: unknown[];
}

/** Builds a statement's text once (Drizzle's SQL builder), for `executeNamedQuery` to run again and again. */
export function buildText(executor: Executor, statement: SQL): PreparedText {
  return (executor as unknown as { session: PreparingSession }).session.dialect.sqlToQuery(statement);
}

/**
 * `executeNamed` of a text built once (`buildText`) with `sql.placeholder`s filled from `values` at each run: no
 * SQL building per call. One name must always mean this one text (as for `executeNamed`).
 */
export function executeNamedQuery(
  executor: Executor,
  name: string,
  query: PreparedText,
  values: Record<string, unknown>,
): Promise<unknown> {
  const session = (executor as unknown as { session: PreparingSession }).session;
  return session.prepareQuery(query, undefined, name, false).execute(values);
}
