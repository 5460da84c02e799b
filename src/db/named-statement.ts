import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.js';

interface PreparingSession {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    arrayMode: boolean,
  ): { execute(): Promise<unknown> };
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

const namesByText = new Map<string, string>();

/**
 * `executeNamed` for a statement whose text takes a few forms (e.g. a tenancy condition that depends on the
 * caller): each distinct text gets its own name (`{prefix}_{n}`, the same in every connection of this process).
 */
export function executeNamedByText(executor: Executor, prefix: string, statement: SQL): Promise<unknown> {
  const session = (executor as unknown as { session: PreparingSession }).session;
  const query = session.dialect.sqlToQuery(statement);
  let name = namesByText.get(query.sql);
  if (name === undefined) {
    name = `${prefix}_${namesByText.size}`;
    namesByText.set(query.sql, name);
  }
  return session.prepareQuery(query, undefined, name, false).execute();
}
