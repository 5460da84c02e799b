import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { must } from '../domain/must.js';

/**
 * Many rows of one table as ONE insert whose values travel as a single JSON parameter
 * (`jsonb_populate_recordset(null::<table>, $1)`, the table's own row type converts each field), instead of a
 * Drizzle multi-row `values` (one bound parameter per cell, the builder's cost growing with rows x columns).
 * Used by the batched create phases, where a batch writes up to 100 rows at once.
 *
 * Columns are the keys given (defined) in the first row; every row must give the same keys (a column left out
 * takes its default, which `null` from the recordset would not). Dates go as ISO strings, JSON columns as
 * nested JSON; no `returning` (the caller built the rows).
 */
export function bulkInsertStatement<T extends PgTable>(table: T, rows: Record<string, unknown>[]): SQL {
  if (rows.length === 0) throw new Error('bulkInsertStatement needs at least one row');
  const columns = getTableColumns(table) as Record<string, { name: string } | undefined>;
  const first = must(rows[0], 'at least one row (checked above)');
  const fields = Object.keys(first).flatMap((key) => {
    const column = columns[key];
    return first[key] !== undefined && column ? [{ key, name: column.name }] : [];
  });
  const names = fields.map((f) => f.name);
  const json = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const { key, name } of fields) {
      const v = row[key];
      if (v === undefined) throw new Error(`bulkInsertStatement: row without ${key}`);
      out[name] = v instanceof Date ? v.toISOString() : v;
    }
    return out;
  });
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const name = sql.raw(`"${getTableName(table)}"`);
  return sql`insert into ${name} (${list}) select ${list} from jsonb_populate_recordset(null::${name}, ${JSON.stringify(json)}::jsonb)`;
}
