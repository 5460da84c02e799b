import { sql } from 'drizzle-orm';
import { recordId, type SandboxRecords, type StoredRecord } from './records.js';
import { TransactionBatcher, type StatementHandler } from '../../db/batcher.js';
import type { Database } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';
import { rowsOf } from '../../db/rows.js';

/** How many times a claim re-reads when a concurrent first writer is not yet visible to it. */
const CLAIM_ATTEMPTS = 5;

/**
 * The sandbox providers' records in the database (migration 0640), so every instance and every job runner on
 * it gets the same answers. Each call is one statement outside any transaction: a provider call never runs
 * inside one, and here it is the provider's own write.
 */
export class DatabaseSandboxRecords implements SandboxRecords {
  /**
   * Claims are on the create path of every transfer, payment and charge: those that arrive together go as one
   * statement (a group commit, as the transfers' batcher does), not one commit each.
   */
  private readonly claims: TransactionBatcher<Claim, StoredRecord<unknown> | undefined>;

  constructor(private readonly db: Database) {
    this.claims = new TransactionBatcher(db, claimMany, { mode: 'statement', gather: true });
  }

  async read<T>(provider: string, kind: string, key: string): Promise<StoredRecord<T> | undefined> {
    const rows = rowsOf(
      await executeNamed(
        this.db,
        'sandbox_records_read',
        sql`select value, version from sandbox_provider_records where provider = ${provider} and kind = ${kind} and key = ${key}`,
      ),
    );
    return rows[0] ? recordOf<T>(rows[0]) : undefined;
  }

  async claim<T>(provider: string, kind: string, key: string, value: T): Promise<StoredRecord<T>> {
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const stands = await this.claims.run('claim', { provider, kind, key, value });
      if (stands) return stands as StoredRecord<T>;
    }
    throw new Error(`sandbox record ${kind} could not be claimed or read`);
  }

  async replace<T>(provider: string, kind: string, key: string, version: number, value: T): Promise<boolean> {
    const rows = rowsOf(
      await this.db.execute(sql`
      update sandbox_provider_records set value = ${JSON.stringify(value)}::jsonb, version = version + 1
      where provider = ${provider} and kind = ${kind} and key = ${key} and version = ${version}
      returning version`),
    );
    return rows.length === 1;
  }

  async remove(provider: string, kind: string, key: string, version: number): Promise<boolean> {
    const rows = rowsOf(
      await this.db.execute(sql`
      delete from sandbox_provider_records where provider = ${provider} and kind = ${kind} and key = ${key} and version = ${version}
      returning version`),
    );
    return rows.length === 1;
  }
}

export interface Claim {
  provider: string;
  kind: string;
  key: string;
  value: unknown;
}

/**
 * Inserts every claim that has no record yet and reads back the record that stands for each: the inserted
 * row (its value is the claim's own, so it does not travel back), or the one there before. A first writer that
 * commits while this statement runs is in neither (its row is not in the statement's snapshot): that claim
 * answers undefined and is made again. Of two claims of one key in a batch, the first is inserted.
 */
const claimMany: StatementHandler<Claim, StoredRecord<unknown> | undefined> = async (db, items) => {
  // Unnamed, so planned at each run: a named statement's generic plan, made while the table was small (a new
  // database's first claims), joins the records back by a sequential scan, and keeps doing so on that connection as
  // the table grows by a row per payment (measured: 0.7-0.9 ms a claim at 22,000 rows against 0.12; docs/performance.md).
  const rows = rowsOf(await db.execute(claimStatement(items)));
  const first = new Map<string, Claim>();
  for (const item of items) if (!first.has(recordId(item))) first.set(recordId(item), item);
  const standing = new Map(
    rows.map((r) => [
      recordId(r),
      r.fresh === true ? { value: first.get(recordId(r))!.value, version: 1 } : recordOf<unknown>(r),
    ]),
  );
  return items.map((item) => ({ ok: true, value: standing.get(recordId(item)) }));
};

/**
 * The claim statement of claimMany (exported so the bench's same-SQL baselines run it too). The records standing
 * before are read back by one primary-key probe per claim: the LIMIT keeps the planner from turning the lateral
 * read into a join that scans the table (it grows by a row per payment).
 */
export function claimStatement(items: Claim[]) {
  const input = JSON.stringify(items.map(({ provider, kind, key, value }) => ({ provider, kind, key, value })));
  return sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as t(provider text, kind text, key text, value jsonb)
    ), inserted as (
      insert into sandbox_provider_records (provider, kind, key, value, version)
      select provider, kind, key, value, 1 from input
      on conflict do nothing
      returning provider, kind, key
    )
    select provider, kind, key, null::jsonb as value, 1 as version, true as fresh from inserted
    union all
    select r.provider, r.kind, r.key, r.value, r.version, false
    from input i cross join lateral (
      select * from sandbox_provider_records r
      where r.provider = i.provider and r.kind = i.kind and r.key = i.key
      limit 1
    ) r`;
}

function recordOf<T>(row: Record<string, unknown>): StoredRecord<T> {
  // jsonb arrives parsed from node-postgres and PGlite alike (a JSON string value is a string).
  return { value: row.value as T, version: Number(row.version) };
}
