import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inTransaction, type Scenario } from './pg-transaction.js';
import { sandboxClaim } from './sandbox-claim.js';
import { transferCreateBatched } from './transfer-batched.js';
import { recordEventsSql } from './same-sql.js';
import { PgDialect } from 'drizzle-orm/pg-core';
import { snapshotStatement } from '../src/modules/onboarding/snapshot-read.js';
import { TRANSACTION_BASELINES } from './transactions-queries.js';
import type { SQL } from 'drizzle-orm';
import { holdManyStatement } from '../src/ledger/hold-many.js';
import { claimRequestIdsStatement, fingerprint } from '../src/kernel/idempotency.js';
import { insertTransfersStatement, transferAccountsStatement } from '../src/modules/banking/transfer-create.js';
import { recordProviderIdsStatement } from '../src/modules/banking/transfer-submission.js';

/**
 * The SQL each API scenario runs per request, statement for statement as the platform issues it (captured
 * from the driver; API keys are cached in-process, so authentication costs no statement on the hot path).
 * Shared by the same-SQL node:http baseline and by pgbench.
 */
export const MERCHANT_READ_SQL = 'select * from companies where id = $1 and kind = $2 and (id = $3 or organization_id = $3) limit 1';


/**
 * (b)/(e) create an internal transfer, statement for statement as the platform runs a create that is alone in
 * its batch (transfer-create.ts; the statements are compiled from the platform's own builders): in one
 * transaction, the accounts with their companies' statuses, claim, holdMany, transfer with its submit job,
 * event, webhook message; the sandbox provider's record of it (bench/sandbox-claim.ts); the provider's ids after
 * the commit (one statement, autocommit).
 */
const dialect = new PgDialect();
const compile = (q: SQL) => dialect.sqlToQuery(q);

const transferCreate: Scenario = async (pool, p) => {
  const org = p.get('org')!;
  const origin = p.get('origin')!;
  const destination = p.get('destination')!;
  const requestId = randomUUID();
  const body = { request_id: requestId, origin_bank_account_id: origin, destination_bank_account_id: destination, amount: 1 };
  const id = randomUUID();
  const now = new Date();
  const row = await inTransaction(pool, async (c) => {
    const read = compile(transferAccountsStatement([{ ord: 0, origin, destination, caller: org, reach_organization: org, reach_company: null }]));
    if ((await c.query(read.sql, read.params as unknown[])).rows.length !== 2) throw new Error('accounts not found');
    const claim = compile(claimRequestIdsStatement([{ company_id: org, scope: 'internal-transfer', request_id: requestId, fingerprint: fingerprint(body), resource_id: id, ord: 0 }]));
    if ((await c.query(claim.sql, claim.params as unknown[])).rows.length !== 1) throw new Error('claim refused');
    const hold = compile(holdManyStatement('INTERNAL_TRANSFER_HOLD', origin, [{ ord: 1, source_type: 'INTERNAL_TRANSFER', source_id: id, amount: 1, tx_id: randomUUID(), debit_id: randomUUID(), credit_id: randomUUID() }], now));
    if (Number((await c.query(hold.sql, hold.params as unknown[])).rows[0].n) !== 1) throw new Error('hold refused');
    const transfer = { id, requestId, externalRequestId: null, companyId: org, organizationId: org, destinationCompanyId: org, originBankAccountId: origin, destinationBankAccountId: destination, provider: 'PROVIDER_A', amount: 1, status: 'PENDING' as const, providerTransferId: null, errorMessage: null, metadata: null, createdAt: now, updatedAt: now };
    const submitJob = { kind: 'internal-transfer.submit', runAt: new Date(now.getTime() + 30_000), payload: { transferId: id }, dedupeKey: `internal-transfer.submit:${id}` };
    const insert = compile(insertTransfersStatement([transfer], [{ job: submitJob, now }]));
    await c.query(insert.sql, insert.params as unknown[]);
    await recordEventsSql(c, 'internal-transfer.created', [{ companyId: org, organizationId: org, payload: transfer }], now);
    return transfer;
  });
  // The provider call: the sandbox's record of the transfer (what SandboxBanking.submitTransfer claims).
  const providerTransferId = `provider_a_tr_${id.replace(/-/g, '').slice(0, 20)}`;
  const externalRequestId = randomUUID();
  await sandboxClaim(pool, { provider: 'PROVIDER_A', kind: 'internal-transfer', key: id, value: { providerTransferId, externalRequestId, status: 'PENDING' } });
  const record = compile(recordProviderIdsStatement([{ id, provider_transfer_id: providerTransferId, external_request_id: externalRequestId, updated_at: new Date().toISOString() }], new Date()));
  await pool.query(record.sql, record.params as unknown[]);
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
  'transfer-create-batched': transferCreateBatched,
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
