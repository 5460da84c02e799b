import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { snapshotStatement } from '../src/modules/onboarding/snapshot-read.js';
import { holdStatement } from '../src/ledger/ledger.js';
import { TRANSACTION_BASELINES } from './transactions-queries.js';

/**
 * The SQL each API scenario runs per request, statement for statement as the platform issues it (captured
 * from the driver; API keys are cached in-process, so authentication costs no statement on the hot path).
 * Shared by the same-SQL node:http baseline and by pgbench.
 */
export const MERCHANT_READ_SQL = 'select * from companies where id = $1 and kind = $2 and (id = $3 or organization_id = $3) limit 1';

type Scenario = (pool: pg.Pool, params: URLSearchParams) => Promise<unknown>;

async function inTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    const out = await fn(c);
    await c.query('commit');
    return out;
  } catch (err) {
    await c.query('rollback');
    throw err;
  } finally {
    c.release();
  }
}

/**
 * (b) create an internal transfer: both accounts (one read, before the transaction), then idempotency claim,
 * transfer, event, outbox row and the hold (one statement: ledger.ts holdStatement); the provider's ids after.
 */
const transferCreate: Scenario = async (pool, p) => {
  const org = p.get('org')!;
  const origin = p.get('origin')!;
  const destination = p.get('destination')!;
  const id = randomUUID();
  const now = new Date();
  await pool.query('select * from bank_accounts where (id in ($1, $2) and organization_id = $3)', [origin, destination, org]);
  const row = await inTransaction(pool, async (c) => {
    await c.query('insert into idempotency_keys (company_id, scope, request_id, fingerprint, resource_id) values ($1, $2, $3, $4, $5) on conflict do nothing returning resource_id', [org, 'internal-transfer', randomUUID(), 'f'.repeat(64), id]);
    const { rows } = await c.query('insert into internal_transfers (id, request_id, company_id, organization_id, destination_company_id, origin_bank_account_id, destination_bank_account_id, provider, amount, status, metadata, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning *', [id, randomUUID(), org, org, org, origin, destination, 'PROVIDER_A', 1, 'PENDING', null, now, now]);
    const eventId = randomUUID();
    await c.query('insert into events (id, type, version, source, company_id, organization_id, correlation_id, payload, occurred_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *', [eventId, 'internal-transfer.created', 1, 'payment-platform', org, org, randomUUID(), JSON.stringify(rows[0]), now]);
    await c.query(`insert into webhook_messages (event_id, organization_id, company_id, type, status, attempt_count, next_attempt_at, created_at)
      select $1, $2, $3, $4, 'PENDING', 0, now(), $5::timestamptz from companies c join webhook_endpoints w on w.organization_id = $6 where c.id = $7 and c.webhook_enabled`, [eventId, org, org, 'internal-transfer.created', now, org, org]);
    const hold = new PgDialect().sqlToQuery(holdStatement(
      { code: 'INTERNAL_TRANSFER_HOLD', source: { type: 'INTERNAL_TRANSFER', id }, account: { id: origin }, amount: 1, now },
      { transactionId: randomUUID(), postingIds: [randomUUID(), randomUUID()] },
    ));
    const held = await c.query(hold.sql, hold.params as unknown[]);
    if (Number(held.rows[0].n) !== 1) throw new Error('hold refused');
    return rows[0];
  });
  await pool.query('update internal_transfers set external_request_id = $1, provider_transfer_id = $2, updated_at = $3 where id = $4 returning *', [randomUUID(), `provider_a_tr_${id.slice(0, 8)}`, new Date(), id]);
  return row;
};

/** (c) the onboarding requirements read of a company whose rows are already reconciled: the one snapshot statement. */
const compiledSnapshots = new Map<string, { sql: string; params: unknown[] }>();
const requirementsRead: Scenario = async (pool, p) => {
  const company = p.get('company')!;
  const org = p.get('org')!;
  const key = `${company}:${org}`;
  let query = compiledSnapshots.get(key);
  if (!query) compiledSnapshots.set(key, (query = new PgDialect().sqlToQuery(snapshotStatement(company, org, 'PROVIDER_A'))));
  const { rows } = await pool.query(query.sql, query.params as unknown[]);
  return { data: rows[0].requirements };
};

export const BASELINE_QUERIES: Record<string, Scenario> = {
  'merchant-read': async (pool, p) => (await pool.query(MERCHANT_READ_SQL, [p.get('id'), 'MERCHANT', p.get('org')])).rows[0],
  'transfer-create': transferCreate,
  'requirements-read': requirementsRead,
  ...TRANSACTION_BASELINES,
};

/** pgbench scripts with the same statements (the database's own ceiling for the scenario). */
export function pgbenchScripts(ids: { merchantId: string; organizationId: string; origin: string; destination: string }): Record<string, string> {
  const { merchantId: m, organizationId: o, origin, destination } = ids;
  return {
    'merchant-read': `select * from companies where id = '${m}' and kind = 'MERCHANT' and (id = '${o}' or organization_id = '${o}') limit 1;\n`,
    'transfer-create': `begin;
insert into idempotency_keys (company_id, scope, request_id, fingerprint, resource_id) values ('${o}', 'internal-transfer', gen_random_uuid()::text, repeat('f', 64), gen_random_uuid()) on conflict do nothing returning resource_id;
select * from bank_accounts where id in ('${origin}', '${destination}') and organization_id = '${o}';
\\set tid random(1, 2000000000)
insert into internal_transfers (id, request_id, company_id, organization_id, destination_company_id, origin_bank_account_id, destination_bank_account_id, provider, amount, status, created_at, updated_at) values (gen_random_uuid(), 'pgb-' || :tid || '-' || gen_random_uuid(), '${o}', '${o}', '${o}', '${origin}', '${destination}', 'PROVIDER_A', 1, 'PENDING', now(), now()) returning *;
insert into events (id, type, version, source, company_id, organization_id, correlation_id, payload, occurred_at) values (gen_random_uuid(), 'internal-transfer.created', 1, 'payment-platform', '${o}', '${o}', 'pgbench', '{}'::jsonb, now()) returning *;
update ledger_accounts set available = available - 1, held = held + 1, last_sequence = last_sequence + 2, updated_at = now() where id = '${origin}' and available >= 1 returning id;
commit;
`,
  };
}
