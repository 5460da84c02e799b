import { sql } from 'drizzle-orm';
import type { SandboxRecords, StoredRecord } from '../providers/sandbox.js';
import type { Database } from './client.js';
import { rowsOf } from './rows.js';

/** How many times a claim re-reads when a concurrent first writer is not yet visible to it. */
const CLAIM_ATTEMPTS = 5;

/**
 * The sandbox providers' records in the database (migration 0640), so every instance and every job runner on
 * it gets the same answers. Each call is one statement outside any transaction: a provider call never runs
 * inside one, and here it is the provider's own write.
 */
export class DatabaseSandboxRecords implements SandboxRecords {
  constructor(private readonly db: Database) {}

  async read<T>(provider: string, kind: string, key: string): Promise<StoredRecord<T> | undefined> {
    const rows = rowsOf(await this.db.execute(sql`select value, version from sandbox_provider_records where provider = ${provider} and kind = ${kind} and key = ${key}`));
    return rows[0] ? recordOf<T>(rows[0]) : undefined;
  }

  async claim<T>(provider: string, kind: string, key: string, value: T): Promise<StoredRecord<T>> {
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      // The insert's own row, or (on a conflict) the row that stands. A first writer that commits while this
      // statement runs is in neither: read again.
      const rows = rowsOf(await this.db.execute(sql`
        with inserted as (
          insert into sandbox_provider_records (provider, kind, key, value, version)
          values (${provider}, ${kind}, ${key}, ${JSON.stringify(value)}::jsonb, 1)
          on conflict do nothing
          returning value, version
        )
        select value, version from inserted
        union all
        select value, version from sandbox_provider_records where provider = ${provider} and kind = ${kind} and key = ${key}
        limit 1`));
      if (rows[0]) return recordOf<T>(rows[0]);
    }
    throw new Error(`sandbox record ${kind} could not be claimed or read`);
  }

  async replace<T>(provider: string, kind: string, key: string, version: number, value: T): Promise<boolean> {
    const rows = rowsOf(await this.db.execute(sql`
      update sandbox_provider_records set value = ${JSON.stringify(value)}::jsonb, version = version + 1
      where provider = ${provider} and kind = ${kind} and key = ${key} and version = ${version}
      returning version`));
    return rows.length === 1;
  }

  async remove(provider: string, kind: string, key: string, version: number): Promise<boolean> {
    const rows = rowsOf(await this.db.execute(sql`
      delete from sandbox_provider_records where provider = ${provider} and kind = ${kind} and key = ${key} and version = ${version}
      returning version`));
    return rows.length === 1;
  }
}

function recordOf<T>(row: Record<string, unknown>): StoredRecord<T> {
  // jsonb arrives parsed from node-postgres and PGlite alike (a JSON string value is a string).
  return { value: row.value as T, version: Number(row.version) };
}
