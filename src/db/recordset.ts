import { sql, type SQL } from 'drizzle-orm';

/**
 * A batch's rows as a relation for a statement's FROM: their JSON as one parameter, read by jsonb_to_recordset,
 * with the row count told to the planner (`limit n`). jsonb_to_recordset alone is estimated at 100 rows whatever
 * it holds, so an update joining a batch of nine to a table of a few thousand rows was planned as a hash join over
 * a sequential scan of the whole table, at every batch, until the table grew past ~15,000 rows (docs/performance.md,
 * 2026-11-28 11:00); told nine, the planner probes the primary key. `columns` is the record's definition
 * (`id uuid, status text`); write `${recordset(rows, '…')} as r`.
 */
export function recordset(rows: readonly unknown[], columns: string): SQL {
  return sql`(select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as input(${sql.raw(columns)}) limit ${sql.raw(String(rows.length))})`;
}
